import Foundation
import GRDB

/// A source as the interchange format carries it beside each object: its display name and the
/// version of the software that wrote that object (each record's own, issue 22).
public struct SourceDescription: Sendable, Equatable {
    public var name: String
    public var version: String?

    public init(name: String, version: String?) {
        self.name = name
        self.version = version
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

/// One line of the interchange format: the store's data, and — in an export of the whole store —
/// its configuration: settings, reminders and their handled occurrences in the shapes sync sends
/// them, and the names of saved anchors (Standards/import-export.md).
public enum InterchangeLine: Sendable, Equatable {
    case data(InterchangeObject)
    /// A setting set (value) or unset (nil), at `modified`; the key is a ``Settings/Key`` or
    /// `reminders-paused`.
    case setting(key: String, value: String?, modified: Date)
    /// A reminder, identified by its UUID (its number is each store's own).
    case reminder(Reminder)
    case occurrence(reminder: UUID, day: LocalDay, at: Date, state: OccurrenceState, handled: Date)
    /// A name saved with `habit changes --save NAME`. Anchor numbers are per store: importing the
    /// name saves the importing store's current anchor, after the import, under it.
    case anchor(name: String)

    /// The line as sync carries it (nil: an anchor name, which sync does not carry).
    var syncObject: SyncObject? {
        switch self {
        case .data(let object): .data(object)
        case .setting(let key, let value, let modified): .setting(key: key, value: value, modified: modified)
        case .reminder(let reminder): .reminder(reminder)
        case .occurrence(let reminder, let day, let at, let state, let handled):
            .occurrence(reminder: reminder, day: day, at: at, state: state, handled: handled)
        case .anchor: nil
        }
    }
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
    /// Settings, reminders and occurrences stored new or changed (newer in the file).
    public var settings = 0
    public var reminders = 0
    public var occurrences = 0
    /// Anchor names saved (at this store's anchor after the import).
    public var anchors = 0
    /// Objects the store has already (same identity), or deleted here (a tombstone with that UUID);
    /// settings, reminders and occurrences the store has as they are, or newer; anchor names it has.
    public var known = 0
    /// Habits whose name another habit here has: stored under the next free name.
    public var renamed: [String] = []
    /// Records of a type habit may not write (``AccessGrants``), and samples of a workout not
    /// kept: left out.
    public var notKept = 0

    public init() {}
}

extension SourceID {
    /// A source id read from an interchange line: any text habit could have stored (a bundle id,
    /// `healthkit-import:NAME`), at most 512 bytes and without control characters.
    public init(interchange text: String) throws(InputError) {
        guard !text.isEmpty, text.utf8.count <= 512,
              !InterchangeField.holdsControlCharacter(text) else {
            throw .invalidSource(text)
        }
        self.init(unchecked: text)
    }
}

/// The names of the store's sources, for the interchange lines (each line carries its object's
/// own version, from the views).
struct SourceNames {
    private let names: [String: String]

    init(_ db: Database) throws {
        names = try SourceRecord.fetchAll(db).reduce(into: [:]) { $0[$1.bundleId] = $1.name }
    }

    func description(_ id: SourceID, version: String?) -> SourceDescription {
        SourceDescription(name: names[id.bundleID] ?? id.defaultName, version: version)
    }
}

extension HabitStore {

    /// The store's configuration as interchange lines, in an order no store's own numbering
    /// decides (two synced stores write the same lines): settings by key, reminders by creation
    /// (then UUID), occurrences by reminder UUID and day, anchor names by name.
    static func forEachConfigurationLine(_ db: Database, _ body: (InterchangeLine) throws -> Void) throws {
        for row in try SettingRecord.order(SettingRecord.Columns.key).fetchAll(db) {
            try body(.setting(key: row.key, value: row.value, modified: Date(timeIntervalSince1970: row.modified)))
        }
        for row in try ReminderRecord.order(ReminderRecord.Columns.created, ReminderRecord.Columns.uuid).fetchAll(db) { try body(.reminder(try row.reminder())) }
        for row in try Row.fetchAll(db, sql: """
            SELECT r.uuid, o.day, o.at, o.state, o.handled FROM occurrence o JOIN reminder r ON r.id = o.reminderId ORDER BY r.uuid, o.day
            """) {
            guard let day = LocalDay(row[1] as String), let state = OccurrenceState(rawValue: row[3]) else {
                throw StoreError.corrupt("an occurrence of reminder \(row[0] as String) has a day or state habit does not know")
            }
            try body(.occurrence(reminder: UUID(storeText: row[0]), day: day, at: Date(timeIntervalSince1970: row[2]), state: state,
                                 handled: Date(timeIntervalSince1970: row[4])))
        }
        for row in try NamedAnchorRecord.order(NamedAnchorRecord.Columns.name).fetchAll(db) { try body(.anchor(name: row.name)) }
    }

    /// Stores the lines `next` gives, in one transaction (rolled back with `dryRun`). An object
    /// whose UUID the store has — or had: a tombstone keeps it — is left as it is, so importing a
    /// file twice, or a file made from this store, adds nothing, and nothing deleted comes back. A
    /// habit definition, setting or reminder already here is replaced by a newer one (its
    /// `modified` is later). A sample of a workout comes after the workout: the export writes
    /// samples first, so such samples wait for the end of the file. The rules are sync's
    /// (``InterchangeApplier``). An anchor name the store does not have yet is saved last, at
    /// the anchor `habit changes` would hand back after the import; one it has is left as it is.
    ///
    /// `parallel`: `next` is called on a second thread (it reads and checks the lines there) while
    /// this one writes them, as the Apple Health import does; an error `next` throws rolls back
    /// all, and wins over one the store raised at an earlier line (the file is judged first).
    public func importInterchange(dryRun: Bool, parallel: Bool = false,
                                  _ next: @escaping () throws -> InterchangeLine?) throws -> InterchangeSummary {
        try write(rollback: dryRun) { db in
            try db.useLargeWriteCache()
            var applier = try InterchangeApplier(db)
            var known = 0
            var anchorNames: [String] = []
            func take(_ line: InterchangeLine, _: Int) throws {
                guard let object = line.syncObject else {
                    if case .anchor(let name) = line { anchorNames.append(name) }
                    return
                }
                let notKept = applier.summary.notKept
                if try !applier.apply(object), applier.summary.notKept == notKept { known += 1 }
            }
            if parallel {
                try ImportPipeline.onTwoThreads(producerErrorWins: true, produce: { emit in
                    var count = 0
                    while let line = try next() {
                        count += 1
                        try emit(line, count)
                    }
                    return ((), count)
                }, consume: take)
            } else {
                while let line = try next() { try take(line, 0) }
            }
            try applier.finish()
            var summary = applier.summary
            let anchor = try Self.feedAnchor(since: 0, db)
            for name in anchorNames {
                try AnchorName.validate(name)
                try NamedAnchorRecord(name: name, anchor: anchor).insert(db, onConflict: .ignore)
                if db.changesCount > 0 { summary.anchors += 1 } else { known += 1 }
            }
            summary.dryRun = dryRun
            summary.known = known
            return summary
        }
    }

    /// From this file size on, `habit import FILE.ndjson` reads on a second thread while it writes.
    public static let parallelImportFromBytes = ImportPipeline.parallelFromBytes
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
            "sample \(sample.storeText) belongs to workout \(workout.storeText), which is neither in the file nor in the store; nothing was imported"
        }
    }
}

