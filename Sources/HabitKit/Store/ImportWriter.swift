import Foundation
import GRDB
import GRDBSQLite

/// Stores ``ImportObject``s: one instance per import, inside the import's transaction.
final class ImportWriter {
    private let db: Database
    private var anchor: Int64
    private var sourceIDs: [String: Int64] = [:]
    private var lastSource: (name: String, id: Int64)?
    private(set) var summary = ImportSummary()
    private(set) var objects = 0
    /// Exports list records grouped by type: counting into a run avoids hashing the type per record.
    private var runType = ""
    private var runCount = 0
    /// The hot path of a large import: one prepared insert, bound straight through SQLite's C
    /// API (GRDB's argument boxing, and even its statement cache's lookup by SQL text, cost more
    /// than the insert itself).
    private let insertSample: Statement

    init(db: Database) throws {
        self.db = db
        anchor = try StoreRows.currentAnchor(db)
        insertSample = try db.makeStatement(sql: """
            INSERT INTO sample (uuid, type, start, "end", value, unit, sourceId, device, metadata, created, utcOffset, timeZone, anchor)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uuid) DO NOTHING
            """)
    }

    /// Writes the change sequence back and completes the counts: call once, at the end.
    func finish() throws {
        try db.execute(sql: "UPDATE changeCounter SET value = ? WHERE id = 1", arguments: [anchor])
        if runCount > 0 { summary.samplesByType[runType, default: 0] += runCount }
        runCount = 0
    }

    func write(_ object: ImportObject) throws {
        objects += 1
        switch object {
        case .sample(let row): try write(row)
        case .workout(let row): try write(row)
        }
    }

    private func sourceRowID(_ name: String, version: String?) throws -> Int64 {
        if let last = lastSource, last.name == name { return last.id }
        let id: Int64
        if let known = sourceIDs[name] {
            id = known
        } else {
            let bundleID = "healthkit-import:" + name
            if let existing = try Int64.fetchOne(db, sql: "SELECT id FROM source WHERE bundleId = ?", arguments: [bundleID]) {
                id = existing
            } else {
                try db.execute(sql: "INSERT INTO source (bundleId, name, version, isApp) VALUES (?, ?, ?, 0)",
                               arguments: [bundleID, name, version])
                id = db.lastInsertedRowID
                summary.sources.insert(name)
            }
            sourceIDs[name] = id
        }
        lastSource = (name, id)
        return id
    }

    private func write(_ row: ImportObject.SampleRow) throws {
        let header = row.header
        let sourceID = try sourceRowID(header.sourceName, version: header.sourceVersion)
        let h = insertSample.sqliteStatement
        sqlite3_reset(h)
        RawBind.text(h, 1, header.uuid)
        RawBind.text(h, 2, row.type)
        sqlite3_bind_double(h, 3, header.start)
        sqlite3_bind_double(h, 4, header.end)
        if let value = row.value { sqlite3_bind_double(h, 5, value) } else { sqlite3_bind_null(h, 5) }
        RawBind.text(h, 6, row.unit)
        sqlite3_bind_int64(h, 7, sourceID)
        RawBind.text(h, 8, header.device)
        RawBind.text(h, 9, header.metadata)
        sqlite3_bind_double(h, 10, header.created)
        sqlite3_bind_int64(h, 11, Int64(header.offset))
        RawBind.text(h, 12, header.timeZone)
        sqlite3_bind_int64(h, 13, anchor + 1)
        let code = sqlite3_step(h)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
        guard sqlite3_changes(db.sqliteConnection) > 0 else {
            summary.duplicates += 1
            return
        }
        anchor += 1
        if row.type != runType {
            if runCount > 0 { summary.samplesByType[runType, default: 0] += runCount }
            runType = row.type
            runCount = 0
        }
        runCount += 1
    }

    private func write(_ row: ImportObject.WorkoutRow) throws {
        let header = row.header
        let sourceID = try sourceRowID(header.sourceName, version: header.sourceVersion)
        try db.execute(sql: """
            INSERT INTO workout (uuid, activityType, start, "end", duration, totalEnergyKcal, totalDistanceM, sourceId, device,
                                 metadata, created, utcOffset, timeZone, anchor)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uuid) DO NOTHING
            """, arguments: [header.uuid, row.activityType, header.start, header.end, row.duration, row.energyKcal,
                             row.distanceMeters, sourceID, header.device, header.metadata, header.created, header.offset,
                             header.timeZone, anchor + 1])
        guard db.changesCount > 0 else {
            summary.duplicates += 1
            return
        }
        anchor += 1
        let workoutID = db.lastInsertedRowID
        summary.workoutsByType[row.activityType, default: 0] += 1
        for s in row.statistics {
            try db.execute(sql: """
                INSERT INTO workoutStatistic (workoutId, type, start, "end", average, minimum, maximum, sum, unit)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [workoutID, s.type, s.start, s.end, s.average, s.minimum, s.maximum, s.sum, s.unit])
        }
        for e in row.events {
            try db.execute(sql: "INSERT INTO workoutEvent (workoutId, type, date, duration, durationUnit) VALUES (?, ?, ?, ?, ?)",
                           arguments: [workoutID, e.type, e.date, e.duration, e.durationUnit])
        }
    }
}

/// Binding values to a prepared statement through SQLite's C API.
enum RawBind {
    /// SQLITE_TRANSIENT: SQLite copies the bytes before the call returns.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    static func text(_ h: OpaquePointer, _ index: Int32, _ value: String?) {
        guard var value else {
            sqlite3_bind_null(h, index)
            return
        }
        value.withUTF8 { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                _ = sqlite3_bind_text(h, index, "", 0, transient)
                return
            }
            _ = sqlite3_bind_text(h, index, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(buffer.count), transient)
        }
    }
}
