import Foundation
import GRDB
import GRDBSQLite

/// Stores ``ImportObject``s: one instance per import, inside the import's transaction.
///
/// The one documented exception to "rows go through records": a large import binds its sample
/// rows straight through SQLite's C API. It writes the columns ``SampleRecord/InsertColumn`` lists,
/// interns text through the same ``Lookup`` tables (with a cache of the ids seen) and the same
/// ``DeviceDescription`` rule, and takes anchors from the same ``ChangeCounter``. Workouts and
/// their statistics and events are few and go through their records.
final class ImportWriter {
    private let db: Database
    private var anchor: Int64
    /// Each source's row id and the version its row keeps (the first one seen).
    private var sourceIDs: [String: SourceRow] = [:]
    private var lastSource: (name: String, row: SourceRow)?
    /// Interned ids seen in this import, per lookup table; the last one is checked first
    /// (exports list records grouped by type and unit).
    private var typeIDs = InternCache(.sampleType)
    private var unitIDs = InternCache(.unit)
    private var deviceIDs = InternCache(.device)
    /// A record's own version where it is not its source row's (``RecordSourceVersion``).
    private var versionIDs = InternCache(.sourceVersion)
    private(set) var summary = ImportSummary()
    private(set) var objects = 0
    /// Exports list records grouped by type: counting into a run avoids hashing the type per record.
    private var runType = ""
    private var runCount = 0
    /// The hot path of a large import: one prepared insert, bound straight through SQLite's C
    /// API (GRDB's argument boxing, and even its statement cache's lookup by SQL text, cost more
    /// than the insert itself).
    private let insertSample: Statement
    /// The days of Activity rings read so far, written by ``finish()``.
    private var ringDays: [ActivitySummary] = []
    /// The batched import's run (nil: the import is one transaction).
    private let runID: Int64?

    /// The access grants as they stand in the transaction that writes (read again each batch).
    private var grants: AccessGrants

    init(db: Database, runID: Int64? = nil) throws {
        self.db = db
        self.runID = runID
        anchor = try ChangeCounter.current(db)
        grants = try HabitStore.grants(db)
        insertSample = try db.makeStatement(sql: SampleRecord.InsertColumn.insertSQL(" ON CONFLICT (uuid) DO NOTHING"))
    }

    /// Starts a batch of a batched import: other writers may have taken anchors since the last one.
    func beginBatch() throws {
        anchor = try ChangeCounter.current(db)
        grants = try HabitStore.grants(db)
    }

    /// Ends a batch: writes the change sequence back.
    func endBatch() throws {
        try ChangeCounter.set(anchor, db)
        committedAnchor = anchor
    }

    /// The change sequence as the last batch left it (nil before the first batch ended).
    private(set) var committedAnchor: Int64?

    /// Lookup and source rows this import made (a discarded import removes those no row uses).
    var createdLookups: [(Lookup, Int64)] { typeIDs.created + unitIDs.created + deviceIDs.created + versionIDs.created }
    private(set) var createdSources: [Int64] = []

    /// Writes the days of Activity rings, the change sequence and the counts: call once, at the
    /// end (of a batched import: in its last transaction, the one that marks its run finished).
    func finish() throws {
        for s in ringDays {
            // A day already stored with the same rings is not counted anywhere.
            if try ActivitySummaryRecord.save(s, db, anchor: { anchor += 1; return anchor }) { summary.activitySummaries += 1 }
        }
        ringDays.removeAll()
        try ChangeCounter.set(anchor, db)
        if runCount > 0 { summary.samplesByType[runType, default: 0] += runCount }
        runCount = 0
    }

    func write(_ object: ImportObject) throws {
        objects += 1
        switch object {
        case .sample(let row):
            // One case, its test inside: a `where` clause on the bound row made a copy of it.
            if grants.allowsEverything || grants.mayWrite(row.type) { try write(row) } else { summary.notKept += 1 }
        case .activitySummary where !grants.mayWrite(DataTypes.activitySummary): summary.notKept += 1
        case .workout where !grants.mayWrite(DataTypes.workout): summary.notKept += 1
        case .activitySummary(let s):
            // Kept until ``finish()``: a row of `activitySummary` has no import run, so a batch
            // could not take it back if the file breaks later (one a day: a few thousand at most).
            ringDays.append(s)
        case .workout(let row): try write(row)
        }
    }

