import Foundation
import Testing
@testable import HabitKit

/// The buckets of `habit stats` (Standards/habits.md): half-open periods aligned to period starts,
/// empty ones kept, a sample in the bucket where it starts.
@Suite struct HabitStatsTests {
    static func range(_ from: String, _ to: String) -> DayRange { DayRange(Fixture.day(from), upTo: Fixture.day(to)) }

    /// A store with a `water` habit (glass) and its entries at `instants`.
    static func water(at instants: [String], env: HabitEnvironment) throws -> (HabitStore, HabitDefinition) {
        let store = try HabitStore.inMemory()
        let water = try HabitSpec(unit: "glass").newHabit(named: "water", id: "water-id", since: Fixture.day("2020-01-01"), at: env.now)
        try store.addHabit(water)
        for (i, iso) in instants.enumerated() {
            let t = Fixture.instant(iso)
            _ = try store.logHabit(water, amount: Double(i + 1), InstantRange(t, upTo: t), note: nil, env: env)
        }
        return (store, water)
    }

    // MARK: - The pure model

    @Test func bucketsAreWholePeriodsAndEmptyOnesStay() {
        var buckets = StatsBuckets(per: .week, covering: Self.range("2026-11-18", "2026-12-02"), weekStartsOnSunday: false)
        #expect(buckets.buckets.map(\.start) == ["2026-11-16", "2026-11-23", "2026-11-30"].map(Fixture.day))
        #expect(buckets.buckets.map(\.end) == ["2026-11-23", "2026-11-30", "2026-12-07"].map(Fixture.day))
        #expect(buckets.days == Self.range("2026-11-16", "2026-12-07"))
        buckets.add(3, on: Fixture.day("2026-11-16"))
        buckets.add(5, on: Fixture.day("2026-11-22"))
        buckets.add(2, on: Fixture.day("2026-12-06"))
        buckets.add(100, on: Fixture.day("2026-12-07"))  // outside: ignored
        buckets.add(100, on: Fixture.day("2026-11-15"))
        let first = buckets.buckets[0]
        #expect(first.count == 2 && first.sum == 8 && first.average == 4 && first.min == 3 && first.max == 5)
        let empty = buckets.buckets[1]
        #expect(empty.count == 0 && empty.sum == 0 && empty.average == nil && empty.min == nil && empty.max == nil)
        #expect(buckets.buckets[2].count == 1 && buckets.buckets[2].sum == 2)
    }

    @Test func weeksFollowTheWeekStartAndMonthsTheCalendar() {
        let sundays = StatsBuckets.periods(.week, covering: Self.range("2026-11-18", "2026-11-30"), weekStartsOnSunday: true)
        #expect(sundays.map(\.lowerBound) == ["2026-11-15", "2026-11-22", "2026-11-29"].map(Fixture.day))
        let months = StatsBuckets.periods(.month, covering: Self.range("2028-02-10", "2028-03-05"), weekStartsOnSunday: false)
        #expect(months == [Self.range("2028-02-01", "2028-03-01"), Self.range("2028-03-01", "2028-04-01")])
        #expect(months[0].count == 29)
        #expect(StatsBuckets.periods(.day, covering: Self.range("2026-10-24", "2026-10-27"), weekStartsOnSunday: false).count == 3)
        #expect(StatsBuckets.periods(.day, covering: Self.range("2026-10-24", "2026-10-24"), weekStartsOnSunday: false).isEmpty)
    }

