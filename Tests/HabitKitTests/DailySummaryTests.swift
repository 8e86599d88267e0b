import Foundation
import Testing
@testable import HabitKit

@Suite struct DailySummaryTests {
    /// Logs a mindful session `[start, start + minutes)` from `source` straight into the store.
    static func meditate(_ store: HabitStore, _ start: String, minutes: Double, source: String = "dev.habit",
                         env: HabitEnvironment) throws {
        let s = Fixture.instant(start)
        _ = try store.logMeditation(InstantRange(s, upTo: s.addingTimeInterval(minutes * 60)), source: try SourceID(source),
                                    note: nil, env: env)
    }

    @Test func aSessionStartingExactlyAtMidnightBelongsToTheNewDayOnly() throws {
        let env = Fixture.env("2025-10-30T12:00:00+01:00")
        let store = try HabitStore.inMemory()
        try Self.meditate(store, "2025-10-27T00:00:00+01:00", minutes: 10, env: env)
        let s = try store.read(.dailySummary(in: DayRange(Fixture.day("2025-10-26"), upTo: Fixture.day("2025-10-28")), calendar: env.calendar))
        #expect(s[Fixture.day("2025-10-26")]?.meditateMinutes == 0)
        #expect(s[Fixture.day("2025-10-27")]?.meditateMinutes == 10)
    }

    @Test func minutesBelongToTheDayTheSessionStarts() throws {
        let env = Fixture.env("2025-10-30T12:00:00+01:00")
        let store = try HabitStore.inMemory()
        try Self.meditate(store, "2025-10-26T23:50:00+01:00", minutes: 30, env: env)
        let s = try store.read(.dailySummary(in: DayRange(Fixture.day("2025-10-26"), upTo: Fixture.day("2025-10-28")), calendar: env.calendar))
        #expect(s[Fixture.day("2025-10-26")]?.meditateMinutes == 30)
        #expect(s[Fixture.day("2025-10-27")]?.meditateMinutes == 0)
    }

    struct DSTCase: Sendable, CustomTestStringConvertible {
        let zone: String, late: String, early: String, day: String
        var testDescription: String { "\(zone) \(day)" }
    }

    static let dstDays: [DSTCase] = [
        .init(zone: "America/New_York", late: "2025-03-09T23:30:00-04:00", early: "2025-03-09T00:00:00-05:00", day: "2025-03-09"),
        .init(zone: "America/New_York", late: "2025-11-02T23:30:00-05:00", early: "2025-11-02T00:00:00-04:00", day: "2025-11-02"),
        .init(zone: "Europe/Berlin", late: "2025-03-30T23:30:00+02:00", early: "2025-03-30T00:00:00+01:00", day: "2025-03-30"),
        .init(zone: "Europe/Berlin", late: "2025-10-26T23:30:00+01:00", early: "2025-10-26T00:00:00+02:00", day: "2025-10-26"),
    ]

    @Test(arguments: dstDays)
    func sessionsAtBothEndsOfADSTDayStayOnIt(_ c: DSTCase) throws {
        let env = Fixture.env("2025-12-01T12:00:00Z", c.zone)
        let store = try HabitStore.inMemory()
        try Self.meditate(store, c.late, minutes: 5, env: env)
        try Self.meditate(store, c.early, minutes: 7, env: env)
        let day = Fixture.day(c.day)
        let s = try store.read(.dailySummary(in: DayRange(day.adding(days: -1), upTo: day.adding(days: 2)), calendar: env.calendar))
        #expect(s[day]?.meditateMinutes == 12)
        #expect(s[day.adding(days: -1)]?.meditateMinutes == 0)
        #expect(s[day.adding(days: 1)]?.meditateMinutes == 0)
    }

