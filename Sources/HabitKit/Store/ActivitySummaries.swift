import Foundation
import GRDB

/// A row of `activitySummary` (schema v8): one day of Activity rings, with the anchor of its
/// last change (the change feed and sync carry it like any data).
struct ActivitySummaryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "activitySummary"
    enum Columns {
        static let day = Column(CodingKeys.day)
        static let anchor = Column(CodingKeys.anchor)
    }
    var day: String
    var moveKcal: Double?
    var moveGoalKcal: Double?
    var moveMinutes: Double?
    var moveGoalMinutes: Double?
    var exerciseMinutes: Double?
    var exerciseGoalMinutes: Double?
    var standHours: Double?
    var standGoalHours: Double?
    var anchor: Int64

    init(_ s: ActivitySummary, anchor: Int64) {
        day = s.day.description
        moveKcal = s.moveKcal
        moveGoalKcal = s.moveGoalKcal
        moveMinutes = s.moveMinutes
        moveGoalMinutes = s.moveGoalMinutes
        exerciseMinutes = s.exerciseMinutes
        exerciseGoalMinutes = s.exerciseGoalMinutes
        standHours = s.standHours
        standGoalHours = s.standGoalHours
        self.anchor = anchor
    }

    /// Nil for a day that is not a date (a row written by something else than habit).
    var summary: ActivitySummary? {
        LocalDay(day).map { d in
            ActivitySummary(day: d, moveKcal: moveKcal, moveGoalKcal: moveGoalKcal, moveMinutes: moveMinutes,
                            moveGoalMinutes: moveGoalMinutes, exerciseMinutes: exerciseMinutes,
                            exerciseGoalMinutes: exerciseGoalMinutes, standHours: standHours, standGoalHours: standGoalHours)
        }
    }

    /// Stores `summary` unless the store has that day with figures as far or further
    /// (``ActivitySummary/isAhead(of:)``: imports and syncs in any order end with the same day).
    /// Returns whether anything changed; `anchor` gives the anchor to use.
    static func save(_ summary: ActivitySummary, _ db: Database, anchor: () throws -> Int64) throws -> Bool {
        if let here = try ActivitySummaryRecord.fetchOne(db, key: summary.day.description)?.summary, !summary.isAhead(of: here) {
            return false
        }
        try ActivitySummaryRecord(summary, anchor: try anchor()).save(db)
        return true
    }
}

extension HabitStore {
    /// The Activity rings of `days` (half-open), oldest first.
    static func activitySummaries(in days: DayRange, _ db: Database) throws -> [ActivitySummary] {
        typealias Columns = ActivitySummaryRecord.Columns
        return try ActivitySummaryRecord
            .filter(Columns.day >= days.lowerBound.description && Columns.day < days.upperBound.description)
            .order(Columns.day).fetchAll(db).compactMap(\.summary)
    }

    /// The days of Activity rings changed after anchor `after` up to `upTo` (nil: all), oldest first.
    static func activitySummaries(changedAfter after: Int64 = Int64.min, upTo: Int64? = nil, _ db: Database) throws -> [ActivitySummary] {
        typealias Columns = ActivitySummaryRecord.Columns
        var request = ActivitySummaryRecord.filter(Columns.anchor > after).order(Columns.day)
        if let upTo { request = request.filter(Columns.anchor <= upTo) }
        return try request.fetchAll(db).compactMap(\.summary)
    }
}
