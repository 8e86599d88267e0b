import Foundation
import Testing

/// The one log pipeline from the command line (Standards/date-semantics.md, "One log pipeline"):
/// the same "floss is done today" through every writer that can say it cancels the same reminder
/// occurrence, because one function chooses the completion instant (Standards/reminders.md).
@Suite struct LogPipelineCommandTests {
    static let morning = ["HABIT_NOW": "2026-03-29T08:00:00+02:00"]
    static let evening = ["HABIT_NOW": "2026-03-29T20:00:00+02:00"]

    /// floss with a reminder at 21:00 (12 h look-back), on Berlin's spring-forward day.
    static func flossWithAReminder(_ add: [String] = []) throws -> HabitProcess {
        let habit = try HabitProcess()
        #expect(try habit.run(["add", "floss"] + add, env: morning).status == 0)
        #expect(try habit.run(["remind", "add", "floss", "21:00"], env: morning).status == 0)
        return habit
    }

    static func nextState(_ habit: HabitProcess) throws -> String? {
        let list = try habit.json(["remind", "list"], env: ["HABIT_NOW": "2026-03-29T20:05:00+02:00"])
        return ((list["reminders"] as? [[String: Any]])?.first)?["nextState"] as? String
    }

    /// Before: `log floss --date today` completed at the first instant of the day it names (00:00,
    /// 21 h before the occurrence) and cancelled nothing, while `log floss` and a command habit's
    /// result (done as of when it was found) cancelled 21:00. Now an entry that names a day
    /// completes when it is made.
    @Test func theSameDoneTodayCancelsTheSameOccurrenceThroughEveryWriter() throws {
        for words in [["log", "floss"], ["log", "floss", "--date", "today"], ["log", "floss", "--date", "2026-03-29"]] {
            let habit = try Self.flossWithAReminder()
            defer { habit.cleanUp() }
            let log = try habit.run(words + ["--json"], env: Self.evening)
            #expect(log.status == 0, "\(words): \(log.stderr)")
            #expect(log.stdout.contains(#""cancelledReminders":[{"occurrence":"2026-03-29T21:00:00+02:00""#), "\(words): \(log.stdout)")
            #expect(try Self.nextState(habit) == "cancelled", "\(words)")
        }
        let command = try Self.flossWithAReminder(["--command", "true"])
        defer { command.cleanUp() }
        #expect(try command.run(["refresh", "floss"], env: Self.evening).status == 0)
        #expect(try Self.nextState(command) == "cancelled")
    }
}
