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

    public var uuid: UUID {
        switch self {
        case .sample(let s): s.uuid
        case .workout(let w, _): w.uuid
        }
    }
}

/// When a logged session happened: from a duration and at most one of start or end.
public enum SessionInterval {
    /// `[start, end)` for a session of `duration` that starts at `start`, ends at `end`, or
    /// (neither given) ends now. Rejects sessions that start or end after now.
    public static func make(duration: TimeInterval, start: Date?, end: Date?, env: HabitEnvironment,
                            startText: String?, endText: String?) throws(InputError) -> InstantRange {
        let range: InstantRange
        if let start {
            range = InstantRange(start, upTo: start.addingTimeInterval(duration))
        } else {
            let e = end ?? env.now
            range = InstantRange(e.addingTimeInterval(-duration), upTo: e)
        }
        let nowText = env.calendar.iso8601(env.now)
        if range.lowerBound > env.now { throw .inFuture(startText ?? endText ?? "start", now: nowText) }
        if range.upperBound > env.now {
            throw .inFuture((startText.map { "\($0) + duration" } ?? endText) ?? "end", now: nowText)
        }
        return range
    }
}

extension HabitStore {
    /// Logs a mindful session `[interval)` from `source`.
    public func logMeditation(_ interval: InstantRange, source: SourceID, note: String?,
                              env: HabitEnvironment) throws -> LogResult {
        var metadata: [String: String] = [:]
        if let note, !note.isEmpty { metadata["note"] = note }
        let sample = makeSample(type: SampleType.mindfulSession, interval, value: nil, unit: nil,
                                source: source, metadata: metadata, env: env)
        return try write { db in
            try StoreRows.insert(sample, workoutRowID: nil, db)
            let cancelled = try ReminderRows.cancelMatching(db, activity: .meditate, completedAt: interval.upperBound,
                                                            source: source, env: env)
            return LogResult(samples: [sample], workout: nil, replaced: [], cancelledReminders: cancelled)
        }
    }

    /// Logs a workout `[interval)` of `activity` plus its associated active-energy sample,
    /// `(MET − 1) × weight × hours` kcal, in one transaction.
    public func logWorkout(_ activity: Activity, _ interval: InstantRange, met: Double?, source: SourceID,
                           note: String?, env: HabitEnvironment) throws -> LogResult {
        let settings = try fetchSettings()
        let effectiveMET = met ?? activity.met
        let kcal = Activity.activeKcal(met: effectiveMET, bodyMassKg: settings.weightKg, seconds: interval.duration)
        var metadata = ["met": String(effectiveMET), "bodyMassKg": String(settings.weightKg)]
        if met == nil { metadata["compendiumCode"] = activity.compendiumCode }
        if let note, !note.isEmpty { metadata["note"] = note }
        let offset = env.timeZone.secondsFromGMT(for: interval.lowerBound)
        let workout = Workout(uuid: env.makeUUID(), activityType: activity.workoutActivityType,
                              start: interval.lowerBound, end: interval.upperBound, duration: interval.duration,
                              totalEnergyKcal: kcal, totalDistanceMeters: nil, source: source, metadata: metadata,
                              created: env.now, utcOffset: offset, timeZoneID: env.timeZone.identifier)
        var energy = makeSample(type: SampleType.activeEnergyBurned, interval, value: kcal, unit: "kcal",
                                source: source, metadata: [:], env: env)
        energy.workout = workout.uuid
        return try write { db in
            let rowID = try StoreRows.insert(workout, db)
            try StoreRows.insert(energy, workoutRowID: rowID, db)
            let cancelled = try ReminderRows.cancelMatching(db, activity: .workout, completedAt: interval.upperBound,
                                                            source: source, env: env)
            return LogResult(samples: [energy], workout: workout, replaced: [], cancelledReminders: cancelled)
        }
    }

