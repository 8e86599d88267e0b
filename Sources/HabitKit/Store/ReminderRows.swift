import Foundation
import GRDB

/// Reminder reads and writes shared by the store's transactions.
enum ReminderRows {
    static func fetchAll(_ db: Database, activity: String? = nil, enabledOnly: Bool = false) throws -> [Reminder] {
        // Plain SQL, read by column: every log runs this, and the query interface's schema
        // look-ups and generic record decoding cost a log much of its time (Benchmarks/README.md).
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, title, message, activity, hour, minute, weekdays, lookbackHours, enabled, created, uuid, modified FROM reminder
            WHERE (?1 IS NULL OR activity = ?1) AND (?2 = 0 OR enabled = 1) ORDER BY id
            """, arguments: [activity, enabledOnly])
        return try rows.map { try ReminderRecord(row: $0).reminder() }
    }

    /// Cancels the occurrence each enabled reminder of `activity` has for a completion at
    /// `completedAt` (``Reminder/occurrenceCancelled(byCompletionAt:calendar:)``: the next one,
    /// when the completion lies in its look-back window) when the log made that occurrence's day
    /// met — the one rule (``dayDecision(_:_:habit:env:_:)``) finds it `done`; a log that leaves
    /// the day short (1 minute of meditation, a NoAlc entry for last evening) cancels nothing.
    /// Only the app's sources cancel; an occurrence already handled stays as it was. Each
    /// cancelled one is named by its title as delivered (``ReminderWords``).
    static func cancelMatching(_ db: Database, activity: String, completedAt: Date, source: SourceID,
                               env: HabitEnvironment, only accepted: (Occurrence) -> Bool = { _ in true }) throws -> [CancelledOccurrence] {
        guard source.isApp else { return [] }
        var cancelled: [CancelledOccurrence] = []
        var found: HabitDefinition??
        for reminder in try fetchAll(db, activity: activity, enabledOnly: true) {
            guard let next = reminder.occurrenceCancelled(byCompletionAt: completedAt, calendar: env.calendar), accepted(next) else { continue }
            let habit = try found ?? habit(activity, settings: try HabitStore.settings(db), env: env, db)
            found = habit
            guard try dayDecision(reminder, next, habit: habit, env: env, db) == .suppress(.done) else { continue }
            let row = OccurrenceRecord(reminderId: reminder.id, day: next.day.description, at: next.at.timeIntervalSince1970,
                                       state: .cancelled, handled: env.now.timeIntervalSince1970)
            if try row.claim(db) {
                cancelled.append(CancelledOccurrence(reminderID: reminder.id, title: ReminderWords(reminder, habit: habit).title,
                                                     occurrence: next.at))
            }
        }
        return cancelled
    }

    /// The habit `activity` names: a built-in by its name, an own habit by its id; nil when the
    /// store has no such habit (any more).
    static func habit(_ activity: String, settings: Settings, env: HabitEnvironment, _ db: Database) throws -> HabitDefinition? {
        if Habit(rawValue: activity) != nil {
            return HabitDefinition.builtins(settings: settings, since: env.today, at: env.now).first { $0.id == activity }
        }
        return try HabitRecord.fetchOne(db, key: activity)?.definition()
    }

    /// The one rule (``ReminderCheck/outlook(enabled:paused:stored:readable:day:)``) for
    /// `occurrence` of `reminder`, whose habit is `habit`, as things stand.
    static func decision(_ reminder: Reminder, _ occurrence: Occurrence, habit: HabitDefinition?, paused: Bool,
                         stored: OccurrenceState?, grants: AccessGrants, env: HabitEnvironment, _ db: Database) throws -> ReminderDecision {
        try ReminderCheck.outlook(enabled: reminder.enabled, paused: paused, shown: habit?.isShown ?? true, stored: stored, readable: habit.map(grants.mayRead) ?? true) {
            try dayDecision(reminder, occurrence, habit: habit, env: env, db)
        }
    }

    /// What the occurrence's habit day (``ReminderCheck/day(of:for:calendar:)``) says, evaluated as
    /// of that day (``HabitStore/dayState(_:on:env:_:)``) — built-ins and own habits alike
    /// (``ReminderCheck/decide(_:on:_:)``). A habit not in the store any more is never done.
    static func dayDecision(_ reminder: Reminder, _ occurrence: Occurrence, habit: HabitDefinition?, env: HabitEnvironment,
                            _ db: Database) throws -> ReminderDecision {
        guard let habit else { return .deliver }
        let day = ReminderCheck.day(of: occurrence, for: reminder, calendar: env.calendar)
        return ReminderCheck.decide(habit, on: day, try HabitStore.dayState(habit, on: day, env: env, db))
    }

    static func paused(_ db: Database) throws -> Bool {
        try SettingRecord.fetchOne(db, key: InternalSettingKey.remindersPaused.rawValue)?.value == "true"
    }
}
