import Foundation
import Testing
@testable import HabitKit

/// The one store method every log goes through, and `ui`'s and the pending journal's writes as
/// store methods (Standards/date-semantics.md, "One log pipeline").
@Suite struct LogPipelineStoreTests {
    static let created = Fixture.instant("2026-03-01T08:00:00+01:00")
    static let floss = HabitDefinition(id: "0f0f0f0f-0000-4000-8000-0000000000a1", name: "floss", kind: .yesNo,
                                       since: Fixture.day("2026-03-01"), created: created, modified: created)

    /// `ui`'s "not done" deletes a day's entries in one transaction: one that cannot go keeps them all.
    @Test func deletingADaysEntriesIsOneTransactionAllOrNone() throws {
        let store = try HabitStore.inMemory()
        try store.addHabit(Self.floss)
        let env = Fixture.env("2026-03-29T20:00:00+02:00")
        let a = try store.log(LogRequest(.habit(Self.floss, amount: nil)), env: env).samples[0].uuid
        let b = try store.log(LogRequest(.habit(Self.floss, amount: nil)), env: env).samples[0].uuid
        #expect(try store.read(.ownEntries(of: Self.floss, on: Fixture.day("2026-03-29"), calendar: env.calendar)).map(\.uuid) == [b, a])
        #expect(throws: StoreError.self) { try store.delete([a, Fixture.uuids.next()]) }
        #expect(try store.read(.counts).samples == 2)
        #expect(try store.delete([a, b]).count == 2)
        #expect(try store.read(.counts).samples == 0 && store.read(.counts).tombstones == 2)
    }

    /// `ui`'s typed amount makes a day's entries one entry in one transaction: one old entry that
    /// cannot go keeps them all and stores nothing.
    @Test func aTypedAmountReplacesTheDaysEntriesOrNothingChanges() throws {
        let store = try HabitStore.inMemory()
        let water = HabitDefinition(id: "0f0f0f0f-0000-4000-8000-0000000000a2", name: "water", kind: .quantity, unit: "glass",
                                    since: Fixture.day("2026-03-01"), created: Self.created, modified: Self.created)
        try store.addHabit(water)
        let env = Fixture.env("2026-03-29T20:00:00+02:00")
        let a = try store.log(LogRequest(.habit(water, amount: "5")), env: env).samples[0].uuid
        let b = try store.log(LogRequest(.habit(water, amount: "3")), env: env).samples[0].uuid
        let plan = try LogPlanner.plan(LogRequest(.habit(water, amount: "2")), env: env)
        #expect(throws: StoreError.self) { try store.replace([a, b, Fixture.uuids.next()], with: plan, env: env) }
        #expect(try store.read(.counts).samples == 2 && store.read(.counts).tombstones == 0)
        let new = try store.replace([b, a], with: plan, env: env).samples[0]
        let left = try store.read(.ownEntries(of: water, on: Fixture.day("2026-03-29"), calendar: env.calendar))
        #expect(left.map(\.uuid) == [new.uuid] && left.map(\.value) == [2])
        #expect(try store.read(.counts).tombstones == 2)
    }

    /// `ui`'s note writes the entry again and deletes the old one in one transaction: both or neither.
    @Test func aRewrittenEntryReplacesTheOldOneOrNothingChanges() throws {
        let store = try HabitStore.inMemory()
        try store.addHabit(Self.floss)
        let env = Fixture.env("2026-03-29T20:00:00+02:00")
        let old = try store.log(LogRequest(.habit(Self.floss, amount: nil)), env: env).samples[0]
        let plan = try LogPlanner.plan(LogRequest(.habit(Self.floss, amount: nil), when: .startsAt(old.start), note: "gently", writer: .quiet), env: env)
        #expect(throws: StoreError.self) { try store.replace(Fixture.uuids.next(), with: plan, env: env) }
        #expect(try store.read(.counts).samples == 1)
        let new = try store.replace(old.uuid, with: plan, env: env).samples[0]
        #expect(new.start == old.start && new.metadata["note"] == "gently")
        #expect(try store.read(.ownEntries(of: Self.floss, on: Fixture.day("2026-03-29"), calendar: env.calendar)).map(\.uuid) == [new.uuid])
    }

    /// The pending journal hands the store requests, not words: a workout's activity is the
    /// request's (no made-up duration to parse it), applied once by its UUID.
    @Test func theJournalReplaysARequestOncePerEntry() throws {
        let store = try HabitStore.inMemory()
        let typed = Fixture.instant("2026-03-29T07:30:00+02:00")
        var pending = PendingEntry(uuid: Fixture.uuids.next(), typed: typed, zone: "Europe/Berlin", kind: .workout)
        (pending.activity, pending.seconds) = ("yoga", 1800)
        let read: (PendingEntry, Settings, HabitStore) throws -> (JournalWrite, HabitEnvironment) = { entry, _, _ in
            var env = Fixture.env("2026-03-29T07:30:00+02:00")
            env.makeUUID = { entry.uuid }
            return (.log(LogRequest(.workout(try Activity(parsing: entry.activity ?? ""), seconds: entry.seconds ?? 0, met: nil), writer: .quiet)), env)
        }
        var setAside: [PendingEntry] = []
        try store.applyJournal([pending, pending], read: read, setAside: { entry, _ in setAside.append(entry) })
        try store.applyJournal([pending], read: read, setAside: { entry, _ in setAside.append(entry) })
        #expect(setAside.isEmpty)
        #expect(try store.read(.counts).workouts == 1)
        guard case .workout(let w, _)? = try store.read(.entry(pending.uuid)) else { Issue.record("no workout"); return }
        #expect(w.activityType == Activity.yoga.workoutActivityType && w.end == typed)
    }
}
