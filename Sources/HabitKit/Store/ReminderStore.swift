import Foundation
import GRDB

/// What a reminder check decided for one occurrence.
public struct HandledOccurrence: Hashable, Sendable {
    public var reminder: Reminder
    public var occurrence: Occurrence
}

/// The outcome of one `habit remind check`.
public struct ReminderCheckResult: Sendable {
    /// Occurrences claimed for delivery (the caller delivers them after the commit).
    public var delivered: [HandledOccurrence] = []
    /// Occurrences that found the activity already done within their look-back window.
    public var suppressed: [HandledOccurrence] = []
}

/// A reminder's state as `habit remind list` shows it.
public struct ReminderStatus: Sendable {
    public var reminder: Reminder
    public var next: Occurrence?
    /// The next occurrence's stored state (`cancelled`, `delivered`, `suppressed`), if handled.
    public var nextState: OccurrenceState?
    /// The name of the habit it is for (a built-in's, or an own habit's as it is now called).
    public var habitName: String
    /// The next occurrence is not handled yet, but the habit is already done for it (in its
    /// look-back window so far; an own habit: its day is met): the fire-time check will suppress it.
    public var doneAlready: Bool = false

    /// Whether the next occurrence will be delivered as things stand.
    public var willFire: Bool { reminder.enabled && next != nil && nextState == nil && !doneAlready }
}

/// Reminder errors a person can cause.
public enum ReminderError: HabitError, Equatable {
    case notFound(Int64)

    public var kind: ErrorKind { .noInput }
    public var description: String {
        switch self {
        case .notFound(let id): "no reminder #\(id); see 'habit remind list'"
        }
    }
}

extension HabitStore {
    /// Adds a reminder; returns it with its id.
    public func addReminder(_ reminder: Reminder) throws -> Reminder {
        try write { db in
            var row = ReminderRecord(reminder)
            row.id = nil
            try row.insert(db)
            var added = reminder
            added.id = row.id ?? db.lastInsertedRowID
            return added
        }
    }

    /// Replaces a reminder's fields (id, UUID and creation time stay; `modified` is the reminder's).
    public func updateReminder(_ reminder: Reminder) throws {
        try write { db in
            guard let stored = try ReminderRecord.fetchOne(db, key: reminder.id) else { throw ReminderError.notFound(reminder.id) }
            var row = ReminderRecord(reminder)
            row.created = stored.created
            row.uuid = stored.uuid
            try row.update(db)
        }
    }

    public func fetchReminder(_ id: Int64) throws -> Reminder {
        try read { db in
            guard let row = try ReminderRecord.fetchOne(db, key: id) else { throw ReminderError.notFound(id) }
            return try row.reminder()
        }
    }

    public func fetchReminders() throws -> [Reminder] { try read { db in try ReminderRows.fetchAll(db) } }

    /// Removes a reminder and its occurrence history.
    public func removeReminder(_ id: Int64) throws {
        try write { db in
            if try !ReminderRecord.deleteOne(db, key: id) { throw ReminderError.notFound(id) }
        }
    }

    /// Enables or disables one reminder, or (id nil) pauses or resumes all of them, `at` that
    /// instant (the latest word wins in a sync; nil: before any other).
    public func setReminderEnabled(_ id: Int64?, _ enabled: Bool, at: Date? = nil) throws {
        let modified = at?.timeIntervalSince1970 ?? 0
        try write { db in
            if let id {
                guard var row = try ReminderRecord.fetchOne(db, key: id) else { throw ReminderError.notFound(id) }
                row.enabled = enabled
                row.modified = modified
                try row.update(db)
            } else {
                try SettingRecord(key: InternalSettingKey.remindersPaused.rawValue, value: enabled ? nil : "true", modified: modified).upsert(db)
            }
        }
    }

    public func fetchRemindersPaused() throws -> Bool { try read(ReminderRows.paused) }

