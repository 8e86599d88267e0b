import Foundation
import HabitKit

/// One reminder in `habit remind list --json` and `habit remind add --json`.
struct ReminderJSON: Codable, Equatable {
    let id: Int64
    let title: String
    let message: String
    let activity: String
    let time: String
    let days: String
    let lookbackHours: Int
    let enabled: Bool
    /// Left out when the reminder has no next occurrence.
    let nextOccurrence: String?
    /// `cancelled`, `delivered` or `suppressed` when the next occurrence is handled; else left out.
    let nextState: String?
    let nextCancelled: Bool
    /// Whether the next occurrence will be delivered as things stand (false: disabled, handled,
    /// or the habit is already done for it).
    let willFire: Bool
    /// The habit is already done for the next occurrence: the fire-time check will suppress it.
    let doneAlready: Bool
    /// Why the next occurrence will not be delivered (``ReminderQuiet``: `done`, `missed`,
    /// `skipped`, `off-day`, `disabled`, `paused`, `archived`, `cancelled`, `handled`, `no-access`); left out
    /// when it will.
    let reason: String?

    init(_ s: ReminderStatus, _ calendar: HabitCalendar) {
        id = s.reminder.id
        title = s.words.title
        message = s.words.message
        activity = s.habitName
        time = s.reminder.time.description
        days = s.reminder.weekdays.description
        lookbackHours = s.reminder.lookbackHours
        enabled = s.reminder.enabled
        nextOccurrence = s.next.map { calendar.iso8601($0.at) }
        nextState = s.nextState?.rawValue
        nextCancelled = s.nextState == .cancelled
        willFire = s.willFire
        doneAlready = s.doneAlready
        reason = s.quiet?.rawValue
    }
}

/// `habit remind list --json`: `{"paused":false,"reminders":[…]}`.
struct ReminderListJSON: Codable, Equatable {
    let paused: Bool
    let reminders: [ReminderJSON]
}

/// `habit remind check --json`: `{"delivered":[{"reminder","title","occurrence"}],"suppressed":[…]}`.
struct CheckJSON: Codable, Equatable {
    struct Item: Codable, Equatable {
        let reminder: String
        let title: String
        let occurrence: String
        /// Why it was suppressed when not because the habit was done (`no read access to alcohol data`); left out otherwise.
        var reason: String?

        init(_ h: HandledOccurrence, calendar: HabitCalendar) {
            reminder = String(h.reminder.id)
            title = h.words.title
            occurrence = calendar.iso8601(h.occurrence.at)
            reason = h.reason
        }
    }

    let delivered: [Item]
    let suppressed: [Item]

    init(_ result: ReminderCheckResult, calendar: HabitCalendar) {
        delivered = result.delivered.map { Item($0, calendar: calendar) }
        suppressed = result.suppressed.map { Item($0, calendar: calendar) }
    }
}
