import Foundation
import GRDB

// The store's tables as GRDB records. Column names are the schema's (Store/Migrations/); rows are
// read by name, never by position. Reads of samples and workouts go through the views
// `sampleView`/`workoutView`, which join the interned text (type, unit, device, source) back.
// Queries name columns through each record's `Columns` (GRDB's style: `SampleRecord.Columns.uuid`),
// which lists the columns queries filter, order or select by; add one there before using it.

/// A row of `source`: where samples come from. `isApp` materialises ``SourceID/isApp`` (the one
/// definition of "the app's sources") when the row is made.
struct SourceRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "source"
    enum Columns {
        static let bundleId = Column(CodingKeys.bundleId)
    }
    var id: Int64?
    var bundleId: String
    var name: String
    var version: String?
    var isApp: Bool

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The row id of `source`, inserting it on first use.
    static func id(of source: SourceID, name: String? = nil, version: String? = nil, _ db: Database) throws -> Int64 {
        try row(of: source, name: name, version: version, db).id
    }

    /// The row id of `source` and the version its row keeps (the first one seen), inserting it
    /// with `name` and `version` on first use.
    static func row(of source: SourceID, name: String? = nil, version: String? = nil, _ db: Database) throws -> (id: Int64, version: String?) {
        if let row = try Row.fetchOne(db, sql: "SELECT id, version FROM source WHERE bundleId = ?", arguments: [source.bundleID]) {
            return (row[0], row[1])
        }
        var row = SourceRecord(id: nil, bundleId: source.bundleID, name: name ?? source.defaultName, version: version,
                               isApp: source.isApp)
        try row.insert(db)
        return (row.id ?? db.lastInsertedRowID, version)
    }
}

/// A record's own source version (schema v9): a sample or workout row holds NULL when its version
/// is its source row's (the first one seen for that source), else the id of its version in the
/// lookup table `sourceVersion`, where NULL text stands for "no version". The rows that carry
/// their own version are written by ``ImportWriter`` and ``AppliedRows``, each with the ids it
/// has looked up (``InternCache``).
enum RecordSourceVersion {}

/// The lookup tables that intern text repeated on many rows (schema v4).
enum Lookup: CaseIterable {
    case sampleType, unit, device
    /// A record's own source version (v9); its one NULL text is "no version" (``RecordSourceVersion``).
    case sourceVersion

    var table: String {
        switch self {
        case .sampleType: "sampleType"
        case .unit: "unit"
        case .device: "device"
        case .sourceVersion: "sourceVersion"
        }
    }

    var column: String {
        switch self {
        case .sampleType: "identifier"
        case .unit: "name"
        case .device: "description"
        case .sourceVersion: "version"
        }
    }

