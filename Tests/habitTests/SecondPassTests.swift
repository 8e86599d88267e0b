import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Issue 22, "Data that is quietly wrong" and the doctor's first answer: each test failed before
/// its fix.
@Suite struct SecondPassTests {
    static let now = ["HABIT_NOW": "2025-10-20T20:00:00+02:00"]

    static func day(_ calendar: [String: Any], _ date: String) -> [String: Any]? {
        (calendar["days"] as? [[String: Any]])?.first { $0["date"] as? String == date }
    }

    // Point 2: an entry that names a day stays on that day when day-start changes later.
    @Test func entriesThatNameADayStayOnItWhenTheDayStartMovesLater() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        for command in [["log", "alcohol", "steady", "--date", "2025-10-01"], ["add", "floss"],
                        ["log", "floss", "--date", "2025-10-01"], ["log", "alcohol", "0"]] {
            let result = try habit.run(command, env: Self.now)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        let before = try habit.json(["calendar", "2025-10"], env: Self.now)
        let streakBefore = try habit.json(["streak"], env: Self.now)
        #expect(try habit.run(["config", "set", "day-start", "04:00"], env: Self.now).status == 0)
        let after = try habit.json(["calendar", "2025-10"], env: Self.now)
        #expect(Self.day(after, "2025-10-01")?["noalc"] as? String == "steady")
        #expect(Self.day(after, "2025-09-30") == nil)
        #expect(((Self.day(after, "2025-10-01")?["habits"] as? [String: Any])?["floss"] as? [String: Any])?["met"] as? Bool == true)
        #expect(Self.day(after, "2025-10-20")?["noalc"] as? String == "steady")  // `alcohol 0` at 20:00 is for that day
        for date in ["2025-10-01", "2025-10-20"] {
            #expect(Self.day(before, date)?["noalc"] as? String == Self.day(after, date)?["noalc"] as? String)
        }
        let streakAfter = try habit.json(["streak"], env: Self.now)
        let noalc = { (s: [String: Any]) in (s["habits"] as? [[String: Any]])?.first { $0["habit"] as? String == "noalc" }?["current"] as? Int }
        #expect(noalc(streakBefore) == 1 && noalc(streakAfter) == 1)
        let listed = try habit.run(["log", "list", "--days", "30"], env: Self.now)
        #expect(listed.stdout.contains("for 2025-10-01") && !listed.stdout.contains("for 2025-09-30"))
        // A CSV export of October still has both October entries.
        let csv = try habit.run(["export", "--format", "csv", "--from", "2025-10-01", "--to", "2025-10-02"], env: Self.now)
        #expect(csv.stdout.split(separator: "\n").count == 3, "\(csv.stdout)")
    }

