import Foundation
import GRDB

extension HabitStore {
    static let sleepStage: [String: String] = [
        "HKCategoryValueSleepAnalysisAwake": "awake",
        "HKCategoryValueSleepAnalysisAsleepREM": "rem",
        "HKCategoryValueSleepAnalysisAsleepCore": "core",
        "HKCategoryValueSleepAnalysisAsleepDeep": "deep",
        "HKCategoryValueSleepAnalysisAsleepUnspecified": "asleep",
        "HKCategoryValueSleepAnalysisAsleep": "asleep",
        "HKCategoryValueSleepAnalysisInBed": "inBed",
    ]

    /// The timeline of `days` (half-open), newest day first, newest item first: habit's own
    /// entries, workouts (with average heart rate when imported), and imported sleep grouped
    /// into one "Recovery" entry per night (a night belongs to the day it ends), with that day's
    /// resting heart rate and HRV. Other imported samples (steps, heart rate, …) are not listed.
    public func timeline(days: DayRange, calendar: HabitCalendar) throws -> [TimelineDay] {
        let range = calendar.instants(of: days)
        // Sleep that ends inside the range may start the evening before.
        let sleepRange = InstantRange(calendar.start(of: days.lowerBound.adding(days: -1)), upTo: range.upperBound)
        let shown: Set<String> = [SampleType.mindfulSession, SampleType.alcoholicBeverages]
        var items: [TimelineItem] = []
        var recoveries: [LocalDay: Recovery] = [:]
        try read { db in
            let lower = range.lowerBound.timeIntervalSince1970, upper = range.upperBound.timeIntervalSince1970
            for row in try Row.fetchAll(db, sql: """
                SELECT \(StoreRows.sampleColumns) FROM \(StoreRows.sampleFrom)
                WHERE s.type IN (?, ?) AND s.start >= ? AND s.start < ? AND s.workoutId IS NULL
                """, arguments: [SampleType.mindfulSession, SampleType.alcoholicBeverages, lower, upper]) {
                let s = StoreRows.sample(row)
                if shown.contains(s.type) { items.append(.entry(.sample(s))) }
            }
            for row in try Row.fetchAll(db, sql: """
                SELECT \(StoreRows.workoutColumns),
                       (SELECT average FROM workoutStatistic ws WHERE ws.workoutId = w.id
                          AND ws.type = 'HKQuantityTypeIdentifierHeartRate' LIMIT 1) AS heartRate
                FROM \(StoreRows.workoutFrom) WHERE w.start >= ? AND w.start < ?
                """, arguments: [lower, upper]) {
                items.append(.workout(StoreRows.workout(row), averageHeartRate: row["heartRate"]))
            }
            // Sleep samples cluster into nights: a sample starting within 3 hours of the night's end
            // so far belongs to it. A night is listed on the day it ends.
            var nights: [Recovery] = []
            for row in try Row.fetchAll(db, sql: """
                SELECT s.start, s."end", s.metadata FROM sample s
                WHERE s.type = 'HKCategoryTypeIdentifierSleepAnalysis' AND s.start >= ? AND s.start < ?
                ORDER BY s.start
                """, arguments: [sleepRange.lowerBound.timeIntervalSince1970, upper]) {
                let start = Date(timeIntervalSince1970: row[0]), end = Date(timeIntervalSince1970: row[1])
                let stage = Self.sleepStage[StoreRows.decode(row[2])["categoryValue"] ?? ""] ?? "asleep"
                if let last = nights.last, start <= last.end.addingTimeInterval(3 * 3600) {
                    nights[nights.count - 1].end = max(last.end, end)
                } else {
                    nights.append(Recovery(start: start, end: end, stages: [:]))
                }
                nights[nights.count - 1].stages[stage, default: 0] += end.timeIntervalSince(start)
            }
            for night in nights where days.contains(calendar.day(containing: night.end)) {
                recoveries[calendar.day(containing: night.end)] = night
            }
            for (day, var r) in recoveries {
                let dayRange = calendar.instants(of: day)
                let args: StatementArguments = [dayRange.lowerBound.timeIntervalSince1970, dayRange.upperBound.timeIntervalSince1970]
                r.restingHeartRate = try Double.fetchOne(db, sql: """
                    SELECT avg(value) FROM sample WHERE type = 'HKQuantityTypeIdentifierRestingHeartRate' AND start >= ? AND start < ?
                    """, arguments: args)
                r.heartRateVariability = try Double.fetchOne(db, sql: """
                    SELECT avg(value) FROM sample WHERE type = 'HKQuantityTypeIdentifierHeartRateVariabilitySDNN' AND start >= ? AND start < ?
                    """, arguments: args)
                items.append(.recovery(r))
            }
        }
        var byDay: [LocalDay: [TimelineItem]] = [:]
        for item in items { byDay[calendar.day(containing: item.start), default: []].append(item) }
        return byDay.keys.sorted(by: >).map { day in
            TimelineDay(day: day, items: byDay[day]!.sorted { $0.start > $1.start })
        }
    }
}