extension StoreRequest where Value == Void {
    /// Every line of the store in interchange order: habit definitions (archived too), samples,
    /// workouts with their statistics and events, skips, days of Activity rings — oldest first,
    /// from cursors (exporting a large store needs little memory), optionally of one type (a
    /// sample type or a workout activity type; then without habits and skips) and starting in
    /// `range` (half-open). `allSources: false` leaves out samples and workouts of other sources, as
    /// every export does by default. An export of the whole store (every source, no type, no
    /// range) ends with its configuration: settings by key, reminders (oldest first), their
    /// handled occurrences, and the names of saved anchors. `entries`: where samples that name a day
    /// (``DayEntry``) start for the same days when that is not `range` (a day-start after 00:00).
    public static func interchangeLines(in range: InstantRange?, entries: InstantRange? = nil, type: String?, allSources: Bool,
                                       calendar: HabitCalendar, _ body: @escaping (InterchangeLine) throws -> Void) -> Self {
        Self { db in
            let sources = try SourceNames(db)
            if type == nil { for habit in try HabitStore.ownHabits(includingArchived: true, db) { try body(.data(.habit(habit))) } }
            // Types habit may not read are left out (Standards/access.md).
            let grants = try HabitStore.grants(db)
            var samples = SampleViewRecord.all().fromSources(all: allSources).readable(grants)
            var workouts = WorkoutViewRecord.all().fromSources(all: allSources)
            if !grants.mayRead(DataTypes.workout) { workouts = workouts.none() }
            if let range {
                // Without a type, through the (type, start) index (``startingOfAnyType(in:)``), not a scan.
                if let entries {
                    // Entries that name a day by their calendar days, the others by the habit days.
                    let either = InstantRange(min(range.lowerBound, entries.lowerBound), upTo: max(range.upperBound, entries.upperBound))
                    samples = type == nil ? samples.startingOfAnyType(in: either) : samples.starting(in: either)
                    samples = samples.filter(literal: DayEntry.startsInSQL(range, entries: entries))
                } else {
                    samples = type == nil ? samples.startingOfAnyType(in: range) : samples.starting(in: range)
                }
                workouts = workouts.starting(in: range)
            }
            if let type {
                samples = samples.ofType(type)
                workouts = workouts.ofActivityType(type)
            }
            let sampleRows = try samples.chronological().fetchCursor(db)
            while let row = try sampleRows.next() {
                let sample = row.sample
                try body(.data(.sample(sample, sources.description(sample.source, version: row.sourceVersion))))
            }
            let workoutRows = WorkoutBatches(detailsOf: try workouts.chronological().fetchCursor(db), db)
            while let (row, (statistics, events)) = try workoutRows.nextWorkout() {
                let workout = row.workout
                try body(.data(.workout(workout, sources.description(workout.source, version: row.sourceVersion),
                                        statistics: statistics, events: events)))
            }
            if type == nil {
                for skip in try HabitStore.skips(after: Int64.min, db).sorted(by: { ($0.day, $0.uuid.uuidString) < ($1.day, $1.uuid.uuidString) })
                where range.map({ $0.contains(calendar.start(of: skip.day)) }) ?? true {
                    try body(.data(.skip(skip)))
                }
            }
            // Activity rings come from the phone: other sources' data, like imported samples.
            if type == nil, allSources, grants.mayRead(DataTypes.activitySummary) {
                for summary in try HabitStore.activitySummaries(db) where range.map({ $0.contains(calendar.start(of: summary.day)) }) ?? true {
                    try body(.data(.activitySummary(summary)))
                }
            }
            if type == nil, range == nil, allSources { try HabitStore.forEachConfigurationLine(db, body) }
        }
    }
}
