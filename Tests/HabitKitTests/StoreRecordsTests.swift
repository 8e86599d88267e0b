import Foundation
import GRDB
import Testing
@testable import HabitKit

/// The typed store's behaviour that the records and requests carry.
@Suite struct StoreRecordsTests {
    let env = Fixture.env("2025-10-21T11:00:00+02:00")

    /// The insert's column names are written out (reflection on the enum cost a quarter of a
    /// `habit log`): they are the cases' names, in bind order, and the sample table's columns.
    @Test func theInsertsColumnNamesAreTheCasesNamesAndTheTablesColumns() throws {
        typealias Column = SampleRecord.InsertColumn
        #expect(Column.names == Column.all.map { String(describing: $0) })
        #expect(Column.all.map(\.rawValue) == Array(1...Int32(Column.names.count)))
        let store = try HabitStore.inMemory()
        let columns = try store.read(StoreRequest { db in try db.columns(in: "sample").map(\.name) })
        #expect(Set(Column.names).isSubset(of: columns))
    }

    /// A workout's statistic and event are written to their rows and read back by one conversion
    /// each (the import, sync and the interchange format all go through it): every field, nil or
    /// not, and instants with their microseconds, come back as they were — before 1985 too, where a
    /// `Double` of seconds since 1970 and a `Date`'s seconds since 2001 do not share their last bits.
    @Test func aWorkoutsStatisticAndEventReadBackFromTheirRows() {
        let start = Date(timeIntervalSince1970: 1_735_722_000.123456), end = Date(timeIntervalSince1970: 4_102_444_799.5)
        let early = Date(timeIntervalSince1970: 170_000_000.123457)
        let statistics = [
            WorkoutStatistic(type: "HKQuantityTypeIdentifierHeartRate", start: start, end: end, average: 141.5, minimum: 98,
                             maximum: 176, sum: nil, unit: "count/min"),
            WorkoutStatistic(type: "HKQuantityTypeIdentifierActiveEnergyBurned", sum: 1046, unit: "kJ"),
            WorkoutStatistic(type: "HKQuantityTypeIdentifierDistanceCycling", start: early, end: early, sum: 0.5, unit: "km"),
            WorkoutStatistic(type: ""),
        ]
        for s in statistics {
            let row = WorkoutStatisticRecord(workoutId: 7, s)
            #expect(row.workoutId == 7 && row.start == s.start?.timeIntervalSince1970)
            #expect(row.statistic == s)
        }
        for e in [WorkoutEvent(type: "HKWorkoutEventTypePause", date: start, duration: 2, durationUnit: "min"), WorkoutEvent(type: "lap", date: early)] {
            let row = WorkoutEventRecord(workoutId: 7, e)
            #expect(row.workoutId == 7 && row.date == e.date?.timeIntervalSince1970)
            #expect(row.event == e)
        }
    }

    /// A habit is read by position (``HabitRecord/columnNames``, selected by every read of the
    /// habits, GRDB's requests included): the names are the table's columns, and each habit reads
    /// back as it was added — a schedule, a limit, tags, `asks` and the archive flag among them.
    @Test func aHabitReadsBackByPositionAsItWasAdded() throws {
        let store = try HabitStore.inMemory()
        var floss = OwnHabitStoreTests.define("floss")
        floss.on = WeekdaySet(mask: 0b10101)  // Monday, Wednesday, Friday
        let read = OwnHabitStoreTests.define("read", times: 2, per: .week)
        var water = OwnHabitStoreTests.define("water", .quantity, unit: "glass", goal: .atLeast(8), from: "HKQuantityTypeIdentifierDietaryWater")
        water.archived = true
        water.tags = ["evening", "health"]
        water.asks = false
        for habit in [floss, read, water] { try store.addHabit(habit) }
        let (columns, all, one) = try store.read(StoreRequest { db in
            (try db.columns(in: "habit").map(\.name), try HabitRecord.fetchAll(db).map { try $0.definition() },
             try HabitRecord.fetchOne(db, key: water.id)?.definition())
        })
        #expect(Set(HabitRecord.columnNames) == Set(columns))
        #expect(all.sorted { $0.name < $1.name } == [floss, read, water])
        #expect(one == water)
        #expect(try store.read(.ownHabits(includingArchived: true)) == [floss, read, water])
        #expect(try store.read(.habit(named: "floss", env: env)) == floss)
    }