    @Test func aMonthEndsAtTheNextMonthsFirstInstant() throws {
        let env = Fixture.env("2025-12-01T12:00:00+01:00")
        let store = try HabitStore.inMemory()
        try Self.meditate(store, "2025-11-01T00:00:00+01:00", minutes: 10, env: env)
        try Self.meditate(store, "2025-10-31T23:59:00+01:00", minutes: 1, env: env)
        let view = try store.read(.calendar(for: .month(containing: Fixture.day("2025-10-15")), calendar: env.calendar))
        #expect(view.days.count == 31)
        #expect(view.days.map(\.summary.meditateMinutes).reduce(0, +) == 1)
    }

    @Test func extensionsCountButLookalikesAndOtherSourcesDoNotUnlessAllSources() throws {
        let env = Fixture.env("2025-10-26T20:00:00+01:00")
        let store = try HabitStore.inMemory()
        try Self.meditate(store, "2025-10-26T07:00:00+01:00", minutes: 10, source: "dev.habit.watch", env: env)
        try Self.meditate(store, "2025-10-26T08:00:00+01:00", minutes: 20, source: "dev.habitual", env: env)
        try Self.meditate(store, "2025-10-26T09:00:00+01:00", minutes: 40, source: "com.apple.health.imported", env: env)
        let day = DayRange(day: Fixture.day("2025-10-26"))
        let mine = try store.read(.dailySummary(in: day, calendar: env.calendar))
        #expect(mine.summaries[0].meditateMinutes == 10)
        #expect(mine.otherSourceCount == 0)
        let all = try store.read(.dailySummary(in: day, calendar: env.calendar, allSources: true))
        #expect(all.summaries[0].meditateMinutes == 70)
        #expect(all.otherSourceCount == 2)
    }

    @Test func noalcDayLevelIsReadFromTheSumOfItsSamples() throws {
        let env = Fixture.env("2025-10-26T20:00:00+01:00")
        let store = try HabitStore.inMemory()
        let day = Fixture.day("2025-10-25")
        _ = try store.logAlcohol(day: day, level: .easy, drinks: nil, source: .app, env: env)
        _ = try store.logAlcohol(day: day, level: .easy, drinks: nil, source: try SourceID("com.example.bar"), env: env)
        #expect(try store.read(.dailySummary(in: DayRange(day: day), calendar: env.calendar)).summaries[0].noalc == .easy)
        #expect(try store.read(.dailySummary(in: DayRange(day: day), calendar: env.calendar, allSources: true)).summaries[0].noalc == .wild)
    }

    @Test func streaksReadTheWholeHistoryNotAWindow() throws {
        let env = Fixture.env("2025-10-26T20:00:00+01:00")
        let store = try HabitStore.inMemory()
        let today = env.today
        for back in 0..<400 {
            let start = env.calendar.firstInstant(today.adding(days: -back), LocalTime(hour: 7, minute: 0)!)
            _ = try store.logMeditation(InstantRange(start, upTo: start.addingTimeInterval(600)), source: .app, note: nil, env: env)
        }
        let report = try #require(try store.read(.overview(env: env)).reports.first { $0.definition.builtin == .meditate })
        #expect(report.current == 400)
        #expect(report.jokers == 3)
        #expect(report.today == .done)
    }
}

/// Laws that hold for any data: the calendar marks exactly the days the streak counts, and
/// adjacent ranges neither double-count nor drop a sample.
@Suite struct DailySummaryPropertyTests {
    static let zones = ["Europe/Berlin", "America/New_York"]
    /// Windows that contain a DST change and a month end.
    static let windows = [("2025-03-20", 25), ("2025-10-20", 25), ("2024-02-20", 20), ("2025-12-20", 20)]