    private struct SourceRow {
        let id: Int64
        let version: String?
    }

    /// The source row of `header` (made on first use, with the header's version) and what the
    /// record's row stores for its own version: nil when it is the source row's, as it mostly is.
    private func source(of header: ImportObject.Header) throws -> (id: Int64, versionID: Int64?) {
        let name = header.sourceName
        let row: SourceRow
        if let last = lastSource, last.name == name {
            row = last.row
        } else {
            if let known = sourceIDs[name] {
                row = known
            } else {
                let bundleID = SourceID.imported(name).bundleID
                if let existing = try SourceRecord.filter(SourceRecord.Columns.bundleId == bundleID).fetchOne(db), let id = existing.id {
                    row = SourceRow(id: id, version: existing.version)
                } else {
                    var record = SourceRecord(id: nil, bundleId: bundleID, name: name, version: header.sourceVersion, isApp: false)
                    try record.insert(db)
                    row = SourceRow(id: record.id ?? db.lastInsertedRowID, version: header.sourceVersion)
                    summary.sources.insert(name)
                    createdSources.append(row.id)
                }
                sourceIDs[name] = row
            }
            lastSource = (name, row)
        }
        return (row.id, header.sourceVersion == row.version ? nil : try versionIDs.id(header.sourceVersion, db))
    }

    private func write(_ row: ImportObject.SampleRow) throws {
        let header = row.header
        let (sourceID, versionID) = try source(of: header)
        let h = insertSample.sqliteStatement
        sqlite3_reset(h)
        for column in SampleRecord.InsertColumn.all {
            let i = column.rawValue
            switch column {
            case .uuid: RawBind.text(h, i, header.uuid)
            case .typeId: sqlite3_bind_int64(h, i, try typeIDs.id(row.type, db))
            case .start: sqlite3_bind_double(h, i, header.start)
            case .end: sqlite3_bind_double(h, i, header.end)
            case .value: RawBind.double(h, i, row.value)
            case .unitId: RawBind.int64(h, i, try row.unit.map { try unitIDs.id($0, db) })
            case .sourceId: sqlite3_bind_int64(h, i, sourceID)
            case .deviceId: RawBind.int64(h, i, try header.device.map { try deviceIDs.id($0, db) })  // normalised by the mapper
            case .metadata: RawBind.text(h, i, header.metadata)
            case .created: sqlite3_bind_double(h, i, header.created)
            case .utcOffset: sqlite3_bind_int64(h, i, Int64(header.offset))
            case .timeZone: RawBind.text(h, i, header.timeZone)
            case .workoutId: sqlite3_bind_null(h, i)  // an imported sample stands alone
            case .anchor: sqlite3_bind_int64(h, i, anchor + 1)
            case .importRunId: RawBind.int64(h, i, runID)
            case .sourceVersionId: RawBind.int64(h, i, versionID)
            }
        }
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
        let (sourceID, versionID) = try source(of: header)
        var workout = WorkoutRecord(id: nil, uuid: header.uuid, activityType: row.activityType, start: header.start,
                                    end: header.end, duration: row.duration, totalEnergyKcal: row.energyKcal,
                                    totalDistanceM: row.distanceMeters, sourceId: sourceID,
                                    deviceId: try header.device.map { try deviceIDs.id($0, db) },
                                    metadata: header.metadata, created: header.created, utcOffset: header.offset,
                                    timeZone: header.timeZone, anchor: anchor + 1, importRunId: runID, sourceVersionId: versionID)
        try workout.insert(db, onConflict: .ignore)
        if db.changesCount == 0, let stored = try Double.fetchOne(db, sql: "SELECT created FROM workout WHERE uuid = ?",
                                                                 arguments: [header.uuid]),
           HealthMapper.milliseconds(stored) != HealthMapper.milliseconds(header.created) {
            // The same workout again but for its creation date: a distinct object (issue 13).
            workout.id = nil
            workout.uuid = StableHash.repeatIdentity(of: header.uuid, created: header.created, start: header.start)
            try workout.insert(db, onConflict: .ignore)
        }
        guard db.changesCount > 0, let workoutID = workout.id else {
            summary.duplicates += 1
            return
        }
        anchor += 1
        summary.workoutsByType[row.activityType, default: 0] += 1
        for s in row.statistics { try WorkoutStatisticRecord(workoutId: workoutID, s).insert(db) }
        for e in row.events { try WorkoutEventRecord(workoutId: workoutID, e).insert(db) }
    }
}

