import Foundation
import GRDB

/// A source as the interchange format carries it beside each object: its display name and the
/// version the store keeps for it.
public struct SourceDescription: Sendable, Equatable {
    public var name: String
    public var version: String?

    public init(name: String, version: String?) {
        self.name = name
        self.version = version
    }
}

/// A statistic of a workout as Apple Health exports it (`WorkoutStatistics`).
public struct WorkoutStatistic: Sendable, Equatable {
    public var type: String
    public var start: Date?
    public var end: Date?
    public var average: Double?
    public var minimum: Double?
    public var maximum: Double?
    public var sum: Double?
    public var unit: String?

    public init(type: String, start: Date?, end: Date?, average: Double?, minimum: Double?, maximum: Double?,
                sum: Double?, unit: String?) {
        (self.type, self.start, self.end, self.average) = (type, start, end, average)
        (self.minimum, self.maximum, self.sum, self.unit) = (minimum, maximum, sum, unit)
    }
}

/// An event of a workout (pause, lap, segment).
public struct WorkoutEvent: Sendable, Equatable {
    public var type: String
    public var date: Date?
    public var duration: Double?
    public var durationUnit: String?

    public init(type: String, date: Date?, duration: Double?, durationUnit: String?) {
        (self.type, self.date, self.duration, self.durationUnit) = (type, date, duration, durationUnit)
    }
}

/// One object of the interchange format (`habit export --format ndjson`, `habit import
/// FILE.ndjson`): everything a store holds that the data is, with nothing left out —
/// Standards/import-export.md, "The interchange format".
public enum InterchangeObject: Sendable, Equatable {
    case habit(HabitDefinition)
    case sample(Sample, SourceDescription)
    case workout(Workout, SourceDescription, statistics: [WorkoutStatistic], events: [WorkoutEvent])
    case skip(SkippedDay)
    /// A day of Activity rings (imported data: exported with `--all-sources`).
    case activitySummary(ActivitySummary)
}

/// What `habit import FILE.ndjson` stored.
public struct InterchangeSummary: Sendable, Equatable {
    public var dryRun = false
    public var habits = 0
    public var habitsUpdated = 0
    public var samples = 0
    public var workouts = 0
    public var skips = 0
    public var activitySummaries = 0
    /// Objects the store has already (same identity), or deleted here (a tombstone with that UUID).
    public var known = 0
    /// Habits whose name another habit here has: stored under the next free name.
    public var renamed: [String] = []

    public init() {}
}

extension SourceID {
    /// A source id read from an interchange line: any text habit could have stored (a bundle id,
    /// `healthkit-import:NAME`), at most 512 bytes and without control characters.
    public init(interchange text: String) throws(InputError) {
        guard !text.isEmpty, text.utf8.count <= 512,
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidSource(text)
        }
        self.init(unchecked: text)
    }
}

