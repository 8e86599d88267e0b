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
    public var nextState: String?
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
    static let remindersPausedKey = "reminders-paused"

    /// Adds a reminder; returns it with its id.
    public func addReminder(_ reminder: Reminder) throws -> Reminder {
        try write { db in
            try db.execute(sql: """
                INSERT INTO reminder (title, message, activity, hour, minute, weekdays, lookbackHours, enabled, created)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [reminder.title, reminder.message, reminder.activity.rawValue, reminder.time.hour,
                                 reminder.time.minute, reminder.weekdays.mask, reminder.lookbackHours, reminder.enabled,
                                 reminder.created.timeIntervalSince1970])
            var added = reminder
            added.id = db.lastInsertedRowID
            return added
        }
    }

    /// Replaces a reminder's fields (id and creation time stay).
    public func updateReminder(_ reminder: Reminder) throws {
        try write { db in
            try db.execute(sql: """
                UPDATE reminder SET title = ?, message = ?, activity = ?, hour = ?, minute = ?, weekdays = ?,
                    lookbackHours = ?, enabled = ? WHERE id = ?
                """, arguments: [reminder.title, reminder.message, reminder.activity.rawValue, reminder.time.hour,
                                 reminder.time.minute, reminder.weekdays.mask, reminder.lookbackHours, reminder.enabled,
                                 reminder.id])
            if db.changesCount == 0 { throw ReminderError.notFound(reminder.id) }
        }
    }

    public func fetchReminder(_ id: Int64) throws -> Reminder {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT \(ReminderRows.columns) FROM reminder WHERE id = ?", arguments: [id]) else {
                throw ReminderError.notFound(id)
            }
            return ReminderRows.reminder(row)
        }
    }

    public func fetchReminders() throws -> [Reminder] { try read { db in try ReminderRows.fetchAll(db) } }

    /// Removes a reminder and its occurrence history.
    public func removeReminder(_ id: Int64) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM reminder WHERE id = ?", arguments: [id])
            if db.changesCount == 0 { throw ReminderError.notFound(id) }
        }
    }

    /// Enables or disables one reminder, or (id nil) pauses/resumes all reminders globally.
    public func setReminderEnabled(_ id: Int64?, _ enabled: Bool) throws {
        try write { db in
            if let id {
                try db.execute(sql: "UPDATE reminder SET enabled = ? WHERE id = ?", arguments: [enabled, id])
                if db.changesCount == 0 { throw ReminderError.notFound(id) }
            } else if enabled {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [Self.remindersPausedKey])
            } else {
                try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, 'true') ON CONFLICT(key) DO UPDATE SET value = 'true'",
                               arguments: [Self.remindersPausedKey])
            }
        }
    }

    public func fetchRemindersPaused() throws -> Bool {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [Self.remindersPausedKey]) == "true" }
    }

    /// Each reminder with its next occurrence at or after now and that occurrence's state.
    public func fetchReminderStatuses(env: HabitEnvironment) throws -> [ReminderStatus] {
        try read { db in
            try ReminderRows.fetchAll(db).map { reminder in
                let next = reminder.nextOccurrence(atOrAfter: env.now, calendar: env.calendar)
                let state = try next.flatMap { o in
                    try String.fetchOne(db, sql: "SELECT state FROM occurrence WHERE reminderId = ? AND day = ?",
                                        arguments: [reminder.id, o.day.description])
                }
                return ReminderStatus(reminder: reminder, next: next, nextState: state)
            }
        }
    }

    /// Cancels matching reminder occurrences for a completion (see ``ReminderRows/cancelMatching``).
    public func cancelMatchingReminders(for activity: Habit, completedAt: Date, source: SourceID,
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
        let settings = try fetchSettings()
        let lookBack: TimeInterval = catchUp ? 24 * 3600 : Double(settings.graceMinutes) * 60
        let lower = env.now.addingTimeInterval(-lookBack)
        return try write { db in
            var result = ReminderCheckResult()
            let paused = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [Self.remindersPausedKey]) == "true"
            if paused { return result }
            for reminder in try ReminderRows.fetchAll(db, enabledOnly: true) {
                for occurrence in reminder.occurrences(after: lower, through: env.now, calendar: env.calendar)
                where occurrence.at >= reminder.created {
                    let window = reminder.lookbackWindow(for: occurrence)
                    let done = try ReminderRows.wasDone(db, reminder.activity, from: window.from, through: window.through,
                                                        settings: settings)
                    try db.execute(sql: """
                        INSERT INTO occurrence (reminderId, day, at, state, handled) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (reminderId, day) DO NOTHING
                        """, arguments: [reminder.id, occurrence.day.description, occurrence.at.timeIntervalSince1970,
                                         done ? "suppressed" : "delivered", env.now.timeIntervalSince1970])
                    guard db.changesCount > 0 else { continue }  // cancelled or handled already
                    let handled = HandledOccurrence(reminder: reminder, occurrence: occurrence)
                    if done { result.suppressed.append(handled) } else { result.delivered.append(handled) }
                }
            }
            return result
        }
    }
}

extension ReminderRows {
    /// Whether `activity` was done in `[from, through]`, counted as the streaks count: the app's
    /// sources, sessions by their start, the day's good-day threshold (`min-minutes`). A NoAlc
    /// entry counts by when it was made (its sample sits at the midnight of the day it is for).
    static func wasDone(_ db: Database, _ activity: Habit, from: Date, through: Date, settings: Settings) throws -> Bool {
        let lower = from.timeIntervalSince1970, upper = through.timeIntervalSince1970
        let app = "sourceId IN (SELECT id FROM source WHERE isApp = 1)"
        var totals = DaySummary(day: LocalDay(ordinal: 0))
        switch activity {
        case .meditate:
            totals.meditateMinutes = try Double.fetchOne(db, sql: """
                SELECT coalesce(sum("end" - start), 0) / 60 FROM sample
                WHERE type = ? AND start >= ? AND start <= ? AND \(app)
                """, arguments: [SampleType.mindfulSession, lower, upper]) ?? 0
        case .workout:
            totals.workoutMinutes = try Double.fetchOne(db, sql: """
                SELECT coalesce(sum(duration), 0) / 60 FROM workout WHERE start >= ? AND start <= ? AND \(app)
                """, arguments: [lower, upper]) ?? 0
        case .noalc:
            return try Int.fetchOne(db, sql: """
                SELECT count(*) FROM sample WHERE type = ? AND created >= ? AND created <= ? AND \(app)
                """, arguments: [SampleType.alcoholicBeverages, lower, upper]) ?? 0 > 0
        }
        return HabitRules.outcome(activity, totals, settings: settings) == .good
    }
}