    /// The id of `text`, nil when the store has never seen it. Nil text is only ever asked of
    /// ``sourceVersion`` ("no version").
    /// (A statement prepared once per connection: a read asks it once or twice per habit.)
    func existingID(_ text: String?, _ db: Database) throws -> Int64? {
        guard let text else { return try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM \(table) WHERE \(column) IS NULL")) }
        return try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM \(table) WHERE \(column) = ?"), arguments: [text])
    }

    /// The id of `text`, inserting it on first use.
    func id(_ text: String?, _ db: Database) throws -> Int64 {
        try existingID(text, db) ?? insert(text, db)
    }

    /// Inserts `text`, which the table does not hold yet; returns its new id.
    func insert(_ text: String?, _ db: Database) throws -> Int64 {
        try db.execute(sql: "INSERT INTO \(table) (\(column)) VALUES (?)", arguments: [text])
        return db.lastInsertedRowID
    }
}

/// A row of `sample` as written.
struct SampleRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "sample"
    enum Columns {
        static let uuid = Column(CodingKeys.uuid)
        static let workoutId = Column(CodingKeys.workoutId)
    }
    var id: Int64?
    var uuid: String
    var typeId: Int64
    var start: Double
    var end: Double
    var value: Double?
    var unitId: Int64?
    var sourceId: Int64
    var deviceId: Int64?
    var metadata: String?
    var created: Double
    var utcOffset: Int
    var timeZone: String
    var workoutId: Int64?
    var anchor: Int64
    var importRunId: Int64? = nil
    /// Nil: the source row's version (``RecordSourceVersion``).
    var sourceVersionId: Int64? = nil

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension SampleRecord {
    /// The row for `sample`, its text interned and the next anchor taken.
    init(_ sample: Sample, workoutId: Int64?, _ db: Database) throws {
        id = nil
        uuid = sample.uuid.storeText
        typeId = try Lookup.sampleType.id(sample.type, db)
        start = sample.start.timeIntervalSince1970
        end = sample.end.timeIntervalSince1970
        value = sample.value
        unitId = try sample.unit.map { try Lookup.unit.id($0, db) }
        sourceId = try SourceRecord.id(of: sample.source, db)
        deviceId = try sample.device.map { try Lookup.device.id(DeviceDescription.normalised($0), db) }
        metadata = MetadataCoding.encode(sample.metadata)
        created = sample.created.timeIntervalSince1970
        utcOffset = sample.utcOffset
        timeZone = sample.timeZoneID
        self.workoutId = workoutId
        anchor = try ChangeCounter.next(db)
    }

    /// The columns an insert of a sample writes, in order (every column of `sample` but `id`);
    /// the raw value is the column's bind position. It is the one list of them: the record's own
    /// insert, a log's plain statement (``HabitStore/insert(_:workoutId:_:)``) and the import's
    /// binding through SQLite's C API (``ImportWriter``) all go by it.
    enum InsertColumn: Int32, CaseIterable {
        case uuid = 1, typeId, start, end, value, unitId, sourceId, deviceId, metadata, created, utcOffset, timeZone,
             workoutId, anchor, importRunId, sourceVersionId

        /// Every column in bind order, made once (`allCases` makes a new array at each call).
        static let all = allCases
        /// The columns' names: the cases' names, which are the record's coding keys. Written out:
        /// `"\(case)"` reflects on the enum at run time, ~4 M instructions — a quarter of a
        /// `habit log` (`SampleRecordTests` holds them equal to the cases' names).
        static let names = ["uuid", "typeId", "start", "end", "value", "unitId", "sourceId", "deviceId", "metadata", "created",
                            "utcOffset", "timeZone", "workoutId", "anchor", "importRunId", "sourceVersionId"]

        var name: String { Self.names[Int(rawValue) - 1] }

        /// `INSERT INTO sample ("uuid", …) VALUES (?, …)`, then `suffix` (a conflict clause).
        static func insertSQL(_ suffix: String = "") -> String {
            let names = names.map { "\"\($0)\"" }.joined(separator: ", ")  // quoted: `end` is a keyword
            return "INSERT INTO sample (\(names)) VALUES (\(Array(repeating: "?", count: all.count).joined(separator: ", ")))" + suffix
        }
    }

    /// The insert of a log (``HabitStore/insert(_:workoutId:_:)``).
    static let insertSQL = InsertColumn.insertSQL()

    /// What the row writes to `column`.
    subscript(column: InsertColumn) -> (any DatabaseValueConvertible)? {
        switch column {
        case .uuid: uuid
        case .typeId: typeId
        case .start: start
        case .end: end
        case .value: value
        case .unitId: unitId
        case .sourceId: sourceId
        case .deviceId: deviceId
        case .metadata: metadata
        case .created: created
        case .utcOffset: utcOffset
        case .timeZone: timeZone
        case .workoutId: workoutId
        case .anchor: anchor
        case .importRunId: importRunId
        case .sourceVersionId: sourceVersionId
        }
    }

    /// The record's own insert writes ``InsertColumn`` too (and `id`, nil for a new row).
    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        for column in InsertColumn.all { container[column.name] = self[column] }
    }
}

/// A row of `workout` as written.
struct WorkoutRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "workout"
    enum Columns {
        static let uuid = Column(CodingKeys.uuid)
    }
    var id: Int64?
    var uuid: String
    var activityType: String
    var start: Double
    var end: Double
    var duration: Double
    var totalEnergyKcal: Double?
    var totalDistanceM: Double?
    var sourceId: Int64
    var deviceId: Int64?
    var metadata: String?
    var created: Double
    var utcOffset: Int
    var timeZone: String
    var anchor: Int64
    var importRunId: Int64? = nil
    /// Nil: the source row's version (``RecordSourceVersion``).
    var sourceVersionId: Int64? = nil

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension WorkoutRecord {
    init(_ w: Workout, _ db: Database) throws {
        id = nil
        uuid = w.uuid.storeText
        activityType = w.activityType
        start = w.start.timeIntervalSince1970
        end = w.end.timeIntervalSince1970
        duration = w.duration
        totalEnergyKcal = w.totalEnergyKcal
        totalDistanceM = w.totalDistanceMeters
        sourceId = try SourceRecord.id(of: w.source, db)
        deviceId = try w.device.map { try Lookup.device.id(DeviceDescription.normalised($0), db) }
        metadata = MetadataCoding.encode(w.metadata)
        created = w.created.timeIntervalSince1970
        utcOffset = w.utcOffset
        timeZone = w.timeZoneID
        anchor = try ChangeCounter.next(db)
    }
}

