import Foundation
import Testing
@testable import HabitKit

/// `habit overview`'s share row (Standards/habits.md, "The overview"): of the habits due on a day,
/// the share done, from the one evaluation's day states. 2025-01-06 is a Monday.
@Suite struct DayShareTests {
    typealias E = HabitEvaluatorTests

    /// Met and done are due and done; missed, pending and healed due, not done — except a week or
    /// month habit's today with nothing done (pending), which its period judges as it does the
    /// open days; the rest left out.
    @Test(arguments: DayState.allCases, [HabitDefinition.Period.day, .week, .month, .days(3)])
    func eachStateIsDueAndDoneAsTheStandardSays(_ state: DayState, per: HabitDefinition.Period) {
        let periodHabit = per == .week || per == .month
        let expected: (due: Bool, done: Bool) = switch state {
        case .met, .done: (true, true)
        case .pending: (!periodHabit, false)
        case .missed, .healed: (true, false)
        case .open, .skipped, .offDay, .notDue, .before, .later: (false, false)
        }
        let counted = DayShare.counts(state, per: per)
        #expect(counted.due == expected.due && counted.done == expected.done, "\(state) per \(per)")
    }

    @Test func theShareIsDoneOverDueAndNoneWhenNothingIsDue() {
        let day = E.monday
        #expect(DayShare(day: day, due: 0, done: 0).share == nil)
        #expect(DayShare(day: day, due: 4, done: 3).share == 0.75)
        #expect(DayShare(day: day, due: 2, done: 0).share == 0)
    }

    /// floss (daily) done Monday and Wednesday, today Thursday; gym (3 a week) done Tuesday; a third
    /// habit whose data may not be read is left out. Monday 1 of 1 (gym open), Tuesday 1 of 2,
    /// Wednesday 1 of 1, Thursday 0 of 1 (floss pending; gym's today with nothing done is its week's to judge).
    @Test func theDailySharesCountEachReadableHabitsDay() {
        let floss = E.run(E.habit(), [1, nil, 1, nil])
        let gym = E.run(E.habit(times: 3, per: .week), [nil, 1, nil, nil])
        var denied = E.run(E.habit(), [1, 1, 1, 1])
        denied.readable = false
        let range = DayRange(E.monday, upTo: E.monday.adding(days: 4))
        let overview = HabitOverview(asOf: E.monday.adding(days: 3), allSources: false, otherSourceCount: 0, range: range,
                                     reports: [floss, gym, denied])
        let shares = overview.dailyShares
        #expect(shares.map(\.day) == Array(range))
        #expect(shares.map { "\($0.done)/\($0.due)" } == ["1/1", "1/2", "1/1", "0/1"])
    }
}