    /// Each reminder with its next occurrence at or after now and that occurrence's state.
    public func fetchReminderStatuses(env: HabitEnvironment) throws -> [ReminderStatus] {
        try read { db in
            try ReminderRows.fetchAll(db).map { reminder in
                let next = reminder.nextOccurrence(atOrAfter: env.now, calendar: env.calendar)
                let state = try next.flatMap { o in
                    try OccurrenceRecord.fetchOne(db, key: ["reminderId": reminder.id, "day": o.day.description])?.state
                }
                let name = Habit(rawValue: reminder.activity) != nil ? reminder.activity
                    : try String.fetchOne(db, sql: "SELECT name FROM habit WHERE id = ?", arguments: [reminder.activity]) ?? reminder.activity
                var done = false
                if let next, state == nil {
                    done = try Self.doneAlready(reminder, next, env: env, db)
                }
                return ReminderStatus(reminder: reminder, next: next, nextState: state, habitName: name, doneAlready: done)
            }
        }
    }

    /// Cancels matching reminder occurrences for a completion (see ``ReminderRows/cancelMatching``).
    public func cancelMatchingReminders(for activity: String, completedAt: Date, source: SourceID,
                                        env: HabitEnvironment) throws -> [CancelledOccurrence] {
        try write { db in try ReminderRows.cancelMatching(db, activity: activity, completedAt: completedAt, source: source, env: env) }
    }

    /// What cron runs: handles every occurrence with time in `(now − grace, now]` (with `catchUp`,
    /// `(now − 24 h, now]`) that is neither cancelled nor handled: `suppressed` when the activity
    /// was already done in its look-back window, else `delivered`.
    ///
    /// Exactly once: each occurrence is claimed by inserting its unique (reminder, day) row inside
    /// one IMMEDIATE transaction; a concurrent check finds the row and skips it. Occurrences
    /// before the reminder was created, and everything while reminders are paused, are skipped.
    public func checkReminders(env: HabitEnvironment, catchUp: Bool) throws -> ReminderCheckResult {
        try write { db in
            var result = ReminderCheckResult()
            if try ReminderRows.paused(db) { return result }
            let settings = try Self.settings(db)
            let lookBack: TimeInterval = catchUp ? 24 * 3600 : Double(settings.graceMinutes) * 60
            let lower = env.now.addingTimeInterval(-lookBack)
            for reminder in try ReminderRows.fetchAll(db, enabledOnly: true) {
                for occurrence in reminder.occurrences(after: lower, through: env.now, calendar: env.calendar)
                where occurrence.at >= reminder.created {
                    let window = reminder.lookbackWindow(for: occurrence)
                    let done: Bool
                    if let builtin = Habit(rawValue: reminder.activity) {
                        done = try ReminderRows.wasDone(db, builtin, from: window.from, through: window.through, settings: settings)
                    } else if let own = try HabitRecord.fetchOne(db, key: reminder.activity)?.definition() {
                        // An own habit: the day of the occurrence is met already.
                        done = try Self.isMet(own, on: env.calendar.day(containing: occurrence.at), env: env, db)
                    } else {
                        done = false
                    }
                    let row = OccurrenceRecord(reminderId: reminder.id, day: occurrence.day.description,
                                               at: occurrence.at.timeIntervalSince1970, state: done ? .suppressed : .delivered,
                                               handled: env.now.timeIntervalSince1970)
                    guard try row.claim(db) else { continue }  // cancelled or handled already
                    let handled = HandledOccurrence(reminder: reminder, occurrence: occurrence)
                    if done { result.suppressed.append(handled) } else { result.delivered.append(handled) }
                }
            }
            return result
        }
    }

    /// Whether the fire-time check of `occurrence` would find the habit done, as of now: a
    /// built-in done in the part of the look-back window that has begun; an own habit whose day
    /// (the occurrence's) is already met.
    static func doneAlready(_ reminder: Reminder, _ occurrence: Occurrence, env: HabitEnvironment, _ db: Database) throws -> Bool {
        if let builtin = Habit(rawValue: reminder.activity) {
            let window = reminder.lookbackWindow(for: occurrence)
            guard env.now >= window.from else { return false }
            return try ReminderRows.wasDone(db, builtin, from: window.from, through: min(env.now, window.through),
                                            settings: try Self.settings(db))
        }
        guard let own = try HabitRecord.fetchOne(db, key: reminder.activity)?.definition() else { return false }
        let day = env.calendar.day(containing: occurrence.at)
        guard day == env.today else { return false }
        return try Self.isMet(own, on: day, env: env, db)
    }
}
