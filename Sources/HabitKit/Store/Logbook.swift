import Foundation
import GRDB

/// What one `habit log …` stored.
public struct LogResult: Sendable {
    public var samples: [Sample]
    public var workout: Workout?
    /// Earlier entries this one replaced (NoAlc: the last entry for a day wins).
    public var replaced: [UUID]
    /// Reminder occurrences this log cancelled.
    public var cancelledReminders: [CancelledOccurrence]
}

/// What one `habit log …` records: the entry, with what the executable read from the command
/// line (intervals from ``SessionInterval``, a NoAlc day from ``EveningCutoff`` or `--date`).
public enum NewEntry: Sendable {
    /// A mindful session `[interval)`.
    case meditation(InstantRange, note: String?)
    /// A workout `[interval)` of `activity` and its active energy from `met` (nil: the activity's).
    case workout(Activity, InstantRange, met: Double?, note: String?)
    /// The NoAlc level of a day (the last entry for a day wins).
    case alcohol(day: LocalDay, level: NoAlcLevel, drinks: Int?)
    /// An amount of an own habit (1 for a yes/no habit), from the app's source.
    case habit(HabitDefinition, amount: Double, InstantRange, note: String?)
    /// An amount of an own habit for a day (`log NAME --date`): an entry that names a day
    /// (``DayEntry``), at the first instant of that calendar day.
    case habitDay(HabitDefinition, amount: Double, day: LocalDay, note: String?)
}

/// How many samples, workouts and tombstones a store holds.
public struct RowCounts: Sendable, Equatable {
    public var samples: Int
    public var workouts: Int
    public var tombstones: Int
}

/// A listed entry: a sample on its own, or a workout with its associated samples.
public enum Entry: Sendable {
    case sample(Sample)
    case workout(Workout, samples: [Sample])

    public var start: Date {
        switch self {
        case .sample(let s): s.start
        case .workout(let w, _): w.start
        }
    }

    /// The day the entry belongs to in `calendar` (``DayEntry/day(of:in:)``; a workout never names a day).
    public func day(in calendar: HabitCalendar) -> LocalDay {
        switch self {
        case .sample(let s): DayEntry.day(of: s, in: calendar)
        case .workout(let w, _): calendar.day(ofEntryAt: w.start, namesADay: false)
        }
    }

    public var uuid: UUID {
        switch self {
        case .sample(let s): s.uuid
        case .workout(let w, _): w.uuid
        }
    }

    public var source: SourceID {
        switch self {
        case .sample(let s): s.source
        case .workout(let w, _): w.source
        }
    }
}

extension HabitStore {
    /// A mindful session `[interval)` from `source` (``log(_:source:env:)``; for tests).
    func logMeditation(_ interval: InstantRange, source: SourceID, note: String?, env: HabitEnvironment) throws -> LogResult {
        try log(.meditation(interval, note: note), source: source, env: env)
    }

    /// A workout `[interval)` of `activity` (``log(_:source:env:)``; for tests).
    func logWorkout(_ activity: Activity, _ interval: InstantRange, met: Double?, source: SourceID, note: String?,
                    env: HabitEnvironment) throws -> LogResult {
        try log(.workout(activity, interval, met: met, note: note), source: source, env: env)
    }

    /// The NoAlc level of `day` (``log(_:source:env:)``; for tests).
    func logAlcohol(day: LocalDay, level: NoAlcLevel, drinks: Int?, source: SourceID, env: HabitEnvironment) throws -> LogResult {
        try log(.alcohol(day: day, level: level, drinks: drinks), source: source, env: env)
    }

    func makeSample(type: String, _ interval: InstantRange, value: Double?, unit: String?, source: SourceID,
                            metadata: [String: String], env: HabitEnvironment) -> Sample {
        Sample(uuid: env.makeUUID(), type: type, start: interval.lowerBound, end: interval.upperBound, value: value,
               unit: unit, source: source, metadata: metadata, created: env.now,
               utcOffset: env.timeZone.secondsFromGMT(for: interval.lowerBound), timeZoneID: env.timeZone.identifier)
    }

