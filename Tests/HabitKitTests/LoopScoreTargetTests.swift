import Foundation
import Testing
@testable import HabitKit

/// Issue 49, point 2: the target of a numerical Loop habit found from the scores Loop wrote
/// (``LoopScoreTarget``), without a store: Loop's recurrence with the target found gives every
/// day of the file to 4 decimals, and a file that does not tell it gives none, never a guess.
@Suite struct LoopScoreTargetTests {
    static let first = LocalDay(ordinal: 20_000)

    /// Loop's daily score (today's: `m = 0.5^(1/13)` for 1 in 1) of `values` with `target`,
    /// rounded to 4 decimals as Loop writes it.
    static func scores(_ values: [Double], target: Double, atMost: Bool = false) -> [(LocalDay, Double)] {
        let m = pow(0.5, 1.0 / 13)
        var s: Double = atMost ? 1 : 0
        return values.enumerated().map { i, v in
            let c = atMost ? min(1, max(0, 2 - v / target)) : min(1, v / target)
            s = s * m + c * (1 - m)
            return (first.adding(days: i), (s * 10_000).rounded() / 10_000)
        }
    }

    static func byDay(_ values: [Double]) -> [LocalDay: Double] {
        Dictionary(uniqueKeysWithValues: values.enumerated().map { (first.adding(days: $0.offset), $0.element) })
    }

    @Test func aTargetWithDecimalsIsFoundFromDaysBelowIt() {
        let values = [7.35, 8, 0, 9.1, 5.5, 7.25, 12, 3]
        for target in [7.25, 8.0, 10.0, 6.5] {
            let goal = LoopScoreTarget.goal(values: Self.byDay(values), skips: [], scores: Self.scores(values, target: target),
                                            numerator: 1, denominator: 1)
            #expect(goal == .atLeast(target))
        }
        let limit = LoopScoreTarget.goal(values: Self.byDay([1, 3, 2, 0, 2.5]), skips: [],
                                         scores: Self.scores([1, 3, 2, 0, 2.5], target: 2, atMost: true), numerator: 1, denominator: 1)
        #expect(limit == .atMost(2))
    }

    @Test func scoresThatDoNotTellTheTargetGiveNone() {
        let values = [9.0, 10, 0, 12, 8]  // never below 8: only "at most 8" is known
        #expect(LoopScoreTarget.goal(values: Self.byDay(values), skips: [], scores: Self.scores(values, target: 8),
                                     numerator: 1, denominator: 1) == nil)
        let below = [7.35, 8, 0, 9.1, 5.5]
        var gap = Self.scores(below, target: 8)
        gap.remove(at: 2)  // a day missing from the file
        #expect(LoopScoreTarget.goal(values: Self.byDay(below), skips: [], scores: gap, numerator: 1, denominator: 1) == nil)
        var lying = Self.scores(below, target: 8)
        lying[3].1 = 0.9  // a score no target gives
        #expect(LoopScoreTarget.goal(values: Self.byDay(below), skips: [], scores: lying, numerator: 1, denominator: 1) == nil)
        for bad in [Double.nan, .infinity, -0.5, 2] {
            var scores = Self.scores(below, target: 8)
            scores[1].1 = bad
            #expect(LoopScoreTarget.goal(values: Self.byDay(below), skips: [], scores: scores, numerator: 1, denominator: 1) == nil)
        }
        #expect(LoopScoreTarget.goal(values: Self.byDay(below), skips: [], scores: Self.scores(below, target: 8),
                                     numerator: 1, denominator: 0) == nil)
        #expect(LoopScoreTarget.goal(values: Self.byDay(below), skips: [], scores: Self.scores(below, target: 8),
                                     numerator: 1, denominator: Int.max) == nil)
    }
}