    /// Logs the NoAlc level of `day` as one alcoholic-beverages sample at local midnight; it
    /// replaces the day's earlier app-source entries in the same transaction.
    public func logAlcohol(day: LocalDay, level: NoAlcLevel, drinks: Int?, source: SourceID,
                           env: HabitEnvironment) throws -> LogResult {
        let dayRange = env.calendar.instants(of: day)
        var metadata = ["level": level.rawValue]
        if let drinks { metadata["drinks"] = String(drinks) }
        let midnight = InstantRange(dayRange.lowerBound, upTo: dayRange.lowerBound)
        let sample = makeSample(type: SampleType.alcoholicBeverages, midnight, value: level.storedValue, unit: "count",
                                source: source, metadata: metadata, env: env)
        return try write { db in
            var replaced: [UUID] = []
            if source.isApp {
                replaced = try String.fetchAll(db, sql: """
                    SELECT s.uuid FROM sample s
                    WHERE s.type = ? AND s.start >= ? AND s.start < ?
                      AND s.sourceId IN (SELECT id FROM source WHERE isApp = 1)
                    """, arguments: [SampleType.alcoholicBeverages, dayRange.lowerBound.timeIntervalSince1970,
                                     dayRange.upperBound.timeIntervalSince1970]).map(StoreRows.uuid)
                for uuid in replaced {
                    try db.execute(sql: "DELETE FROM sample WHERE uuid = ?", arguments: [uuid.uuidString.lowercased()])
                }
            }
            try StoreRows.insert(sample, workoutRowID: nil, db)
            // Completion time of a NoAlc entry is when it was made, not the midnight it is for.
            let cancelled = try ReminderRows.cancelMatching(db, activity: .noalc, completedAt: env.now,
                                                            source: source, env: env)
            return LogResult(samples: [sample], workout: nil, replaced: replaced, cancelledReminders: cancelled)
        }
    }

    /// The day a NoAlc entry made at `now` without `--date` is for: before 18:00 it describes
    /// last evening (yesterday); from 18:00 on, today.
    public static func noAlcDay(enteredAt now: Date, calendar: HabitCalendar) -> LocalDay {
        let today = calendar.day(containing: now)
        return calendar.time(of: now).hour < 18 ? today.adding(days: -1) : today
    }

    private func makeSample(type: String, _ interval: InstantRange, value: Double?, unit: String?, source: SourceID,
                            metadata: [String: String], env: HabitEnvironment) -> Sample {
        Sample(uuid: env.makeUUID(), type: type, start: interval.lowerBound, end: interval.upperBound, value: value,
               unit: unit, source: source, metadata: metadata, created: env.now,
               utcOffset: env.timeZone.secondsFromGMT(for: interval.lowerBound), timeZoneID: env.timeZone.identifier)
    }

    // MARK: - Reading entries back

    /// Entries whose start lies in `range` (half-open), newest first: samples on their own and
    /// workouts with their associated samples.
    public func fetchEntries(in range: InstantRange, allSources: Bool = true) throws -> [Entry] {
        let lower = range.lowerBound.timeIntervalSince1970
        let upper = range.upperBound.timeIntervalSince1970
        let sourceFilter = allSources ? "" : " AND src.isApp = 1"
        return try read { db in
            let samples = try Row.fetchAll(db, sql: """
                SELECT \(StoreRows.sampleColumns) FROM \(StoreRows.sampleFrom)
                WHERE s.start >= ? AND s.start < ? AND s.workoutId IS NULL\(sourceFilter)
                """, arguments: [lower, upper]).map { Entry.sample(StoreRows.sample($0)) }
            let workouts = try Row.fetchAll(db, sql: """
                SELECT \(StoreRows.workoutColumns) FROM \(StoreRows.workoutFrom)
                WHERE w.start >= ? AND w.start < ?\(sourceFilter)
                """, arguments: [lower, upper]).map(StoreRows.workout)
            let withSamples = try workouts.map { w in
                Entry.workout(w, samples: try StoreRows.fetchWorkoutSamples(db, workout: w.uuid))
            }
            return (samples + withSamples).sorted { ($0.start, $0.uuid.uuidString) > ($1.start, $1.uuid.uuidString) }
        }
    }

    /// The entry with `uuid`, if any.
    public func fetchEntry(_ uuid: UUID) throws -> Entry? {
        try read { db in try Self.entry(db, uuid) }
    }