    // Point 2, as it was found: demo data, a NoAlc entry, then day-start 04:00.
    @Test func theNoAlcStreakOfDemoDataSurvivesADayStart() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["demo", "--days", "60"], env: Self.now).status == 0)
        #expect(try habit.run(["log", "alcohol", "0"], env: Self.now).status == 0)
        let noalc = { (s: [String: Any]) in (s["habits"] as? [[String: Any]])?.first { $0["habit"] as? String == "noalc" } }
        let before = try #require(noalc(try habit.json(["streak"], env: Self.now)))
        #expect(try habit.run(["config", "set", "day-start", "04:00"], env: Self.now).status == 0)
        let after = try #require(noalc(try habit.json(["streak"], env: Self.now)))
        #expect((before["current"] as? Int ?? 0) > 0)
        #expect(before["current"] as? Int == after["current"] as? Int && before["longest"] as? Int == after["longest"] as? Int)
        let calendarBefore = try habit.json(["calendar", "2025-10"], env: Self.now)  // day-start 04:00 now
        #expect(try habit.run(["config", "unset", "day-start"], env: Self.now).status == 0)
        let calendarAfter = try habit.json(["calendar", "2025-10"], env: Self.now)
        let levels = { (c: [String: Any]) in (c["days"] as? [[String: Any]] ?? []).map { $0["noalc"] as? String ?? "-" } }
        #expect(levels(calendarBefore) == levels(calendarAfter))
    }

    // Point 3: a renamed habit's entries show the new name.
    @Test func aRenamedHabitsEntriesShowItsNewName() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        for command in [["add", "water", "--unit", "glass", "--at-least", "8"], ["log", "water", "3"], ["edit", "water", "--name", "drink"]] {
            #expect(try habit.run(command, env: Self.now).status == 0)
        }
        let list = try habit.run(["log", "list"], env: Self.now)
        #expect(list.stdout.contains("drink") && !list.stdout.contains("water"), "\(list.stdout)")
        let timeline = try habit.run(["timeline"], env: Self.now)
        #expect(timeline.stdout.contains("drink") && !timeline.stdout.contains("water"), "\(timeline.stdout)")
        let json = try habit.json(["log", "list"], env: Self.now)
        let sample = (json["entries"] as? [[String: Any]])?.first?["sample"] as? [String: Any]
        #expect((sample?["metadata"] as? [String: String])?["habit"] == "drink")
    }

    // Point 8: a refused `remind pause|resume` creates no store.
    @Test(arguments: ["pause", "resume"])
    func aRefusedPauseOrResumeCreatesNoStore(_ verb: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let refused = try habit.run(["remind", verb], env: ["HABIT_NOW": "1960-01-01T12:00:00+01:00"])
        #expect(refused.status == 64)
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: habit.db))
        let nothing = try habit.run(["remind", verb], env: Self.now)
        #expect(nothing.status == 0)
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }

    // Point 9: demo data starts no earlier than 1970, so the store's own export imports.
    @Test func demoStoresNothingItsOwnExportCannotBringBack() throws {
        let habit = try HabitProcess(), other = try HabitProcess()
        defer { habit.cleanUp(); other.cleanUp() }
        let early = ["HABIT_NOW": "1970-02-15T20:00:00+01:00"]
        #expect(try habit.run(["demo", "--days", "365"], env: early).status == 0)
        let export = try habit.run(["export", "--format", "ndjson", "--all-sources"], env: early)
        #expect(export.status == 0)
        #expect(!export.stdout.contains("\"1969-"), "an instant before 1970")
        let file = other.folder.appendingPathComponent("all.ndjson")
        try export.stdout.write(to: file, atomically: true, encoding: .utf8)
        let imported = try other.run(["import", file.path], env: early)
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    // Point 7: a broken batched import gives its space back and leaves no lock file.
    @Test func aBrokenBatchedImportGivesItsSpaceBackAndLeavesNoLockFile() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let size = { (try FileManager.default.attributesOfItem(atPath: habit.db)[.size] as? Int) ?? 0 }
        let before = try size()
        var xml = "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n"
        for i in 0..<20_000 {
            xml += " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Phone\" unit=\"count\" value=\"\(i + 1)\" startDate=\"2025-10-01 08:00:\(String(format: "%02d", i % 60)) +0200\" endDate=\"2025-10-01 09:\(String(format: "%02d", i % 60)):00 +0200\" creationDate=\"2025-10-01 09:00:00 +0200\"><MetadataEntry key=\"n\" value=\"\(i)\"/></Record>\n"
        }
        xml += " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Phone\" unit=\"count\" value=\"1\" startDate=\"yesterday\" endDate=\"2025-10-01 09:00:00 +0200\"/>\n</HealthData>\n"
        let path = habit.folder.appendingPathComponent("broken.xml").path
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        let store = try HabitStore.open(path: habit.db)
        #expect(throws: ImportError.self) {
            _ = try store.importHealthExport(at: path, dryRun: false, parallelFromBytes: .max, stagedFromBytes: 0, batchObjects: 500,
                                             progress: nil)
        }
        #expect(try size() < before + (1 << 20), "the store kept the broken import's pages")
        #expect(!FileManager.default.fileExists(atPath: habit.db + ".import-lock"))
        #expect(try habit.run(["doctor"]).status == 0)
    }

    // Point 14: a fresh HOME is not a problem; without cron, doctor suggests what works.
    @Test func doctorOnAFreshHomeIsNotAProblem() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let fresh = try habit.run(["doctor"], env: ["HABIT_DB": ""])
        #expect(fresh.status == 0, "\(fresh.stdout)\(fresh.stderr)")
        #expect(fresh.stdout.hasPrefix("ok: store: no store yet"), "\(fresh.stdout)")
        #expect(!fresh.stdout.contains("problem:"))
        let home = habit.folder.appendingPathComponent(".local").path
        #expect(!FileManager.default.fileExists(atPath: home), "doctor created the store's folder")
        // A store named by --db or HABIT_DB that is not there is still a problem.
        #expect(try habit.run(["doctor"]).status == 66)
    }

    @Test func doctorWithoutCronSuggestsWhatWorksHere() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["remind", "add", "meditate", "20:00"], env: Self.now).status == 0)
        let bin = habit.folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let noCron = try habit.run(["doctor"], env: ["PATH": bin.path])
        #expect(noCron.status == 65)
        #expect(noCron.stdout.contains("install cron") && !noCron.stdout.contains("fix: habit remind install"), "\(noCron.stdout)")
        let systemctl = bin.appendingPathComponent("systemctl")
        try "#!/bin/sh\nexit 0\n".write(to: systemctl, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: systemctl.path)
        let withSystemd = try habit.run(["doctor"], env: ["PATH": bin.path])
        #expect(withSystemd.stdout.contains("fix: habit remind systemd --install"), "\(withSystemd.stdout)")
    }

    // Point 13: a second reminder for the same habit, time and a shared day is refused.
    @Test func aReminderThatRepeatsAnotherIsRefused() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["remind", "add", "meditate", "20:00", "--days", "mon-fri"], env: Self.now).status == 0)
        let before = try habit.contents()
        let twin = try habit.run(["remind", "add", "meditate", "20:00", "--days", "fri,sat"], env: Self.now)
        #expect(twin.status == 64, "\(twin.stdout)")
        #expect(twin.stderr.split(separator: "\n").count == 1 && twin.stderr.contains("reminder #1 already nags"), "\(twin.stderr)")
        #expect(try habit.contents() == before)
        // Other days, another time or another habit are reminders of their own.
        for command in [["remind", "add", "meditate", "20:00", "--days", "weekends"], ["remind", "add", "meditate", "20:30"],
                        ["remind", "add", "workout", "20:00"]] {
            #expect(try habit.run(command, env: Self.now).status == 0, "\(command)")
        }
    }

    // Point 13: a habit made today has no weeks of zeros from before it existed.
    @Test func statsOfANewHabitStartWithThePeriodItBeganIn() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "water", "--unit", "glass", "--at-least", "8"], env: Self.now).status == 0)
        #expect(try habit.run(["log", "water", "3"], env: Self.now).status == 0)
        let weeks = try habit.json(["stats", "water", "--per", "week"], env: Self.now)
        let buckets = try #require(weeks["buckets"] as? [[String: Any]])
        #expect(buckets.count == 1, "\(buckets)")
        #expect(buckets.first?["start"] as? String == "2025-10-20" && buckets.first?["count"] as? Int == 1)
        // --from still lists what it asks for; a data type keeps its twelve periods.
        let asked = try habit.json(["stats", "water", "--per", "week", "--from", "2025-09-01"], env: Self.now)
        #expect((asked["buckets"] as? [Any])?.count == 8)
        #expect((try habit.json(["stats", "steps", "--per", "week"], env: Self.now)["buckets"] as? [Any])?.count == 12)
    }

    @Test func emptyBucketsBeforeAHabitBeganAreLeftOut() {
        let day = { (text: String) in LocalDay(text)! }
        let buckets = ["2025-10-06", "2025-10-13", "2025-10-20"].map { StatsBucket(start: day($0), end: day($0).adding(days: 7)) }
        #expect(StatsBuckets.since(day("2025-10-20"), buckets).map(\.start) == [day("2025-10-20")])
        #expect(StatsBuckets.since(day("2025-10-15"), buckets).map(\.start) == [day("2025-10-13"), day("2025-10-20")])
        #expect(StatsBuckets.since(day("2030-01-01"), buckets).count == 1)  // the last one always stays
        var counted = buckets
        counted[0].count = 1
        #expect(StatsBuckets.since(day("2025-10-20"), counted).count == 3)  // data before `since` is shown
    }

    // Issue 23, point 6: a Health export that breaks part-way leaves no store it made behind.
    @Test(arguments: ["<html><body>not an export</body></html>\n",
                      "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"P\" unit=\"count\" value=\"5\" startDate=\"2025-10-01 08:00:00 +0200\" endDate=\"2025-10-01 08:01:00 +0200\"/>\n <Record type="])
    func aBrokenHealthExportCreatesNoStore(_ xml: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let file = habit.folder.appendingPathComponent("export.xml")
        try xml.write(to: file, atomically: true, encoding: .utf8)
        let db = habit.folder.appendingPathComponent("new/h.sqlite").path
        let result = try habit.run(["import", file.path], env: ["HABIT_DB": db])
        #expect(result.status == 65, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: habit.folder.appendingPathComponent("new").path))
        // An existing store stays, as it was.
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let before = try habit.contents()
        #expect(try habit.run(["import", file.path]).status == 65)
        #expect(try habit.contents() == before)
    }
}
