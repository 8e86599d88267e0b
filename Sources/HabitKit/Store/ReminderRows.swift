import Foundation
import GRDB

/// The SQL behind reminders and their occurrences.
enum ReminderRows {
    static let columns = "id, title, message, activity, hour, minute, weekdays, lookbackHours, enabled, created"

    static func reminder(_ row: Row) -> Reminder {
        Reminder(id: row[0], title: row[1], message: row[2], activity: Habit(rawValue: row[3]) ?? .meditate,
                 time: LocalTime(hour: row[4], minute: row[5])!, weekdays: WeekdaySet(mask: row[6]),
                 lookbackHours: row[7], enabled: row[8], created: Date(timeIntervalSince1970: row[9]))
    }

    static func fetchAll(_ db: Database, activity: Habit? = nil, enabledOnly: Bool = false) throws -> [Reminder] {
        var sql = "SELECT \(columns) FROM reminder WHERE 1"
        var arguments: StatementArguments = []
        if let activity {
            sql += " AND activity = ?"
            arguments += [activity.rawValue]
        }
        if enabledOnly { sql += " AND enabled = 1" }
        return try Row.fetchAll(db, sql: sql + " ORDER BY id", arguments: arguments).map(reminder)
    }

    /// Cancels, for each enabled reminder of `activity`, its next occurrence at or after
    /// `completedAt` within 24 h when `completedAt` lies in `[occurrence − look-back, occurrence]`.
    /// Only the app's sources cancel; an occurrence already handled stays as it was.
    static func cancelMatching(_ db: Database, activity: Habit, completedAt: Date, source: SourceID,
                               env: HabitEnvironment) throws -> [CancelledOccurrence] {
        guard source.isApp else { return [] }
        let calendar = env.calendar
        var cancelled: [CancelledOccurrence] = []
        for reminder in try fetchAll(db, activity: activity, enabledOnly: true) {
            guard let next = reminder.nextOccurrence(atOrAfter: completedAt, calendar: calendar),
                  next.at.timeIntervalSince(completedAt) <= 24 * 3600 else { continue }
            let window = reminder.lookbackWindow(for: next)
            guard completedAt >= window.from, completedAt <= window.through else { continue }
            try db.execute(sql: """
                INSERT INTO occurrence (reminderId, day, at, state, handled) VALUES (?, ?, ?, 'cancelled', ?)
                ON CONFLICT (reminderId, day) DO NOTHING
                """, arguments: [reminder.id, next.day.description, next.at.timeIntervalSince1970,
                                 env.now.timeIntervalSince1970])
            if db.changesCount > 0 {
                cancelled.append(CancelledOccurrence(reminderID: reminder.id, title: reminder.title, occurrence: next.at))
            }
        }
        return cancelled
    }
}
