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
    enum Columns {
        static let firstAnchor = Column(CodingKeys.firstAnchor)
        static let finished = Column(CodingKeys.finished)
    }
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
        for stale in try ImportRun.filter(Columns.finished == false).fetchAll(db) { try stale.discard(db) }
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
        try Int64.fetchOne(db, ImportRun.filter(Columns.finished == false).select(min(Columns.firstAnchor)))
    }
}

/// One import at a time per store: an exclusive `flock` on `<store>.import-lock` in the store's
/// own folder, held for the whole import and removed when it ends.
final class ImportLock {
    private let fd: Int32
    private let path: String

    /// Takes the lock file beside `store`, or throws ``StoreError/importRunning(_:)``. The file
    /// exists only while an import holds it: the holder removes it before it lets go, and a
    /// process that locked a file already removed (it opened the name just before) tries again,
    /// so two imports never hold two different files.
    init(store: String) throws {
        path = store + ".import-lock"
        for _ in 0..<8 {
            let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw StoreError.cannotCreateFile(path, reason: String(cString: strerror(errno))) }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                close(fd)
                throw StoreError.importRunning(store)
            }
            var held = stat(), named = stat()
            if fstat(fd, &held) == 0, lstat(path, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino {
                self.fd = fd
                return
            }
            close(fd)  // the file was removed (and perhaps made again) between open and flock
        }
        throw StoreError.importRunning(store)
    }

    deinit {
        unlink(path)
        flock(fd, LOCK_UN)
        close(fd)
    }
}
