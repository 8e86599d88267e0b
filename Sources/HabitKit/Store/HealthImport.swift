import Foundation
import GRDB

extension HabitStore {
    /// Imports an Apple Health `export.xml` or `export.zip`, streaming: memory does not grow
    /// with the file.
    ///
    /// The whole import is one transaction: a malformed or truncated file changes nothing.
    /// Every imported object gets a stable identity (a UUID made from its content — type, source,
    /// start, end, unit and value; not the per-record device address), so importing the same
    /// file, or a later export that contains it, adds nothing twice. Imported sources are
    /// external (`healthkit-import:<sourceName>`). With `dryRun`, the import runs and is rolled back.
    /// Objects that start after `now` are kept and counted in ``ImportSummary/futureDated``.
    func importHealthExport(at path: String, now: Date? = nil, dryRun: Bool = false,
                                   progress: ((ImportProgress) -> Void)? = nil) throws -> ImportSummary {
        try importHealthExport(try ExportReader(path: path), now: now, dryRun: dryRun, progress: progress)
    }

    /// Imports an export opened before (open it first: a file that is not one is refused before
    /// the store is touched).
    public func importHealthExport(_ reader: ExportReader, now: Date?, dryRun: Bool = false,
                                   progress: ((ImportProgress) -> Void)? = nil) throws -> ImportSummary {
        try importHealthExport(reader, now: now, dryRun: dryRun, parallelFromBytes: ImportPipeline.parallelFromBytes, progress: progress)
    }

    /// `parallelFromBytes` lets tests exercise the two-thread pipeline on small files, and
    /// `stagedFromBytes`/`batchObjects` the batched path (``ImportRun``).
    func importHealthExport(at path: String, now: Date? = nil, dryRun: Bool, parallelFromBytes: Int,
                            stagedFromBytes: Int = ImportRun.stagedFromBytes, batchObjects: Int = ImportRun.batchObjects,
                            progress: ((ImportProgress) -> Void)?) throws -> ImportSummary {
        try importHealthExport(try ExportReader(path: path), now: now, dryRun: dryRun, parallelFromBytes: parallelFromBytes,
                               stagedFromBytes: stagedFromBytes, batchObjects: batchObjects, progress: progress)
    }

    func importHealthExport(_ reader: ExportReader, now: Date?, dryRun: Bool, parallelFromBytes: Int,
                            stagedFromBytes: Int = ImportRun.stagedFromBytes, batchObjects: Int = ImportRun.batchObjects,
                            progress: ((ImportProgress) -> Void)?) throws -> ImportSummary {
        let parallel = (reader.totalBytes ?? 0) >= parallelFromBytes
        if !dryRun && (reader.totalBytes ?? 0) >= stagedFromBytes, let filePath {
            return try importInBatches(reader, now: now, file: filePath, parallel: parallel, batchObjects: batchObjects, progress: progress)
        }
        // Small files, and dry runs (rolled back): one transaction.
        return try withConnection { db in
            try db.useLargeWriteCache()
            return try Self.withoutForeignKeyChecks(db) {
                var summary = ImportSummary()
                try db.inTransaction(.immediate) {
                    let writer = try ImportWriter(db: db)
                    let mapped = try ImportPipeline.run(reader: reader, now: now, parallel: parallel, write: { try writer.write($0) },
                                                        progress: { bytes in
                        progress?(ImportProgress(bytesRead: bytes, totalBytes: reader.totalBytes, objects: writer.objects))
                    })
                    try writer.finish()
                    summary = Self.summary(writer, mapped, dryRun: dryRun)
                    return dryRun ? .rollback : .commit
                }
                return summary
            }
        }
    }