/// A row of `sampleView`: a sample with its text joined back. Read by column index (issue 28:
/// Codable decoding by name was a large part of a listing's per-row cost): every request selects
/// ``databaseSelection``'s columns in that order, and a statement written by hand selects
/// ``selectedColumns``.
struct SampleViewRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "sampleView"
    enum Columns: TimedColumns {
        static let id = Column("id")
        static let uuid = Column("uuid")
        static let start = Column("start")
        static let value = Column("value")
        static let anchor = Column("anchor")
        /// The view has it; the record reads the workout's UUID instead.
        static let workoutId = Column("workoutId")
        static let type = Column("type")
    }
    /// The columns read, in the order of ``init(row:)``.
    static let columnNames = ["id", "uuid", "type", "start", "end", "value", "unit", "source", "device", "metadata", "created",
                              "utcOffset", "timeZone", "workoutUUID", "anchor", "sourceVersion"]
    static var databaseSelection: [any SQLSelectable] { columnNames.map { Column($0) } }
    /// ``columnNames`` for a statement written by hand: `SELECT \(selectedColumns) FROM sampleView …`.
    static let selectedColumns = columnNames.map { "\"\($0)\"" }.joined(separator: ", ")

    var id: Int64
    var uuid: String
    var type: String
    var start: Double
    var end: Double
    var value: Double?
    var unit: String?
    var source: String
    var device: String?
    var metadata: String?
    var created: Double
    var utcOffset: Int
    var timeZone: String
    var workoutUUID: String?
    var anchor: Int64
    /// The record's own version, else its source row's (v9).
    var sourceVersion: String?

    init(row: Row) throws {
        (id, uuid, type) = try (row.decode(atIndex: 0), row.decode(atIndex: 1), row.decode(atIndex: 2))
        (start, end, value) = try (row.decode(atIndex: 3), row.decode(atIndex: 4), row.decode(atIndex: 5))
        (unit, source, device, metadata) = try (row.decode(atIndex: 6), row.decode(atIndex: 7), row.decode(atIndex: 8), row.decode(atIndex: 9))
        (created, utcOffset, timeZone) = try (row.decode(atIndex: 10), row.decode(atIndex: 11), row.decode(atIndex: 12))
        (workoutUUID, anchor, sourceVersion) = try (row.decode(atIndex: 13), row.decode(atIndex: 14), row.decode(atIndex: 15))
    }

    var sample: Sample {
        Sample(uuid: UUID(storeText: uuid), type: type, start: Date(timeIntervalSince1970: start),
               end: Date(timeIntervalSince1970: end), value: value, unit: unit, source: SourceID(unchecked: source),
               device: device, metadata: MetadataCoding.decode(metadata), created: Date(timeIntervalSince1970: created),
               utcOffset: utcOffset, timeZoneID: timeZone, workout: workoutUUID.map(UUID.init(storeText:)))
    }
}

