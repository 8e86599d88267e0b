import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Entries that name a day (issue 46, point 3; Standards/date-semantics.md, "Entries that name a
/// day"): a NoAlc entry and an own habit's entry for a day start at the first instant of that
/// calendar day and belong to it whatever `day-start` is; the upgrade moves v10's noon entries back.
@Suite struct DayEntryTests {
    static let zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe"]
    /// Around each zone's DST changes of 2025 (Lord Howe moves by 30 minutes) and an ordinary day.
    static let days = ["2025-03-09", "2025-03-30", "2025-04-06", "2025-10-05", "2025-10-26", "2025-11-02", "2025-07-01"]
    /// 00:00 to 12:00 in 30-minute steps.
    static let dayStarts = stride(from: 0, through: 12 * 60, by: 30).map { LocalTime(uncheckedHour: $0 / 60, minute: $0 % 60, second: 0) }

    @Test(arguments: zones)
    func aDayEntryStartsAtItsDaysFirstInstantAndBelongsToItForEveryDayStart(_ zone: String) {
        for text in Self.days {
            let day = Fixture.day(text)
            let civil = HabitCalendar(timeZone: Fixture.zone(zone))
            for dayStart in Self.dayStarts {
                let calendar = HabitCalendar(timeZone: Fixture.zone(zone), dayStart: dayStart)
                let at = calendar.entryInstant(of: day)
                #expect(at == civil.start(of: day) && calendar.time(of: at) == .midnight, "\(text) day-start \(dayStart)")
                #expect(calendar.day(ofEntryAt: at, namesADay: true) == day, "\(text) day-start \(dayStart)")
            }
        }
    }

    /// A NoAlc entry and an own habit's `--date` entry for each DST day, logged with each day-start,
    /// are counted on that day — and only there — by the daily summary, the own habit's days (read
    /// from samples and from kept day totals), `stats` and the first day of the history.
    @Test(arguments: zones)
    func aDayEntryIsCountedOnItsDayForEveryDayStart(_ zone: String) throws {
        for dayStart in Self.dayStarts {
            let store = try HabitStore.inMemory()
            var env = Fixture.env("2025-12-01T20:00:00Z", zone)
            env.dayStart = dayStart
            _ = try store.saveSetting(.dayStart, dayStart.description, at: env.now)
            let floss = try OwnHabitStoreTests.add(store, OwnHabitStoreTests.define("floss", .quantity, unit: "glass",
                                                                                   goal: .atLeast(1), since: "2025-12-01"))
            let days = Self.days.map(Fixture.day).sorted()
            for (i, day) in days.enumerated() {
                let drinks = try store.logAlcohol(day: day, level: .wild, drinks: 7, source: .app, env: env)
                let logged = try store.log(.habitDay(floss, amount: Double(i + 1), day: day, note: nil), env: env)
                for sample in drinks.samples + logged.samples {
                    #expect(sample.start == env.calendar.civil.start(of: day), "\(day) day-start \(dayStart)")
                }
                #expect(logged.samples[0].metadata[DayEntry.metadataKey] == DayEntry.markValue)
            }
            let range = DayRange(Fixture.day("2025-03-01"), upTo: Fixture.day("2025-11-10"))
            let expected = Dictionary(uniqueKeysWithValues: days.enumerated().map { ($1, Double($0 + 1)) })
            let summary = try store.read(.dailySummary(in: range, calendar: env.calendar))
            for s in summary.summaries {
                #expect(s.alcoholTotal == (expected[s.day] == nil ? nil : 6), "\(s.day) day-start \(dayStart)")
            }
            for keptTotals in [true, true, false] {  // the second read answers from kept totals
                let report = try store.read(StoreRequest { db in
                    try HabitStore.overview([floss], range: range, env: env, allSources: false, StoreTransaction(db), keptTotals: keptTotals)
                }).reports[0]
                #expect(report.days.map(\.value) == range.map { expected[$0] ?? 0 }, "day-start \(dayStart)")
                #expect(report.firstDay == days[0], "day-start \(dayStart)")
            }
            let stats = try store.read(.statistics(of: .habit(floss), per: .day, days: range, allSources: false, env: env))
            #expect(stats.buckets.map(\.sum) == range.map { expected[$0] ?? 0 }, "day-start \(dayStart)")
        }
    }

    /// A NoAlc entry replaces the earlier entries of its calendar day, whatever day-start is.
    @Test func aNoAlcEntryReplacesTheEntriesOfItsCalendarDay() throws {
        let store = try HabitStore.inMemory()
        var env = Fixture.env("2025-10-28T20:00:00+01:00")
        env.dayStart = LocalTime(uncheckedHour: 4, minute: 0, second: 0)
        let day = Fixture.day("2025-10-26")
        _ = try store.logAlcohol(day: day, level: .steady, drinks: 0, source: .app, env: env)
        _ = try store.logAlcohol(day: day.adding(days: 1), level: .steady, drinks: 0, source: .app, env: env)
        let second = try store.logAlcohol(day: day, level: .easy, drinks: 3, source: .app, env: env)
        #expect(second.replaced.count == 1)
        let summary = try store.read(.dailySummary(in: DayRange(day, upTo: day.adding(days: 2)), calendar: env.calendar))
        #expect(summary.summaries.map(\.alcoholTotal) == [4, 0])
    }

    /// A store of the release before v10 (NoAlc entries at 00:00, own `--date` entries at their
    /// day's start, unmarked) upgrades with every start unchanged; the copies `undo` keeps too.
    @Test(arguments: [("Europe/Berlin", "00:00"), ("America/New_York", "00:00"), ("Australia/Lord_Howe", "00:00")])
    func aStoreFromBeforeV10KeepsEveryNoAlcStart(_ zone: String, _ dayStart: String) throws {
        let (store, folder) = try Fixture.fileStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store/habit.sqlite").path
        let env = Fixture.env("2025-11-20T20:00:00+01:00", zone)
        let floss = try OwnHabitStoreTests.add(store, OwnHabitStoreTests.define("floss"))
        let days = ["2025-10-05", "2025-10-26", "2025-11-02"].map(Fixture.day)
        var logged: [UUID] = []
        for day in days {
            logged.append(try store.logAlcohol(day: day, level: .steady, drinks: 0, source: .app, env: env).samples[0].uuid)
            // As that release wrote `log floss --date`: at the day's start, unmarked.
            let at = env.calendar.start(of: day)
            _ = try store.logHabit(floss, amount: 1, InstantRange(at, upTo: at), note: nil, env: env)
        }
        _ = try store.logAlcohol(day: days[0], level: .easy, drinks: 3, source: .app, env: env)  // replaces the first
        let before = try store.read(.entries(in: InstantRange(Fixture.instant("2025-09-01T00:00:00Z"), upTo: Fixture.instant("2025-12-01T00:00:00Z"))))
        #expect(before.allSatisfy { env.calendar.time(of: $0.start) == .midnight })
        // Schema 9, as that release left it (v10 and everything after to run again).
        try store.write { db in
            try db.execute(sql: "UPDATE sample SET metadata = json_remove(metadata, '$.dayEntry') WHERE metadata IS NOT NULL")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier IN ('v10-noalc-entries-at-noon', 'v22-day-entries-at-midnight')")
            try db.execute(sql: "PRAGMA user_version = 9")
        }
        let upgraded = try HabitStore.open(path: path)
        let after = try upgraded.read(.entries(in: InstantRange(Fixture.instant("2025-09-01T00:00:00Z"), upTo: Fixture.instant("2025-12-01T00:00:00Z"))))
        #expect(after.map(\.start) == before.map(\.start))
        let samples = after.compactMap { if case .sample(let s) = $0 { s } else { nil } }
        #expect(samples.count == before.count && samples.allSatisfy { $0.metadata[DayEntry.metadataKey] == nil })
        // `undo` brings back the replaced entry, at its start too.
        _ = try upgraded.undo()
        let back = try upgraded.read(.entries(in: env.calendar.instants(of: days[0])))
        #expect(back.contains { $0.uuid == logged[0] && env.calendar.time(of: $0.start) == .midnight })
    }

    /// A store a release with v10 wrote (NoAlc and own `--date` entries at 12:00) upgrades with
    /// them back at the first instant of their day, own entries marked; `undo`'s copies too; an
    /// own entry at another time stays where it is, unmarked.
    @Test(arguments: [("Europe/Berlin", "04:00"), ("America/New_York", "02:30"), ("Australia/Lord_Howe", "00:00")])
    func aStoreWrittenWithNoonEntriesGetsThemBackAtTheirDaysStart(_ zone: String, _ dayStart: String) throws {
        let (store, folder) = try Fixture.fileStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store/habit.sqlite").path
        var env = Fixture.env("2025-11-20T20:00:00+01:00", zone)
        env.dayStart = LocalTime(dayStart)!
        _ = try store.saveSetting(.dayStart, dayStart, at: env.now)
        let floss = try OwnHabitStoreTests.add(store, OwnHabitStoreTests.define("floss"))
        let days = ["2025-10-05", "2025-10-26", "2025-11-02"].map(Fixture.day)
        var logged: [UUID] = []
        for day in days {
            let noon = env.calendar.firstInstant(day, .noon)
            logged.append(try store.logAlcohol(day: day, level: .steady, drinks: 0, source: .app, env: env).samples[0].uuid)
            _ = try store.logHabit(floss, amount: 1, InstantRange(noon, upTo: noon), note: nil, env: env)
        }
        let timed = env.calendar.firstInstant(days[1], LocalTime(uncheckedHour: 8, minute: 0, second: 0))
        _ = try store.logHabit(floss, amount: 1, InstantRange(timed, upTo: timed), note: nil, env: env)
        _ = try store.logAlcohol(day: days[0], level: .easy, drinks: 3, source: .app, env: env)  // replaces the first
        // As v10 to v20 left them: at 12:00 of their date, unmarked.
        try store.write { db in
            for row in try Row.fetchAll(db, sql: "SELECT id, start FROM sample WHERE metadata LIKE '%level%'") {
                let id: Int64 = row[0], start: Double = row[1]
                let noon = env.calendar.firstInstant(env.calendar.civil.day(containing: Date(timeIntervalSince1970: start)), .noon)
                try db.execute(sql: #"UPDATE sample SET start = ?, "end" = ? WHERE id = ?"#, arguments: [noon.timeIntervalSince1970, noon.timeIntervalSince1970, id])
                try db.execute(sql: "UPDATE replacedSample SET record = json_set(record, '$.start', ?, '$.end', ?) WHERE sampleId = ?",
                               arguments: [noon.timeIntervalSince1970, noon.timeIntervalSince1970, id])
            }
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v22-day-entries-at-midnight'")
            try db.execute(sql: "PRAGMA user_version = 20")
        }
        let upgraded = try HabitStore.open(path: path)
        let after = try upgraded.read(.entries(in: InstantRange(Fixture.instant("2025-09-01T00:00:00Z"), upTo: Fixture.instant("2025-12-01T00:00:00Z"))))
        let samples = after.compactMap { if case .sample(let s) = $0 { s } else { nil } }
        #expect(samples.count == 7)
        for s in samples where s.start != timed {
            let day = env.calendar.civil.day(containing: s.start)
            #expect(days.contains(day) && s.start == env.calendar.entryInstant(of: day), "\(s.type) \(s.start)")
            #expect(DayEntry.namesADay(type: s.type, metadata: s.metadata))
            #expect(s.type == SampleType.alcoholicBeverages || s.metadata[DayEntry.metadataKey] == DayEntry.markValue)
        }
        #expect(samples.filter { $0.start == timed }.map { $0.metadata[DayEntry.metadataKey] } == [nil])
        // Counted on their days: floss on each of the three, twice on the second.
        let range = DayRange(days[0], upTo: days[2].adding(days: 1))
        let report = try upgraded.read(.overview([floss], range: range, env: env)).reports[0]
        #expect(report.days.filter { $0.value > 0 }.map(\.day) == days)
        _ = try upgraded.undo()
        let back = try upgraded.read(.entries(in: env.calendar.civil.instants(of: days[0])))
        #expect(back.contains { $0.uuid == logged[0] && $0.start == env.calendar.entryInstant(of: days[0]) })
    }

    /// A tracker's checks name their days: at the first instant, marked. Checks an older release
    /// imported at the middle of their habit day are moved there by v22, keep their UUIDs, and a
    /// second import of the same file finds them (nothing twice).
    @Test func trackerChecksNameTheirDaysAndAnOlderImportIsFoundAgain() throws {
        let (store, folder) = try Fixture.fileStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store/habit.sqlite").path
        var env = Fixture.env("2026-11-25T20:00:00+01:00")
        env.dayStart = LocalTime(uncheckedHour: 4, minute: 0, second: 0)
        _ = try store.saveSetting(.dayStart, "04:00", at: env.now)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/trackers/generic.csv").path
        let first = try store.importTracker(try GenericCSVReader.read(path: file), env: env, dryRun: false)
        let added = first.habits.reduce(0) { $0 + $1.checksAdded }
        #expect(added > 0)
        let samples = { (s: HabitStore) in
            try s.read(.entries(in: InstantRange(Fixture.instant("2026-01-01T00:00:00Z"), upTo: Fixture.instant("2027-01-01T00:00:00Z"))))
                .compactMap { if case .sample(let x) = $0 { x } else { nil } }
        }
        for s in try samples(store) {
            #expect(s.metadata[DayEntry.metadataKey] == DayEntry.markValue && env.calendar.time(of: s.start) == .midnight)
        }
        // As the older release left them: at the middle of their habit day, with that UUID, unmarked.
        let imported = try samples(store)
        try store.write { db in
            for s in imported {
                let day = env.calendar.civil.day(containing: s.start)
                let middle = TrackerIdentity.legacyCheckInstant(of: day, calendar: env.calendar)
                let habitID = try String.fetchOne(db, sql: "SELECT id FROM habit WHERE name = ?", arguments: [s.metadata["habit"]])!
                let uuid = TrackerIdentity.checkUUID(habitID: habitID, day: day, at: middle)
                var metadata = s.metadata
                metadata[DayEntry.metadataKey] = nil
                try db.execute(sql: #"UPDATE sample SET uuid = ?, start = ?, "end" = ?, metadata = ? WHERE uuid = ?"#,
                               arguments: [uuid.storeText, middle.timeIntervalSince1970, middle.timeIntervalSince1970,
                                           MetadataCoding.encode(metadata), s.uuid.storeText])
            }
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v22-day-entries-at-midnight'")
            try db.execute(sql: "PRAGMA user_version = 20")
        }
        let upgraded = try HabitStore.open(path: path)
        let moved = try samples(upgraded)
        #expect(moved.count == added)
        for s in moved {
            #expect(s.metadata[DayEntry.metadataKey] == DayEntry.markValue && env.calendar.time(of: s.start) == .midnight, "\(s.start)")
        }
        let again = try upgraded.importTracker(try GenericCSVReader.read(path: file), env: env, dryRun: false)
        #expect(again.habits.reduce(0) { $0 + $1.checksAdded } == 0)
        #expect(try samples(upgraded).count == added)
    }
}
