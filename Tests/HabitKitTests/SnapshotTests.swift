import Foundation
import Testing
@testable import HabitKit

/// A command shows one state of the store (``HabitStore/snapshot(_:)``): what another process
/// writes meanwhile — an entry, a setting — is seen by none of its reads, and its settings are
/// the ones read when it began.
struct SnapshotTests {
    @Test func everyReadOfASnapshotSeesTheStateItBeganWith() throws {
        let (store, folder) = try Fixture.fileStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let env = Fixture.env("2025-10-20T21:00:00+02:00")
        _ = try store.logMeditation(InstantRange(env.now.addingTimeInterval(-600), upTo: env.now), source: .app, note: nil, env: env)
        let other = try HabitStore.open(path: store.path)  // another process's connection
        let seen = try store.snapshot { snapshot, settings in
            let before = try snapshot.read(.counts)
            let daysBefore = try snapshot.read(.dailySummary(in: DayRange(day: env.today), calendar: env.calendar)).summaries[0].meditateMinutes
            _ = try other.logMeditation(InstantRange(env.now.addingTimeInterval(-300), upTo: env.now), source: .app, note: nil, env: env)
            _ = try other.saveSetting(.weekStart, "sunday")
            let after = try snapshot.read(.counts)
            let daysAfter = try snapshot.read(.dailySummary(in: DayRange(day: env.today), calendar: env.calendar)).summaries[0].meditateMinutes
            let calendar = try snapshot.read(.calendar(for: DayRange.month(containing: env.today), calendar: env.calendar))
            return (before, after, daysBefore, daysAfter, settings.weekStartsOnSunday, calendar.settings.weekStartsOnSunday,
                    try snapshot.read(.settings).weekStartsOnSunday)
        }
        #expect(seen.0 == seen.1)
        #expect(seen.0.samples == 1)
        #expect(seen.2 == 10 && seen.3 == 10)
        #expect([seen.4, seen.5, seen.6] == [false, false, false])
        // Once it ends, the next read sees both writes.
        #expect(try store.read(.counts).samples == 2)
        #expect(try store.read(.settings).weekStartsOnSunday)
    }

    @Test func aSnapshotCannotWrite() throws {
        let store = try HabitStore.inMemory()
        let env = Fixture.env("2025-10-20T21:00:00+02:00")
        #expect(throws: StoreError.self) {
            try store.snapshot { snapshot, _ in
                _ = try snapshot.logMeditation(InstantRange(env.now.addingTimeInterval(-600), upTo: env.now), source: .app, note: nil, env: env)
            }
        }
        #expect(try store.read(.counts).samples == 0)
    }

    @Test func settingsOutsideASnapshotAreReadAgain() throws {
        let store = try HabitStore.inMemory()
        #expect(try store.read(.settings).weekStartsOnSunday == false)
        _ = try store.saveSetting(.weekStart, "sunday")
        #expect(try store.read(.settings).weekStartsOnSunday)
        try store.snapshot { _, settings in #expect(settings.weekStartsOnSunday) }
    }
}
