import Foundation
import Testing
@testable import HabitKit

/// Whether a habit's day is met — what a log and a reminder's check ask — without a store
/// (``HabitEvaluator/isMet(_:on:weekStartsOnSunday:history:)``): the days it reads and the answer.
@Suite struct HabitMetTests {
    static let thursday = Fixture.day("2025-10-30")
    static let created = Fixture.instant("2025-09-01T08:00:00+02:00")

    static func habit(_ kind: HabitDefinition.Kind = .yesNo, goal: HabitDefinition.Goal? = nil, times: Int = 1,
                      per: HabitDefinition.Period = .day, asks: Bool = true) -> HabitDefinition {
        HabitDefinition(id: "h", name: "h", kind: kind, unit: kind == .quantity ? "cup" : nil, goal: goal, per: per, times: times,
                        since: Fixture.day("2025-09-01"), asks: asks, created: created, modified: created)
    }

    /// The history over `span` with `values` (day offset from Thursday → amount) logged.
    static func history(_ d: HabitDefinition, _ span: DayRange, _ values: [Int: Double], first: LocalDay? = Fixture.day("2025-09-01"),
                        skipped: Set<LocalDay> = []) -> HabitEvaluator.History {
        let inputs = span.map { day -> HabitDayInput in
            let value = values[day.ordinal - thursday.ordinal]
            let (outcome, decided) = HabitEvaluator.dailyOutcome(d, value: value ?? 0, hasEntry: value != nil)
            return HabitDayInput(day: day, value: value ?? 0, hasEntry: value != nil, outcome: outcome, decided: decided)
        }
        return HabitEvaluator.History(inputs: inputs, firstDay: first, skipped: skipped)
    }

    @Test(arguments: [
        // habit, entries (days from Thursday 2025-10-30 → amount), met on Thursday, days read (from the period's first)
        (habit(), [0: 1], true, 1),
        (habit(), [-1: 1], false, 1),
        (habit(.quantity, goal: .atLeast(8)), [0: 5, -1: 9], false, 1),
        (habit(.quantity, goal: .atLeast(8)), [0: 8], true, 1),
        (habit(.quantity, goal: .atMost(2)), [0: 3], false, 1),
        (habit(.quantity, goal: .atMost(2)), [:], true, 1),
        (habit(times: 3, per: .week), [-2: 1, 0: 1], false, 4),           // gym 3 a week, done Tue and Thu
        (habit(times: 3, per: .week), [-2: 1, -1: 1, 0: 1], true, 4),
        (habit(times: 3, per: .week), [-4: 1, -3: 1, -2: 1], false, 4),   // last week's days are not this week's
        (habit(.quantity, goal: .atLeast(10), per: .month), [-29: 4, -1: 6], true, 30),
        (habit(times: 2, per: .days(3)), [-2: 1, 0: 1], true, 3),
        (habit(times: 2, per: .days(3)), [-3: 1, 0: 1], false, 3),
    ] as [(HabitDefinition, [Int: Double], Bool, Int)])
    func aDayIsMetAsTheEvaluationSaysOverItsPeriodSoFar(_ habit: HabitDefinition, _ values: [Int: Double], _ met: Bool, _ days: Int) {
        var asked: [DayRange] = []
        let answer = HabitEvaluator.isMet(habit, on: Self.thursday, weekStartsOnSunday: false) { span in
            asked.append(span)
            return Self.history(habit, span, values)
        }
        #expect(answer == met)
        #expect(asked.map(\.count) == [days])
        #expect(asked.first?.upperBound == Self.thursday.adding(days: 1))
    }

    @Test func aHabitThatNeverAsksIsMetWithoutReadingItsHistory() {
        var read = false
        let answer = HabitEvaluator.isMet(Self.habit(asks: false), on: Self.thursday, weekStartsOnSunday: false) { span in
            read = true
            return Self.history(Self.habit(asks: false), span, [:])
        }
        #expect(answer && !read)
    }

    @Test func nothingIsMetBeforeTheHabitsFirstDayAndItsFirstWeekCountsFromIt() {
        let weekly = Self.habit(times: 3, per: .week)
        let later = Self.thursday.adding(days: 1)
        #expect(!HabitEvaluator.isMet(weekly, on: Self.thursday, weekStartsOnSunday: false) { Self.history(weekly, $0, [0: 1], first: later) })
        // Added on Wednesday: the days before it are not read as its (a Monday entry would not count).
        let wednesday = Self.thursday.adding(days: -1)
        #expect(HabitEvaluator.isMet(weekly, on: Self.thursday, weekStartsOnSunday: false) {
            Self.history(weekly, $0, [-3: 1, -1: 1, 0: 1], first: wednesday)
        } == HabitEvaluator.isMet(weekly, on: Self.thursday, weekStartsOnSunday: false) {
            Self.history(weekly, $0, [-1: 1, 0: 1], first: wednesday)
        })
        // A week that starts on Sunday reads from Sunday.
        var asked: DayRange?
        _ = HabitEvaluator.isMet(weekly, on: Self.thursday, weekStartsOnSunday: true) { span in
            asked = span
            return Self.history(weekly, span, [:])
        }
        #expect(asked?.lowerBound == Fixture.day("2025-10-26"))
    }
}