/// A row of `workoutView`: a workout with its source and device joined back, read by column
/// index as ``SampleViewRecord`` is.
struct WorkoutViewRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "workoutView"
    enum Columns: TimedColumns {
        static let uuid = Column("uuid")
        static let activityType = Column("activityType")
        static let start = Column("start")
        static let anchor = Column("anchor")
    }
    /// The columns read, in the order of ``init(row:)``.
    static let columnNames = ["id", "uuid", "activityType", "start", "end", "duration", "totalEnergyKcal", "totalDistanceM", "source",
                              "device", "metadata", "created", "utcOffset", "timeZone", "anchor", "sourceVersion"]
    static var databaseSelection: [any SQLSelectable] { columnNames.map { Column($0) } }

    var id: Int64
    var uuid: String
    var activityType: String
    var start: Double
    var end: Double
    var duration: Double
    var totalEnergyKcal: Double?
    var totalDistanceM: Double?
    var source: String
    var device: String?
    var metadata: String?
    var created: Double
    var utcOffset: Int
    var timeZone: String
    var anchor: Int64
    /// The workout's own version, else its source row's (v9).
    var sourceVersion: String?

    init(row: Row) throws {
        (id, uuid) = try (row.decode(atIndex: 0), row.decode(atIndex: 1))
        (activityType, start, end, duration) = try (row.decode(atIndex: 2), row.decode(atIndex: 3), row.decode(atIndex: 4), row.decode(atIndex: 5))
        (totalEnergyKcal, totalDistanceM) = try (row.decode(atIndex: 6), row.decode(atIndex: 7))
        (source, device, metadata, created, utcOffset) = try (row.decode(atIndex: 8), row.decode(atIndex: 9), row.decode(atIndex: 10), row.decode(atIndex: 11), row.decode(atIndex: 12))
        (timeZone, anchor, sourceVersion) = try (row.decode(atIndex: 13), row.decode(atIndex: 14), row.decode(atIndex: 15))
    }

    var workout: Workout {
        Workout(uuid: UUID(storeText: uuid), activityType: activityType, start: Date(timeIntervalSince1970: start),
                end: Date(timeIntervalSince1970: end), duration: duration, totalEnergyKcal: totalEnergyKcal,
                totalDistanceMeters: totalDistanceM, source: SourceID(unchecked: source), device: device,
                metadata: MetadataCoding.decode(metadata), created: Date(timeIntervalSince1970: created),
                utcOffset: utcOffset, timeZoneID: timeZone)
    }
}

/// A row of `workoutStatistic` (imported per-workout statistics such as heart rate).
struct WorkoutStatisticRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "workoutStatistic"
    enum Columns {
        static let workoutId = Column(CodingKeys.workoutId)
        static let type = Column(CodingKeys.type)
    }
    var workoutId: Int64
    var type: String
    var start: Double?
    var end: Double?
    var average: Double?
    var minimum: Double?
    var maximum: Double?
    var sum: Double?
    var unit: String?
}

extension WorkoutStatisticRecord {
    /// The row of `s`, a statistic of the workout `workoutId`.
    init(workoutId: Int64, _ s: WorkoutStatistic) {
        self.init(workoutId: workoutId, type: s.type, start: s.start?.timeIntervalSince1970, end: s.end?.timeIntervalSince1970,
                  average: s.average, minimum: s.minimum, maximum: s.maximum, sum: s.sum, unit: s.unit)
    }

    var statistic: WorkoutStatistic {
        WorkoutStatistic(type: type, start: start.map(Date.init(timeIntervalSince1970:)), end: end.map(Date.init(timeIntervalSince1970:)),
                         average: average, minimum: minimum, maximum: maximum, sum: sum, unit: unit)
    }
}

/// A row of `workoutEvent` (imported pauses, laps, segments).
struct WorkoutEventRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "workoutEvent"
    enum Columns {
        static let workoutId = Column(CodingKeys.workoutId)
    }
    var workoutId: Int64
    var type: String
    var date: Double?
    var duration: Double?
    var durationUnit: String?
}

extension WorkoutEventRecord {
    /// The row of `e`, an event of the workout `workoutId`.
    init(workoutId: Int64, _ e: WorkoutEvent) {
        self.init(workoutId: workoutId, type: e.type, date: e.date?.timeIntervalSince1970, duration: e.duration, durationUnit: e.durationUnit)
    }

    var event: WorkoutEvent {
        WorkoutEvent(type: type, date: date.map(Date.init(timeIntervalSince1970:)), duration: duration, durationUnit: durationUnit)
    }
}

/// A row of `tombstone`: what a deletion leaves for the change feed (written by triggers).
struct TombstoneRecord: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "tombstone"
    enum Columns {
        static let anchor = Column(CodingKeys.anchor)
    }
    var anchor: Int64
    var uuid: String
    var kind: TombstoneKind
    var type: String

    var tombstone: HabitStore.Tombstone {
        HabitStore.Tombstone(anchor: anchor, uuid: UUID(storeText: uuid), kind: kind, type: type)
    }
}

/// What a tombstone stands for.
public enum TombstoneKind: String, Codable, Sendable, DatabaseValueConvertible {
    case sample, workout
    /// A skipped day taken back (`unskip`, or its habit removed); the tombstone's type is the
    /// habit's id, or `*` for a skip of every habit.
    case skip
}

