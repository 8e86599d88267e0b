import Foundation
import GRDB

/// The one place a log is stored (Standards/date-semantics.md, "One log pipeline"): every writer's
/// ``LogRequest`` is planned by ``LogPlanner`` and the plan written here, in one transaction with
/// its access check, what it replaces and the reminder occurrences it cancels.
extension HabitStore {
    /// Plans `request` (``LogPlanner/plan(_:env:)``) and stores it (``write(_:env:)``).
    public func log(_ request: LogRequest, env: HabitEnvironment) throws -> LogResult {
        try write(try LogPlanner.plan(request, env: env), env: env)
    }

    /// Stores `entry` from `source` and cancels the reminder occurrences it completes, in one
    /// transaction (the plan of an entry already made: ``LogPlanner/plan(_:source:writer:env:)``).
    public func log(_ entry: NewEntry, source: SourceID = .app, env: HabitEnvironment) throws -> LogResult {
        try write(LogPlanner.plan(entry, source: source, env: env), env: env)
    }

    /// Writes `plan` in one transaction: refuses a type habit may not write (read in this
    /// transaction, Standards/access.md), removes what it replaces, stores the entry and cancels
    /// the reminder occurrences its completion cancels.
    public func write(_ plan: LogPlan, env: HabitEnvironment) throws -> LogResult {
        try write { db in try Self.write(plan, env: env, db) }
    }

    static func write(_ plan: LogPlan, env: HabitEnvironment, _ db: Database) throws -> LogResult {
        var known: Settings?
        let builtin: Habit?
        switch plan.entry {
        case .habit(let d, _, _, _)?, .habitDay(let d, _, _, _)?:
            guard d.loggedType != nil else { throw HabitInputError.fromHabitLogged(d.name, type: d.fromType ?? "built-in") }
            builtin = nil
        case .meditation?: builtin = .meditate
        case .workout?: builtin = .workout
        case .alcohol?: builtin = .noalc
        case nil: builtin = nil
        }
        // An archived built-in is not logged, as an archived own habit is not (Standards/habits.md,
        // "Archiving"): its state is a setting, read here for every writer.
        if let builtin {
            known = try settings(db)
            if known?.archivedBuiltins.contains(builtin) == true { throw HabitInputError.archived(builtin.rawValue) }
        }
        try requireWrite(plan.writes, habits: plan.habits, db)
        let (samples, workout) = try plan.records(settings: { try known ?? settings(db) }, env: env)
        var replaced: [UUID] = []
        var kept: [SampleRecord] = []
        switch plan.replaces {
        case .noAlcDay(let day)?:
            // The last entry for a day wins: it replaces the day's earlier entries from the app's
            // sources, which are kept aside so that `undo` can bring them back.
            let earlier = try SampleViewRecord.all().ofType(SampleType.alcoholicBeverages).starting(in: env.calendar.civil.instants(of: day))
                .fromAppSources().fetchAll(db)
            replaced = NoAlcLevel.entriesReplaced(by: plan.source, among: earlier.map(\.sample)).map(\.uuid)
            for uuid in replaced {
                guard var row = try SampleRecord.filter(SampleRecord.Columns.uuid == uuid.storeText).fetchOne(db) else { continue }
                try row.delete(db)
                row.id = nil
                kept.append(row)
            }
        case .sameSourceDay(let type, let day)?:
            let bounds = env.calendar.civil.instants(of: day)
            try db.execute(sql: """
                DELETE FROM sample WHERE id IN (SELECT id FROM sampleView WHERE type = ? AND source = ? AND start >= ? AND start < ?)
                """, arguments: [type, plan.source.bundleID, bounds.lowerBound.timeIntervalSince1970, bounds.upperBound.timeIntervalSince1970])
        case nil:
            break
        }
        let workoutRow = try workout.map { try insert($0, db) }
        for sample in samples {
            let rowID = try insert(sample, workoutId: workoutRow, db)
            for row in kept { try ReplacedSampleRecord(sampleId: rowID, record: row).insert(db) }
        }
        var cancelled: [CancelledOccurrence] = []
        if let c = plan.cancels {
            let met = try c.whenMetOf.map { try isMet($0, on: plan.day, env: env, db) } ?? true
            if met {
                cancelled = try ReminderRows.cancelMatching(db, activity: c.activity, completedAt: c.completedAt, source: plan.source, env: env,
                                                            only: { c.onlyDay == nil || env.calendar.day(containing: $0.at) == c.onlyDay })
            }
        }
        return LogResult(samples: samples, workout: workout, replaced: replaced, cancelledReminders: cancelled)
    }