    /// Random sessions, workouts and NoAlc entries, many near midnight.
    static func fill(_ store: HabitStore, zone: String, from first: LocalDay, days: Int, seed: UInt64) throws -> HabitEnvironment {
        var rng = SeededRandom(seed: seed)
        let env = Fixture.env("2026-06-01T12:00:00Z", zone)
        let calendar = env.calendar
        for i in 0..<days {
            let day = first.adding(days: i)
            let count = rng.int(0...3)
            for _ in 0..<count {
                let nearMidnight = rng.chance(0.4)
                let hour = nearMidnight ? [0, 23][rng.int(0...1)] : rng.int(0...23)
                let start = calendar.firstInstant(day, LocalTime(hour: hour, minute: rng.int(0...59), second: rng.int(0...59))!)
                let minutes = Double(rng.int(1...40)) + (rng.chance(0.3) ? 0.5 : 0)
                let range = InstantRange(start, upTo: start.addingTimeInterval(minutes * 60))
                let source: SourceID = rng.chance(0.2) ? try SourceID("dev.habitual") : rng.chance(0.2) ? try SourceID("dev.habit.watch") : .app
                switch rng.int(0...2) {
                case 0: _ = try store.logMeditation(range, source: source, note: nil, env: env)
                case 1: _ = try store.logWorkout(.hiit, range, met: nil, source: source, note: nil, env: env)
                default: _ = try store.logAlcohol(day: day, level: [.steady, .easy, .wild][rng.int(0...2)], drinks: nil, source: source, env: env)
                }
            }
        }
        return env
    }

    @Test(arguments: zones)
    func calendarMarksAreExactlyTheStreakWalksGoodDays(_ zone: String) throws {
        for (seed, (first, days)) in Self.windows.enumerated() {
            let store = try HabitStore.inMemory()
            let env = try Self.fill(store, zone: zone, from: Fixture.day(first), days: days, seed: UInt64(seed + 1))
            let range = DayRange(Fixture.day(first), upTo: Fixture.day(first).adding(days: days))
            let view = try store.read(.calendar(for: range, calendar: env.calendar))
            // Through the other public path: the streak report as of each day, one second before
            // its end, says "done" exactly on the days the calendar marks.
            for d in view.days {
                var asOf = env
                asOf.now = env.calendar.instants(of: d.summary.day).upperBound.addingTimeInterval(-1)
                let reports = try store.read(.overview(env: asOf)).reports
                let done = Dictionary(uniqueKeysWithValues: reports.compactMap { r in r.definition.builtin.map { ($0, r.today == .done) } })
                #expect(done[.meditate] == d.meditate, "\(zone) \(d.summary.day) meditate")
                #expect(done[.workout] == d.workout, "\(zone) \(d.summary.day) workout")
                #expect(done[.noalc] == d.noalcGood, "\(zone) \(d.summary.day) noalc")
            }
        }
    }

    @Test(arguments: zones)
    func summaryOfARangeIsTheSumOfItsSplitSubRanges(_ zone: String) throws {
        var rng = SeededRandom(seed: 7)
        for (seed, (first, days)) in Self.windows.enumerated() {
            let store = try HabitStore.inMemory()
            let env = try Self.fill(store, zone: zone, from: Fixture.day(first), days: days, seed: UInt64(seed + 100))
            let start = Fixture.day(first)
            let whole = try store.read(.dailySummary(in: DayRange(start, upTo: start.adding(days: days)), calendar: env.calendar, allSources: true))
            for _ in 0..<5 {
                let cut = rng.int(0...days)
                let left = try store.read(.dailySummary(in: DayRange(start, upTo: start.adding(days: cut)), calendar: env.calendar, allSources: true))
                let right = try store.read(.dailySummary(in: DayRange(start.adding(days: cut), upTo: start.adding(days: days)),
                                                   calendar: env.calendar, allSources: true))
                #expect(left.summaries + right.summaries == whole.summaries, "\(zone) \(first) cut \(cut)")
                #expect(left.otherSourceCount + right.otherSourceCount == whole.otherSourceCount)
            }
            // And nothing is dropped: every stored session's minutes are in the whole.
            let total = whole.summaries.map(\.meditateMinutes).reduce(0, +)
            let entries = try store.read(.entries(in: env.calendar.instants(of: DayRange(start, upTo: start.adding(days: days)))))
            let stored = entries.compactMap { e -> Double? in
                if case .sample(let s) = e, s.type == SampleType.mindfulSession { return s.end.timeIntervalSince(s.start) / 60 }
                return nil
            }.reduce(0, +)
            #expect(abs(total - stored) < 1e-6)
        }
    }
}