    /// Runs `body` with foreign-key enforcement off for this connection, and on again afterwards,
    /// whatever happens. The pragma takes effect only outside a transaction, so `body` must leave
    /// none open, not even when it throws.
    ///
    /// The importer's rows reference only ids it has just looked up or inserted itself in the same
    /// transaction (lookup entries, its source, its run): checking each of them again costs a parent
    /// lookup per reference per row (four for a sample since v4). `BatchedImportTests` and
    /// `ImportCommandTests` check `PRAGMA foreign_key_check` after imports.
    static func withoutForeignKeyChecks<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        try db.execute(sql: "PRAGMA foreign_keys = OFF")
        defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
        return try body()
    }

    /// After a discarded batched import: the pages its rows took are free but still part of the
    /// file (a broken 32 MiB import left a 3.8 MB store at 35 MB). When more than a MiB is free,
    /// the store is rewritten without them (`VACUUM`) and the write-ahead log emptied.
    static func giveBackSpace(_ db: Database) throws {
        let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
        let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
        guard free * pageSize > 1 << 20 else { return }
        try db.execute(sql: "VACUUM")
        try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }

    private static func summary(_ writer: ImportWriter, _ mapped: MappedCounts, dryRun: Bool) -> ImportSummary {
        var summary = writer.summary
        summary.correlationChildren = mapped.correlationChildren
        summary.skipped = mapped.skipped
        summary.bytes = mapped.bytes
        summary.rejected = mapped.rejected
        summary.rejections = mapped.rejections
        summary.futureDated = mapped.futureDated
        summary.dryRun = dryRun
        return summary
    }

    /// The batched import (``ImportRun``): a transaction per `batchObjects` objects, rows
    /// invisible until the last one marks the run finished; on any error the run is discarded and
    /// the rows, lookup entries and sources it made are gone again.
    private func importInBatches(_ reader: ExportReader, now: Date?, file: String, parallel: Bool, batchObjects: Int,
                                 progress: ((ImportProgress) -> Void)?) throws -> ImportSummary {
        let lock = try ImportLock(store: file)
        return try withExtendedLifetime(lock) {
            try withConnection { db in
                try db.useLargeWriteCache()
                var run = ImportRun(id: nil, firstAnchor: 0, sampleRowAfter: 0, workoutRowAfter: 0, finished: false)
                try db.inTransaction(.immediate) {
                    run = try ImportRun.begin(db)
                    return .commit
                }
                let writer = try ImportWriter(db: db, runID: run.id)
                do {
                    return try Self.withoutForeignKeyChecks(db) {
                        do {
                            return try writeBatches()
                        } catch {
                            if db.isInsideTransaction { try? db.rollback() }
                            throw error
                        }
                    }
                } catch {
                    // Foreign keys are enforced again here: the discard cascades through them.
                    try? db.inTransaction(.immediate) {
                        try run.discard(db)
                        try Self.removeUnused(writer, db)
                        // Give the anchors back when nobody else took one meanwhile.
                        if let committed = writer.committedAnchor, try ChangeCounter.current(db) == committed {
                            try ChangeCounter.set(run.firstAnchor - 1, db)
                        }
                        return .commit
                    }
                    try? Self.giveBackSpace(db)
                    throw error
                }

                func writeBatches() throws -> ImportSummary {
                    try db.beginTransaction(.immediate)
                    try writer.beginBatch()
                    var inBatch = 0
                    let mapped = try ImportPipeline.run(reader: reader, now: now, parallel: parallel, write: { object in
                        try writer.write(object)
                        inBatch += 1
                        guard inBatch >= batchObjects else { return }
                        try writer.endBatch()
                        try db.commit()
                        usleep(ImportRun.pauseMicroseconds)
                        try db.beginTransaction(.immediate)
                        try writer.beginBatch()
                        inBatch = 0
                    }, progress: { bytes in
                        progress?(ImportProgress(bytesRead: bytes, totalBytes: reader.totalBytes, objects: writer.objects))
                    })
                    try writer.finish()
                    run.finished = true
                    try run.update(db)
                    try db.commit()
                    return Self.summary(writer, mapped, dryRun: false)
                }
            }
        }
    }

    /// Removes the lookup entries and sources a discarded import made, unless a row uses them.
    private static func removeUnused(_ writer: ImportWriter, _ db: Database) throws {
        for (lookup, id) in writer.createdLookups {
            let column = switch lookup {
            case .sampleType: "typeId"
            case .unit: "unitId"
            case .device: "deviceId"
            case .sourceVersion: "sourceVersionId"
            }
            let onWorkouts = lookup == .device || lookup == .sourceVersion
            let used = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sample WHERE \(column) = ?)", arguments: [id]) ?? true
                || (onWorkouts && (try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM workout WHERE \(column) = ?)", arguments: [id]) ?? true))
            if !used { try db.execute(sql: "DELETE FROM \(lookup.table) WHERE id = ?", arguments: [id]) }
        }
        for id in writer.createdSources {
            let used = try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM sample WHERE sourceId = ?) OR EXISTS (SELECT 1 FROM workout WHERE sourceId = ?)
                """, arguments: [id, id]) ?? true
            if !used { _ = try SourceRecord.deleteOne(db, key: id) }
        }
    }
}
