import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Issue 28, point 4: `log list` and `timeline` stream from cursors. The streamed order must be
/// the order the whole list had: newest first, ties by UUID (descending), samples and workouts
/// merged, each workout with its own samples.
@Suite struct StreamedListingTests {
    let env = Fixture.env("2025-10-26T10:00:00+01:00")

    private func sample(_ uuid: String, _ at: String, workout: UUID? = nil) -> Sample {
        Sample(uuid: UUID(uuidString: uuid)!, type: SampleType.mindfulSession, start: Fixture.instant(at), end: Fixture.instant(at).addingTimeInterval(600),
               value: nil, unit: nil, source: .app, created: env.now, utcOffset: 3600, timeZoneID: "Europe/Berlin", workout: workout)
    }

    /// Three entries at one instant (two samples, one workout), others before and after: the
    /// stream gives them by (start, UUID) descending, the workout with its energy sample.
    @Test func entriesStreamNewestFirstTiesByUUIDWithWorkoutsMerged() throws {
        let store = try HabitStore.inMemory()
        var batch = DemoGenerator.Batch()
        let same = "2025-10-25T08:00:00+01:00"
        batch.samples = [sample("00000000-0000-0000-0000-00000000000a", same), sample("F0000000-0000-0000-0000-000000000000", same),
                         sample("50000000-0000-0000-0000-000000000000", "2025-10-25T09:00:00+01:00"),
                         sample("60000000-0000-0000-0000-000000000000", "2025-10-24T09:00:00+01:00")]
        for (uuid, at, part) in [("A0000000-0000-0000-0000-000000000000", same, "E0000000-0000-0000-0000-000000000000"),
                                 ("10000000-0000-0000-0000-000000000000", "2025-10-24T20:00:00+01:00", "D0000000-0000-0000-0000-000000000000")] {
            let w = Workout(uuid: UUID(uuidString: uuid)!, activityType: "HKWorkoutActivityTypeYoga", start: Fixture.instant(at),
                            end: Fixture.instant(at).addingTimeInterval(1800), duration: 1800, totalEnergyKcal: 100, totalDistanceMeters: nil,
                            source: .app, created: env.now, utcOffset: 3600, timeZoneID: "Europe/Berlin")
            var energy = sample(part, at, workout: w.uuid)
            energy.type = SampleType.activeEnergyBurned
            batch.workouts.append((w, energy))
        }
        try store.insert(batch)
        let range = InstantRange(Fixture.instant("2025-10-01T00:00:00Z"), upTo: Fixture.instant("2025-11-01T00:00:00Z"))
        var streamed: [Entry] = []
        try store.snapshot { store, _ in try store.read(.eachEntry(in: range) { streamed.append($0) }) }
        let expected = ["50000000", "F0000000", "A0000000", "00000000", "10000000", "60000000"]
        #expect(streamed.map { String($0.uuid.uuidString.prefix(8)) } == expected)
        #expect(streamed.map(\.uuid) == streamed.sorted { ($0.start, $0.uuid.uuidString) > ($1.start, $1.uuid.uuidString) }.map(\.uuid))
        guard case .workout(_, let parts) = streamed[2] else { Issue.record("the third entry is the workout"); return }
        #expect(parts.map { String($0.uuid.uuidString.prefix(8)) } == ["E0000000"])
        #expect(try store.read(.entries(in: range)).map(\.uuid) == streamed.map(\.uuid))
        // Without the workouts' samples (the text `log list`): the same entries in the same order,
        // every workout with no samples.
        var bare: [Entry] = []
        try store.snapshot { store, _ in try store.read(.eachEntry(in: range, workoutSamples: false) { bare.append($0) }) }
        #expect(bare.map(\.uuid) == streamed.map(\.uuid))
        #expect(bare.map(\.start) == streamed.map(\.start))
        for entry in bare { if case .workout(_, let parts) = entry { #expect(parts.isEmpty) } }
    }

    /// The samples of a span of days are found through the (type, start) index, one type at a
    /// time: without it every sample of the store was read for a two-day `log list` (and for
    /// each change `habit ui` made). SQLite's plan says which.
    @Test func entriesOfASpanAreSoughtThroughTheTypeIndexNotAScan() throws {
        let store = try HabitStore.inMemory()
        var batch = DemoGenerator.Batch()
        batch.samples = [sample("50000000-0000-0000-0000-000000000000", "2025-10-25T09:00:00+01:00")]
        try store.insert(batch)
        let range = InstantRange(Fixture.instant("2025-10-24T00:00:00Z"), upTo: Fixture.instant("2025-10-26T00:00:00Z"))
        let plan = try store.read { db -> [String] in
            let statement = try StoreRequest<Void>.entrySamples(in: range, grants: AccessGrants(), allSources: true)
                .makePreparedRequest(db).statement
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + statement.sql, arguments: statement.arguments).map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("sample_type_start") || $0.contains("sample_type_source_start") }, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN s") }, "\(plan)")
    }

    /// Workouts' samples, statistics and events are read a batch of workouts at a time
    /// (``WorkoutBatches``), not one statement a workout: across batch boundaries (600 workouts,
    /// batches of 256) each workout gets exactly its own rows, in the order a statement for it
    /// alone gives — the listing's samples (anchor order), the export's statistics and events, and
    /// the timeline's heart rate (the first heart-rate statistic by row).
    @Test func workoutsRowsReadInBatchesAreEachWorkoutsOwn() throws {
        let store = try HabitStore.inMemory()
        var batch = DemoGenerator.Batch()
        let first = Fixture.instant("2025-01-01T07:00:00+01:00")
        for i in 0..<600 {
            let at = first.addingTimeInterval(Double(i) * 3_600)
            let w = Workout(uuid: Fixture.uuids.next(), activityType: "HKWorkoutActivityTypeYoga", start: at, end: at.addingTimeInterval(1800),
                            duration: 1800, totalEnergyKcal: 100, totalDistanceMeters: nil, source: .app, created: env.now,
                            utcOffset: 3600, timeZoneID: "Europe/Berlin")
            let energy = Sample(uuid: Fixture.uuids.next(), type: SampleType.activeEnergyBurned, start: at, end: at.addingTimeInterval(1800),
                                value: Double(i), unit: "kcal", source: .app, created: env.now, utcOffset: 3600, timeZoneID: "Europe/Berlin", workout: w.uuid)
            batch.workouts.append((w, energy))
        }
        try store.insert(batch)
        // More samples for some workouts, and statistics and events for others (by row, as an import writes them).
        try store.write { db in
            let ids = try Int64.fetchAll(db, sql: "SELECT id FROM workout ORDER BY start")
            for (i, id) in ids.enumerated() {
                for k in 0..<(i % 3) {
                    try db.execute(sql: "INSERT INTO workoutStatistic (workoutId, type, sum, unit) VALUES (?, ?, ?, 'kcal')",
                                   arguments: [id, "HKQuantityTypeIdentifierActiveEnergyBurned", Double(i * 10 + k)])
                }
                if i % 4 == 0 {  // the timeline's heart rate: the first heart-rate statistic by row
                    for average in [Double(i), Double(i) + 0.5] {
                        try db.execute(sql: "INSERT INTO workoutStatistic (workoutId, type, average, maximum, unit) VALUES (?, ?, ?, ?, 'count/min')",
                                       arguments: [id, "HKQuantityTypeIdentifierHeartRate", average, average + 1])
                    }
                }
                if i % 5 == 0 {
                    try db.execute(sql: "INSERT INTO workoutEvent (workoutId, type, date) VALUES (?, 'HKWorkoutEventTypePause', ?)", arguments: [id, Double(i)])
                }
            }
        }
        // Three more samples for every seventh workout, their anchors then turned against the rows'
        // order (an anchor is a change's place in the feed, not the row's): the batch reads
        // without ORDER BY and must still list each workout's samples in anchor order.
        let distance = "HKQuantityTypeIdentifierDistanceWalkingRunning"
        var more = DemoGenerator.Batch()
        var owner: [(sample: UUID, workout: UUID)] = []
        for i in stride(from: 0, to: 600, by: 7) {
            let at = first.addingTimeInterval(Double(i) * 3_600)
            for k in 0..<3 {
                let s = Sample(uuid: Fixture.uuids.next(), type: distance, start: at.addingTimeInterval(Double(k) * 60),
                               end: at.addingTimeInterval(Double(k) * 60 + 30), value: Double(100 + k), unit: "m", source: .app,
                               created: env.now, utcOffset: 3600, timeZoneID: "Europe/Berlin")
                more.samples.append(s)
                owner.append((s.uuid, batch.workouts[i].0.uuid))
            }
        }
        try store.insert(more)
        try store.write { db in
            for (sample, workout) in owner {
                try db.execute(sql: "UPDATE sample SET workoutId = (SELECT id FROM workout WHERE uuid = ?) WHERE uuid = ?",
                               arguments: [workout.storeText, sample.storeText])
            }
            try db.execute(sql: "UPDATE sample SET anchor = 10000000 - anchor WHERE typeId = (SELECT id FROM sampleType WHERE identifier = ?)",
                           arguments: [distance])
        }
        let range = InstantRange(first, upTo: first.addingTimeInterval(600 * 3_600))
        var listed: [(Workout, [Sample])] = []
        try store.snapshot { store, _ in
            try store.read(.eachEntry(in: range) { if case .workout(let w, let parts) = $0 { listed.append((w, parts)) } })
        }
        var exported: [(Workout, [WorkoutStatistic], [WorkoutEvent])] = []
        try store.read(.interchangeLines(in: nil, type: nil, allSources: true, calendar: HabitCalendar(timeZone: Fixture.zone("Europe/Berlin"))) {
            if case .data(.workout(let w, _, let statistics, let events)) = $0 { exported.append((w, statistics, events)) }
        })
        let calendar = HabitCalendar(timeZone: Fixture.zone("Europe/Berlin"))
        let days = DayRange(calendar.day(containing: first), upTo: calendar.day(containing: range.upperBound).adding(days: 1))
        var timelined = 0
        for item in try store.read(.timeline(days: days, calendar: calendar)).flatMap(\.items) {
            guard case .workout(let w, let heartRate) = item else { continue }
            let i = Int(w.start.timeIntervalSince(first) / 3_600)
            #expect(heartRate?.average == (i % 4 == 0 ? Double(i) : nil), "workout \(i)")
            timelined += 1
        }
        #expect(timelined == 600)
        #expect(listed.count == 600)
        #expect(exported.count == 600)
        try store.read { db in
            for (w, parts) in listed {
                let id = try Int64.fetchOne(db, sql: "SELECT id FROM workout WHERE uuid = ?", arguments: [w.uuid.storeText]) ?? -1
                #expect(parts.map(\.uuid) == (try HabitStore.samples(ofWorkout: id, db)).map(\.uuid))
                let i = Int(w.start.timeIntervalSince(first) / 3_600)
                #expect(parts.count == (i % 7 == 0 ? 4 : 1) && parts.allSatisfy { $0.workout == w.uuid }, "workout \(i)")
                if i % 7 == 0 { #expect(parts.map(\.value) == [Double(i), 102, 101, 100], "workout \(i)") }
            }
            var withStatistics = 0, withEvents = 0
            for (w, statistics, events) in exported {
                let id = try Int64.fetchOne(db, sql: "SELECT id FROM workout WHERE uuid = ?", arguments: [w.uuid.storeText]) ?? -1
                let sums = try Optional<Double>.fetchAll(db, sql: "SELECT sum FROM workoutStatistic WHERE workoutId = ? ORDER BY rowid", arguments: [id])
                let dates = try Double.fetchAll(db, sql: "SELECT date FROM workoutEvent WHERE workoutId = ? ORDER BY rowid", arguments: [id])
                #expect(statistics.map(\.sum) == sums)
                #expect(events.map { $0.date?.timeIntervalSince1970 } == dates.map { Optional($0) })
                withStatistics += statistics.isEmpty ? 0 : 1
                withEvents += events.isEmpty ? 0 : 1
            }
            #expect(withStatistics == 450 && withEvents == 120)
            // Each batch statement is sought through its workoutId index, not a scan.
            let marks = databaseQuestionMarks(count: 3)
            for sql in ["SELECT * FROM workoutStatistic WHERE workoutId IN (\(marks)) ORDER BY workoutId, rowid",
                        "SELECT * FROM workoutEvent WHERE workoutId IN (\(marks)) ORDER BY workoutId, rowid",
                        "SELECT \(SampleViewRecord.selectedColumns), workoutId FROM sampleView WHERE workoutId IN (\(marks))"] {
                let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: [1, 2, 3]).map { $0["detail"] as String }
                #expect(!plan.contains { $0.hasPrefix("SCAN workout") || $0.hasPrefix("SCAN s") || $0.hasPrefix("SCAN sample") }, "\(plan)")
            }
        }
    }
}
