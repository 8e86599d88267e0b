import Foundation
import GRDB

/// What `habit import` of another tracker's file did (or, with `--dry-run`, would do).
public struct TrackerImportSummary: Sendable, Equatable {
    public struct HabitResult: Sendable, Equatable {
        /// The name in the other tracker.
        public var originalName: String
        /// The habit's name here.
        public var name: String
        /// False when an earlier import made it already (found by its identity, even renamed since).
        public var created: Bool
        /// The name it would have had, when another habit has that one (it was not merged into it).
        public var clash: String?
        public var approximation: String?
        public var definition: HabitDefinition
        public var checksAdded: Int
        /// Checks already here from an earlier import, or deleted here since (they stay deleted).
        public var checksKnown: Int
        public var skipsAdded: Int
        public var skipsKnown: Int
        /// Checks and skips left out: the habit's type may not be written (Standards/access.md).
        public var notKept = 0
        /// Its name there mixes letters of several scripts: its name here keeps one (``HabitName/inOneScript(_:)``).
        public var mixedScripts = false
        /// Notes of days not done, kept as entries without an amount (``TrackerDayNote``).
        public var notesAdded = 0
        /// A numerical habit imported without the target the file does not hold (``TrackerHabit/targetUnknown``).
        public var targetUnknown = false
    }

    public var tracker: TrackerExport.Tracker
    public var dryRun: Bool
    public var habits: [HabitResult]
    public var rejected: [String]
    public var rejectedCount: Int
    /// Habits the file names without any data for them: not created.
    public var leftOut: [String] = []

    public var created: Int { habits.filter(\.created).count }
    public var checksAdded: Int { habits.reduce(0) { $0 + $1.checksAdded } }
    public var skipsAdded: Int { habits.reduce(0) { $0 + $1.skipsAdded } }
    /// Records left out because their habit's type may not be written, as an ndjson import counts them.
    public var notKept: Int { habits.reduce(0) { $0 + $1.notKept } }
}

