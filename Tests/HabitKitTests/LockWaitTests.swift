import Foundation
import GRDBSQLite
import Testing
@testable import HabitKit

/// `HabitStore.open(path:access:lockWait:)`: a reader that has something else to show (`habit
/// status` and its kept answer, Standards/access.md) waits only that long for a locked store.
@Suite struct LockWaitTests {
    @Test func aShortLockWaitFailsAsBusyWithinItsWaitAndTheUsualOneWaitsForTheLock() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habit-lockwait-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("h.sqlite").path
        _ = try HabitStore.open(path: path)
        // Another connection holds the store: readers too (exclusive locking mode in WAL). SQLite's
        // own handle, as GRDB never leaves a transaction open.
        var holder: OpaquePointer?
        #expect(sqlite3_open_v2(path, &holder, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
        #expect(sqlite3_exec(holder, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; SELECT count(*) FROM sqlite_master;", nil, nil, nil) == SQLITE_OK)
        let started = Date()
        let error = #expect(throws: StoreError.self) {
            let store = try HabitStore.open(path: path, access: .read, lockWait: .milliseconds(100))
            _ = try store.read(.settings)
        }
        guard case .busy? = error else {
            Issue.record("expected busy, got \(String(describing: error))")
            return
        }
        let took = Date().timeIntervalSince(started)
        // At least its own wait, and not the usual 10 s (a bound between the two, not a speed).
        #expect(took >= 0.1 && took < 5, "waited \(took) s")
        // Released within the usual wait: a reader with it answers.
        nonisolated(unsafe) let held = holder
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            sqlite3_exec(held, "COMMIT", nil, nil, nil)
            sqlite3_close(held)  // gives the lock up
        }
        let store = try HabitStore.open(path: path, access: .read)
        #expect(try store.read(.settings) == Settings())
    }
}
