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

/// A built-in's report as `habit streak` reads it: the store's one evaluation (``StoreRequest/overview``).
@Suite struct StreakReportTests {
    let settings = Settings()

    /// The built-in `habit`'s report as of `now`, after `log` wrote its entries to a fresh store.
    func report(_ habit: Habit, now: String, _ log: (HabitStore, HabitEnvironment) throws -> Void) throws -> HabitReport {
        let store = try HabitStore.inMemory()
        let env = Fixture.env(now)
        try log(store, env)
        return try #require(try store.read(.overview(env: env)).reports.first { $0.definition.builtin == habit })
    }

    /// Meditates `minutes[i]` at 07:00 of the i-th day from `first` (none for 0).
    func meditate(_ minutes: [Double], from first: String, _ store: HabitStore, _ env: HabitEnvironment) throws {
        for (i, m) in minutes.enumerated() where m > 0 {
            let start = env.calendar.firstInstant(Fixture.day(first).adding(days: i), LocalTime(hour: 7, minute: 0)!)
            _ = try store.logMeditation(InstantRange(start, upTo: start.addingTimeInterval(m * 60)), source: .app, note: nil, env: env)
        }
    }

    @Test func todayNotYetDoneIsPendingAndTheStreakEndsYesterday() throws {
        let r = try report(.meditate, now: "2025-10-26T20:00:00+01:00") { try meditate([10, 10, 10, 0], from: "2025-10-23", $0, $1) }
        #expect(r.today == .pending)
        #expect(r.current == 3)
    }

    @Test func todayCountsAsSoonAsItQualifies() throws {
        let r = try report(.meditate, now: "2025-10-26T20:00:00+01:00") { try meditate([10, 10, 10, 2.5], from: "2025-10-23", $0, $1) }
        #expect(r.today == .done)
        #expect(r.current == 4)
    }

    @Test(arguments: [(1.49, false), (1.5, true), (2, true), (0, false)])
    func goodDayIsRoundedMinutesOfAtLeastMinMinutes(_ minutes: Double, _ good: Bool) {
        var d = DaySummary(day: Fixture.day("2025-10-01"))
        d.meditateMinutes = minutes
        #expect((HabitRules.outcome(.meditate, d, settings: settings) == .good) == good)
    }

    @Test func aWildNoAlcTodayIsMissedAndBreaks() throws {
        let r = try report(.noalc, now: "2025-10-26T20:00:00+01:00") { store, env in
            for i in 0..<7 {
                _ = try store.logAlcohol(day: Fixture.day("2025-10-19").adding(days: i), level: .steady, drinks: 0, source: .app, env: env)
            }
            _ = try store.logAlcohol(day: Fixture.day("2025-10-26"), level: .wild, drinks: 6, source: .app, env: env)
        }
        #expect(r.today == .missed)
        #expect(r.current == 0)
        #expect(r.longest == 7)
    }
}
