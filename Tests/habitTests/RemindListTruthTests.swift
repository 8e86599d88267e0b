import Foundation
import Testing

/// `habit remind list` says when an occurrence will not fire because the habit is already done
/// (issue 14): a reminder added after today's log used to show "on" although the fire-time check
/// would suppress it.
@Suite struct RemindListTruthTests {
    static let evening = "2025-10-26T20:00:00+01:00"

    static func reminders(_ habit: HabitProcess, now: String = evening) throws -> [[String: Any]] {
        try habit.json(["remind", "list"], env: ["HABIT_NOW": now])["reminders"] as? [[String: Any]] ?? []
    }

    @Test func aReminderAddedAfterTodaysLogSaysItWillNotFire() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"], env: ["HABIT_NOW": Self.evening]).status == 0)
        let added = try habit.run(["remind", "add", "meditate", "21:00"], env: ["HABIT_NOW": Self.evening])
        #expect(added.status == 0)
        #expect(added.stdout.contains("(done — will not fire)"), "\(added.stdout)")
        let listed = try Self.reminders(habit)
        #expect(listed.first?["willFire"] as? Bool == false)
        #expect(listed.first?["doneAlready"] as? Bool == true)
        #expect(listed.first?["nextState"] == nil)
        // And the fire-time check agrees: suppressed, not delivered.
        let check = try habit.json(["remind", "check"], env: ["HABIT_NOW": "2025-10-26T21:01:00+01:00"])
        #expect((check["suppressed"] as? [Any])?.count == 1)
        #expect((check["delivered"] as? [Any])?.isEmpty == true)
    }

    @Test func aReminderNotYetDoneWillFireAndAnOwnHabitCountsOnlyWhenMet() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": Self.evening]
        #expect(try habit.run(["remind", "add", "workout", "21:00"], env: env).status == 0)
        #expect(try Self.reminders(habit).first?["willFire"] as? Bool == true)
        #expect(try habit.run(["add", "water", "--unit", "glass", "--at-least", "8"], env: env).status == 0)
        #expect(try habit.run(["remind", "add", "water", "22:00"], env: env).status == 0)
        #expect(try habit.run(["log", "water", "3"], env: env).status == 0)
        var water = try Self.reminders(habit).first { $0["activity"] as? String == "water" }
        #expect(water?["willFire"] as? Bool == true, "3 of 8 glasses: not met yet")
        #expect(try habit.run(["log", "water", "5"], env: ["HABIT_NOW": "2025-10-26T20:30:00+01:00"]).status == 0)
        water = try Self.reminders(habit, now: "2025-10-26T20:30:00+01:00").first { $0["activity"] as? String == "water" }
        // The log that made the day met cancelled the occurrence (it was inside the look-back window).
        #expect(water?["willFire"] as? Bool == false)
        #expect(water?["nextState"] as? String == "cancelled")
    }
}
