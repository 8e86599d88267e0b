import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Issue 23, point 19: a habit that records but never asks (`habit add NAME --never-asks`,
/// harsh's frequency `0`). Standards/habits.md, "Habits that never ask".
@Suite struct NeverAsksTests {
    static let now = ["HABIT_NOW": "2026-11-22T20:00:00+01:00", "TZ": "Europe/Berlin"]

    static func run(_ habit: HabitProcess, _ arguments: [String], env: [String: String] = now) throws -> String {
        let result = try habit.run(arguments, env: env)
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    static func habits(_ habit: HabitProcess) throws -> [String: [String: Any]] {
        let json = try habit.json(["habits", "--archived", "--json"], env: now)
        var out: [String: [String: Any]] = [:]
        for h in HabitsFixture.objects(json["habits"]) { if let name = h["name"] as? String { out[name] = h } }
        return out
    }

    @Test func aHabitAddedWithNeverAsksRecordsAndIsNeverLeftToDo() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try Self.run(habit, ["add", "journal", "--never-asks"]) == "added journal: records only, never asks (log it with 'habit log journal')\n")
        _ = try Self.run(habit, ["add", "floss"])
        var habits = try Self.habits(habit)
        #expect(habits["journal"]?["asks"] as? Bool == false)
        #expect(habits["floss"]?["asks"] as? Bool == true)
        #expect(habits["meditate"]?["asks"] as? Bool == true)
        #expect(try Self.run(habit, ["habits"]).contains("records only, never asks"))

        // Nothing logged today: floss is left, journal is not (today's list and status both).
        let today = try Self.run(habit, ["today"])
        #expect(today.contains("4 left"))  // the three built-ins and floss
        #expect(today.split(separator: "\n").contains { $0.contains("journal") && $0.contains("nothing logged, records only") })
        let status = try Self.run(habit, ["status", "--format", "json"])
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])
        let left = plan["left"] as? [String] ?? []
        #expect(left.contains("floss") && !left.contains("journal") && left.count == 4)
        #expect(try Self.run(habit, ["status"]).contains("–journal"))
        // Logged: done, with its streak; days without an entry never break it.
        _ = try Self.run(habit, ["log", "journal"], env: ["HABIT_NOW": "2026-11-19T21:00:00+01:00", "TZ": "Europe/Berlin"])
        _ = try Self.run(habit, ["log", "journal"])
        let streak = try habit.json(["streak", "--json"], env: Self.now)
        let journal = HabitsFixture.objects(streak["habits"]).first { $0["habit"] as? String == "journal" }
        #expect(journal?["today"] as? String == "done")
        #expect(journal?["current"] as? Int == 2)
        #expect(try Self.run(habit, ["today"]).contains("logged, records only"))

        // A reminder is refused with one line (exit 64), and nothing is stored.
        let remind = try habit.run(["remind", "add", "journal", "21:00"], env: Self.now)
        #expect(remind.status == 64)
        #expect(remind.stderr.split(separator: "\n").count == 1 && remind.stderr.contains("never asks"))
        #expect(!(try Self.run(habit, ["remind", "list"]).contains("journal")))

        // edit: ask again, and back; both at once is refused.
        #expect(try Self.run(habit, ["edit", "journal", "--asks"]).contains("changed journal: every day"))
        habits = try Self.habits(habit)
        #expect(habits["journal"]?["asks"] as? Bool == true)
        #expect(try Self.run(habit, ["remind", "add", "journal", "21:00"]).contains("journal"))
        let both = try habit.run(["edit", "journal", "--asks", "--never-asks"], env: Self.now)
        #expect(both.status == 64 && both.stderr.contains("exclude each other"))
        #expect(try Self.run(habit, ["edit", "journal", "--never-asks", "--json"]).contains("\"asks\":false"))
        // The reminder that was already there never fires for a habit that does not ask.
        let check = try habit.run(["remind", "check"], env: ["HABIT_NOW": "2026-11-23T21:01:00+01:00", "TZ": "Europe/Berlin"])
        #expect(check.status == 0 && check.stdout.isEmpty, "\(check.stdout)")
    }

    @Test func theInterchangeFileKeepsWhetherAHabitAsks() throws {
        let a = try HabitProcess()
        defer { a.cleanUp() }
        _ = try Self.run(a, ["add", "journal", "--never-asks"])
        _ = try Self.run(a, ["add", "floss"])
        _ = try Self.run(a, ["log", "journal"])
        let file = a.folder.appendingPathComponent("all.ndjson").path
        _ = try Self.run(a, ["export", "--format", "ndjson", "--all-sources", "--output", file])
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        // Written only when false: a line without it (every older line) asks.
        #expect(lines.filter { $0.hasPrefix("{\"habit\"") || $0.contains("\"kind\":\"habit\"") }.count == 2)
        #expect(lines.filter { $0.contains("\"asks\":false") }.count == 1)
        #expect(lines.contains { $0.contains("\"journal\"") && $0.contains("\"asks\":false") })
        let b = try HabitProcess()
        defer { b.cleanUp() }
        _ = try Self.run(b, ["import", file])
        let habits = try Self.habits(b)
        #expect(habits["journal"]?["asks"] as? Bool == false)
        #expect(habits["floss"]?["asks"] as? Bool == true)
        // And a line of an older version, without the key, imports as a habit that asks.
        let old = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: ",\"asks\":false", with: "")
            .replacingOccurrences(of: "\"asks\":false,", with: "")
        #expect(!old.contains("asks"))
        let c = try HabitProcess()
        defer { c.cleanUp() }
        let oldFile = c.folder.appendingPathComponent("old.ndjson")
        try old.write(to: oldFile, atomically: true, encoding: .utf8)
        _ = try Self.run(c, ["import", oldFile.path])
        #expect(try Self.habits(c)["journal"]?["asks"] as? Bool == true)
    }

    @Test func aHarshHabitOfFrequencyZeroNeverAsks() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let json = try habit.json(["import", TrackerImportTests.fixtures.appendingPathComponent("harsh-current/log").path], env: Self.now)
        let coffee = TrackerImportTests.byFrom(json)["Coffee cups"]
        #expect(coffee?["approximation"] == nil)
        #expect((coffee?["habit"] as? [String: Any])?["asks"] as? Bool == false)
        let habits = try Self.habits(habit)
        #expect(habits["coffee-cups"]?["asks"] as? Bool == false)
        #expect(habits.values.filter { $0["asks"] as? Bool == false }.count == 1)
        // Logged today: done; not a "not yet" in today's list.
        let streak = try habit.json(["streak", "--json"], env: Self.now)
        #expect(HabitsFixture.objects(streak["habits"]).first { $0["habit"] as? String == "coffee-cups" }?["today"] as? String == "done")
        let tomorrow = ["HABIT_NOW": "2026-11-23T20:00:00+01:00", "TZ": "Europe/Berlin"]
        let today = try Self.run(habit, ["today"], env: tomorrow)
        #expect(today.split(separator: "\n").contains { $0.contains("coffee-cups") && $0.contains("nothing logged, records only") })
    }

    /// Sync carries it both ways: a habit added never asking arrives so, and an edit to ask again
    /// (a newer definition) reaches the other device.
    @Test func syncCarriesWhetherAHabitAsks() throws {
        let devices = try SyncTests.Devices()
        defer { devices.stores.forEach { $0.cleanUp() } }
        #expect(try devices.run(0, ["add", "journal", "--never-asks"]).status == 0)
        try devices.sync(0)
        try devices.sync(1)
        func asks(_ device: Int) throws -> Bool? {
            HabitsFixture.objects(try devices.json(device, ["habits"])["habits"]).first { $0["name"] as? String == "journal" }?["asks"] as? Bool
        }
        #expect(try asks(1) == false)
        #expect(try devices.run(1, ["edit", "journal", "--asks"]).status == 0)
        try devices.sync(1)
        try devices.sync(0)
        #expect(try asks(0) == true)
        #expect(try devices.state(0) == devices.state(1))
    }
}