    // MARK: - Writing rows

    /// Inserts `sample` (text interned, next anchor); returns its row id.
    @discardableResult
    static func insert(_ sample: Sample, workoutId: Int64?, _ db: Database) throws -> Int64 {
        let r = try SampleRecord(sample, workoutId: workoutId, db)
        // A plain statement rather than the record's `insert`: the same row and columns, without
        // the record machinery's generic metadata and schema look-up (its cost: Benchmarks/README.md).
        try db.execute(sql: SampleRecord.insertSQL, arguments: StatementArguments(SampleRecord.InsertColumn.all.map { r[$0] }))
        return db.lastInsertedRowID
    }

    /// Inserts `workout` (next anchor); returns its row id.
    @discardableResult
    static func insert(_ workout: Workout, _ db: Database) throws -> Int64 {
        var row = try WorkoutRecord(workout, db)
        try row.insert(db)
        return row.id ?? db.lastInsertedRowID
    }

    // MARK: - Reading entries back


    /// The current name of each own habit, by id (for ``HabitDefinition/labelled(_:names:)``).
    static func habitNames(_ db: Database) throws -> [String: String] {
        var names: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM habit") { names[row[0]] = row[1] }
        return names
    }


    static func samples(ofWorkout workoutID: Int64, _ db: Database) throws -> [Sample] {
        // A statement kept by the connection: a listing asks this of every workout (issue 28).
        try SampleViewRecord.fetchAll(db.cachedStatement(sql: "SELECT \(SampleViewRecord.selectedColumns) FROM sampleView WHERE workoutId = ? ORDER BY anchor"), arguments: [workoutID])
            .map(\.sample)
    }

    static func entry(_ db: Database, _ uuid: UUID) throws -> Entry? {
        if let w = try WorkoutViewRecord.all().withUUID(uuid).fetchOne(db) {
            return .workout(w.workout, samples: try samples(ofWorkout: w.id, db))
        }
        return try SampleViewRecord.all().withUUID(uuid).fetchOne(db).map { Entry.sample(HabitDefinition.labelled($0.sample, names: try habitNames(db))) }
    }


    /// Deletes the entry `uuid` (a workout together with its associated samples), leaving tombstones.
    ///
    /// - Throws: ``StoreError/notFound(_:)``; ``StoreError/partOfWorkout(sample:workout:)`` for a
    ///   sample that belongs to a workout.
    @discardableResult
    public func delete(_ uuid: UUID) throws -> Entry {
        try write { db in
            guard let entry = try Self.entry(db, uuid) else { throw StoreError.notFound(uuid) }
            try Self.delete(entry, db)
            return entry
        }
    }

    /// What `undo` did: the entry it deleted and the entries that one had replaced, now back.
    public struct Undone: Sendable {
        public var entry: Entry
        public var restored: [Sample]
    }

    /// Deletes the newest entry from the app's sources (`dev.habit`, `dev.habit.*`) and brings back
    /// what it replaced (a NoAlc entry replaces the day's earlier ones).
    @discardableResult
    public func undo() throws -> Undone {
        try write { db in
            let sample = try SampleViewRecord.all().standalone().fromAppSources().order(SampleViewRecord.Columns.anchor.desc).fetchOne(db)
            let workout = try WorkoutViewRecord.all().fromAppSources().order(WorkoutViewRecord.Columns.anchor.desc).fetchOne(db)
            let newest: UUID? = switch (sample, workout) {
            case let (s?, w?): s.anchor > w.anchor ? UUID(storeText: s.uuid) : UUID(storeText: w.uuid)
            case let (s?, nil): UUID(storeText: s.uuid)
            case let (nil, w?): UUID(storeText: w.uuid)
            case (nil, nil): nil
            }
            guard let newest, let entry = try Self.entry(db, newest) else { throw StoreError.nothingToUndo }
            var restored: [Sample] = []
            if let sample, case .sample = entry {
                // Read what it replaced before the delete cascades those rows away.
                let kept = try ReplacedSampleRecord.filter(ReplacedSampleRecord.Columns.sampleId == sample.id).fetchAll(db)
                try Self.delete(entry, db)
                for var row in kept.map(\.record) {
                    row.anchor = try ChangeCounter.next(db)
                    try row.insert(db)
                    if let back = try SampleViewRecord.filter(SampleViewRecord.Columns.id == row.id).fetchOne(db) { restored.append(back.sample) }
                }
            } else {
                try Self.delete(entry, db)
            }
            return Undone(entry: entry, restored: restored)
        }
    }

