import Foundation
import GRDB
import GRDBSQLite

/// The hot path of ``InterchangeApplier``: what applying a sample line asks of the store, as
/// statements prepared once per import or sync and bound through SQLite's C API, and the ids of
/// sources and interned text remembered for the rest of the transaction (issue 28: preparing
/// each statement again per line, and looking up the same type, unit, device and source on
/// every line, cost several times the insert). Same rows, same order of inserts and anchors as
/// the record path (``SampleRecord/init(_:workoutId:_:)``, ``SourceRecord/row(of:name:version:_:)``):
/// the lookups are made in that order, an anchor is taken only for a row that is written.
final class AppliedRows {
    private let db: Database
    private let sampleByUUID: Statement
    private let workoutByUUID: Statement
    private let workoutIDByUUID: Statement
    private let readAnchor: Statement
    private let writeAnchor: Statement
    /// The change counter while a run of inserts takes anchors from it here (nil: the store's row
    /// holds it): written back by ``settleAnchor()`` before anything else may read or take one.
    private var anchor: Int64?
    private let insertSample: Statement
    private let insertWorkout: Statement
    private var typeIDs = InternCache(.sampleType)
    private var unitIDs = InternCache(.unit)
    /// Device ids by the text the object carries (normalised before it is interned).
    private var deviceIDs = InternCache(.device, normalised: DeviceDescription.normalised)
    private var versionIDs = InternCache(.sourceVersion)
    /// Each source's row id and the version its row keeps, by bundle id; the last one first.
    private var sources: [TextBytes: (id: Int64, version: String?)] = [:]
    private var lastSource: (bundleID: String, row: (id: Int64, version: String?))?

    init(_ db: Database) throws {
        self.db = db
        sampleByUUID = try db.makeStatement(sql: "SELECT 1 FROM sample WHERE uuid = ?")
        workoutByUUID = try db.makeStatement(sql: "SELECT 1 FROM workout WHERE uuid = ?")
        workoutIDByUUID = try db.makeStatement(sql: "SELECT id FROM workout WHERE uuid = ?")
        // The counter is read once and written back once per run of inserts, not bumped in the
        // store per row (``ChangeCounter/next(_:)``: its UPDATE and read cost a sample ~15 % of
        // its instructions, issue 28), as the Apple Health import's writer keeps it.
        readAnchor = try db.makeStatement(sql: "SELECT value FROM changeCounter WHERE id = 1")
        writeAnchor = try db.makeStatement(sql: "UPDATE changeCounter SET value = ? WHERE id = 1")
        insertSample = try db.makeStatement(sql: SampleRecord.insertSQL)
        insertWorkout = try db.makeStatement(sql: """
            INSERT INTO workout (uuid, activityType, start, "end", duration, totalEnergyKcal, totalDistanceM, sourceId, deviceId,
                                 metadata, created, utcOffset, timeZone, anchor, importRunId, sourceVersionId)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)
            """)
    }

    /// Whether `table` (`sample` or `workout`) has a row with `uuid`.
    func has(_ table: String, uuid: String) throws -> Bool {
        try int64(table == "sample" ? sampleByUUID : workoutByUUID, uuid) != nil
    }

    /// The row id of the workout `uuid`, nil when the store does not have it.
    func workoutID(_ uuid: String) throws -> Int64? { try int64(workoutIDByUUID, uuid) }

    /// The source row of `id` (made on first use with the object's name and version) and what
    /// the object's row stores for its own version: nil when it is the source row's.
    func source(_ id: SourceID, _ description: SourceDescription) throws -> (id: Int64, versionID: Int64?) {
        let row: (id: Int64, version: String?)
        if let last = lastSource, TextBytes.same(last.bundleID, id.bundleID) {
            row = last.row
        } else if let known = sources[TextBytes(id.bundleID)] {
            row = known
        } else {
            row = try SourceRecord.row(of: id, name: description.name, version: description.version, db)
            sources[TextBytes(id.bundleID)] = row
        }
        lastSource = (id.bundleID, row)
        return (row.id, description.version == row.version ? nil : try versionIDs.id(description.version, db))
    }

