import Foundation
import Testing
@testable import HabitKit

@Suite struct StreakWalkTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let days: String  // g = good, m = miss, b = breaks (NoAlc wild)
        let current: Int
        let longest: Int
        let jokers: Int
        var testDescription: String { name }
    }

    static func run(_ pattern: String) -> StreakWalk {
        var walk = StreakWalk()
        for c in pattern {
            walk.step(c == "g" ? .good : c == "m" ? .miss : .breaks)
        }
        return walk
    }

    static func g(_ n: Int) -> String { String(repeating: "g", count: n) }
    static func m(_ n: Int) -> String { String(repeating: "m", count: n) }

    static let cases: [Case] = [
        Case(name: "7 steady days then an easy day: streak 8, jokers 0", days: g(7) + "m", current: 8, longest: 8, jokers: 0),
        Case(name: "21 good, 3 missed, 7 good: streak 31, 1 joker", days: g(21) + m(3) + g(7), current: 31, longest: 31, jokers: 1),
        Case(name: "a wild day resets even with jokers held", days: g(21) + "b", current: 0, longest: 21, jokers: 0),
        Case(name: "a miss with no joker resets", days: g(5) + "m", current: 0, longest: 5, jokers: 0),
        Case(name: "6 good then a missed milestone day: earned, then spent", days: g(6) + "m", current: 7, longest: 7, jokers: 0),
        Case(name: "a milestone reached while holding 3 earns nothing", days: g(28), current: 28, longest: 28, jokers: 3),
        Case(name: "the healed day counts towards the next milestone", days: g(7) + "m" + g(6), current: 14, longest: 14, jokers: 1),
        Case(name: "two misses in a row with one joker: the second resets", days: g(7) + "mm", current: 0, longest: 8, jokers: 0),
        Case(name: "after a reset the jokers start from zero", days: g(14) + "b" + g(3) + "m", current: 0, longest: 14, jokers: 0),
        Case(name: "after a reset a missed 7th day still heals itself", days: g(14) + "b" + g(6) + "m", current: 7, longest: 14, jokers: 0),
        Case(name: "first day missed: nothing", days: "m", current: 0, longest: 0, jokers: 0),
        Case(name: "empty history", days: "", current: 0, longest: 0, jokers: 0),
    ]

    @Test(arguments: cases)
    func jokerRules(_ c: Case) {
        let walk = Self.run(c.days)
        #expect(walk.current == c.current)
        #expect(walk.longest == c.longest)
        #expect(walk.jokers == c.jokers)
    }

    @Test func jokersNeverExceedThree() {
        var rng = SeededRandom(seed: 42)
        var walk = StreakWalk()
        for _ in 0..<10_000 {
            walk.step(rng.chance(0.9) ? .good : rng.chance(0.9) ? .miss : .breaks)
            #expect((0...3).contains(walk.jokers))
            #expect(walk.current <= walk.longest)
        }
    }
}

@Suite struct StreakReportTests {
    let settings = Settings()

    func summary(_ minutes: [Double], from first: String) -> DailySummary {
        let start = Fixture.day(first)
        var days: [DaySummary] = []
        for (i, m) in minutes.enumerated() {
            var d = DaySummary(day: start.adding(days: i))
            d.meditateMinutes = m
            days.append(d)
        }
        return DailySummary(days: DayRange(start, upTo: start.adding(days: minutes.count)), allSources: false,
                            summaries: days, otherSourceCount: 0)
    }

    @Test func todayNotYetDoneIsPendingAndTheStreakEndsYesterday() {
        let s = summary([10, 10, 10, 0], from: "2025-10-23")
        let r = StreakWalk.report(.meditate, summary: s, today: Fixture.day("2025-10-26"), settings: settings)
        #expect(r.today == .pending)
        #expect(r.current == 3)
    }

    @Test func todayCountsAsSoonAsItQualifies() {
        let s = summary([10, 10, 10, 2.5], from: "2025-10-23")
        let r = StreakWalk.report(.meditate, summary: s, today: Fixture.day("2025-10-26"), settings: settings)
        #expect(r.today == .done)
        #expect(r.current == 4)
    }

    @Test(arguments: [(1.49, false), (1.5, true), (2, true), (0, false)])
    func goodDayIsRoundedMinutesOfAtLeastMinMinutes(_ minutes: Double, _ good: Bool) {
        var d = DaySummary(day: Fixture.day("2025-10-01"))
        d.meditateMinutes = minutes
        #expect((HabitRules.outcome(.meditate, d, settings: settings) == .good) == good)
    }

    @Test func aWildNoAlcTodayIsMissedAndBreaks() {
        var days = (0..<8).map { i -> DaySummary in
            var d = DaySummary(day: Fixture.day("2025-10-19").adding(days: i))
            d.alcoholTotal = 0
            return d
        }
        days[7].alcoholTotal = 6
        let s = DailySummary(days: DayRange(Fixture.day("2025-10-19"), upTo: Fixture.day("2025-10-27")), allSources: false,
                             summaries: days, otherSourceCount: 0)
        let r = StreakWalk.report(.noalc, summary: s, today: Fixture.day("2025-10-26"), settings: settings)
        #expect(r.today == .missed)
        #expect(r.current == 0)
        #expect(r.longest == 7)
    }
}
