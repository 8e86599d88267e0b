import Foundation
import Testing
@testable import HabitKit

extension SummaryPathTests {
    /// The row sums (few rows read into Swift and put in their days) held to their rule, the sums
    /// in SQL, on random histories (issue 48, "Twins earn their place"): meditation, drinks and
    /// workouts (with their active energy) from the app and from another source, at random
    /// instants of random days — some right at a day's start, some days dense enough for the
    /// summary to give up reading rows — in three zones across DST changes; then random spans, for
    /// the app's sources and for all. Both ways, and the way the summary chooses, give the same days.
    @Test func rowSumsAreTheSQLSumsOfRandomHistories() throws {
        var rng = SeededRandom(seed: 4_848)
        var compared = 0
        let other = try SourceID("com.example.other")
        for history in 0..<60 {
            let zone = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe"][rng.int(0...2)]
            let env = Fixture.env("2025-12-01T12:00:00+00:00", zone)
            let calendar = env.calendar
            let store = try HabitStore.inMemory()
            // Around the spring or the autumn change of the three zones.
            let first = Fixture.day(["2025-02-25", "2025-09-25"][rng.int(0...1)])
            let dayCount = rng.int(5...50)
            try store.inOneTransaction { batch in
                for offset in 0..<dayCount where rng.chance(0.6) {
                    let day = first.adding(days: offset)
                    for _ in 0..<(rng.chance(0.1) ? rng.int(9...14) : rng.int(1...3)) {
                        let into = rng.chance(0.2) ? 0 : Double(rng.int(0...86_399))
                        let start = calendar.start(of: day).addingTimeInterval(into)
                        let interval = InstantRange(start, upTo: start.addingTimeInterval(Double(rng.int(1...5_400))))
                        let source = rng.chance(0.3) ? other : SourceID.app
                        switch rng.int(0...3) {
                        case 0, 1: _ = try batch.logMeditation(interval, source: source, note: nil, env: env)
                        case 2: _ = try batch.logWorkout([.hiit, .yoga, .walk][rng.int(0...2)], interval, met: nil, source: source, note: nil, env: env)
                        default:
                            _ = try batch.logAlcohol(day: day, level: [.steady, .easy, .wild][rng.int(0...2)], drinks: rng.chance(0.5) ? rng.int(0...6) : nil,
                                                     source: source, env: env)
                        }
                    }
                }
            }
            for _ in 0..<4 {
                let lower = first.adding(days: rng.int(-3...dayCount))
                let days = DayRange(lower, upTo: lower.adding(days: rng.int(1...(dayCount + 3))))
                let starts = (0...days.count).map { calendar.start(of: days.lowerBound.adding(days: $0)) }
                let all = rng.chance(0.5)
                let (inSwift, inSQL, chosen) = try store.read { db in
                    (try SummaryTotals.fetch(days: starts, allSources: all, energy: true, forceSQL: false, db).totals,
                     try SummaryTotals.fetch(days: starts, allSources: all, energy: true, forceSQL: true, db).totals,
                     try SummaryTotals.fetch(days: starts, allSources: all, energy: true, db).totals)
                }
                #expect(inSwift.count == days.count && inSQL.count == days.count && chosen.count == days.count, "history \(history)")
                for (i, (a, (b, c))) in zip(inSwift, zip(inSQL, chosen)).enumerated() {
                    for x in [a, c] {
                        #expect(abs(x.mindfulSeconds - b.mindfulSeconds) < 1e-6 && abs(x.workoutSeconds - b.workoutSeconds) < 1e-6
                                && abs(x.activeKcal - b.activeKcal) < 1e-6 && x.workouts == b.workouts
                                && (x.alcohol == nil) == (b.alcohol == nil) && abs((x.alcohol ?? 0) - (b.alcohol ?? 0)) < 1e-9,
                                "history \(history), \(zone), day \(days.lowerBound.adding(days: i)), all sources \(all)")
                    }
                }
                compared += days.count
            }
        }
        #expect(compared > 2_000)
    }
}