/// Interned ids of one lookup table, remembered for the rest of an import or sync (nil text:
/// only the source version's "none"). Text is told apart by its bytes, as the table's unique
/// column does: two spellings Swift calls equal (composed and decomposed accents) are two rows.
struct InternCache {
    let lookup: Lookup
    /// What the row keeps of a text (nil: the text itself); the cache still answers by the text
    /// asked for, so a text that comes again is not normalised again.
    private let normalised: ((String) -> String)?
    private var ids: [TextBytes: Int64] = [:]
    /// The last few texts asked for, compared byte for byte before the dictionary is asked (its
    /// key copies the text's bytes and hashes them). Exports group records by type, but a file
    /// that interleaves a few types or units, as one day's records of several kinds do, would
    /// otherwise miss a single remembered text at most rows.
    private var recent: [(text: String?, id: Int64)] = []
    private var nextRecent = 0
    private static let recentCount = 4
    /// Rows this cache inserted.
    private(set) var created: [(Lookup, Int64)] = []

    init(_ lookup: Lookup, normalised: ((String) -> String)? = nil) {
        self.lookup = lookup
        self.normalised = normalised
    }

    mutating func id(_ text: String?, _ db: Database) throws -> Int64 {
        for i in recent.indices where TextBytes.same(recent[i].text, text) { return recent[i].id }
        let key = TextBytes(text)
        let id: Int64
        if let known = ids[key] {
            id = known
        } else {
            let stored = normalised.flatMap { f in text.map(f) } ?? text
            if let existing = try lookup.existingID(stored, db) {
                id = existing
            } else {
                id = try lookup.insert(stored, db)
                created.append((lookup, id))
            }
            ids[key] = id
        }
        if recent.count < Self.recentCount {
            recent.append((text, id))
        } else {
            recent[nextRecent] = (text, id)
            nextRecent = (nextRecent + 1) % Self.recentCount
        }
        return id
    }
}

/// Text as a key by its UTF-8 bytes (nil: none), as SQLite compares text.
struct TextBytes: Hashable {
    let bytes: [UInt8]?

    init(_ text: String?) { bytes = text.map { Array($0.utf8) } }

    /// Whether `a` and `b` have the same bytes (compared whole: going through the UTF-8 views
    /// element by element cost more than the look-up it saves).
    static func same(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.withUTF8Bytes { x in b.withUTF8Bytes { y in sameBytes(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y)) } }
    }

    private static func sameBytes(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
        guard x.count == y.count, let px = x.baseAddress, let py = y.baseAddress else { return x.count == y.count }
        return memcmp(px, py, x.count) == 0
    }
}

/// Binding values to a prepared statement through SQLite's C API.
enum RawBind {
    /// SQLITE_TRANSIENT: SQLite copies the bytes before the call returns.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    static func int64(_ h: OpaquePointer, _ index: Int32, _ value: Int64?) {
        if let value { sqlite3_bind_int64(h, index, value) } else { sqlite3_bind_null(h, index) }
    }

    static func double(_ h: OpaquePointer, _ index: Int32, _ value: Double?) {
        if let value { sqlite3_bind_double(h, index, value) } else { sqlite3_bind_null(h, index) }
    }

    static func text(_ h: OpaquePointer, _ index: Int32, _ value: String?) {
        guard let value else {
            sqlite3_bind_null(h, index)
            return
        }
        value.withUTF8Bytes { text(h, index, UnsafeRawBufferPointer($0)) }  // SQLite copies it
    }

    private static func text(_ h: OpaquePointer, _ index: Int32, _ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            _ = sqlite3_bind_text(h, index, "", 0, transient)
            return
        }
        _ = sqlite3_bind_text(h, index, base.assumingMemoryBound(to: CChar.self), Int32(buffer.count), transient)
    }
}

extension Database {
    /// The page cache of a long write (an Apple Health import, `import FILE.ndjson`, a sync):
    /// 16 MiB — as fast as 32 or 64 MiB here with half the memory; SQLite's default 2 MiB is ~15 %
    /// slower.
    func useLargeWriteCache() throws { try execute(sql: "PRAGMA cache_size = -16384") }
}
