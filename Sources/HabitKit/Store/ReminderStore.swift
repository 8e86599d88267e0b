import Foundation
import GRDB

/// A change to one reminder (``HabitStore/changeReminder(_:)``).
public enum ReminderChange {
    /// A new reminder (its id is given by the store).
    case add(Reminder)
    /// Reminder `id` as stored, edited by the closure: its id, UUID and creation time stay; set
    /// `modified` to the change's instant (the latest word wins in a sync).
    case update(id: Int64, (inout Reminder) throws -> Void)
    /// Reminder `id` and its occurrence history removed.
    case remove(id: Int64)
}

extension HabitStore {
    /// Does `change` in one transaction; returns the reminder as stored after it (with its id
    /// after `.add`), or as it was before `.remove`. An id that is no reminder's: ``ReminderError/notFound(_:)``.
    @discardableResult
    public func changeReminder(_ change: ReminderChange) throws -> Reminder {
        try write { db in
            switch change {
            case .add(let reminder):
                var row = ReminderRecord(reminder)
                row.id = nil
                try row.insert(db)
                var added = reminder
                added.id = row.id ?? db.lastInsertedRowID
                return added
            case .update(let id, let edit):
                let stored = try Self.reminderRow(id, db)
                var reminder = try stored.reminder()
                try edit(&reminder)
                var row = ReminderRecord(reminder)
                (row.id, row.created, row.uuid) = (stored.id, stored.created, stored.uuid)
                try row.update(db)
                return try row.reminder()
            case .remove(let id):
                let removed = try Self.reminderRow(id, db).reminder()
                try ReminderRecord.deleteOne(db, key: id)  // its occurrence history goes with it (ON DELETE CASCADE)
                return removed
            }
        }
    }

    private static func reminderRow(_ id: Int64, _ db: Database) throws -> ReminderRecord {
        guard let stored = try ReminderRecord.fetchOne(db, key: id) else { throw ReminderError.notFound(id) }
        return stored
    }

    /// Pauses or resumes all reminders, `at` that instant (the latest word wins in a sync).
    public func setRemindersPaused(_ paused: Bool, at: Date) throws {
        try write { db in
            try SettingRecord(key: InternalSettingKey.remindersPaused.rawValue, value: paused ? "true" : nil,
                              modified: at.timeIntervalSince1970).upsert(db)
        }
    }

    /// What cron runs: handles the occurrences ``ReminderCheck/due(_:paused:now:graceMinutes:catchUp:calendar:)``
    /// names, each `suppressed` or `delivered` by the one rule (``ReminderRows/decision(_:_:habit:paused:stored:grants:env:_:)``:
    /// its habit day as the evaluation finds it), with its words composed from the habit as it is now.
    ///
    /// Exactly once: each occurrence is claimed by inserting its unique (reminder, day) row inside
    /// one IMMEDIATE transaction; one cancelled or handled already (also by a concurrent check) is
    /// skipped.
    public func checkReminders(env: HabitEnvironment, catchUp: Bool) throws -> ReminderCheckResult {
        try write { db in
            var result = ReminderCheckResult()
            let settings = try Self.settings(db)
            let due = ReminderCheck.due(try ReminderRows.fetchAll(db, enabledOnly: true), paused: try ReminderRows.paused(db), now: env.now,
                                        graceMinutes: settings.graceMinutes, catchUp: catchUp, calendar: env.calendar)
            let grants = try Self.grants(db)
            var habits: [String: HabitDefinition?] = [:]
            for var handled in due {
                let (reminder, occurrence) = (handled.reminder, handled.occurrence)
                let habit = try habits[reminder.activity] ?? ReminderRows.habit(reminder.activity, settings: settings, env: env, db)
                habits[reminder.activity] = habit
                let decision = try ReminderRows.decision(reminder, occurrence, habit: habit, paused: false, stored: nil,
                                                         grants: grants, env: env, db)
                handled.quiet = decision.quiet
                handled.words = ReminderWords(reminder, habit: habit)
                // A habit whose data habit may not read is never called "not done": suppressed, with why.
                if decision == .suppress(.noAccess), let habit { handled.reason = "no read access to \(habit.accessName) data" }
                let state = ReminderCheck.outcome(decision)
                let row = OccurrenceRecord(reminderId: reminder.id, day: occurrence.day.description,
                                           at: occurrence.at.timeIntervalSince1970, state: state, handled: env.now.timeIntervalSince1970)
                guard try row.claim(db) else { continue }  // cancelled or handled already
                if state == .suppressed { result.suppressed.append(handled) } else { result.delivered.append(handled) }
            }
            return result
        }
    }
}

extension StoreRequest where Value == ReminderList {
    /// The reminders in one read: each with its next occurrence at or after now, that
    /// occurrence's state, what the one rule makes of it as things stand and the words it would
    /// be delivered with; and whether all are paused.
    public static func reminders(env: HabitEnvironment) -> Self {
        Self { db in
            let settings = try HabitStore.settings(db)
            let grants = try HabitStore.grants(db)
            let paused = try ReminderRows.paused(db)
            let statuses = try ReminderRows.fetchAll(db).map { reminder in
                let next = reminder.nextOccurrence(atOrAfter: env.now, calendar: env.calendar)
                let state = try next.flatMap { o in
                    try OccurrenceRecord.fetchOne(db, key: ["reminderId": reminder.id, "day": o.day.description])?.state
                }
                let habit = try ReminderRows.habit(reminder.activity, settings: settings, env: env, db)
                let decision = try next.map { o in
                    try ReminderRows.decision(reminder, o, habit: habit, paused: paused, stored: state, grants: grants, env: env, db)
                } ?? .suppress(reminder.enabled ? .handled : .disabled)
                return ReminderStatus(reminder: reminder, next: next, nextState: state, habitName: habit?.name ?? reminder.activity,
                                      words: ReminderWords(reminder, habit: habit), decision: decision)
            }
            return ReminderList(statuses: statuses, paused: paused)
        }
    }
}
