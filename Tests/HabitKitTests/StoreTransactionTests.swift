import Foundation
import GRDB
import Testing
@testable import HabitKit

/// The transaction in progress is handed down (``StoreTransaction``), never looked up by its
/// connection in a registry (issue 48): a snapshot's settings and grants reach every rule of the
/// snapshot — on the second connection of a long read too — and a batch's store joins the batch.
@Suite struct StoreTransactionTests {
    static let env = Fixture.env("2025-12-01T12:00:00+00:00", "Europe/Berlin")

    /// `--all-sources` over twenty years counts other sources' rows in pieces on two connections
    /// (``SummaryTotals/fetchInPieces(_:allSources:energy:countingOthers:grants:side:_:)``). A
    /// grant changed by another process after a snapshot began does not move the change counter,
    /// so the second connection reads "the same state" — and it used to read the grants anew in
    /// its own transaction (the registry knew only the first connection): pieces it summed
    /// counted by the new grants, the others by the snapshot's. Every piece counts by the
    /// snapshot's now. (On a one-core machine there is no second connection and this holds trivially.)
    @Test func aSnapshotsSecondConnectionCountsByTheSnapshotsGrants() throws {
        let (store, folder) = try Fixture.fileStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let calendar = Self.env.calendar
        let first = Fixture.day("2005-01-01")
        let days = DayRange(first, upTo: first.adding(days: 20 * 365))
        let other = try SourceID("com.example.other")
        try store.inOneTransaction { batch in
            for offset in stride(from: 0, to: days.count, by: 3) {
                let start = calendar.start(of: first.adding(days: offset)).addingTimeInterval(8 * 3600)
                _ = try batch.logMeditation(InstantRange(start, upTo: start.addingTimeInterval(600)), source: other, note: nil, env: Self.env)
            }
        }
        let starts = (0...days.count).map { calendar.start(of: days.lowerBound.adding(days: $0)) }
        func others(_ s: HabitStore) throws -> Int? {
            try s.read { db in
                try SummaryTotals.fetch(days: starts, allSources: true, energy: true, forceSQL: true, countingOthers: true, db).others
            }
        }
        let allowed = try #require(try others(store))
        #expect(allowed == (days.count + 2) / 3)
        let elsewhere = try HabitStore.open(path: folder.appendingPathComponent("store/habit.sqlite").path)
        try store.snapshot { snapshot, _ in
            _ = try elsewhere.setAccess(SampleType.mindfulSession, allow: false, read: true, write: false, at: Self.env.now)
            for round in 0..<3 {
                #expect(try others(snapshot) == allowed, "round \(round)")
                #expect(try snapshot.read(.dailySummary(in: days, calendar: calendar, allSources: true)).otherSourceCount
                        == allowed, "round \(round)")
            }
        }
        #expect(try others(store) == 0)  // the grant was changed: a new read counts by it
    }

    /// The store ``HabitStore/inOneTransaction(_:)`` hands its body reads and writes in the
    /// batch: what it wrote is read back inside, and a failure undoes every write of it.
    @Test func aBatchsStoreReadsItsOwnWritesAndAFailureUndoesThemAll() throws {
        let store = try HabitStore.inMemory()
        let start = Self.env.calendar.start(of: Self.env.today).addingTimeInterval(3600)
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try store.inOneTransaction { batch in
                _ = try batch.logMeditation(InstantRange(start, upTo: start.addingTimeInterval(600)), source: .app, note: nil, env: Self.env)
                let inside = try batch.read(.dailySummary(in: DayRange(day: Self.env.today), calendar: Self.env.calendar))
                #expect(inside.summaries.first?.meditateMinutes == 10)
                throw Stop()
            }
        }
        #expect(try store.read(.dailySummary(in: DayRange(day: Self.env.today), calendar: Self.env.calendar)).summaries.first?.meditateMinutes == 0)
    }
}
