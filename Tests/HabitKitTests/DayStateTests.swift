import Foundation
import Testing
@testable import HabitKit

/// Each day's own state and each period's, from the one evaluation (Standards/habits.md, "Day
/// states"): what every view shows and every reminder asks. 2025-01-06 is a Monday.
@Suite struct DayStateTests {
    typealias E = HabitEvaluatorTests

    /// gym 3 a week, done Tuesday and Thursday, today Thursday: the done days are done (not
    /// missed), the others open, and the week pending beside them (issue 48's second bullet).
    @Test func aWeekHabitsDoneDaysAreDoneAndItsPeriodStandsBeside() {
        let gym = E.habit(times: 3, per: .week)
        let r = E.run(gym, [nil, 1, nil, 1])
        #expect(r.days.map(\.state) == [.open, .done, .open, .done])
        #expect(r.days.allSatisfy { $0.period == .pending })
        #expect(r.days.map(\.met) == [false, true, false, true])
        #expect(r.today == .pending && r.period?.value == 2)
        // Met on Saturday: the week is met beside every day, and the days not done stay open.
        let met = E.run(gym, [nil, 1, nil, 1, nil, 1])
        #expect(met.days.map(\.state) == [.open, .done, .open, .done, .open, .done])
        #expect(met.days.allSatisfy { $0.period == .met && $0.targetMet })
        // A past week not met: missed beside its days.
        let past = E.run(gym, [nil, 1, nil, nil, nil, nil, nil, 1], today: 7)
        #expect(past.days[0..<7].allSatisfy { $0.period == .missed })
        #expect(past.days[7].state == .done && past.days[7].period == .pending)
    }

    /// coffee at most 2 a day, 3 cups today: decided, missed today — not "not yet" (third bullet).
    @Test func anAtMostDayOverItsLimitIsMissedToday() {
        let coffee = E.habit(.quantity, unit: "cup", goal: .atMost(2))
        let r = E.run(coffee, [3])
        #expect(r.days.last?.state == .missed && r.today == .missed)
        #expect(E.run(coffee, [1]).days.last?.state == .met)
        #expect(E.run(coffee, [nil]).days.last?.state == .met)  // no entry is 0: within
    }

    /// A missed today a joker heals: one answer, healed (fourth bullet).
    @Test func aTodayHealedByAJokerIsHealedEverywhere() {
        let coffee = E.habit(.quantity, unit: "cup", goal: .atMost(2))
        let r = E.run(coffee, Array(repeating: nil, count: 8) + [3])
        #expect(r.days.last?.state == .healed && r.today == .healed && r.days.last?.joker == true)
        #expect(r.current == 9 && r.jokers == 0)
    }

    struct DailyCase: Sendable, CustomTestStringConvertible {
        let name: String
        let pattern: String
        let states: [DayState]
        var testDescription: String { name }
    }

    static let daily: [DailyCase] = [
        .init(name: "done, not done yet today", pattern: "g-", states: [.met, .pending]),
        .init(name: "a past miss without a joker", pattern: "-g", states: [.missed, .met]),
        .init(name: "a miss a joker heals", pattern: "ggggggg-g", states: Array(repeating: .met, count: 7) + [.healed, .met]),
        .init(name: "skipped, and skipped but done", pattern: "sSg", states: [.skipped, .met, .met]),
        .init(name: "skipped today", pattern: "gs", states: [.met, .skipped]),
    ]

    @Test(arguments: daily) func aDailyHabitsDays(_ c: DailyCase) {
        #expect(E.yesNo(c.pattern).days.map(\.state) == c.states)
    }

    /// Mon–Wed–Fri floss: Tuesday is an off-day (not skipped, not missed); logged anyway, met.
    @Test func aWeekdayScheduleHasOffDays() {
        var floss = E.habit()
        floss.on = WeekdaySet([1, 3, 5])
        let r = E.run(floss, [1, nil, nil, 1])
        #expect(r.days.map(\.state) == [.met, .offDay, .missed, .met])
        #expect(E.run(floss, [1, 1]).days.map(\.state) == [.met, .met])
        #expect(E.run(floss, [1, nil]).today == .skipped)
        // Only a skip of its own is one `unskip` (and `ui`'s `s`) takes back: an off-day has none.
        let skipped = E.run(floss, [1, nil, nil, 1], skipped: [2, 3])
        #expect(skipped.days.map(\.hasSkip) == [false, false, true, true])
        #expect(skipped.days.map(\.state) == [.met, .offDay, .skipped, .met])
    }

    /// A habit that never asks: a day without entries is not due.
    @Test func aHabitThatNeverAsksHasDaysNotDue() {
        var weight = E.habit(.quantity, unit: "kg")
        weight.asks = false
        #expect(E.run(weight, [70, nil]).days.map(\.state) == [.met, .notDue])
    }

    /// N days in any D: a day done whose window is not met yet is done, not missed.
    @Test func aDayDoneInAWindowNotYetMetIsDone() {
        let walk = E.habit(times: 2, per: .days(3))
        let r = E.run(walk, [1, nil, nil, 1, 1])
        // Windows (2 in 3, shrunk before the history): day 0 target ceil(2 × 1/3) = 1, met; day 1
        // target 2 of days 0–1, 1 done: missed; day 2 (0–2) 1 of 2: missed; day 3 (1–3) holds 1:
        // done that day, not met; day 4 (2–4) holds 2: met.
        #expect(r.days.map(\.state) == [.met, .missed, .missed, .done, .met])
    }

    /// At most 2 in any 3 days, 3 on the first day, the next day skipped: passed over (skipped),
    /// as the streak passes over it — not missed because its window is over the limit.
    @Test func aSkippedDayInAWindowOverTheLimitIsSkippedNotMissed() {
        let snack = E.habit(.quantity, unit: "cup", goal: .atMost(2), per: .days(3))
        let r = E.run(snack, [3, nil], skipped: [1])
        #expect(r.days.map(\.state) == [.missed, .skipped])
        #expect(r.today == .skipped)
    }

    /// Days outside the history or after today.
    @Test func daysBeforeTheHistoryAndAfterTodayAreBeforeAndLater() {
        let h = E.habit(since: E.monday.adding(days: 1))
        let inputs = (0..<3).map { E.input(h, E.monday.adding(days: $0), $0 == 1 ? 1 : nil) }
        let r = HabitEvaluator.evaluate(h, inputs: Array(inputs.dropFirst()), firstDay: E.monday.adding(days: 1), skipped: [],
                                        today: E.monday.adding(days: 1), weekStartsOnSunday: false,
                                        range: DayRange(E.monday, upTo: E.monday.adding(days: 3)))
        #expect(r.days.map(\.state) == [.before, .met, .later])
    }
}