    /// Inserts `sample` (its source row made already: ``source(_:_:)``) with the next anchor.
    func insert(_ sample: Sample, workoutID: Int64?, source: (id: Int64, versionID: Int64?)) throws {
        let typeID = try typeIDs.id(sample.type, db)
        let unitID = try sample.unit.map { try unitIDs.id($0, db) }
        let deviceID = try sample.device.map(device)
        let metadata = MetadataCoding.encode(sample.metadata)
        let anchor = try nextAnchor()
        let h = insertSample.sqliteStatement
        sqlite3_reset(h)
        for column in SampleRecord.InsertColumn.all {
            let i = column.rawValue
            switch column {
            case .uuid: RawBind.text(h, i, sample.uuid.storeText)
            case .typeId: sqlite3_bind_int64(h, i, typeID)
            case .start: sqlite3_bind_double(h, i, sample.start.timeIntervalSince1970)
            case .end: sqlite3_bind_double(h, i, sample.end.timeIntervalSince1970)
            case .value: RawBind.double(h, i, sample.value)
            case .unitId: RawBind.int64(h, i, unitID)
            case .sourceId: sqlite3_bind_int64(h, i, source.id)
            case .deviceId: RawBind.int64(h, i, deviceID)
            case .metadata: RawBind.text(h, i, metadata)
            case .created: sqlite3_bind_double(h, i, sample.created.timeIntervalSince1970)
            case .utcOffset: sqlite3_bind_int64(h, i, Int64(sample.utcOffset))
            case .timeZone: RawBind.text(h, i, sample.timeZoneID)
            case .workoutId: RawBind.int64(h, i, workoutID)
            case .anchor: sqlite3_bind_int64(h, i, anchor)
            case .importRunId: sqlite3_bind_null(h, i)
            case .sourceVersionId: RawBind.int64(h, i, source.versionID)
            }
        }
        try step(h, expecting: SQLITE_DONE)
    }

    /// Inserts `workout` (its source row made already) with the next anchor, as
    /// ``WorkoutRecord/init(_:_:)`` makes its row; returns its row id.
    func insert(_ w: Workout, source: (id: Int64, versionID: Int64?)) throws -> Int64 {
        let deviceID = try w.device.map(device)
        let metadata = MetadataCoding.encode(w.metadata)
        let anchor = try nextAnchor()
        try insertWorkout.execute(arguments: [w.uuid.storeText, w.activityType, w.start.timeIntervalSince1970, w.end.timeIntervalSince1970,
                                              w.duration, w.totalEnergyKcal, w.totalDistanceMeters, source.id, deviceID, metadata,
                                              w.created.timeIntervalSince1970, w.utcOffset, w.timeZoneID, anchor, source.versionID])
        return db.lastInsertedRowID
    }

    /// The next anchor, taken (as ``ChangeCounter/next(_:)`` takes it, from the counter kept here).
    private func nextAnchor() throws -> Int64 {
        var next: Int64
        if let anchor {
            next = anchor
        } else {
            guard let stored = try int64(readAnchor, nil) else { throw StoreError.corrupt("the change counter row is missing") }
            next = stored
        }
        next += 1
        anchor = next
        return next
    }

    /// Writes the counter kept since the last call back to the store's row: call before anything
    /// but these inserts reads or takes an anchor (a trigger, ``ChangeCounter``), and at the end.
    func settleAnchor() throws {
        guard let value = anchor else { return }
        let h = writeAnchor.sqliteStatement
        sqlite3_reset(h)
        sqlite3_bind_int64(h, 1, value)
        try step(h, expecting: SQLITE_DONE)
        anchor = nil
    }

    private func device(_ text: String) throws -> Int64 { try deviceIDs.id(text, db) }

    /// The first column of the first row of `statement` with `text` bound (none bound: nil), as an integer.
    private func int64(_ statement: Statement, _ text: String?) throws -> Int64? {
        let h = statement.sqliteStatement
        sqlite3_reset(h)
        if let text { RawBind.text(h, 1, text) }
        let code = sqlite3_step(h)
        guard code == SQLITE_ROW else {
            try check(code, expecting: SQLITE_DONE)
            return nil
        }
        let value = sqlite3_column_int64(h, 0)
        try step(h, expecting: SQLITE_DONE)
        return value
    }

    private func step(_ h: OpaquePointer, expecting expected: Int32) throws {
        try check(sqlite3_step(h), expecting: expected)
    }

    private func check(_ code: Int32, expecting expected: Int32) throws {
        guard code == expected else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }
}
