import Foundation
import GRDB
import GRDBSQLite

/// Work shared between the reading connection and a second, read-only one on another core.
///
/// `habit streak` with twenty habits on ten years reads over a hundred thousand rows, one habit
/// at a time; SQLite spends about a thousand instructions on each row, whatever the query. On a
/// machine with more than one core, a second connection to the same file takes habits from the
/// same list while the first works, and the results are used only when both connections read
/// the same state of the store (the change counter, which every sample insert and delete moves,
/// is the same in both read transactions); else the first connection does the rest itself.
/// In-memory stores and one-core machines read on the one connection.
enum SideReader {
    /// Habit-days (habits with samples × days of history) from which a read uses a second
    /// connection: 4 habits over 3 years, 20 over 7 months.
    static let worthwhileDays = 4_000

    /// `work(i, db)` for every `i` in `0..<count`, in order of `i` (`side`: false reads on `db` only).
    static func map<T: Sendable>(_ count: Int, _ db: Database, side: Bool = true,
                                 _ work: @escaping @Sendable (Int, Database) throws -> T) throws -> [T] {
        guard side, count > 1, ProcessInfo.processInfo.activeProcessorCount > 1, let path = fileName(db),
              let key = try snapshotKey(db) else {
            return try (0..<count).map { try work($0, db) }
        }
        let shared = Shared<T>(count)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            defer { done.signal() }
            do {
                var config = Configuration()
                config.readonly = true
                let side = try DatabaseQueue(path: path, configuration: config)
                try side.read { sideDB in
                    guard try snapshotKey(sideDB) == key else { return }
                    while let i = shared.take() { shared.put(i, try work(i, sideDB)) }
                }
            } catch {
                // Whatever the side connection did not finish, the first one does below.
            }
        }
        do {
            while let i = shared.take() { shared.put(i, try work(i, db)) }
        } catch {
            done.wait()
            throw error
        }
        done.wait()
        var results: [T] = []
        results.reserveCapacity(count)
        for i in 0..<count { results.append(try shared.result(i) ?? work(i, db)) }
        return results
    }

    /// The file of the main database; nil in memory.
    private static func fileName(_ db: Database) -> String? {
        guard let name = sqlite3_db_filename(db.sqliteConnection, "main") else { return nil }
        let path = String(cString: name)
        return path.isEmpty ? nil : path
    }

    /// What tells two read transactions apart: the change counter (every sample insert takes an
    /// anchor from it, every delete's tombstone moves it) and the schema version.
    private static func snapshotKey(_ db: Database) throws -> [Int64]? {
        guard let counter = try Int64.fetchOne(db, sql: "SELECT value FROM changeCounter WHERE id = 1") else { return nil }
        return [counter, try Int64.fetchOne(db, sql: "PRAGMA schema_version") ?? -1]
    }

    /// The next index to work on and the results, behind a lock.
    private final class Shared<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private var results: [T?]

        init(_ count: Int) { results = Array(repeating: nil, count: count) }

        func take() -> Int? {
            lock.withLock {
                guard next < results.count else { return nil }
                defer { next += 1 }
                return next
            }
        }

        func put(_ i: Int, _ value: T) { lock.withLock { results[i] = value } }
        func result(_ i: Int) -> T? { lock.withLock { results[i] } }
    }
}
