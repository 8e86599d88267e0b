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
        /// It joined a habit that was here (`--merge`, `--map`) instead of becoming one of its own.
        public var merged = false
        /// When it joined a habit whose kind, unit, target or frequency differ from the file's:
        /// the habit the file's would have been (the one here is kept as it is, ``definition``).
        public var fileSettings: HabitDefinition?
        /// When it joined a habit whose history started later than the file's: the day it started
        /// on before (its `since` is now the file's first day).
        public var sinceBefore: LocalDay?
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
    public var merged: Int { habits.filter(\.merged).count }
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
    /// by another habit is not merged into it unless `matching` says so: the habit gets the next
    /// free name (`gym-2`) and the summary says so. With `matching` (``TrackerMatching``), a habit
    /// of the file joins the habit here that its `--map` names (made with that name when there is
    /// none) or, with `--merge`, the one with the name it would get: its entries join that habit's
    /// (identities still from the file's habit, so importing again adds nothing), a day that habit
    /// has an entry for already is left alone, and the habit's settings stay as they are here; its
    /// history starts at the file's first day when that is earlier. A habit whose type may not be written (read in this transaction, as
    /// every writer reads it) gets neither entries nor skips: they are counted as not kept.
    public func importTracker(_ export: TrackerExport, env: HabitEnvironment, dryRun: Bool,
                              matching: TrackerMatching = .none, path: String = "") throws -> TrackerImportSummary {
        let source = TrackerIdentity.source(export.tracker)
        let calendar = env.calendar
        let ids = TrackerIdentity.habitIDs(export.habits.map(\.originalName), app: export.tracker.app)
        let mapped = try matching.targets(in: export, path: path)
        return try write(rollback: dryRun) { db in
            let grants = try Self.grants(db)
            let existing = try Self.ownHabits(includingArchived: true, db)
            var names = Set(existing.map(\.name))
            var joined = Set(mapped.values)  // habits here that a habit of the file joins (one each)
            var results: [TrackerImportSummary.HabitResult] = []
            for (index, (habit, id)) in zip(export.habits, ids).enumerated() {
                var result: TrackerImportSummary.HabitResult
                let wanted = TrackerRules.slug(habit.originalName)
                func found(_ here: HabitDefinition, merged: Bool) throws -> TrackerImportSummary.HabitResult {
                    var found = TrackerImportSummary.HabitResult(originalName: habit.originalName, name: here.name, created: false, clash: nil,
                                                                 approximation: habit.approximation, definition: here,
                                                                 checksAdded: 0, checksKnown: 0, skipsAdded: 0, skipsKnown: 0)
                    guard merged else { return found }
                    found.merged = true
                    let own = try TrackerIdentity.definition(habit, id: id, name: here.name, today: env.today, at: env.now)
                    try TrackerMerge.check(habit, joining: here)
                    if !TrackerMerge.sameSettings(own, here) { found.fileSettings = own }
                    // The file's history is the habit's: it starts at the earlier first day.
                    if own.since < here.since {
                        var earlier = here
                        (earlier.since, earlier.modified) = (own.since, env.now)
                        try HabitRecord(earlier).update(db)
                        (found.definition, found.sinceBefore) = (earlier, here.since)
                    }
                    return found
                }
                let byName = TrackerRules.habitName(habit.originalName) { _ in false }
                if let target = mapped[index] {
                    if let here = existing.first(where: { $0.name == target }) {
                        result = try found(here, merged: here.id != id)
                    } else if let before = existing.first(where: { $0.id == id }) {
                        throw TrackerMatchError.importedBefore(from: habit.originalName, as: before.name, wanted: target)
                    } else {
                        names.insert(target)
                        let definition = try TrackerIdentity.definition(habit, id: id, name: target, today: env.today, at: env.now)
                        try HabitRecord(definition).insert(db)
                        result = .init(originalName: habit.originalName, name: target, created: true, clash: nil,
                                       approximation: habit.approximation, definition: definition,
                                       checksAdded: 0, checksKnown: 0, skipsAdded: 0, skipsKnown: 0)
                    }
                } else if let here = existing.first(where: { $0.id == id }) {
                    result = try found(here, merged: false)
                } else if matching.byName, !joined.contains(byName), let here = existing.first(where: { $0.name == byName }) {
                    joined.insert(byName)
                    result = try found(here, merged: true)
                } else {
                    let name = TrackerRules.habitName(habit.originalName) { names.contains($0) || joined.contains($0) }
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
                    // A habit that was here: the days it has an entry for already keep theirs alone
                    // (the file's checks and its notes of days not done alike).
                    let daysHere = result.merged ? try TrackerMerge.daysWithEntries(type: type, calendar: calendar, db) : []
                    /// An entry of the file's habit on its day's instant `at`, from the tracker's source.
                    func entry(_ uuid: UUID, at: Date, value: Double?, unit: String?, metadata: [String: String]) -> Sample {
                        Sample(uuid: uuid, type: type, start: at, end: at, value: value, unit: unit, source: source, metadata: metadata,
                               created: env.now, utcOffset: env.timeZone.secondsFromGMT(for: at), timeZoneID: env.timeZone.identifier)
                    }
                    for check in habit.checks {
                        let at = TrackerIdentity.checkInstant(of: check.day, calendar: calendar)
                        // Identities from the file's habit (`id`), so a habit joined here finds them again.
                        let uuid = TrackerIdentity.checkUUID(habitID: id, day: check.day, at: at)
                        let legacy = TrackerIdentity.checkUUID(habitID: id, day: check.day,
                                                               at: TrackerIdentity.legacyCheckInstant(of: check.day, calendar: calendar))
                        let present = try Bool.fetchOne(db, sql: "SELECT 1 FROM sample WHERE uuid IN (?, ?)",
                                                        arguments: [uuid.storeText, legacy.storeText]) ?? false
                        if present || deleted.contains(uuid.storeText) || deleted.contains(legacy.storeText) || daysHere.contains(check.day) {
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
                        var value = check.amount
                        var trackerAmount = check.trackerAmount
                        if definition.kind == .yesNo && habit.kind == .quantity {  // joined a yes/no habit: done, its amount kept beside
                            (value, trackerAmount) = (1, trackerAmount ?? check.amount)
                        }
                        if let amount = trackerAmount { metadata["trackerAmount"] = amount == amount.rounded() && abs(amount) < 1e15 ? String(Int64(amount)) : String(amount) }
                        try Self.insert(entry(uuid, at: at, value: value, unit: definition.unit ?? "count", metadata: metadata), workoutId: nil, db)
                        result.checksAdded += 1
                    }
                    // A note of a day not done: an entry without an amount (no day counts it), its own
                    // identity (from the file's habit, `id`, as the checks').
                    for note in habit.dayNotes where !daysHere.contains(note.day) {
                        let at = TrackerIdentity.checkInstant(of: note.day, calendar: calendar)
                        let uuid = TrackerIdentity.dayNoteUUID(habitID: id, day: note.day, at: at)
                        let present = try Bool.fetchOne(db, sql: "SELECT 1 FROM sample WHERE uuid = ?", arguments: [uuid.storeText]) ?? false
                        guard !present, !deleted.contains(uuid.storeText), writable else { continue }
                        let metadata = ["habit": definition.name, "importedFrom": export.tracker.app,
                                        DayEntry.metadataKey: DayEntry.markValue, NoteRules.key: note.text]
                        try Self.insert(entry(uuid, at: at, value: nil, unit: nil, metadata: metadata), workoutId: nil, db)
                        result.notesAdded += 1
                    }
                }
                for day in habit.skips {
                    let uuid = TrackerIdentity.skipUUID(habitID: id, day: day).storeText
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

/// The rules of a tracker file's habit joining a habit here (`habit import --merge`, `--map`).
enum TrackerMerge {
    /// Whether `habit` can join `here`: entries can be added to it (it does not read imported
    /// data), and a yes/no habit of the file never joins a quantity (its days have no amount). A
    /// quantity joining a yes/no habit is done on each of its days, its amount kept beside.
    static func check(_ habit: TrackerHabit, joining here: HabitDefinition) throws(TrackerMatchError) {
        guard here.loggedType != nil else { throw .readsData(from: habit.originalName, into: here.name) }
        if here.kind == .quantity && habit.kind == .yesNo {
            throw .noAmounts(from: habit.originalName, into: here.name, unit: here.unit ?? "count")
        }
    }

    /// Whether two definitions ask the same: kind, unit (of a quantity), target, frequency, asking.
    static func sameSettings(_ a: HabitDefinition, _ b: HabitDefinition) -> Bool {
        a.kind == b.kind && (a.kind == .yesNo || (a.unit ?? "count") == (b.unit ?? "count"))
            && a.goal == b.goal && a.per == b.per && a.times == b.times && a.asks == b.asks
    }

    /// The days (in `calendar`) on which the habit whose entries are of `type` has an entry.
    static func daysWithEntries(type: String, calendar: HabitCalendar, _ db: Database) throws -> Set<LocalDay> {
        let rows = try SampleViewRecord.fetchAll(db, sql: "SELECT \(SampleViewRecord.selectedColumns) FROM sampleView WHERE type = ?",
                                                 arguments: [type])
        return Set(rows.map { DayEntry.day(of: $0.sample, in: calendar) })
    }
}