    /// Deleting is writing: refused for a type habit may not write (Standards/access.md).
    static func delete(_ entry: Entry, _ db: Database) throws {
        switch entry {
        case .sample(let s): try requireWrite([s.type], habits: try ownHabits(includingArchived: true, db), db)
        case .workout(_, let samples): try requireWrite([DataTypes.workout] + samples.map(\.type), db)
        }
        switch entry {
        case .sample(let s):
            if let w = s.workout { throw StoreError.partOfWorkout(sample: s.uuid, workout: w) }
            _ = try SampleRecord.filter(SampleRecord.Columns.uuid == s.uuid.storeText).deleteAll(db)
        case .workout(let w, _):
            // ON DELETE CASCADE removes the associated samples; triggers leave a tombstone for each.
            _ = try WorkoutRecord.filter(WorkoutRecord.Columns.uuid == w.uuid.storeText).deleteAll(db)
        }
    }

    // MARK: - Change feed

    /// A deleted object: what HealthKit's anchored object query reports as deleted.
    public struct Tombstone: Sendable, Equatable {
        public var anchor: Int64
        public var uuid: UUID
        public var kind: TombstoneKind
        public var type: String
    }


    static func tombstones(since anchor: Int64, _ db: Database) throws -> [Tombstone] {
        try TombstoneRecord.filter(TombstoneRecord.Columns.anchor > anchor).order(TombstoneRecord.Columns.anchor).fetchAll(db).map(\.tombstone)
    }



    // MARK: - Settings


    /// The store's settings, read now; a snapshot's rules ask its transaction
    /// (``StoreTransaction/settings()``), which read them once.
    static func settings(_ db: Database) throws -> Settings {
        var stored: [String: String] = [:]
        // Plain SQL: every command reads the settings first (FastLog measures a log's start-up).
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM setting WHERE value IS NOT NULL") { stored[row[0]] = row[1] }
        return Settings(stored: stored)
    }

    /// Validates and stores a setting's value, or with nil unsets it so its default applies again
    /// (kept as an unset value, for sync), changed `at` (the latest word wins in a sync; nil:
    /// before any other); returns the stored (normalised) value.
    @discardableResult
    public func setSetting(_ key: Settings.Key, to value: String?, at: Date? = nil) throws -> String? {
        guard let value else {
            try removeSetting(key, at: at)
            return nil
        }
        return try saveSetting(key, value, at: at)
    }

    @discardableResult
    func saveSetting(_ key: Settings.Key, _ value: String, at: Date? = nil) throws -> String {
        var settings = Settings()
        let normalised = try settings.apply(key, value)
        try write { db in
            try SettingRecord(key: key.rawValue, value: normalised, modified: at?.timeIntervalSince1970 ?? 0).upsert(db)
        }
        return normalised
    }

    /// Unsets a setting so its default applies again (kept as an unset value changed `at`, for sync).
    func removeSetting(_ key: Settings.Key, at: Date? = nil) throws {
        try write { db in try SettingRecord(key: key.rawValue, value: nil, modified: at?.timeIntervalSince1970 ?? 0).upsert(db) }
    }
}

