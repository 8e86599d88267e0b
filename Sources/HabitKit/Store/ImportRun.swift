import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An import that commits in batches (Standards/import-export.md): while it runs, a person's
/// `habit log` and cron's `habit remind check` get the store between two batches, and its rows stay
/// invisible until the run is marked finished in one short transaction. A broken file discards
/// the run's rows; a run left unfinished by a killed process is discarded by the next import.
struct ImportRun: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "importRun"
    var id: Int64?
    var firstAnchor: Int64
    var sampleRowAfter: Int64
    var workoutRowAfter: Int64
    var finished: Bool

    /// From this export size on, an import commits in batches.
    static let stagedFromBytes = 32 << 20
    /// Objects per batch: about a tenth of a second of writing.
    static let batchObjects = 10_000
    /// Pause after each batch, so that a waiting writer (polling every millisecond) gets its turn.
    static let pauseMicroseconds: UInt32 = 2_000

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Starts a run: discards runs that never finished (their importer is gone: imports hold the
    /// import lock), then records where this one's rows will start.
    static func begin(_ db: Database) throws -> ImportRun {
        for stale in try ImportRun.filter(Column("finished") == false).fetchAll(db) { try stale.discard(db) }
        var run = ImportRun(
            id: nil, firstAnchor: try ChangeCounter.current(db) + 1,
            sampleRowAfter: try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM sample") ?? 0,
            workoutRowAfter: try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM workout") ?? 0,
            finished: false)
        try run.insert(db)
        return run
    }

    /// Deletes the run's rows (no tombstones: nobody has seen them) and the run itself.
    func discard(_ db: Database) throws {
        guard let id else { return }
        // Rowid ranges first, so the deletes do not scan rows older than the run.
        try db.execute(sql: "DELETE FROM workout WHERE id > ? AND importRunId = ?", arguments: [workoutRowAfter, id])
        try db.execute(sql: "DELETE FROM sample WHERE id > ? AND importRunId = ?", arguments: [sampleRowAfter, id])
        _ = try ImportRun.deleteOne(db, key: id)
    }

    /// The first anchor of the oldest run still going, if any.
    static func firstPendingAnchor(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, ImportRun.filter(Column("finished") == false).select(min(Column("firstAnchor"))))
    }
}

/// One import at a time per store: an exclusive `flock` on `<store>.import-lock` in the store's
/// own folder, held for the whole import (the file stays; it holds nothing).
final class ImportLock {
    private let fd: Int32

    init(store: String) throws {
        let path = store + ".import-lock"
        fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.cannotCreateFile(path, reason: String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw StoreError.importRunning(store)
        }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