    /// Interchange and sync lines intern their text through caches (issue 28, ``AppliedRows``):
    /// text is told apart by its bytes, as the tables' unique columns tell it, so a type, unit,
    /// device or source spelt with a composed accent and one spelt with a decomposed accent (equal
    /// as Swift strings) stay two rows, as they were when each line looked its text up.
    @Test func interchangeLinesInternTextByItsBytes() throws {
        let store = try HabitStore.inMemory()
        let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        #expect(composed == decomposed && Array(composed.utf8) != Array(decomposed.utf8))
        var lines = [composed, decomposed, composed].enumerated().map { i, text -> InterchangeLine in
            let start = Fixture.instant("2025-10-20T08:0\(i):00+02:00")
            let sample = Sample(uuid: Fixture.uuids.next(), type: "HKQuantityTypeIdentifier" + text, start: start, end: start, value: 1,
                                unit: "count/" + text, source: SourceID(unchecked: "healthkit-import:" + text), device: text,
                                created: start, utcOffset: 7200, timeZoneID: "Europe/Berlin")
            return .data(.sample(sample, SourceDescription(name: text, version: text)))
        }
        let summary = try store.importInterchange(dryRun: false) { lines.isEmpty ? nil : lines.removeFirst() }
        #expect(summary.samples == 3)
        let rows = try store.read(StoreRequest { db in
            try ["sampleType", "unit", "device", "source"].map { try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? 0 }
        })
        #expect(rows == [2, 2, 2, 2])
        let versions = try store.read(StoreRequest { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sample WHERE sourceVersionId IS NOT NULL") })
        #expect(versions == 0)  // each sample's version is its own source row's
    }

    /// An import's cache of interned ids remembers its last few texts (``InternCache``): asked for
    /// more texts than it remembers, in turns, with two that are equal as Swift strings but not by
    /// their bytes, it answers each with the id of the row that holds exactly that text, and adds
    /// one row per text.
    @Test func theInternCacheAnswersEachTextWithItsOwnRow() throws {
        let store = try HabitStore.inMemory()
        let texts = ["count", "Caf\u{E9}", "Cafe\u{301}", "km", "kcal", "min", "count/min", nil]
        let asked = (0..<5).flatMap { round in round % 2 == 0 ? texts : texts.reversed() }
        let (answers, stored) = try store.write { db in
            var cache = InternCache(.sourceVersion)  // the table that also holds "none" (nil)
            let answers = try asked.map { try cache.id($0, db) }
            let stored = try Row.fetchAll(db, sql: "SELECT id, version FROM sourceVersion").map { (id: $0["id"] as Int64, name: $0["version"] as String?) }
            return (answers, stored)
        }
        #expect(Set(answers).count == texts.count)
        #expect(stored.count == texts.count)
        for (text, id) in zip(asked, answers) {
            let row = stored.first { $0.id == id }
            #expect(row.map { $0.name.map { Array($0.utf8) } } == text.map { Array($0.utf8) })
        }
    }

    @Test func undoOfAReplacingNoAlcEntryBringsTheReplacedOneBack() throws {
        let store = try HabitStore.inMemory()
        let day = Fixture.day("2025-10-20")
        let first = try store.logAlcohol(day: day, level: .easy, drinks: 3, source: .app, env: env)
        let second = try store.logAlcohol(day: day, level: .steady, drinks: 0, source: .app, env: env)
        #expect(second.replaced == [first.samples[0].uuid])
        #expect(try store.read(.dailySummary(in: DayRange(day, upTo: day.adding(days: 1)), calendar: env.calendar))[day]?.noalc == .steady)
        let undone = try store.undo()
        #expect(undone.entry.uuid == second.samples[0].uuid)
        #expect(undone.restored.map(\.uuid) == [first.samples[0].uuid])
        #expect(undone.restored.first?.metadata["level"] == "easy")
        #expect(try store.read(.dailySummary(in: DayRange(day, upTo: day.adding(days: 1)), calendar: env.calendar))[day]?.noalc == .easy)
        // The restored entry is in the change feed again, after its tombstone.
        let changes = try store.read(.changes(since: 0))
        #expect(changes.samples.map(\.uuid) == [first.samples[0].uuid])
        #expect(try store.read(.counts).samples == 1)
    }

    @Test func deletingAReplacingEntryDoesNotBringBackWhatItReplaced() throws {
        let store = try HabitStore.inMemory()
        let day = Fixture.day("2025-10-20")
        _ = try store.logAlcohol(day: day, level: .easy, drinks: 3, source: .app, env: env)
        let second = try store.logAlcohol(day: day, level: .steady, drinks: 0, source: .app, env: env)
        try store.delete(second.samples[0].uuid)
        #expect(try store.read(.counts).samples == 0)
        #expect(throws: StoreError.self) { try store.undo() }
    }

    @Test(arguments: ["zzzzzzzz", "28d2b36ezzzz", "%", "________", "0000000", "", "' OR 1=1 --"])
    func aUUIDPrefixThatIsNotEightOrMoreHexDigitsIsRefused(prefix: String) throws {
        let store = try HabitStore.inMemory()
        _ = try store.logMeditation(InstantRange(env.now.addingTimeInterval(-600), upTo: env.now), source: .app, note: nil, env: env)
        #expect(throws: InputError.self) { try store.read(.uuids(prefix: prefix)) }
        #expect(try store.read(.counts).samples == 1)
    }

    @Test func aUUIDPrefixFindsExactlyTheEntriesItStartsWith() throws {
        let store = try HabitStore.inMemory()
        let a = try store.logMeditation(InstantRange(env.now.addingTimeInterval(-600), upTo: env.now), source: .app, note: nil, env: env)
        _ = try store.logMeditation(InstantRange(env.now.addingTimeInterval(-1200), upTo: env.now.addingTimeInterval(-600)),
                                    source: .app, note: nil, env: env)
        let full = a.samples[0].uuid.uuidString.lowercased()
        #expect(try store.read(.uuids(prefix: full)) == [a.samples[0].uuid])
        #expect(try store.read(.uuids(prefix: full.uppercased())) == [a.samples[0].uuid])
        #expect(try store.read(.uuids(prefix: "00000000")).count == 2)  // both sequential fixture UUIDs
        #expect(try store.read(.uuids(prefix: "ffffffff")).isEmpty)
    }

    /// The one list of a sample's inserted columns is the table's columns but `id`, in bind order
    /// (a column added to the schema and not to the list fails here, not in a log or an import).
    @Test func theSampleInsertListsEveryColumnOfTheTableButItsID() throws {
        let store = try HabitStore.inMemory()
        let columns = try store.read(StoreRequest { db in
            try Row.fetchAll(db, sql: "PRAGMA table_info(sample)").map { $0["name"] as String }
        })
        #expect(SampleRecord.InsertColumn.all.map(\.name) == columns.filter { $0 != "id" })
        #expect(SampleRecord.InsertColumn.all.map(\.rawValue) == Array(1...Int32(columns.count - 1)))
        #expect(SampleRecord.insertSQL.hasPrefix(#"INSERT INTO sample ("uuid", "typeId", "start", "end", "#))
    }

    /// A UUID is written lowercase everywhere, and stored text reads back as the same UUID.
    @Test func aUUIDIsStoredLowercaseAndReadsBack() throws {
        let uuid = try #require(UUID(uuidString: "28D2B36E-0A1B-4C2D-8E3F-ABCDEF012345"))
        #expect(uuid.storeText == "28d2b36e-0a1b-4c2d-8e3f-abcdef012345")
        #expect(UUID(storeText: uuid.storeText) == uuid)
    }

    /// The block pass of the SQL summary: a long, mostly empty span gives the same days as short
    /// spans asked one by one (which take the per-day path).
    @Test func aLongSparseSummaryEqualsItsShortPieces() throws {
        let store = try HabitStore.inMemory()
        let calendar = env.calendar
        let first = Fixture.day("2025-01-01")
        for (offset, minutes) in [(0, 10.0), (1, 3), (150, 25), (151, 1), (290, 12)] {
            let start = calendar.start(of: first.adding(days: offset)).addingTimeInterval(7 * 3600)
            _ = try store.logMeditation(InstantRange(start, upTo: start.addingTimeInterval(minutes * 60)), source: .app,
                                        note: nil, env: env)
        }
        let whole = try store.read(.dailySummary(in: DayRange(first, upTo: first.adding(days: 293)), calendar: calendar))
        var pieces: [DaySummary] = []
        var day = first
        while day < first.adding(days: 293) {
            let end = min(day.adding(days: 20), first.adding(days: 293))
            pieces += try store.read(.dailySummary(in: DayRange(day, upTo: end), calendar: calendar)).summaries
            day = end
        }
        #expect(whole.summaries == pieces)
        #expect(whole.summaries.filter { $0.meditateMinutes > 0 }.map(\.meditateMinutes) == [10, 3, 25, 1, 12])
    }
}

/// The daily summary reads few rows into Swift and sums many inside SQLite: both ways must give
/// the same days, across DST changes, for the app's sources and for all of them.
@Suite struct SummaryPathTests {
    @Test(arguments: ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe"])
    func bothWaysOfSummingGiveTheSameDays(zone: String) throws {
        let env = Fixture.env("2025-12-01T12:00:00+00:00", zone)
        let calendar = env.calendar
        let store = try HabitStore.inMemory()
        var rng = SeededRandom(seed: 42)
        let first = Fixture.day("2025-03-01")
        for offset in 0..<260 where rng.chance(0.7) {
            for _ in 0..<rng.int(1...3) {
                let start = calendar.start(of: first.adding(days: offset)).addingTimeInterval(Double(rng.int(0...86_399)))
                let source = rng.chance(0.3) ? try SourceID("com.example.other") : SourceID.app
                _ = try store.logMeditation(InstantRange(start, upTo: start.addingTimeInterval(Double(rng.int(60...3600)))),
                                            source: source, note: nil, env: env)
            }
            if rng.chance(0.4) {
                _ = try store.logAlcohol(day: first.adding(days: offset), level: rng.chance(0.5) ? .steady : .easy, drinks: nil,
                                         source: .app, env: env)
            }
        }
        // Two days with more rows than the rows read in Swift may have (8 a day): left to choose,
        // the summary reads some, drops them and sums the days in SQL.
        let dense = first.adding(days: 270)
        for i in 0..<20 {
            let start = calendar.start(of: dense).addingTimeInterval(Double(i * 3_000))
            _ = try store.logMeditation(InstantRange(start, upTo: start.addingTimeInterval(600)), source: .app, note: nil, env: env)
        }
        _ = try store.logAlcohol(day: dense.adding(days: 1), level: .easy, drinks: nil, source: .app, env: env)
        for days in [DayRange(first.adding(days: -3), upTo: first.adding(days: 265)), DayRange(dense, upTo: dense.adding(days: 2))] {
            let starts = (0...days.count).map { calendar.start(of: days.lowerBound.adding(days: $0)) }
            for all in [false, true] {
                let (inSwift, inSQL, chosen) = try store.write { db in
                    (try SummaryTotals.fetch(days: starts, allSources: all, energy: true, forceSQL: false, db).totals,
                     try SummaryTotals.fetch(days: starts, allSources: all, energy: true, forceSQL: true, db).totals,
                     try SummaryTotals.fetch(days: starts, allSources: all, energy: true, db).totals)
                }
                #expect(inSwift.count == days.count && chosen.count == days.count)
                for (a, (b, c)) in zip(inSwift, zip(inSQL, chosen)) {
                    #expect(abs(a.mindfulSeconds - b.mindfulSeconds) < 1e-6 && abs(c.mindfulSeconds - b.mindfulSeconds) < 1e-6)
                    #expect(a.alcohol == b.alcohol && a.workouts == b.workouts)
                    #expect(c.alcohol == b.alcohol && c.workouts == b.workouts)
                }
                #expect(inSwift.contains { $0.mindfulSeconds > 0 })
            }
        }
        let denseMinutes = try store.write { db in
            try SummaryTotals.fetch(days: [calendar.start(of: dense), calendar.start(of: dense.adding(days: 1))], allSources: false,
                                    energy: false, db).totals.map { $0.mindfulSeconds / 60 }
        }
        #expect(denseMinutes == [200])
    }
    /// `--all-sources` over years sums pieces of days on two connections: the same days, and the
    /// same count of other sources' rows, as one connection summing the whole range at once.
    @Test(arguments: ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe"])
    func piecesOnTwoConnectionsGiveWhatTheWholeRangeGives(zone: String) throws {
        let env = Fixture.env("2025-12-01T12:00:00+00:00", zone)
        let calendar = env.calendar
        let (store, folder) = try Fixture.fileStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        var rng = SeededRandom(seed: 7)
        let first = Fixture.day("2022-03-01")
        let dayCount = 2 * SummaryTotals.daysPerPiece + 300  // three pieces, the last one short
        for offset in stride(from: 0, to: dayCount, by: 3) {
            // Some entries right at a day's start, where an off-by-one between pieces would show.
            let into = rng.chance(0.2) ? 0 : Double(rng.int(0...86_399))
            let start = calendar.start(of: first.adding(days: offset + rng.int(0...2))).addingTimeInterval(into)
            let source = rng.chance(0.5) ? try SourceID("com.example.other") : SourceID.app
            _ = try store.logMeditation(InstantRange(start, upTo: start.addingTimeInterval(Double(rng.int(60...3600)))),
                                        source: source, note: nil, env: env)
        }
        let days = DayRange(first, upTo: first.adding(days: dayCount))
        let ranges = (0..<days.count).map { calendar.instants(of: days.lowerBound.adding(days: $0)) }
        let (two, one, whole, others) = try store.read { db in
            (try SummaryTotals.fetchInPieces(ranges, allSources: true, energy: true, countingOthers: true, side: true, db),
             try SummaryTotals.fetchInPieces(ranges, allSources: true, energy: true, countingOthers: true, side: false, db),
             try SummaryTotals.fetch(over: ranges, allSources: true, energy: true, db),
             try SummaryTotals.otherSourceCount(in: calendar.instants(of: days), energy: true, db))
        }
        #expect(two.totals.count == days.count && one.totals.count == days.count)
        #expect(two.totals.map(\.mindfulSeconds) == whole.map(\.mindfulSeconds))
        #expect(one.totals.map(\.mindfulSeconds) == whole.map(\.mindfulSeconds))
        #expect(two.others == others && one.others == others)
        #expect(others > 100 && whole.filter { $0.mindfulSeconds > 0 }.count > 300)
        // The summary's entry point, forced into SQL as for many rows a day, takes the pieces and
        // hands their count on; the rows read into Swift give the same days.
        let starts = (0...days.count).map { calendar.start(of: days.lowerBound.adding(days: $0)) }
        let (inSQL, inSwift) = try store.read { db in
            (try SummaryTotals.fetch(days: starts, allSources: true, energy: true, forceSQL: true, countingOthers: true, db),
             try SummaryTotals.fetch(days: starts, allSources: true, energy: true, forceSQL: false, countingOthers: true, db))
        }
        #expect(inSQL.others == others && inSwift.others == nil)
        #expect(inSQL.totals.map(\.mindfulSeconds) == whole.map(\.mindfulSeconds))
        #expect(zip(inSwift.totals, whole).allSatisfy { abs($0.mindfulSeconds - $1.mindfulSeconds) < 1e-6 })
        #expect(try store.read(.dailySummary(in: days, calendar: calendar, allSources: true)).otherSourceCount == others)
    }
}

@Suite struct DeviceDescriptionTests {
    @Test(arguments: [
        ("<<HKDevice: 0x283f7c5a0>, name:Apple Watch, manufacturer:Apple Inc.>", "<<HKDevice>, name:Apple Watch, manufacturer:Apple Inc.>"),
        ("<<HKDevice: 0xABCDEF>>", "<<HKDevice>>"),
        ("<<HKDevice: 0x>>", "<<HKDevice: 0x>>"),
        ("iPhone", "iPhone"),
        ("", ""),
        ("HKDevice: 0x1 HKDevice: 0x2", "HKDevice HKDevice: 0x2"),
    ])
    func theMemoryAddressIsDroppedAndNothingElse(input: String, expected: String) {
        #expect(DeviceDescription.normalised(input) == expected)
    }
}

@Suite struct TimelineRulesTests {
    let calendar = HabitCalendar(timeZone: Fixture.zone("Europe/Berlin"))

    func at(_ iso: String) -> Date { Fixture.instant(iso) }

    @Test func samplesWithinThreeHoursOfTheNightsEndBelongToIt() {
        let nights = TimelineRules.nights([
            SleepInterval(start: at("2025-10-20T23:00:00+02:00"), end: at("2025-10-21T02:00:00+02:00"), stage: .core),
            SleepInterval(start: at("2025-10-21T02:00:00+02:00"), end: at("2025-10-21T02:20:00+02:00"), stage: .awake),
            SleepInterval(start: at("2025-10-21T05:00:00+02:00"), end: at("2025-10-21T06:30:00+02:00"), stage: .deep),
            SleepInterval(start: at("2025-10-21T13:00:00+02:00"), end: at("2025-10-21T13:30:00+02:00"), stage: .asleep),
        ])
        #expect(nights.count == 2)
        #expect(nights[0].end == at("2025-10-21T06:30:00+02:00"))
        #expect(nights[0].asleep == 4.5 * 3600)
        #expect(abs((nights[0].stages[.awake] ?? 0) - 20 * 60) < 1e-6)
        #expect(nights[1].asleep == 30 * 60)
    }

    /// Issue 22, point 4: an iPhone in bed 23:24–06:00 and a Garmin in bed 23:09–08:00 are one
    /// night in bed of 23:09–08:00 (8 h 51 min), not 15 h 26 min; overlapping asleep samples of
    /// two sources count once too.
    @Test func overlappingSourcesCountEachInstantOnce() {
        let nights = TimelineRules.nights([
            SleepInterval(start: at("2025-10-20T23:09:00+02:00"), end: at("2025-10-21T08:00:00+02:00"), stage: .inBed),
            SleepInterval(start: at("2025-10-20T23:24:00+02:00"), end: at("2025-10-21T06:00:00+02:00"), stage: .inBed),
            SleepInterval(start: at("2025-10-20T23:30:00+02:00"), end: at("2025-10-21T03:00:00+02:00"), stage: .core),
            SleepInterval(start: at("2025-10-21T00:00:00+02:00"), end: at("2025-10-21T04:00:00+02:00"), stage: .asleep),
            SleepInterval(start: at("2025-10-21T05:00:00+02:00"), end: at("2025-10-21T06:00:00+02:00"), stage: .rem),
        ])
        #expect(nights.count == 1)
        #expect(nights[0].inBed == 8 * 3600 + 51 * 60)
        #expect(nights[0].asleep == 4.5 * 3600 + 3600)  // 23:30–04:00 and 05:00–06:00
        #expect(nights[0].stages[.core] == 3.5 * 3600)
        #expect(TimelineRules.covered([(10.0, 20.0), (0, 5), (4, 12), (30, 31)] as [(Double, Double)]) == 21)
        #expect(TimelineRules.covered([] as [(Double, Double)]) == 0)
    }

    @Test(arguments: [("HKCategoryValueSleepAnalysisInBed", SleepStage.inBed, false), ("HKCategoryValueSleepAnalysisAsleepREM", .rem, true),
                      ("HKCategoryValueSleepAnalysisAwake", .awake, false), ("SomethingNew", .asleep, true)])
    func stagesReadFromTheirCategoryValue(value: String, stage: SleepStage, asleep: Bool) {
        #expect(SleepStage(categoryValue: value) == stage)
        #expect(stage.isAsleep == asleep)
    }
}

@Suite struct ReminderCancellationTests {
    let calendar = HabitCalendar(timeZone: Fixture.zone("Europe/Berlin"))
    var reminder: Reminder {
        Reminder(id: 1, title: "Meditate", message: "", activity: "meditate", time: LocalTime(hour: 20, minute: 0)!,
                 lookbackHours: 12, created: Fixture.instant("2025-10-01T00:00:00+02:00"))
    }

    @Test(arguments: [("2025-10-21T19:00:00+02:00", true), ("2025-10-21T08:00:00+02:00", true), ("2025-10-21T07:59:00+02:00", false),
                      ("2025-10-21T20:00:00+02:00", true), ("2025-10-21T20:01:00+02:00", false)])
    func aCompletionCancelsTheNextOccurrenceWhenInsideItsLookBack(completed: String, cancels: Bool) {
        let cancelled = reminder.occurrenceCancelled(byCompletionAt: Fixture.instant(completed), calendar: calendar)
        #expect((cancelled != nil) == cancels)
    }

    @Test func aPausedReminderCancelsNothing() {
        var paused = reminder
        paused.enabled = false
        #expect(paused.occurrenceCancelled(byCompletionAt: Fixture.instant("2025-10-21T19:00:00+02:00"), calendar: calendar) == nil)
    }
}

@Suite struct NoAlcReplacementTests {
    func entry(_ source: String) -> Sample {
        Sample(uuid: Fixture.uuids.next(), type: SampleType.alcoholicBeverages, start: Date(timeIntervalSince1970: 0),
               end: Date(timeIntervalSince1970: 0), value: 0, unit: "count", source: SourceID(unchecked: source),
               created: Date(timeIntervalSince1970: 0), utcOffset: 0, timeZoneID: "UTC")
    }

    @Test func theAppsEntryReplacesTheAppsEarlierOnesOnly() {
        let existing = [entry("dev.habit"), entry("dev.habit.watch"), entry("com.example.other"), entry("dev.habitual")]
        #expect(NoAlcLevel.entriesReplaced(by: .app, among: existing).map(\.source.bundleID) == ["dev.habit", "dev.habit.watch"])
        #expect(NoAlcLevel.entriesReplaced(by: SourceID(unchecked: "com.example.other"), among: existing).isEmpty)
    }
}