extension HabitStore {
    /// Every object of the store in interchange order: habit definitions (archived too), samples,
    /// workouts with their statistics and events, skips — oldest first, from cursors (exporting a
    /// large store needs little memory), optionally of one type (a sample type or a workout
    /// activity type; then without habits and skips) and starting in `range` (half-open). `allSources: false` leaves out samples
    /// and workouts of other sources, as every export does by default.
    public func forEachInterchangeObject(in range: InstantRange?, type: String?, allSources: Bool,
                                         calendar: HabitCalendar, _ body: (InterchangeObject) throws -> Void) throws {
        // One read transaction: the file is one snapshot of the store.
        try read { db in
            let sources = try SourceRecord.fetchAll(db).reduce(into: [String: SourceDescription]()) {
                $0[$1.bundleId] = SourceDescription(name: $1.name, version: $1.version)
            }
            func source(_ id: SourceID) -> SourceDescription { sources[id.bundleID] ?? SourceDescription(name: id.defaultName, version: nil) }
            if type == nil { for habit in try Self.ownHabits(includingArchived: true, db) { try body(.habit(habit)) } }
            var samples = SampleViewRecord.all().fromSources(all: allSources)
            var workouts = WorkoutViewRecord.all().fromSources(all: allSources)
            if let range {
                samples = samples.starting(in: range)
                workouts = workouts.starting(in: range)
            }
            if let type {
                samples = samples.ofType(type)
                workouts = workouts.ofActivityType(type)
            }
            let sampleRows = try samples.chronological().fetchCursor(db)
            while let row = try sampleRows.next() {
                let sample = row.sample
                try body(.sample(sample, source(sample.source)))
            }
            let workoutRows = try workouts.chronological().fetchCursor(db)
            while let row = try workoutRows.next() {
                let workout = row.workout
                let (statistics, events) = try Self.details(ofWorkout: row.id, db)
                try body(.workout(workout, source(workout.source), statistics: statistics, events: events))
            }
            if type == nil {
                for skip in try Self.skips(after: Int64.min, db).sorted(by: { ($0.day, $0.uuid.uuidString) < ($1.day, $1.uuid.uuidString) })
                where range.map({ $0.contains(calendar.start(of: skip.day)) }) ?? true {
                    try body(.skip(skip))
                }
            }
            // Activity rings come from the phone: other sources' data, like imported samples.
            if type == nil, allSources {
                for summary in try Self.activitySummaries(db) where range.map({ $0.contains(calendar.start(of: summary.day)) }) ?? true {
                    try body(.activitySummary(summary))
                }
            }
        }
    }

    static func details(ofWorkout id: Int64, _ db: Database) throws -> ([WorkoutStatistic], [WorkoutEvent]) {
        func date(_ t: Double?) -> Date? { t.map { Date(timeIntervalSince1970: $0) } }
        let statistics = try WorkoutStatisticRecord.filter(Column("workoutId") == id).order(Column("id")).fetchAll(db).map {
            WorkoutStatistic(type: $0.type, start: date($0.start), end: date($0.end), average: $0.average, minimum: $0.minimum,
                             maximum: $0.maximum, sum: $0.sum, unit: $0.unit)
        }
        let events = try WorkoutEventRecord.filter(Column("workoutId") == id).order(Column("id")).fetchAll(db).map {
            WorkoutEvent(type: $0.type, date: date($0.date), duration: $0.duration, durationUnit: $0.durationUnit)
        }
        return (statistics, events)
    }

    /// Stores the objects `next` gives, in one transaction (rolled back with `dryRun`). An object
    /// whose UUID the store has — or had: a tombstone keeps it — is left as it is, so importing a
    /// file twice, or a file made from this store, adds nothing, and nothing deleted comes back. A
    /// habit definition already here is replaced by a newer one (its `modified` is later). A
    /// sample of a workout comes after the workout: the export writes samples first, so such
    /// samples wait for the end of the file. The rules are sync's (``InterchangeApplier``).
    public func importInterchange(dryRun: Bool, _ next: () throws -> InterchangeObject?) throws -> InterchangeSummary {
        try write(rollback: dryRun) { db in
            var applier = try InterchangeApplier(db)
            var known = 0
            while let object = try next() {
                if try !applier.apply(.data(object)) { known += 1 }
            }
            try applier.finish()
            var summary = applier.summary
            summary.dryRun = dryRun
            summary.known = known
            return summary
        }
    }
}

/// An interchange file habit cannot take (exit 65, nothing stored).
public enum InterchangeError: HabitError, Equatable {
    case malformed(line: Int, reason: String)
    case missingWorkout(sample: UUID, workout: UUID)

    public var kind: ErrorKind { .dataError }

    public var description: String {
        switch self {
        case .malformed(let line, let reason):
            "line \(line) of the interchange file: \(reason); nothing was imported"
        case .missingWorkout(let sample, let workout):
            "sample \(sample.uuidString.lowercased()) belongs to workout \(workout.uuidString.lowercased()), which is neither in the file nor in the store; nothing was imported"
        }
    }
}
