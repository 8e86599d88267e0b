import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Issue 46, point 4: every writer of a habit's data asks one check of the grants its transaction
/// reads (`AccessGrants.writeDenial(of:)`): the tracker imports leave out and count what a
/// write-denied habit would get, as `import FILE.ndjson` and `sync` do; `remove` refuses as `skip`
/// and `delete` do; `refresh` refuses before the command runs. Each of these wrote before.
@Suite struct AccessWritersTests {
    static func count(_ habit: HabitProcess, _ table: String) throws -> Int {
        try DatabaseQueue(path: habit.db).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0 }
    }

    /// A file of another tracker: its name, its first version (one day of "Run") and a second one
    /// with a day more (and, for harsh, a skipped day).
    static let trackerFiles: [(name: String, first: String, second: String)] = [
        ("runs.csv", "habit,date\nRun,2026-11-20\n", "habit,date\nRun,2026-11-20\nRun,2026-11-21\n"),
        ("habitbull.csv", "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRun,,,2026-11-20T00:00:00,1,\n",
         "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRun,,,2026-11-20T00:00:00,1,\nRun,,,2026-11-21T00:00:00,1,\n"),
        ("harsh/log", "2026-11-20 : Run : y\n", "2026-11-20 : Run : y\n2026-11-21 : Run : y\n2026-11-22 : Run : s\n"),
    ]

    @Test(arguments: 0..<3)
    func aTrackerImportLeavesOutWhatAWriteDeniedHabitWouldGetAndSaysHowMany(file index: Int) throws {
        let (name, first, second) = Self.trackerFiles[index]
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2026-11-23T12:00:00+01:00"]
        let path = habit.folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        if name.hasPrefix("harsh") {
            try "! Daily\nRun: 1\n".write(to: path.deletingLastPathComponent().appendingPathComponent("habits"), atomically: true, encoding: .utf8)
        }
        try first.write(to: path, atomically: true, encoding: .utf8)
        let made = try habit.run(["import", path.path], env: env)
        #expect(made.status == 0, "\(made.stdout)\(made.stderr)")
        #expect(try habit.run(["access", "deny", "run", "--write"]).status == 0)
        let (samples, skips) = (try Self.count(habit, "sample"), try Self.count(habit, "skip"))
        try second.write(to: path, atomically: true, encoding: .utf8)
        let notKept = name.hasPrefix("harsh") ? 2 : 1
        let again = try habit.run(["import", path.path], env: env)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("added 0 entries and 0 skipped days"), "\(again.stdout)")
        #expect(again.stdout.contains("not kept: \(notKept) record\(notKept == 1 ? "" : "s") of types habit may not write — habit access"),
                "\(again.stdout)")
        #expect(try Self.count(habit, "sample") == samples && Self.count(habit, "skip") == skips)
        let json = try habit.json(["import", path.path, "--dry-run"], env: env)
        #expect(json["notKept"] as? Int == notKept && json["entriesAdded"] as? Int == 0, "\(json)")
        // Allowed again, the same file brings what was left out.
        #expect(try habit.run(["access", "allow", "run"]).status == 0)
        #expect(try habit.run(["import", path.path], env: env).status == 0)
        #expect(try Self.count(habit, "sample") + Self.count(habit, "skip") == samples + skips + notKept)
    }

    /// `remove NAME --yes` deletes a habit's entries and skips: refused with 77 as `delete` and
    /// `skip` are, and nothing goes.
    @Test func removingAWriteDeniedHabitIsRefusedWith77AndDeletesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "floss"]).status == 0)
        #expect(try habit.run(["log", "floss"]).status == 0)
        #expect(try habit.run(["access", "deny", "floss", "--write"]).status == 0)
        let refused = try habit.run(["remove", "floss", "--yes"])
        #expect(refused.status == 77 && refused.stdout.isEmpty, "\(refused.stdout)")
        #expect(refused.stderr == "habit: habit may not write floss data: nothing was stored (allow it with 'habit access allow floss --write')\n",
                "\(refused.stderr)")
        #expect(try Self.count(habit, "sample") == 1 && Self.count(habit, "habit WHERE name = 'floss'") == 1)
        #expect(try habit.run(["access", "allow", "floss"]).status == 0)
        #expect(try habit.run(["remove", "floss", "--yes"]).status == 0)
    }

    /// `refresh NAME` of a command habit whose data may not be written refuses before its command
    /// runs; `refresh` and `remind check` leave it out, say so, and run the others.
    @Test func aWriteDeniedCommandHabitsCommandNeverRuns() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let ran = habit.folder.appendingPathComponent("ran")
        let env = ["HABIT_NOW": "2026-11-23T12:00:00+01:00"]
        #expect(try habit.run(["add", "floss", "--command", "echo floss >> '\(ran.path)'"], env: env).status == 0)
        #expect(try habit.run(["add", "water", "--command", "echo water >> '\(ran.path)'"], env: env).status == 0)
        #expect(try habit.run(["access", "deny", "floss", "--write"]).status == 0)
        let named = try habit.run(["refresh", "floss"], env: env)
        #expect(named.status == 77, "\(named.stdout)\(named.stderr)")
        #expect(named.stderr == "habit: habit may not write floss data: nothing was stored (allow it with 'habit access allow floss --write')\n",
                "\(named.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ran.path))
        let all = try habit.run(["refresh"], env: env)
        #expect(all.status == 0 && all.stdout == "water 2026-11-23: done\n", "\(all.stdout)\(all.stderr)")
        #expect(all.stderr.contains("command of floss not run: habit may not write floss data"), "\(all.stderr)")
        let check = try habit.run(["remind", "check"], env: env)
        #expect(check.status == 0 && check.stderr.isEmpty, "cron mails what it prints: \(check.stderr)")
        #expect(try String(contentsOf: ran, encoding: .utf8).split(separator: "\n").allSatisfy { $0 == "water" })
        // Only floss: refresh leaves it out and says so, never "no command habits".
        #expect(try habit.run(["remove", "water", "--yes"]).status == 0)
        let alone = try habit.run(["refresh"], env: env)
        #expect(alone.status == 0 && alone.stdout.isEmpty && alone.stderr.contains("command of floss not run"), "\(alone.stdout)\(alone.stderr)")
    }
}