    /// Deletes the entries `uuids` in one transaction (all or none; each as ``delete(_:)`` does):
    /// `habit ui`'s "not done".
    @discardableResult
    public func delete(_ uuids: [UUID]) throws -> [Entry] {
        try write { db in
            try uuids.map { uuid in
                guard let entry = try Self.entry(db, uuid) else { throw StoreError.notFound(uuid) }
                try Self.delete(entry, db)
                return entry
            }
        }
    }

    /// Stores `plan` and deletes the entry `old`, in one transaction: both or neither (`habit ui`'s
    /// note, which writes the entry again with the new note).
    @discardableResult
    public func replace(_ old: UUID, with plan: LogPlan, env: HabitEnvironment) throws -> LogResult {
        try replace([old], with: plan, env: env)
    }

    /// Stores `plan` and deletes the entries `old`, in one transaction: all or none (`habit ui`'s
    /// typed amount, which makes the day's own entries one entry of that amount).
    @discardableResult
    public func replace(_ old: [UUID], with plan: LogPlan, env: HabitEnvironment) throws -> LogResult {
        try write { db in
            let result = try Self.write(plan, env: env, db)
            for uuid in old {
                guard let entry = try Self.entry(db, uuid) else { throw StoreError.notFound(uuid) }
                try Self.delete(entry, db)
            }
            return result
        }
    }

    /// Applies the pending journal's `entries` (Standards/access.md, "Applying it") in one
    /// transaction, each in a savepoint of its own: an entry whose UUID the store holds or once
    /// held is done; `read` turns each other one into what it writes (read against the store it
    /// is handed, the one bound to the transaction: never the outer one, which would wait on itself); one it or the write refuses for a reason other than the store is
    /// handed to `setAside` and undoes only itself. A store failure undoes everything.
    public func applyJournal(_ entries: [PendingEntry], read: (PendingEntry, Settings, HabitStore) throws -> (JournalWrite, HabitEnvironment),
                             setAside: (PendingEntry, any Error) -> Void) throws {
        guard !entries.isEmpty else { return }
        try inOneTransaction { batch in
            let settings = try batch.read(.settings)
            for entry in entries {
                guard try !batch.read(.hasEverHeld(entry.uuid)) else { continue }  // applied before (perhaps since replaced or deleted)
                do {
                    switch try read(entry, settings, batch) {
                    case (.log(let request), let env): _ = try batch.log(request, env: env)
                    case (.skip(let habitID, let days), let env): _ = try batch.setSkipped(true, habitID: habitID, days: days, env: env)
                    }
                } catch let error as StoreError {
                    throw error
                } catch {
                    setAside(entry, error)
                }
            }
        }
    }
}

/// What a pending journal entry writes when applied (``HabitStore/applyJournal(_:read:setAside:)``).
public enum JournalWrite: Sendable {
    /// A log, as typed: no hooks run for it (Standards/automation.md).
    case log(LogRequest)
    /// A skip of `habitID` (nil: every habit) on `days`.
    case skip(habitID: String?, days: DayRange)
}

extension StoreRequest where Value == [Sample] {
    /// The entries of `habit` from habit's own sources that `day` holds (an entry that names a day
    /// by its calendar day, ``DayEntry``), newest first as `undo` sees it: the last written first.
    public static func ownEntries(of habit: HabitDefinition, on day: LocalDay, calendar: HabitCalendar) -> Self {
        Self { db in
            guard let type = habit.loggedType else { return [] }
            let (timed, named) = (calendar.instants(of: day), calendar.civil.instants(of: day))
            let either = InstantRange(min(timed.lowerBound, named.lowerBound), upTo: max(timed.upperBound, named.upperBound))
            return try SampleViewRecord.all().standalone().readable(try HabitStore.grants(db)).ofType(type).starting(in: either).fromAppSources()
                .order(SampleViewRecord.Columns.anchor.desc).fetchAll(db).map(\.sample)
                .filter { DayEntry.day(of: $0, in: calendar) == day }
        }
    }
}
