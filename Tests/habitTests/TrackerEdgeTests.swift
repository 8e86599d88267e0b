import Foundation
import GRDB
import Testing
import ZIPFoundation
@testable import HabitKit

/// Issue 23, "Edges that break", for the trackers' files: refused files and dry runs create no
/// store, files of older and newer versions of the trackers are read, names of every script are
/// kept, and habits of the same name stay two habits. Fixtures: `Tests/Fixtures/trackers` (README).
extension TrackerImportTests {
    /// A fixture folder zipped as Loop names its export.
    static func zip(_ fixture: String, in folder: URL) throws -> String {
        let zip = folder.appendingPathComponent("Loop Habits CSV \(fixture).zip")
        try FileManager.default.zipItem(at: fixtures.appendingPathComponent(fixture), to: zip, shouldKeepParent: false)
        return zip.path
    }

    /// A Loop backup made from the SQL fixture `name`.
    static func backup(_ name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("\(name).db").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)) }
        try queue.close()
        return path
    }

    static func byFrom(_ json: [String: Any]) -> [String: [String: Any]] {
        var out: [String: [String: Any]] = [:]
        for h in HabitsFixture.objects(json["habits"]) {
            let from = h["from"] as? String ?? "?"
            out[out[from] == nil ? from : from + " #2"] = h
        }
        return out
    }

    static func name(_ h: [String: Any]?) -> String? { (h?["habit"] as? [String: Any])?["name"] as? String }

    /// Point 6 and 7: files that are none of the kinds, and a Loop backup whose Habits is no real
    /// table, are refused with one line and exit 65; no refused import and no dry run creates the
    /// store or its folder.
    @Test func refusedFilesAndDryRunsCreateNoStoreNorItsFolder() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let folder = habit.folder
        let empty = folder.appendingPathComponent("empty.zip")
        try Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)).write(to: empty)
        let text = folder.appendingPathComponent("notes.txt")
        try Data("groceries: milk, eggs\n".utf8).write(to: text)
        let csv = folder.appendingPathComponent("sleep.csv")
        try Data("date,hours\n2026-11-20,7.5\n2026-11-21,8\n2026-11-22,6\n".utf8).write(to: csv)
        let virtual = folder.appendingPathComponent("virtual.db").path
        let queue = try DatabaseQueue(path: virtual)
        try queue.write { db in
            try db.execute(sql: """
                CREATE VIRTUAL TABLE Habits USING fts4(id, name);
                INSERT INTO Habits (id, name) VALUES (1, 'Floss');
                CREATE TABLE Repetitions (habit INTEGER, timestamp INTEGER, value INTEGER);
                """)
        }
        try queue.close()
        let store = folder.appendingPathComponent("not-yet/h.sqlite").path
        let cases: [(String, String)] = [
            (empty.path, "is an empty zip, not an Apple Health export, a Loop Habit Tracker export or backup"),
            (text.path, "is not an Apple Health export, a Loop Habit Tracker export or backup, a harsh log"),
            (csv.path, "is not an Apple Health export, a Loop Habit Tracker export or backup, a harsh log"),
            (virtual, "without Loop's Habits and Repetitions tables"),
        ]
        for (path, words) in cases {
            for dryRun in [false, true] {
                let result = try habit.run(["import", path] + (dryRun ? ["--dry-run"] : []), env: Self.now.merging(["HABIT_DB": store]) { $1 })
                #expect(result.status == 65, "\(path): \(result.stderr)")
                #expect(result.stderr.contains(words), "\(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            }
        }
        // Dry runs that succeed create nothing either, whatever the file.
        let dryRuns = [Self.fixtures.deletingLastPathComponent().appendingPathComponent("health/zones.xml").path,
                       try Self.backup("loop-backup-2016.sql", in: folder), try Self.zip("loop-csv-2017", in: folder)]
        for path in dryRuns {
            let result = try habit.run(["import", path, "--dry-run"], env: Self.now.merging(["HABIT_DB": store]) { $1 })
            #expect(result.status == 0, "\(path): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("not-yet").path))
    }

    /// Point 7: harsh files with CRLF line ends and a UTF-8 BOM read as the same files with LF.
    @Test func harshFilesWithCRLFAndABOMReadAsWithLF() throws {
        let habit = try HabitProcess(), windows = try HabitProcess()
        defer { habit.cleanUp(); windows.cleanUp() }
        let crlf = windows.folder.appendingPathComponent("harsh")
        try FileManager.default.createDirectory(at: crlf, withIntermediateDirectories: true)
        for file in ["log", "habits"] {
            let text = try String(contentsOf: Self.fixtures.appendingPathComponent("harsh/\(file)"), encoding: .utf8)
            try Data(([0xEF, 0xBB, 0xBF] as [UInt8]) + Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8))
                .write(to: crlf.appendingPathComponent(file))
        }
        let a = try habit.run(["import", Self.fixtures.appendingPathComponent("harsh/log").path], env: Self.now)
        let b = try windows.run(["import", crlf.appendingPathComponent("log").path], env: Self.now)
        #expect(a.status == 0 && b.status == 0, "\(b.stderr)")
        #expect(b.stdout.contains("harsh log: 5 habits, 5 new; added 14 entries and 1 skipped day"), "\(b.stdout)")
        #expect(a.stdout == b.stdout)
        let exportA = try habit.run(["export", "--format", "ndjson"], env: Self.now)
        let exportB = try windows.run(["export", "--format", "ndjson"], env: Self.now)
        #expect(!exportA.stdout.isEmpty && exportA.stdout == exportB.stdout)
    }

    /// Point 19 (and 21): harsh's current syntax — `1w`, `2/1w`, an end date, `0` (never asks) —
    /// and names in other scripts.
    @Test func harshsCurrentSyntaxIsRead() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let json = try habit.json(["import", Self.fixtures.appendingPathComponent("harsh-current/log").path], env: Self.now)
        #expect(json["rejected"] as? Int == 0, "\(json["rejections"] ?? "")")
        #expect(json["habitsCreated"] as? Int == 6)
        #expect(json["entriesAdded"] as? Int == 10)
        let from = Self.byFrom(json)
        func definition(_ name: String) -> [String: Any] { from[name]?["habit"] as? [String: Any] ?? [:] }
        #expect(definition("Called Mom")["per"] as? String == "week")
        #expect(definition("Called Mom")["times"] as? Int == 1)
        #expect(from["Called Mom"]?["approximation"] == nil)
        #expect(definition("Gym")["per"] as? String == "week")
        #expect(definition("Gym")["times"] as? Int == 2)
        #expect(definition("Old course")["archived"] as? Bool == true)  // ended 2026-01-03
        #expect(definition("Meditated")["archived"] as? Bool == false)
        #expect(definition("Красное мясо")["name"] as? String == "красное-мясо")
        // Frequency 0: a habit that records but never asks (NeverAsksTests.aHarshHabitOfFrequencyZeroNeverAsks).
        #expect(from["Coffee cups"]?["approximation"] == nil)
        #expect(definition("Coffee cups")["asks"] as? Bool == false)
        #expect(definition("Meditated")["asks"] as? Bool == true)
        let streaks = try Self.streaks(habit)
        #expect(streaks["gym"]?["current"] as? Int == 1)  // this week 2 of 2
        #expect(streaks["called-mom"]?["current"] as? Int == 1)
        #expect(streaks["красное-мясо"]?["current"] as? Int == 1)
        #expect(streaks["meditated"]?["current"] as? Int == 3)
    }

    /// Points 7, 15 and 16: a backup of an install from before mid-2017 (`Id`, no `value`), with
    /// two habits called `Vegan` and `Floss`/`floss `: every habit comes in, the second of a name
    /// as `-2`, and importing again adds nothing.
    @Test func anOldLoopBackupWithNamesakesBringsEveryHabit() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let backup = try Self.backup("loop-backup-2016.sql", in: habit.folder)
        let result = try habit.run(["import", backup, "--json"], env: Self.now)
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["habitsCreated"] as? Int == 5)
        #expect(json["entriesAdded"] as? Int == 7)  // every row a check
        let names = HabitsFixture.objects(json["habits"]).compactMap { Self.name($0) }
        #expect(names == ["vegan", "sport", "vegan-2", "floss", "floss-2"])
        let from = Self.byFrom(json)
        #expect(from["Vegan #2"]?["clash"] as? String == "vegan")
        #expect((from["Sport"]?["habit"] as? [String: Any])?["times"] as? Int == 3)
        let streaks = try Self.streaks(habit)
        #expect(streaks["vegan"]?["current"] as? Int == 2)
        #expect(streaks["floss-2"]?["current"] as? Int == 2)
        let before = try habit.contents()
        let again = try habit.json(["import", backup], env: Self.now)
        #expect(again["habitsCreated"] as? Int == 0)
        #expect(again["entriesAdded"] as? Int == 0)
        #expect(try habit.contents() == before)
    }

    /// Points 16, 17 and 21: a CSV export from before mid-2025 — `NumRepetitions,Interval`,
    /// Checkmarks.csv without a header, two `Milk` habits, names in Cyrillic and Japanese.
    @Test func anOldLoopCSVExportKeepsItsFrequenciesFirstLinesNamesakesAndNames() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let zip = try Self.zip("loop-csv-2017", in: habit.folder)
        let json = try habit.json(["import", zip], env: Self.now)
        #expect(json["habitsCreated"] as? Int == 5)
        #expect(json["entriesAdded"] as? Int == 8)  // the newest day of each file is kept
        #expect(json["rejected"] as? Int == 0, "\(json["rejections"] ?? "")")
        let names = HabitsFixture.objects(json["habits"]).compactMap { Self.name($0) }
        #expect(names == ["walk", "milk", "milk-2", "красное-мясо", "ロールプレイング"])
        let from = Self.byFrom(json)
        // "2 in 3 days" is stored as it is: 2 days in any 3, without an approximation.
        #expect((from["Walk"]?["habit"] as? [String: Any])?["per"] as? String == "days")
        #expect((from["Walk"]?["habit"] as? [String: Any])?["days"] as? Int == 3)
        #expect((from["Walk"]?["habit"] as? [String: Any])?["times"] as? Int == 2)
        #expect(from["Walk"]?["approximation"] == nil)
        #expect((from["Milk #2"]?["habit"] as? [String: Any])?["per"] as? String == "week")
        #expect(from["Walk"]?["entriesAdded"] as? Int == 3)
        // Names of every script work as names: logged, listed, shown as they are.
        #expect(try habit.run(["log", "ロールプレイング", "--date", "2026-11-21"], env: Self.now).status == 0)
        let streaks = try Self.streaks(habit)
        #expect(streaks["ロールプレイング"]?["current"] as? Int == 2)
        #expect(streaks["красное-мясо"]?["current"] as? Int == 1)  // the 21st; today pending
        // Walk, done on the 18th, 20th and 22nd (today): each day judged on the 3 days ending with
        // it, the 19th (18–19 hold 1 of 2) and the 21st (19–21 hold 1) are not met: every other
        // day is 1.5 in 3. Today's window (20–22) holds 2.
        #expect(streaks["walk"]?["current"] as? Int == 1)
        #expect(streaks["walk"]?["today"] as? String == "done")
        let text = try habit.run(["streak"], env: Self.now)
        #expect(text.stdout.contains("красное-мясо") && text.stdout.contains("ロールプレイング"), "\(text.stdout)")
    }

    /// Point 18: a zip with folders for only some habits: the root Checkmarks.csv gives the days
    /// of the others where it has a column for them. Issue 49, point 2: a habit without data
    /// anywhere is created all the same, without entries (a user moving in wants every habit).
    @Test func aPartialLoopExportCreatesEveryHabitEvenOneWithoutData() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let zip = try Self.zip("loop-csv-partial", in: habit.folder)
        let json = try habit.json(["import", zip], env: Self.now)
        #expect(json["habitsCreated"] as? Int == 3)
        #expect(json["entriesAdded"] as? Int == 4)
        #expect(json["leftOut"] as? [String] == [])
        let from = Self.byFrom(json)
        #expect(from["Gym"]?["entriesAdded"] as? Int == 2)  // from the root file; YES_AUTO is not done
        #expect(from["Floss"]?["entriesAdded"] as? Int == 0)
        #expect(Self.name(from["Floss"]) == "floss")
        #expect(try habit.run(["calendar", "2026-11", "--habit", "floss"], env: Self.now).status == 0)
        let again = try habit.json(["import", zip], env: Self.now)
        #expect(again["habitsCreated"] as? Int == 0)
    }
}
