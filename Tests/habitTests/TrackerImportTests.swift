import Foundation
import GRDB
import Testing
import ZIPFoundation
@testable import HabitKit

/// `habit import` of Loop Habit Tracker's CSV export and backup and of harsh's log, with the
/// hand-made files of `Tests/Fixtures/trackers` (see its README): the right habits, the right
/// streaks (the same as the habits logged by hand), and a second import adds nothing.
@Suite struct TrackerImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/trackers")
    /// A Sunday evening: the week of 2026-11-16 is "this week".
    static let now = ["HABIT_NOW": "2026-11-22T20:00:00+01:00"]

    /// The Loop CSV folder zipped as Loop names it.
    static func loopZip(in folder: URL) throws -> String {
        let zip = folder.appendingPathComponent("Loop Habits CSV 2026-11-22.zip")
        try FileManager.default.zipItem(at: fixtures.appendingPathComponent("loop-csv"), to: zip, shouldKeepParent: false)
        return zip.path
    }

    /// Loop's backup made from `loop-backup.sql`.
    static func loopBackup(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("Loop Habits Backup 2026-11-22.db").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: String(contentsOf: fixtures.appendingPathComponent("loop-backup.sql"), encoding: .utf8)) }
        try queue.close()
        return path
    }

    static func streaks(_ habit: HabitProcess) throws -> [String: [String: Any]] {
        let json = try habit.json(["streak"], env: now)
        var out: [String: [String: Any]] = [:]
        for h in HabitsFixture.objects(json["habits"]) { out[h["habit"] as? String ?? "?"] = h }
        return out
    }

    static func streakText(_ habit: HabitProcess) throws -> String {
        let result = try habit.run(["streak", "--json"], env: now)
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// The Loop habits logged by hand, as a person moving in would type them.
    static func loggedByHand(_ habit: HabitProcess) throws {
        let commands: [[String]] = [
            ["add", "floss"],
            ["add", "meditate-habit"], ["add", "gym", "--times", "3", "--per", "week"],
            ["add", "read-pages", "--unit", "pages", "--at-least", "20"], ["add", "coffee", "--unit", "cups", "--at-most", "2"],
            ["add", "floss-2"], ["add", "water-plants", "--times", "1", "--per", "3-days"],
        ] + ["2026-11-13", "2026-11-15", "2026-11-16", "2026-11-17", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]
            .map { ["log", "meditate-habit", "--date", $0] }
            + [["skip", "meditate-habit", "2026-11-18"]]
            + ["2026-11-09", "2026-11-10", "2026-11-16", "2026-11-18", "2026-11-20"].map { ["log", "gym", "--date", $0] }
            + [("2026-11-17", "22.5"), ("2026-11-18", "10"), ("2026-11-19", "20"), ("2026-11-21", "30"), ("2026-11-22", "25")]
            .map { ["log", "read-pages", $0.1, "--date", $0.0] }
            + [["skip", "read-pages", "2026-11-20"]]
            + [("2026-11-20", "3"), ("2026-11-21", "2"), ("2026-11-22", "1")].map { ["log", "coffee", $0.1, "--date", $0.0] }
            + ["2026-11-21", "2026-11-22"].map { ["log", "floss-2", "--date", $0] }
            + ["2026-11-17", "2026-11-20"].map { ["log", "water-plants", "--date", $0] }
            + [["archive", "water-plants"]]
        for command in commands {
            let result = try habit.run(command, env: now)
            try #require(result.status == 0, "\(command): \(result.stderr)")
        }
    }

    @Test func aLoopCSVExportBringsItsHabitsInWithTheStreaksOfTheSameHabitsLoggedByHand() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "floss"], env: Self.now).status == 0)  // the name Loop's "Floss" wants
        let zip = try Self.loopZip(in: habit.folder)
        let json = try habit.json(["import", zip], env: Self.now)
        #expect(json["tracker"] as? String == "Loop Habit Tracker CSV export")
        #expect(json["habitsCreated"] as? Int == 6)
        #expect(json["entriesAdded"] as? Int == 25)  // YES_AUTO, NO, UNKNOWN and a 0 are not entries
        #expect(json["skipsAdded"] as? Int == 2)
        let habits = HabitsFixture.objects(json["habits"])
        let byFrom = Dictionary(uniqueKeysWithValues: habits.map { ($0["from"] as? String ?? "?", $0) })
        func definition(_ from: String) -> [String: Any] { byFrom[from]?["habit"] as? [String: Any] ?? [:] }
        #expect(definition("Meditate")["name"] as? String == "meditate-habit")  // 'meditate' is the built-in's
        #expect(byFrom["Meditate"]?["clash"] as? String == "meditate")
        #expect(definition("Floss")["name"] as? String == "floss-2")  // not merged into the floss already here
        #expect(byFrom["Floss"]?["clash"] as? String == "floss")
        #expect(definition("Gym")["per"] as? String == "week")
        #expect(definition("Gym")["times"] as? Int == 3)
        #expect(definition("Read pages")["unit"] as? String == "pages")
        #expect((definition("Read pages")["target"] as? [String: Any])?["atLeast"] as? Double == 20)
        #expect((definition("Coffee")["target"] as? [String: Any])?["atMost"] as? Double == 2)
        #expect(definition("Water plants")["archived"] as? Bool == true)
        // Loop's "1 in 3 days" is stored as it is: 1 day in any 3.
        #expect(definition("Water plants")["per"] as? String == "days")
        #expect(definition("Water plants")["days"] as? Int == 3)
        #expect(definition("Water plants")["times"] as? Int == 1)
        #expect(byFrom["Water plants"]?["approximation"] == nil)

        let streaks = try Self.streaks(habit)
        #expect(streaks["meditate-habit"]?["current"] as? Int == 7)  // 15–22, the 18th skipped
        #expect(streaks["gym"]?["current"] as? Int == 1)  // this week 3 of 3; the week before 2 of 3
        #expect((streaks["gym"]?["period"] as? [String: Any])?["value"] as? Int == 3)
        #expect(streaks["read-pages"]?["current"] as? Int == 3)  // 25, 30, (skip), 20; the 18th's 10 is short
        #expect(streaks["coffee"]?["current"] as? Int == 2)  // 1, 2; the 20th's 3 cups are over
        #expect(streaks["floss-2"]?["current"] as? Int == 2)

        // The same habits logged by hand give the same streaks, field for field.
        let byHand = try HabitProcess()
        defer { byHand.cleanUp() }
        try Self.loggedByHand(byHand)
        #expect(try Self.streakText(byHand) == Self.streakText(habit))

        // A second import adds nothing: not a row, not an anchor.
        let before = try habit.contents()
        let again = try habit.json(["import", zip], env: Self.now)
        #expect(again["habitsCreated"] as? Int == 0)
        #expect(again["entriesAdded"] as? Int == 0)
        #expect(again["skipsAdded"] as? Int == 0)
        #expect(try habit.contents() == before)
    }

    @Test func loopsBackupIsTheSameDataAsItsCSVAndMeetsTheSameHabits() throws {
        let fromCSV = try HabitProcess(), fromBackup = try HabitProcess()
        defer { fromCSV.cleanUp(); fromBackup.cleanUp() }
        #expect(try fromCSV.run(["import", try Self.loopZip(in: fromCSV.folder)], env: Self.now).status == 0)
        let backup = try Self.loopBackup(in: fromBackup.folder)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: backup))
        let result = try fromBackup.run(["import", backup], env: Self.now)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Loop Habit Tracker backup: 6 habits, 6 new; added 25 entries and 2 skipped days"))
        // Another program's file: read, never written (no -wal, no -shm, the same bytes).
        #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: backup + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: backup + "-shm"))
        // Same habits, same entries, same identities: the export of both stores is the same.
        let a = try fromCSV.run(["export", "--format", "ndjson"], env: Self.now)
        let b = try fromBackup.run(["export", "--format", "ndjson"], env: Self.now)
        #expect(a.status == 0 && b.status == 0)
        #expect(!a.stdout.isEmpty && a.stdout == b.stdout)
        // The backup after the CSV: the habits are found, nothing is added.
        let after = try fromCSV.json(["import", try Self.loopBackup(in: fromCSV.folder)], env: Self.now)
        #expect(after["habitsCreated"] as? Int == 0)
        #expect(after["entriesAdded"] as? Int == 0)
    }

    @Test func aHarshLogBringsItsHabitsWithTheFrequenciesOfTheHabitsFileBesideIt() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let log = Self.fixtures.appendingPathComponent("harsh/log").path
        let result = try habit.run(["import", log], env: Self.now)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("harsh log: 5 habits, 5 new; added 14 entries and 1 skipped day"))
        #expect(result.stdout.contains("2 lines not understood and left out:"))
        #expect(result.stdout.contains("log line 19: 2026-13-01 is not a date from 1970 to 2100"))
        let streaks = try Self.streaks(habit)
        #expect(streaks["meditated"]?["current"] as? Int == 6)  // 16–22, 18 skipped; the 20th's last word is y
        #expect(streaks["meditated"]?["per"] as? String == "day")
        #expect(streaks["gym"]?["per"] as? String == "week")  // 3/7
        #expect(streaks["gym"]?["current"] as? Int == 1)
        #expect(streaks["called-mom"]?["per"] as? String == "week")  // 7: once in seven days
        #expect(streaks["called-mom"]?["current"] as? Int == 1)  // last week's call; this week pending
        #expect(streaks["called-mom"]?["today"] as? String == "pending")
        // harsh's comment and amount stay with the entry.
        let export = try habit.run(["export", "--format", "ndjson"], env: Self.now)
        #expect(export.stdout.contains(#""note":"morning sit""#))
        #expect(export.stdout.contains(#""trackerAmount":"71.4""#))
        #expect(export.stdout.contains(#""source":"dev.habit.import.harsh""#))

        let before = try habit.contents()
        let again = try habit.json(["import", log], env: Self.now)
        #expect(again["habitsCreated"] as? Int == 0)
        #expect(again["entriesAdded"] as? Int == 0)
        #expect(try habit.contents() == before)
    }

    @Test func aDryRunShowsWhatWouldBeCreatedAndChangesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let log = Self.fixtures.appendingPathComponent("harsh/log").path
        // No store yet: none is made.
        let first = try habit.run(["import", log, "--dry-run"], env: Self.now)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("would add 14 entries"))
        #expect(first.stdout.contains("dry run: nothing was changed"))
        #expect(!FileManager.default.fileExists(atPath: habit.db))
        // A store: not a byte of it changes.
        #expect(try habit.run(["add", "gym"], env: Self.now).status == 0)
        let before = try habit.contents()
        let json = try habit.json(["import", log, "--dry-run"], env: Self.now)
        #expect(json["dryRun"] as? Bool == true)
        #expect(json["habitsCreated"] as? Int == 5)
        let gym = HabitsFixture.objects(json["habits"]).first { $0["from"] as? String == "Gym" }
        #expect((gym?["habit"] as? [String: Any])?["name"] as? String == "gym-2")
        #expect(gym?["clash"] as? String == "gym")
        #expect(try habit.contents() == before)
    }

    @Test func anEntryDeletedHereStaysDeletedWhenTheFileIsImportedAgain() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let log = Self.fixtures.appendingPathComponent("harsh/log").path
        #expect(try habit.run(["import", log], env: Self.now).status == 0)
        let store = try HabitStore.open(path: habit.db)
        let env = try HabitsFixture.env()
        let mom = try store.read(.habit(named: "called-mom", env: env))
        let type = try #require(mom.loggedType)
        let uuid = try #require(try store.read { db in try String.fetchOne(db, sql: """
            SELECT s.uuid FROM sample s JOIN sampleType t ON t.id = s.typeId WHERE t.identifier = ?
            """, arguments: [type]) })
        #expect(try habit.run(["delete", uuid], env: Self.now).status == 0)
        let again = try habit.json(["import", log], env: Self.now)
        #expect(again["entriesAdded"] as? Int == 0)
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sample WHERE uuid = ?", arguments: [uuid]) } == 0)
    }

    /// Files that are not what they seem: one line, exit 65, and no store made or changed.
    @Test func brokenTrackerFilesAreRefusedAndChangeNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let folder = habit.folder
        // A Loop CSV export whose Habits.csv opens a quote and never closes it.
        let bad = folder.appendingPathComponent("bad-csv")
        try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
        try Data("Position,Name,Type\n001,\"Meditate,YES_NO\n".utf8).write(to: bad.appendingPathComponent("Habits.csv"))
        let badZip = folder.appendingPathComponent("bad.zip")
        try FileManager.default.zipItem(at: bad, to: badZip, shouldKeepParent: false)
        // An SQLite file without Loop's tables, and a habit store given as a backup.
        let other = folder.appendingPathComponent("other.db").path
        let queue = try DatabaseQueue(path: other)
        try queue.write { db in try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)") }
        try queue.close()
        let store = folder.appendingPathComponent("store.sqlite").path
        _ = try HabitStore.open(path: store)
        // A Habits view that would call a function if the schema were trusted.
        let view = folder.appendingPathComponent("view.db").path
        let viewQueue = try DatabaseQueue(path: view)
        try viewQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE Repetitions (habit INTEGER, timestamp INTEGER, value INTEGER);
                CREATE VIEW Habits AS SELECT 1 AS id, hex(randomblob(8)) AS name;
                """)
        }
        try viewQueue.close()
        let cases: [(String, String)] = [
            (badZip.path, "never closes"),
            (other, "without Loop's Habits and Repetitions tables"),
            (store, "a habit store, not a Loop backup"),
            (view, "without Loop's Habits and Repetitions tables"),
        ]
        for (path, words) in cases {
            let result = try habit.run(["import", path], env: Self.now)
            #expect(result.status == 65, "\(path): \(result.stderr)")
            #expect(result.stderr.contains(words), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: habit.db), "\(path) made a store")
        }
    }
}
