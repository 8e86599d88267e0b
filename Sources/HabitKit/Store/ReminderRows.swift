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
    /// `completedAt` (``Reminder/occurrenceCancelled(byCompletionAt:calendar:)``). Only the app's
    /// sources cancel; an occurrence already handled stays as it was.
    static func cancelMatching(_ db: Database, activity: String, completedAt: Date, source: SourceID,
                               env: HabitEnvironment, only accepted: (Occurrence) -> Bool = { _ in true }) throws -> [CancelledOccurrence] {
        guard source.isApp else { return [] }
        var cancelled: [CancelledOccurrence] = []
        for reminder in try fetchAll(db, activity: activity, enabledOnly: true) {
            guard let next = reminder.occurrenceCancelled(byCompletionAt: completedAt, calendar: env.calendar), accepted(next) else { continue }
            let row = OccurrenceRecord(reminderId: reminder.id, day: next.day.description, at: next.at.timeIntervalSince1970,
                                       state: .cancelled, handled: env.now.timeIntervalSince1970)
            if try row.claim(db) {
                cancelled.append(CancelledOccurrence(reminderID: reminder.id, title: reminder.title, occurrence: next.at))
            }
        }
        return cancelled
    }

    /// The store's answer to what counts as done (``ReminderCheck/Done``): a built-in by what the
    /// app's sources logged in its window, counted as the streaks count (``SummaryTotals``:
    /// sessions by their start; a NoAlc entry by when it was made); an own habit by its day.
    static func isDone(_ question: ReminderCheck.Done, settings: Settings, env: HabitEnvironment, _ db: Database) throws -> Bool {
        switch question {
        case .no:
            return false
        case .builtin(.noalc, let window):
            let made = try SampleViewRecord.all().ofType(SampleType.alcoholicBeverages).fromAppSources()
                .filter(ReminderRecord.Columns.created >= window.lowerBound.timeIntervalSince1970
                        && ReminderRecord.Columns.created < window.upperBound.timeIntervalSince1970)
                .fetchCount(db)
            return ReminderCheck.isDone(.noalc, ReminderCheck.Logged(noalcEntries: made), settings: settings)
        case .builtin(let habit, let window):
            guard let t = try SummaryTotals.fetch(over: [window], allSources: false, energy: false, db).first else { return false }
            return ReminderCheck.isDone(habit, ReminderCheck.Logged(mindfulSeconds: t.mindfulSeconds, workoutSeconds: t.workoutSeconds),
                                        settings: settings)
        case .ownHabit(let id, let day):
            guard let own = try HabitRecord.fetchOne(db, key: id)?.definition() else { return false }
            return try HabitStore.isMet(own, on: day, env: env, db)
        }
    }

    /// The access name of `activity`'s type when habit may not read it (a built-in's name or an
    /// own habit's id), else nil.
    static func unreadable(_ activity: String, _ grants: AccessGrants, _ db: Database) throws -> String? {
        guard !grants.allowsEverything else { return nil }
        if let builtin = Habit(rawValue: activity) {
            let type = DataTypes.read(by: builtin)
            return grants.mayRead(type) ? nil : DataTypes.shortName(of: type) ?? type
        }
        guard let own = try HabitRecord.fetchOne(db, key: activity)?.definition() else { return nil }
        return grants.mayRead(own) ? nil : own.accessName
    }

    static func paused(_ db: Database) throws -> Bool {
        try SettingRecord.fetchOne(db, key: InternalSettingKey.remindersPaused.rawValue)?.value == "true"
    }
}