    @Test func theDefaultRangeIsTheLastTwelvePeriodsWithTheCurrentOne() throws {
        let today = Fixture.day("2026-11-22")  // a Sunday
        let weeks = try StatsBuckets.range(from: nil, to: nil, per: .week, today: today, weekStartsOnSunday: false)
        #expect(weeks == Self.range("2026-08-31", "2026-11-23"))
        #expect(StatsBuckets.periods(.week, covering: weeks, weekStartsOnSunday: false).count == 12)
        let months = try StatsBuckets.range(from: nil, to: nil, per: .month, today: today, weekStartsOnSunday: false)
        #expect(months == Self.range("2025-12-01", "2026-12-01"))
        let days = try StatsBuckets.range(from: nil, to: nil, per: .day, today: today, weekStartsOnSunday: false)
        #expect(days == Self.range("2026-11-11", "2026-11-23"))
        let fromOnly = try StatsBuckets.range(from: Fixture.day("2026-11-04"), to: nil, per: .week, today: today, weekStartsOnSunday: false)
        #expect(fromOnly == Self.range("2026-11-04", "2026-11-23"))
        let toOnly = try StatsBuckets.range(from: nil, to: Fixture.day("2026-03-01"), per: .month, today: today, weekStartsOnSunday: false)
        #expect(toOnly == Self.range("2025-03-01", "2026-03-01"))
        #expect(throws: HabitInputError.emptyRange("2026-11-04", "2026-11-04")) {
            try StatsBuckets.range(from: Fixture.day("2026-11-04"), to: Fixture.day("2026-11-04"), per: .day, today: today,
                                   weekStartsOnSunday: false)
        }
    }

    // MARK: - From the store

    struct DSTWeek: Sendable, CustomTestStringConvertible {
        let zone: String
        /// The Monday after a week with a DST change.
        let nextMonday: String
        /// The last second of that week, and the first of the next (= the next bucket's start).
        let lastSecond: String
        let firstSecond: String
        var testDescription: String { "\(zone) week before \(nextMonday)" }
    }

    static let dstWeeks = [
        DSTWeek(zone: "Europe/Berlin", nextMonday: "2026-03-30", lastSecond: "2026-03-29T23:59:59+02:00", firstSecond: "2026-03-30T00:00:00+02:00"),
        DSTWeek(zone: "Europe/Berlin", nextMonday: "2026-10-26", lastSecond: "2026-10-25T23:59:59+01:00", firstSecond: "2026-10-26T00:00:00+01:00"),
        DSTWeek(zone: "America/New_York", nextMonday: "2026-03-09", lastSecond: "2026-03-08T23:59:59-04:00", firstSecond: "2026-03-09T00:00:00-04:00"),
        DSTWeek(zone: "America/New_York", nextMonday: "2026-11-02", lastSecond: "2026-11-01T23:59:59-05:00", firstSecond: "2026-11-02T00:00:00-05:00"),
    ]

    /// A week of 167 or 169 hours ends at the next Monday's midnight: a sample exactly there
    /// belongs to the next bucket, one a second earlier to this one.
    @Test(arguments: dstWeeks)
    func aSampleAtABucketsEndBelongsToTheNextAcrossDST(_ c: DSTWeek) throws {
        let env = Fixture.env("2026-12-01T12:00:00+00:00", c.zone)
        let (store, water) = try Self.water(at: [c.lastSecond, c.firstSecond], env: env)
        let monday = Fixture.day(c.nextMonday)
        let stats = try store.read(.statistics(of: .habit(water), per: .week, days: DayRange(monday.adding(days: -7), upTo: monday.adding(days: 7)),
                                         allSources: false, env: env))
        #expect(stats.buckets.map(\.start) == [monday.adding(days: -7), monday])
        #expect(stats.buckets.map(\.count) == [1, 1])
        #expect(stats.buckets.map(\.sum) == [1, 2])
        let days = try store.read(.statistics(of: .habit(water), per: .day, days: DayRange(monday.adding(days: -1), upTo: monday.adding(days: 1)),
                                        allSources: false, env: env))
        #expect(days.buckets.map(\.sum) == [1, 2])
        #expect(stats.unit == "glass" && stats.habit == "water" && stats.type == water.loggedType)
    }

    @Test func weeksStartOnSundayWithThatSetting() throws {
        let env = Fixture.env("2026-12-01T12:00:00+01:00")
        let (store, water) = try Self.water(at: ["2026-11-21T23:59:59+01:00", "2026-11-22T00:00:00+01:00"], env: env)
        _ = try store.saveSetting(.weekStart, "sunday")
        let stats = try store.read(.statistics(of: .habit(water), per: .week, days: Self.range("2026-11-20", "2026-11-23"), allSources: false, env: env))
        #expect(stats.buckets.map(\.start) == ["2026-11-15", "2026-11-22"].map(Fixture.day))
        #expect(stats.buckets.map(\.count) == [1, 1])
    }

    @Test func aTypeReadsTheAppsSourcesAndCountsWhatOthersHave() throws {
        let env = Fixture.env("2026-11-22T10:00:00+01:00")
        let store = try HabitStore.inMemory()
        var batch = DemoGenerator.Batch()
        for (source, at) in [("com.example.watch", "2026-11-16T09:00:00+01:00"), ("com.example.watch", "2026-11-20T09:00:00+01:00"),
                             ("dev.habit.watch", "2026-11-18T09:00:00+01:00")] {
            let t = Fixture.instant(at)
            batch.samples.append(Sample(uuid: env.makeUUID(), type: "HKQuantityTypeIdentifierStepCount", start: t, end: t, value: 1000,
                                        unit: "count", source: try SourceID(source), created: env.now, utcOffset: 3600,
                                        timeZoneID: "Europe/Berlin"))
        }
        try store.insert(batch)
        let steps = try HabitDataType(parsing: "steps")
        let week = Self.range("2026-11-16", "2026-11-23")
        let app = try store.read(.statistics(of: .type(steps), per: .week, days: week, allSources: false, env: env))
        #expect(app.buckets.map(\.count) == [1])
        #expect(app.otherSourceCount == 0)  // counted only when nothing was found
        #expect(app.sources == .app)
        let all = try store.read(.statistics(of: .type(steps), per: .week, days: week, allSources: true, env: env))
        #expect(all.buckets.map(\.sum) == [3000])
        let mindful = try store.read(.statistics(of: .type(try HabitDataType(parsing: "mindful")), per: .week, days: week, allSources: false, env: env))
        #expect(mindful.buckets.map(\.count) == [0] && mindful.otherSourceCount == 0)
        let otherWeek = try store.read(.statistics(of: .type(steps), per: .day, days: Self.range("2026-11-16", "2026-11-17"), allSources: false, env: env))
        #expect(otherWeek.buckets.map(\.count) == [0] && otherWeek.otherSourceCount == 1)
    }
}