/// A row of `setting`: one key, its normalised text value.
struct SettingRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "setting"
    enum Columns {
        static let key = Column(CodingKeys.key)
    }
    var key: String
    /// Nil: unset (the default applies), kept so that the unset is the latest word in a sync.
    var value: String?
    /// When it was set or unset (0 for settings stored before v6).
    var modified: Double
}

/// Keys of the `setting` table that are not user settings (``Settings/Key`` are).
enum InternalSettingKey: String {
    /// `habit remind pause` without an id: no reminder fires until `resume`.
    case remindersPaused = "reminders-paused"
}

/// A row of `namedAnchor` (`habit changes --save NAME`).
struct NamedAnchorRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "namedAnchor"
    enum Columns {
        static let name = Column(CodingKeys.name)
    }
    var name: String
    var anchor: Int64
}

/// A row of `reminder`.
struct ReminderRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "reminder"
    enum Columns {
        static let uuid = Column(CodingKeys.uuid)
        static let created = Column(CodingKeys.created)
    }
    var id: Int64?
    var title: String
    var message: String
    var activity: String
    var hour: Int
    var minute: Int
    var weekdays: Int
    var lookbackHours: Int
    var enabled: Bool
    var created: Double
    /// The same on every device (schema v6).
    var uuid: String
    var modified: Double

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Read by column name (no generic decoding: every log reads reminders).
    init(row: Row) throws {
        id = row["id"]
        title = row["title"]
        message = row["message"]
        activity = row["activity"]
        hour = row["hour"]
        minute = row["minute"]
        weekdays = row["weekdays"]
        lookbackHours = row["lookbackHours"]
        enabled = row["enabled"]
        created = row["created"]
        uuid = row["uuid"]
        modified = row["modified"]
    }

    init(_ r: Reminder) {
        id = r.id == 0 ? nil : r.id
        title = r.title
        message = r.message
        activity = r.activity
        hour = r.time.hour
        minute = r.time.minute
        weekdays = r.weekdays.mask
        lookbackHours = r.lookbackHours
        enabled = r.enabled
        created = r.created.timeIntervalSince1970
        uuid = r.uuid?.storeText ?? Self.derivedUUID(r)
        modified = r.modified.timeIntervalSince1970
    }

    /// A reminder made without a UUID gets one from what it is (the same on every device).
    static func derivedUUID(_ r: Reminder) -> String {
        var hash = StableHash()
        hash.add("reminder")
        for part in [String(r.created.timeIntervalSince1970), r.title, r.message, r.activity, r.time.description, String(r.weekdays.mask)] {
            hash.add(part)
        }
        return hash.uuid().storeText
    }

    /// The reminder, or a data error naming what is wrong: a stored activity this binary does not
    /// know never turns into another one.
    func reminder() throws -> Reminder {
        guard let time = LocalTime(hour: hour, minute: minute) else {
            throw StoreError.corrupt("reminder #\(id ?? 0) has an impossible time \(hour):\(minute)")
        }
        return Reminder(id: id ?? 0, title: title, message: message, activity: activity, time: time,
                        weekdays: WeekdaySet(mask: weekdays), lookbackHours: lookbackHours, enabled: enabled,
                        created: Date(timeIntervalSince1970: created), uuid: UUID(storeText: uuid),
                        modified: Date(timeIntervalSince1970: modified))
    }
}

/// Stored as its raw value in `occurrence.state`.
extension OccurrenceState: DatabaseValueConvertible {}

/// A row of `occurrence`: the claim that makes "exactly once" hold across processes.
struct OccurrenceRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "occurrence"
    var reminderId: Int64
    var day: String
    var at: Double
    var state: OccurrenceState
    var handled: Double

    /// Inserts the row unless the occurrence is handled already; returns whether it was inserted.
    func claim(_ db: Database) throws -> Bool {
        try insert(db, onConflict: .ignore)
        return db.changesCount > 0
    }
}

/// The store's one change sequence: every insert and every deletion takes its next value.
enum ChangeCounter {
    static func next(_ db: Database) throws -> Int64 {
        guard let value = try Int64.fetchOne(db, sql: "UPDATE changeCounter SET value = value + 1 WHERE id = 1 RETURNING value") else {
            throw StoreError.corrupt("the change counter row is missing")
        }
        return value
    }

    static func current(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT value FROM changeCounter WHERE id = 1") ?? 0
    }

    static func set(_ value: Int64, _ db: Database) throws {
        try db.execute(sql: "UPDATE changeCounter SET value = ? WHERE id = 1", arguments: [value])
    }
}