/// A row of `replacedSample`: an entry that a later one replaced (NoAlc: the last entry for a day
/// wins), kept so that `undo` of the later entry brings it back. Removed with the later entry.
struct ReplacedSampleRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "replacedSample"
    var sampleId: Int64
    var record: SampleRecord

    enum CodingKeys: String, CodingKey { case sampleId, record }
    enum Columns {
        static let sampleId = Column(CodingKeys.sampleId)
    }

    init(sampleId: Int64, record: SampleRecord) {
        self.sampleId = sampleId
        self.record = record
    }
}

extension StoreRequest where Value == [Entry] {
    /// Entries whose start lies in `range` (half-open), newest first: samples on their own and
    /// workouts with their associated samples. All of them at once: a listing streams them
    /// with ``eachEntry(in:allSources:_:)``, which gives the same entries in the same order.
    public static func entries(in range: InstantRange, allSources: Bool = true) -> Self {
        Self { db in
            var entries: [Entry] = []
            try StoreRequest<Void>.eachEntry(in: range, allSources: allSources) { entries.append($0) }.fetch(db)
            return entries
        }
    }
}

extension StoreRequest where Value == Void {
    /// The entries of ``entries(in:allSources:)`` handed to `body` one at a time, newest first
    /// (ties by UUID, descending), read through cursors: a listing of a century of data needs
    /// memory for one entry, not for all (issue 28). Samples on their own and workouts come from
    /// two cursors ordered alike and merged; the workouts' samples (anchor order, types habit may
    /// not read left out) a batch of workouts at a time (``WorkoutBatches``). Run it inside one read transaction
    /// (a snapshot) so that the cursors see one state of the store. `workoutSamples: false`: each
    /// workout comes without its samples and none are read (a listing that shows none of them).
    public static func eachEntry(in range: InstantRange, allSources: Bool = true, workoutSamples: Bool = true,
                                 _ body: @escaping (Entry) throws -> Void) -> Self {
        eachEntry(in: range, entries: nil, calendar: nil, allSources: allSources, workoutSamples: workoutSamples, body)
    }

    /// The entries of `days` in the order of the days they belong to (``DayOrderedSamples``),
    /// newest day first, in a day newest first: as ``eachEntry(in:allSources:workoutSamples:_:)``
    /// lists the habit days' instants, but an entry that names a day (``DayEntry``) comes under
    /// its calendar day whatever the day-start is (`habit log list`).
    public static func eachEntry(of days: DayRange, calendar: HabitCalendar, allSources: Bool = true, workoutSamples: Bool = true,
                                 _ body: @escaping (Entry) throws -> Void) -> Self {
        eachEntry(in: calendar.instants(of: days), entries: calendar.entryInstants(of: days), calendar: calendar,
                  allSources: allSources, workoutSamples: workoutSamples, body)
    }

    private static func eachEntry(in range: InstantRange, entries: InstantRange?, calendar: HabitCalendar?, allSources: Bool,
                                  workoutSamples: Bool, _ body: @escaping (Entry) throws -> Void) -> Self {
        Self { db in
            let names = try HabitStore.habitNames(db)
            let grants = try HabitStore.grants(db)  // a type habit may not read is not listed
            // Stored UUIDs are lowercase hex: their order is that of `uuidString` (uppercase).
            var samples = try DayOrderedSamples({ entrySamples(in: $0, grants: grants, allSources: allSources) },
                                                in: range, entries: entries, calendar: calendar, db)
            var finder = calendar.map { HabitCalendar.DayFinder($0) }
            func day(_ w: WorkoutViewRecord) -> LocalDay {
                finder?.day(containing: Date(timeIntervalSince1970: w.start)) ?? LocalDay(ordinal: 0)
            }
            var workouts: WorkoutBatches<[Sample]>?
            if grants.mayRead(DataTypes.workout) {
                let cursor = try WorkoutViewRecord.all().starting(in: range).fromSources(all: allSources)
                    .order(WorkoutViewRecord.Columns.start.desc, WorkoutViewRecord.Columns.uuid.desc).fetchCursor(db)
                workouts = workoutSamples ? WorkoutBatches(samplesOf: cursor, db) : WorkoutBatches(cursor, db, empty: []) { _, _ in [:] }
            }
            var sample = try samples.next()
            var workout = try workouts?.nextWorkout()
            while sample != nil || workout != nil {
                if let (sday, s) = sample, workout.map({ w, _ in (sday, s.start, s.uuid) > (day(w), w.start, w.uuid) }) ?? true {
                    try body(.sample(HabitDefinition.labelled(s.sample, names: names)))
                    sample = try samples.next()
                } else if let (w, parts) = workout {
                    try body(.workout(w.workout, samples: parts.filter { grants.mayRead($0.type) }))
                    workout = try workouts?.nextWorkout()
                }
            }
        }
    }
}