extension HabitStore {
    /// Stores `export` in one transaction (rolled back with `dryRun`): each habit becomes a habit
    /// of one's own, its checks entries of the app (source `dev.habit.import.<tracker>`, at the
    /// middle of their day), its skipped days skips.
    ///
    /// Identities are made from the data, so a second import of the same file adds nothing: a
    /// habit's id from the tracker and its name there, an entry's from the habit and the day, a
    /// skip's likewise. An entry or skip deleted here since stays deleted. A name already taken
    /// by another habit is never merged into it: the habit gets the next free name (`gym-2`) and
    /// the summary says so. A habit whose type may not be written (read in this transaction, as
    /// every writer reads it) gets neither entries nor skips: they are counted as not kept.
    public func importTracker(_ export: TrackerExport, env: HabitEnvironment, dryRun: Bool) throws -> TrackerImportSummary {
        let source = TrackerIdentity.source(export.tracker)
        let calendar = env.calendar
        let ids = TrackerIdentity.habitIDs(export.habits.map(\.originalName), app: export.tracker.app)
        return try write(rollback: dryRun) { db in
            let grants = try Self.grants(db)
            let existing = try Self.ownHabits(includingArchived: true, db)
            var names = Set(existing.map(\.name))
            var results: [TrackerImportSummary.HabitResult] = []
            for (habit, id) in zip(export.habits, ids) {
                var result: TrackerImportSummary.HabitResult
                if let found = existing.first(where: { $0.id == id }) {
                    result = .init(originalName: habit.originalName, name: found.name, created: false, clash: nil,
                                   approximation: habit.approximation, definition: found,
                                   checksAdded: 0, checksKnown: 0, skipsAdded: 0, skipsKnown: 0)
                } else {
                    let wanted = TrackerRules.slug(habit.originalName)
                    let name = TrackerRules.habitName(habit.originalName) { names.contains($0) }
                    names.insert(name)
                    let definition = try TrackerIdentity.definition(habit, id: id, name: name, today: env.today, at: env.now)
                    try HabitRecord(definition).insert(db)
                    result = .init(originalName: habit.originalName, name: name, created: true, clash: name == wanted ? nil : wanted,
                                   approximation: habit.approximation, definition: definition,
                                   checksAdded: 0, checksKnown: 0, skipsAdded: 0, skipsKnown: 0)
                    result.mixedScripts = TrackerRules.mixesScripts(habit.originalName)
                }
                let definition = result.definition
                result.targetUnknown = habit.targetUnknown && definition.goal == nil  // until one is set here
                let writable = grants.writeDenial(of: definition) == nil
                // Entries and skips deleted here since the last import: their identities' tombstones.
                var deleted: Set<String> = []
                if let type = definition.loggedType, !result.created {
                    deleted = Set(try String.fetchAll(db, sql: "SELECT uuid FROM tombstone WHERE type IN (?, ?)",
                                                      arguments: [type, definition.id]))
                }
                if let type = definition.loggedType {
                    for check in habit.checks {
                        let at = TrackerIdentity.checkInstant(of: check.day, calendar: calendar)
                        let uuid = TrackerIdentity.checkUUID(habitID: definition.id, day: check.day, at: at)
                        let legacy = TrackerIdentity.checkUUID(habitID: definition.id, day: check.day,
                                                               at: TrackerIdentity.legacyCheckInstant(of: check.day, calendar: calendar))
                        let present = try Bool.fetchOne(db, sql: "SELECT 1 FROM sample WHERE uuid IN (?, ?)",
                                                        arguments: [uuid.storeText, legacy.storeText]) ?? false
                        if present || deleted.contains(uuid.storeText) || deleted.contains(legacy.storeText) {
                            result.checksKnown += 1
                            continue
                        }
                        guard writable else {
                            result.notKept += 1
                            continue
                        }
                        var metadata = ["habit": definition.name, "importedFrom": export.tracker.app,
                                        DayEntry.metadataKey: DayEntry.markValue]
                        if let note = check.note { metadata["note"] = note }
                        if let amount = check.trackerAmount { metadata["trackerAmount"] = amount == amount.rounded() && abs(amount) < 1e15 ? String(Int64(amount)) : String(amount) }
                        let sample = Sample(uuid: uuid, type: type, start: at, end: at, value: check.amount,
                                            unit: definition.unit ?? "count", source: source, metadata: metadata, created: env.now,
                                            utcOffset: env.timeZone.secondsFromGMT(for: at), timeZoneID: env.timeZone.identifier)
                        try Self.insert(sample, workoutId: nil, db)
                        result.checksAdded += 1
                    }
                }
                // A note of a day not done: an entry without an amount (no day counts it), its own identity.
                if let type = definition.loggedType {
                    for note in habit.dayNotes {
                        let at = TrackerIdentity.checkInstant(of: note.day, calendar: calendar)
                        let uuid = TrackerIdentity.dayNoteUUID(habitID: definition.id, day: note.day, at: at)
                        let present = try Bool.fetchOne(db, sql: "SELECT 1 FROM sample WHERE uuid = ?", arguments: [uuid.storeText]) ?? false
                        guard !present, !deleted.contains(uuid.storeText), writable else { continue }
                        let metadata = ["habit": definition.name, "importedFrom": export.tracker.app,
                                        DayEntry.metadataKey: DayEntry.markValue, NoteRules.key: note.text]
                        let sample = Sample(uuid: uuid, type: type, start: at, end: at, value: nil, unit: nil, source: source,
                                            metadata: metadata, created: env.now,
                                            utcOffset: env.timeZone.secondsFromGMT(for: at), timeZoneID: env.timeZone.identifier)
                        try Self.insert(sample, workoutId: nil, db)
                        result.notesAdded += 1
                    }
                }
                for day in habit.skips {
                    let uuid = TrackerIdentity.skipUUID(habitID: definition.id, day: day).storeText
                    let present = try Bool.fetchOne(db, sql: "SELECT 1 FROM skip WHERE habit = ? AND day = ?",
                                                    arguments: [definition.id, day.description]) ?? false
                    if present || deleted.contains(uuid) {
                        result.skipsKnown += 1
                        continue
                    }
                    guard writable else {
                        result.notKept += 1
                        continue
                    }
                    let row = SkipRecord(uuid: uuid, habit: definition.id, day: day.description,
                                         created: env.now.timeIntervalSince1970, anchor: try ChangeCounter.next(db))
                    try row.insert(db)
                    result.skipsAdded += 1
                }
                results.append(result)
            }
            return TrackerImportSummary(tracker: export.tracker, dryRun: dryRun, habits: results,
                                        rejected: export.rejected, rejectedCount: export.rejectedCount, leftOut: export.leftOut)
        }
    }
}
