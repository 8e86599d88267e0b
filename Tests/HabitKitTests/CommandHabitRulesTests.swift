import Foundation
import Testing
@testable import HabitKit

/// The store-free rules of command habits (Standards/automation.md, "Command habits").
@Suite struct CommandHabitRulesTests {
    static let berlin = HabitCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
    static func day(_ text: String) -> LocalDay { LocalDay(text)! }

    /// Today and every earlier day not settled, at most 30 back, none before the habit's first day.
    @Test func whichDaysARefreshEvaluates() {
        let today = Self.day("2025-10-20")
        #expect(CommandHabit.daysToEvaluate(today: today, since: today, settled: []) == [today])
        #expect(CommandHabit.daysToEvaluate(today: today, since: Self.day("2025-10-18"), settled: [Self.day("2025-10-19")])
                == [Self.day("2025-10-18"), today])
        let long = CommandHabit.daysToEvaluate(today: today, since: Self.day("2024-01-01"), settled: [])
        #expect(long.count == 31 && long.first == Self.day("2025-09-20") && long.last == today)
        #expect(CommandHabit.daysToEvaluate(today: today, since: Self.day("2025-10-21"), settled: []).isEmpty)
        #expect(CommandHabit.daysToEvaluate(today: today, since: today, settled: [today]).isEmpty)
    }

    /// A day is settled by a result found once its end (the next day's start) has passed.
    @Test func aDayIsSettledOnceItHasEnded() {
        let day = Self.day("2025-03-30")
        let end = Self.berlin.instants(of: day).upperBound
        #expect(!CommandHabit.settles(day, ranAt: end.addingTimeInterval(-1), calendar: Self.berlin))
        #expect(CommandHabit.settles(day, ranAt: end, calendar: Self.berlin))
    }

    /// HABIT_DAY_START/END: half-open, with the offset in force at each; 23 hours on the spring DST day.
    @Test func theEnvironmentHoldsTheDaysBounds() {
        let env = CommandHabit.environment(for: Self.day("2025-03-30"), calendar: Self.berlin)
        #expect(env == ["HABIT_DAY": "2025-03-30", "HABIT_DAY_START": "2025-03-30T00:00:00+01:00",
                        "HABIT_DAY_END": "2025-03-31T00:00:00+02:00"])
        let autumn = CommandHabit.environment(for: Self.day("2025-10-26"),
                                              calendar: HabitCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!, dayStart: LocalTime(hour: 4, minute: 0)!))
        #expect(autumn["HABIT_DAY_START"] == "2025-10-26T04:00:00+01:00" && autumn["HABIT_DAY_END"] == "2025-10-27T04:00:00+01:00")
    }

    /// Exit and output to a result: yes/no 0 done, 1 not done; quantity one number; all else fails.
    @Test func whatACommandsExitAndOutputMean() {
        func o(_ quantity: Bool, _ exit: CommandExit, _ out: String = "", truncated: Bool = false) -> CommandHabit.Outcome {
            CommandHabit.outcome(quantity: quantity, exit: exit, output: Array(out.utf8), truncated: truncated)
        }
        #expect(o(false, .exited(0)) == .done)
        #expect(o(false, .exited(1)) == .notDone)
        #expect(o(false, .exited(2)).failure == "exited with status 2 (0 is done, 1 is not done)")
        #expect(o(false, .signalled(9)).failure == "was killed by signal 9")
        #expect(o(false, .timedOut(1)).failure == "was stopped after 1 s (HABIT_COMMAND_TIMEOUT)")
        #expect(o(false, .couldNotStart("no such file")).failure == "could not start: no such file")
        #expect(o(true, .exited(0), "  3\n") == .value(3))
        #expect(o(true, .exited(0), "2.5") == .value(2.5))
        #expect(o(true, .exited(0), "0\n") == .value(0))
        for garbage in ["", " \n", "x", "1 2", "-1", "1e3", "0x10", "nan", "inf", "3.", "1.2.3", "3\u{0}"] {
            #expect(o(true, .exited(0), garbage).failure != nil, "\(garbage)")
        }
        #expect(o(true, .exited(0), "3", truncated: true).failure != nil)
        #expect(o(true, .exited(1), "3").failure == "exited with status 1")
        #expect(o(true, .exited(0), "bad\u{1B}[2J").failure == "printed \"bad\\u{1B}[2J\", not one number")
        // The bound of every amount (habit log refuses larger ones too); found by AnswerFuzzTests.
        #expect(o(true, .exited(0), "999999999999") == .value(999_999_999_999))
        #expect(o(true, .exited(0), "1000000000000").failure == "printed \"1000000000000\", a number too large (at most 999,999,999,999)")
        #expect(o(true, .exited(0), String(repeating: "9", count: 39)).failure?.hasSuffix("a number too large (at most 999,999,999,999)") == true)
    }

    /// `--command`: not empty, no NUL, at most 4096 bytes; a target makes a counted quantity.
    @Test func theCommandOptionsRules() throws {
        #expect(throws: HabitInputError.self) { try CommandHabit.validate("  ") }
        #expect(throws: HabitInputError.self) { try CommandHabit.validate("a\u{0}b") }
        #expect(throws: HabitInputError.self) { try CommandHabit.validate(String(repeating: "x", count: 4097)) }
        #expect(try CommandHabit.validate(" true ") == " true ")
        let at = Date(timeIntervalSince1970: 0), since = Self.day("2025-10-20")
        let yesNo = try HabitSpec(command: "true").newHabit(named: "floss", id: "1", since: since, at: at)
        #expect(yesNo.kind == .yesNo && yesNo.command == "true")
        let counted = try HabitSpec(atLeast: "2", command: "wc -l <f").newHabit(named: "jottings", id: "2", since: since, at: at)
        #expect(counted.kind == .quantity && counted.unit == "count" && counted.goal == .atLeast(2))
        #expect(throws: HabitInputError.commandWithFrom) {
            try HabitSpec(atLeast: "1", from: "steps", command: "true").newHabit(named: "s", id: "3", since: since, at: at)
        }
        let removed = try HabitSpec(noCommand: true).edited(yesNo, entries: 0)
        #expect(removed.command == nil)
        #expect(throws: HabitInputError.commandAndNoCommand) { try HabitSpec(command: "x", noCommand: true).edited(yesNo, entries: 0) }
    }
}