extension StoreRequest {
    /// The samples on their own that ``eachEntry(in:allSources:_:)`` lists, newest first.
    static func entrySamples(in range: InstantRange, grants: AccessGrants, allSources: Bool) -> QueryInterfaceRequest<SampleViewRecord> {
        SampleViewRecord.all().standalone().readable(grants).startingOfAnyType(in: range).fromSources(all: allSources)
            .order(SampleViewRecord.Columns.start.desc, SampleViewRecord.Columns.uuid.desc)
    }
}

extension StoreRequest where Value == Entry? {
    /// The entry with `uuid`, if any.
    public static func entry(_ uuid: UUID) -> Self {
        Self { db in
            try HabitStore.entry(db, uuid)
        }
    }
}

extension StoreRequest where Value == [UUID] {
    /// The entries (samples on their own and workouts) whose UUID starts with `prefix`, at most
    /// `limit`. `prefix` must be lowercase hex digits and dashes (as UUIDs are written), 8 to 36
    /// characters: anything else is refused, and no pattern is ever built from it — the lookup
    /// is a range on the UUID index (`uuid >= prefix AND uuid < prefix || '~'`).
    public static func uuids(prefix: String, limit: Int = 10) -> Self {
        Self { db in
            let p = prefix.lowercased()
            guard (8...36).contains(p.utf8.count), p.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || $0 == 45 }) else {
                throw InputError.invalidUUID(prefix)
            }
            let upper = p + "~"  // '~' sorts after every hex digit and '-'
            let sample = SampleRecord.Columns.uuid, workout = WorkoutRecord.Columns.uuid
            let samples = try String.fetchAll(db, SampleRecord.select(sample)
                .filter(sample >= p && sample < upper && SampleRecord.Columns.workoutId == nil)
                .filter(literal: StoreRules.visible).limit(limit))
            let workouts = try String.fetchAll(db, WorkoutRecord.select(workout)
                .filter(workout >= p && workout < upper).filter(literal: StoreRules.visible).limit(limit))
            return (samples + workouts).prefix(limit).map(UUID.init(storeText:))
        }
    }
}

extension StoreRequest where Value == [HabitStore.Tombstone] {
    /// Tombstones with an anchor greater than `anchor`, oldest first.
    public static func tombstones(since anchor: Int64) -> Self {
        Self { db in
            try HabitStore.tombstones(since: anchor, db)
        }
    }
}

extension StoreRequest where Value == Int64 {
    /// The newest value of the change sequence.
    public static var currentAnchor: Self {
        Self { db in
            try ChangeCounter.current(db)
        }
    }
}

extension StoreRequest where Value == RowCounts {
    /// Counts rows per table, for tests and `habit` diagnostics.
    public static var counts: Self {
        Self { db in
            RowCounts(samples: try SampleRecord.fetchCount(db), workouts: try WorkoutRecord.fetchCount(db),
                      tombstones: try TombstoneRecord.fetchCount(db))
        }
    }
}

extension StoreRequest where Value == Settings {
    /// The settings: each key's stored value, or its default.
    public static var settings: Self {
        Self { db in
            try HabitStore.settings(db)
        }
    }
}
