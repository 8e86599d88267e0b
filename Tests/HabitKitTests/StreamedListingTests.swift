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
}
