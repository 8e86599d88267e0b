import Foundation
import GRDB
import Testing
@testable import HabitKit

/// The lean read of an own habit's samples (`HabitSamples.forEachAmount`): what it leaves out in
/// SQL must be what adds nothing, unit factors looked up once must give the same amounts as the
/// per-value conversion, and the day found from the previous row's must be the day a search finds.
@Suite struct SampleReadingTests {
    @Test func theStagesLeftOutInSQLAreExactlyTheOnesThatAreNotAsleep() {
        for value in SleepStage.notAsleepCategoryValues { #expect(!SleepStage(categoryValue: value).isAsleep, "\(value)") }
        let known = ["Awake", "AsleepREM", "AsleepCore", "AsleepDeep", "InBed", "Asleep", "AsleepUnspecified"]
            .map { "HKCategoryValueSleepAnalysis" + $0 }
        for value in known + ["something new", ""] where !SleepStage(categoryValue: value).isAsleep {
            #expect(SleepStage.notAsleepCategoryValues.contains(value), "\(value)")
        }
        #expect(SleepStage(categoryValue: nil).isAsleep)
    }

    @Test func unitFactorsGiveTheSameAmountsAsConvertingEachValue() {
        let units = ["count", "kcal", "Cal", "cal", "kJ", "kj", "m", "km", "mi", "ft", "yd", "cm", "s", "min", "h", "hr", "glass"]
        let values = [0, 1, 0.1, 3.3, 1046, 12_345.678, -2.5, 1e-9]
        for from in units {
            for to in units {
                let f = UnitConversion.factors(from: from, to: to)
                for v in values {
                    #expect((f?.apply(v) ?? v).bitPattern == UnitConversion.convert(v, from: from, to: to).bitPattern, "\(v) \(from)→\(to)")
                }
            }
        }
        #expect(UnitConversion.factors(from: "km", to: "km") == nil)
        #expect(UnitConversion.factors(from: "km", to: "kcal") == nil)
    }

    @Test(arguments: ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe"])
    func theDayFromTheLastRowsDayIsTheDayASearchFinds(zone: String) throws {
        let tz = try #require(TimeZone(identifier: zone))
        let days = DayRange(Fixture.day("2024-01-01"), upTo: Fixture.day("2026-01-01"))
        let bounds = HabitCalendar(timeZone: tz).starts(of: days).map(\.timeIntervalSince1970)
        var rng = SystemRandomNumberGenerator()
        var hint = 0
        // Mostly increasing instants (rows in start order), with jumps back (the next source).
        var t = bounds[0] - 3600
        for step in 0..<20_000 {
            t += step % 997 == 0 ? -Double.random(in: 0...3e7, using: &rng) : Double.random(in: 0...40_000, using: &rng)
            if step % 1499 == 0 { t = bounds[Int.random(in: 0..<bounds.count, using: &rng)] }  // exactly a day start
            let found = HabitStore.dayIndex(t, bounds, hint: hint)
            #expect(found == HabitStore.dayIndex(t, bounds, hint: -1), "t=\(t) hint=\(hint)")
            #expect(found == Self.linear(t, bounds), "t=\(t)")
            if let found { hint = found }
        }
    }

    @Test func everyDayStartFromEveryNearbyHintIsThatDay() throws {
        let tz = try #require(TimeZone(identifier: "Australia/Lord_Howe"))
        let days = DayRange(Fixture.day("2025-03-25"), upTo: Fixture.day("2025-04-15"))  // the half-hour change on 6 April
        let bounds = HabitCalendar(timeZone: tz).starts(of: days).map(\.timeIntervalSince1970)
        for i in 0..<bounds.count {
            for hint in max(0, i - 3)...min(bounds.count - 1, i + 1) {
                for t in [bounds[i], bounds[i].nextDown, bounds[i].nextUp] {
                    #expect(HabitStore.dayIndex(t, bounds, hint: hint) == Self.linear(t, bounds), "i=\(i) hint=\(hint) t=\(t)")
                }
            }
        }
    }

    /// The oracle: the first day whose half-open range holds `t`, by walking.
    static func linear(_ t: Double, _ bounds: [Double]) -> Int? {
        for i in 0..<(bounds.count - 1) where bounds[i] <= t && t < bounds[i + 1] { return i }
        return nil
    }

    @Test func importedValuesInOtherUnitsAndSleepWithoutAStageCountAsBefore() throws {
        let store = try HabitStore.inMemory()
        let path = try OwnHabitStoreTests.export([
            Self.energy("2025-10-20 09:00:00 +0200", "418.4", "kJ"),   // 100 kcal
            Self.energy("2025-10-20 10:00:00 +0200", "50", "kcal"),
            Self.energy("2025-10-21 09:00:00 +0200", "1", "Cal"),
            // A sleep sample whose value habit does not know counts as asleep, as SleepStage says.
            "<Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"Watch\" startDate=\"2025-10-20 23:00:00 +0200\" "
                + "endDate=\"2025-10-21 00:30:00 +0200\" value=\"HKCategoryValueSleepAnalysisSomethingNew\"/>",
            OwnHabitStoreTests.sleep("InBed", "2025-10-20 22:00:00 +0200", "2025-10-21 07:00:00 +0200"),
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try store.importHealthExport(at: path, now: Fixture.instant("2025-10-23T12:00:00+02:00"))
        let energy = try OwnHabitStoreTests.add(store, OwnHabitStoreTests.define(
            "burn", .quantity, unit: "kcal", goal: .atLeast(120), from: "HKQuantityTypeIdentifierActiveEnergyBurned", sources: .all))
        let range = OwnHabitStoreTests.days("2025-10-20", "2025-10-22")
        let r = try OwnHabitStoreTests.report(store, energy, range, now: "2025-10-21T20:00:00+02:00")
        let kJ = UnitConversion.convert(418.4, from: "kJ", to: "kcal")
        #expect(abs(kJ - 100) < 1e-9)
        #expect(r.days.map(\.value) == [0 + kJ + 50, 1])
        let sleep = try OwnHabitStoreTests.add(store, OwnHabitStoreTests.define(
            "sleep", .quantity, unit: "min", goal: .atLeast(60), from: "HKCategoryTypeIdentifierSleepAnalysis", sources: .all))
        #expect(try OwnHabitStoreTests.report(store, sleep, range, now: "2025-10-21T20:00:00+02:00").days.map(\.value) == [0, 90])
    }

    static func energy(_ start: String, _ value: String, _ unit: String) -> String {
        "<Record type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" sourceName=\"Watch\" unit=\"\(unit)\" "
            + "startDate=\"\(start)\" endDate=\"\(start)\" value=\"\(value)\"/>"
    }

    @Test func rawRowsHandsOverEveryRowAndStopsAtTheFirstError() throws {
        let store = try HabitStore.inMemory()
        let rest: SQL = "FROM (SELECT 1 AS a, 2.5 AS b UNION ALL SELECT 2, NULL UNION ALL SELECT 3, 4)"
        var seen: [[Double?]] = []
        try store.read { db in
            try RawRows.forEach(db, columns: "a, b", rest: rest) { row in
                seen.append([row.double(0), row.isNull(1) ? nil : row.double(1)])
            }
        }
        #expect(Set(seen.map { "\($0)" }) == ["[Optional(1.0), Optional(2.5)]", "[Optional(2.0), nil]", "[Optional(3.0), Optional(4.0)]"])
        struct Stop: Error {}
        var calls = 0
        #expect(throws: Stop.self) {
            try store.read { db in
                try RawRows.forEach(db, columns: "a", rest: rest) { _ in
                    calls += 1
                    throw Stop()
                }
            }
        }
        #expect(calls == 1)
        // The aggregate stays registered on the connection (registering it again would expire every
        // prepared statement); outside a query of RawRows it hands its rows to no one.
        #expect(try store.read { db in try DatabaseValue.fetchOne(db, sql: "SELECT habit_each_row(1)") } == .null)
        #expect(calls == 1)
        // After a stopped query, the next one reads every row again, from the cached statement.
        var again = 0
        try store.read { db in try RawRows.forEach(db, columns: "a", rest: rest) { _ in again += 1 } }
        #expect(again == 3)
    }

    // MARK: - Two connections

    /// A file store with `count` own habits of several kinds, logged on irregular days over 70 days.
    static func storeWithHabits(_ count: Int) throws -> (HabitStore, URL, [HabitDefinition]) {
        let (store, folder) = try Fixture.fileStore()
        var habits: [HabitDefinition] = []
        for n in 0..<count {
            let d = n % 3 == 0
                ? OwnHabitStoreTests.define("yes-\(n)", since: "2025-08-01")
                : n % 3 == 1
                    ? OwnHabitStoreTests.define("water-\(n)", .quantity, unit: "glass", goal: .atLeast(3), since: "2025-08-01")
                    : OwnHabitStoreTests.define("gym-\(n)", times: 2, per: .week, since: "2025-08-01")
            habits.append(try OwnHabitStoreTests.add(store, d))
        }
        let first = Fixture.day("2025-08-01")
        for (n, habit) in habits.enumerated() {
            for offset in 0..<70 where (offset * 7 + n * 3) % 5 < 3 {
                let day = first.adding(days: offset)
                try OwnHabitStoreTests.log(store, habit, habit.kind == .yesNo ? 1 : Double(1 + offset % 3),
                                           at: "\(day)T\(10 + n % 9):15:00+02:00")
            }
        }
        return (store, folder, habits)
    }

    @Test func aFileStoreReadsItsHabitsOnTwoConnectionsAsOnOne() throws {
        let (store, folder, habits) = try Self.storeWithHabits(7)
        defer { try? FileManager.default.removeItem(at: folder) }
        let env = Fixture.env("2025-10-09T21:00:00+02:00")
        let range = DayRange(Fixture.day("2025-08-01"), upTo: Fixture.day("2025-10-10"))
        let (two, one) = try store.read { db in
            (try HabitStore.overview(habits, range: range, env: env, allSources: false, StoreTransaction(db), side: true),
             try HabitStore.overview(habits, range: range, env: env, allSources: false, StoreTransaction(db), side: false))
        }
        #expect(two.reports == one.reports)
        #expect(one.reports.map(\.current).contains { $0 > 0 })
    }

    @Test func theSecondConnectionIsNotUsedWhenTheStoreChangedAfterTheReadBegan() throws {
        let (store, folder, habits) = try Self.storeWithHabits(2)
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = try HabitStore.open(path: store.path)
        let counts = try store.read { db -> [Int] in
            let before = try Int.fetchOne(db, sql: "SELECT count(*) FROM sample") ?? -1
            // Another process logs while this read is open (WAL: the read keeps its snapshot).
            try OwnHabitStoreTests.log(other, habits[0], at: "2025-10-09T22:00:00+02:00")
            // Slow items, so that the second connection is open before the first runs out of them.
            let work: @Sendable (Int, Database) throws -> Int = { _, db in
                usleep(30_000)
                return try Int.fetchOne(db, sql: "SELECT count(*) FROM sample") ?? -1
            }
            return [before] + (try SideReader.map(8, db, work))
        }
        #expect(Set(counts).count == 1, "every item reads the snapshot the read began with: \(counts)")
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sample") } == counts[0] + 1)
    }

    @Test func aFailingItemFailsTheWholeReadAndTheSideThreadIsWaitedFor() throws {
        let (store, folder, _) = try Self.storeWithHabits(1)
        defer { try? FileManager.default.removeItem(at: folder) }
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try store.read { db in
                try SideReader.map(6, db) { i, _ -> Int in
                    if i == 3 { throw Boom() }
                    return i
                }
            }
        }
        // Both connections take items (slow ones), and the results come back in order.
        let all = try store.read { db in
            try SideReader.map(12, db) { i, db -> [Int] in
                usleep(20_000)
                return [i * i, Int(bitPattern: UInt(bitPattern: db.sqliteConnection))]
            }
        }
        #expect(all.map { $0[0] } == (0..<12).map { $0 * $0 })
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            #expect(Set(all.map { $0[1] }).count == 2, "both connections worked")
        }
    }
}