    private static func entry(_ db: Database, _ uuid: UUID) throws -> Entry? {
        if let w = try StoreRows.fetchWorkout(db, uuid: uuid) {
            return .workout(w, samples: try StoreRows.fetchWorkoutSamples(db, workout: uuid))
        }
        return try StoreRows.fetchSample(db, uuid: uuid).map(Entry.sample)
    }

    /// The entries (samples on their own and workouts) whose UUID starts with `prefix`.
    public func fetchUUIDs(prefix: String) throws -> [UUID] {
        let pattern = prefix.lowercased().filter { $0.isHexDigit || $0 == "-" } + "%"
        return try read { db in
            try String.fetchAll(db, sql: """
                SELECT uuid FROM sample WHERE uuid LIKE ? AND workoutId IS NULL
                UNION ALL SELECT uuid FROM workout WHERE uuid LIKE ? LIMIT 2
                """, arguments: [pattern, pattern]).map(StoreRows.uuid)
        }
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

    /// Deletes the newest entry from the app's sources (`dev.habit`, `dev.habit.*`).
    @discardableResult
    public func undo() throws -> Entry {
        try write { db in
            let newest = try String.fetchOne(db, sql: """
                SELECT uuid FROM (
                    SELECT s.uuid, s.anchor FROM sample s JOIN source src ON src.id = s.sourceId
                    WHERE src.isApp = 1 AND s.workoutId IS NULL
                    UNION ALL
                    SELECT w.uuid, w.anchor FROM workout w JOIN source src ON src.id = w.sourceId
                    WHERE src.isApp = 1)
                ORDER BY anchor DESC LIMIT 1
                """)
            guard let newest, let entry = try Self.entry(db, StoreRows.uuid(newest)) else { throw StoreError.nothingToUndo }
            try Self.delete(entry, db)
            return entry
        }
    }

    private static func delete(_ entry: Entry, _ db: Database) throws {
        switch entry {
        case .sample(let s):
            if let w = s.workout { throw StoreError.partOfWorkout(sample: s.uuid, workout: w) }
            try db.execute(sql: "DELETE FROM sample WHERE uuid = ?", arguments: [s.uuid.uuidString.lowercased()])
        case .workout(let w, _):
            // ON DELETE CASCADE removes the associated samples; triggers leave a tombstone for each.
            try db.execute(sql: "DELETE FROM workout WHERE uuid = ?", arguments: [w.uuid.uuidString.lowercased()])
        }
    }

    // MARK: - Change feed

    /// A deleted object: what HealthKit's anchored object query reports as deleted.
    public struct Tombstone: Sendable, Equatable {
        public var anchor: Int64
        public var uuid: UUID
        public var kind: String
        public var type: String
    }

    /// Tombstones with an anchor greater than `anchor`, oldest first.
    public func fetchTombstones(since anchor: Int64) throws -> [Tombstone] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT anchor, uuid, kind, type FROM tombstone WHERE anchor > ? ORDER BY anchor",
                             arguments: [anchor]).map { Tombstone(anchor: $0[0], uuid: StoreRows.uuid($0[1]), kind: $0[2], type: $0[3]) }
        }
    }

    /// The newest value of the change sequence.
    public func fetchCurrentAnchor() throws -> Int64 { try read(StoreRows.currentAnchor) }

    /// Counts rows per table, for tests and `habit` diagnostics.
    public func fetchCounts() throws -> (samples: Int, workouts: Int, tombstones: Int) {
        try read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM sample") ?? 0,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM workout") ?? 0,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM tombstone") ?? 0)
        }
    }

    // MARK: - Settings

    public func fetchSettings() throws -> Settings {
        try read { db in
            var stored: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM setting") { stored[row[0]] = row[1] }
            return Settings(stored: stored)
        }
    }

    /// Validates and stores a setting; returns the stored (normalised) value.
    @discardableResult
    public func saveSetting(_ key: Settings.Key, _ value: String) throws -> String {
        var settings = Settings()
        let normalised = try settings.apply(key, value)
        try write { db in
            try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                           arguments: [key.rawValue, normalised])
        }
        return normalised
    }

    /// Removes a stored setting so its default applies again.
    public func removeSetting(_ key: Settings.Key) throws {
        try write { db in try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key.rawValue]) }
    }
}
