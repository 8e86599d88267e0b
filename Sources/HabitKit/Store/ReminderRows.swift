import Foundation
import GRDB

/// Reminder reads and writes shared by the store's transactions.
enum ReminderRows {
    static func fetchAll(_ db: Database, activity: String? = nil, enabledOnly: Bool = false) throws -> [Reminder] {
        // Plain SQL, read by column: every log runs this, and the query interface's schema
        // look-ups and generic record decoding cost a log ~3 M instructions (FastLog).
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

    /// Whether `activity` was done in `[from, through]`, counted as the streaks count: the same
    /// summary totals (``SummaryTotals``: the app's sources, sessions by their start) and the same
    /// good-day rule (``HabitRules/outcome(_:_:settings:)``). A NoAlc entry counts by when it was
    /// made (its sample sits at the midnight of the day it is for).
    static func wasDone(_ db: Database, _ activity: Habit, from: Date, through: Date, settings: Settings) throws -> Bool {
        // The closed window as a half-open range: up to the next representable instant after `through`.
        let window = InstantRange(from, upTo: Date(timeIntervalSince1970: through.timeIntervalSince1970.nextUp))
        if activity == .noalc {
            return try SampleViewRecord.all().ofType(SampleType.alcoholicBeverages).fromAppSources()
                .filter(Column("created") >= window.lowerBound.timeIntervalSince1970
                        && Column("created") < window.upperBound.timeIntervalSince1970)
                .fetchCount(db) > 0
        }
        guard let t = try SummaryTotals.fetch(over: [window], allSources: false, energy: false, db).first else { return false }
        var totals = DaySummary(day: LocalDay(ordinal: 0))
        totals.meditateMinutes = t.mindfulSeconds / 60
        totals.workoutMinutes = t.workoutSeconds / 60
        return HabitRules.outcome(activity, totals, settings: settings) == .good
    }

    static func paused(_ db: Database) throws -> Bool {
        try SettingRecord.fetchOne(db, key: InternalSettingKey.remindersPaused.rawValue)?.value == "true"
    }
}
