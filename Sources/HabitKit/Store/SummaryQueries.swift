import Foundation
import GRDB

extension HabitStore {
    /// THE daily summary: what the calendar shows, the streaks count and `habit today` reports.
    ///
    /// One predicate for everything: the type, the sources (the app's — `dev.habit` and
    /// `dev.habit.*` — unless `allSources`), and `start >= start of first day AND start < start of
    /// the day after the last` (half-open, on the sample's start; days in `calendar`'s zone).
    /// It costs one indexed range query per type, never one per day; with the app's sources only,
    /// it reads no row of another source, so its cost does not grow with imported data.
    public func dailySummary(in days: DayRange, calendar: HabitCalendar, allSources: Bool = false) throws -> DailySummary {
        let instants = calendar.instants(of: days)
        var summaries = days.map(DaySummary.init(day:))
        func index(_ start: Double) -> Int? {
            let i = days.lowerBound.days(until: calendar.day(containing: Date(timeIntervalSince1970: start)))
            return summaries.indices.contains(i) ? i : nil
        }
        let other = try read { db -> Int in
            let rows = SummaryRows(db: db, range: instants, allSources: allSources)
            for (start, end) in try rows.samples(SampleType.mindfulSession, columns: #"start, "end""#, as: (Double, Double).self) {
                if let i = index(start) { summaries[i].meditateMinutes += (end - start) / 60 }
            }
            for (start, duration) in try rows.workouts() {
                if let i = index(start) {
                    summaries[i].workoutMinutes += duration / 60
                    summaries[i].workouts += 1
                }
            }
            for (start, value) in try rows.samples(SampleType.activeEnergyBurned, columns: "start, value", as: (Double, Double).self) {
                if let i = index(start) { summaries[i].activeKcal += value }
            }
            for (start, value) in try rows.samples(SampleType.alcoholicBeverages, columns: "start, value", as: (Double, Double).self) {
                if let i = index(start) { summaries[i].alcoholTotal = (summaries[i].alcoholTotal ?? 0) + value }
            }
            return allSources ? try rows.otherSourceCount() : 0
        }
        return DailySummary(days: days, allSources: allSources, summaries: summaries, otherSourceCount: other)
    }

    /// The first day (in `calendar`'s zone) with any data for `habit`, or nil when there is none.
    public func fetchFirstDay(of habit: Habit, calendar: HabitCalendar, allSources: Bool = false) throws -> LocalDay? {
        let start = try read { db -> Double? in
            let filter = allSources ? "" : " AND sourceId IN (SELECT id FROM source WHERE isApp = 1)"
            switch habit {
            case .meditate, .noalc:
                let type = habit == .meditate ? SampleType.mindfulSession : SampleType.alcoholicBeverages
                return try Double.fetchOne(db, sql: "SELECT min(start) FROM sample WHERE type = ?\(filter)", arguments: [type])
            case .workout:
                return try Double.fetchOne(db, sql: "SELECT min(start) FROM workout WHERE 1\(filter)")
            }
        }
        return start.map { calendar.day(containing: Date(timeIntervalSince1970: $0)) }
    }
}

/// The SQL of the daily summary: one predicate, one range query per type.
private struct SummaryRows {
    let db: Database
    let range: InstantRange
    let allSources: Bool

    private var lower: Double { range.lowerBound.timeIntervalSince1970 }
    private var upper: Double { range.upperBound.timeIntervalSince1970 }
    private var sourceFilter: String { allSources ? "" : " AND sourceId IN (SELECT id FROM source WHERE isApp = 1)" }

    func samples<A: DatabaseValueConvertible, B: DatabaseValueConvertible>(
        _ type: String, columns: String, as: (A, B).Type
    ) throws -> [(A, B)] {
        try Row.fetchAll(db, sql: "SELECT \(columns) FROM sample WHERE type = ? AND start >= ? AND start < ?\(sourceFilter)",
                         arguments: [type, lower, upper]).map { ($0[0], $0[1]) }
    }

    func workouts() throws -> [(Double, Double)] {
        try Row.fetchAll(db, sql: "SELECT start, duration FROM workout WHERE start >= ? AND start < ?\(sourceFilter)",
                         arguments: [lower, upper]).map { ($0[0], $0[1]) }
    }

    /// Samples and workouts of the summary's types in the range from sources other than the app's.
    func otherSourceCount() throws -> Int {
        let external = " AND sourceId IN (SELECT id FROM source WHERE isApp = 0)"
        let samples = try Int.fetchOne(db, sql: """
            SELECT count(*) FROM sample WHERE type IN (?, ?, ?) AND start >= ? AND start < ?\(external)
            """, arguments: [SampleType.mindfulSession, SampleType.activeEnergyBurned, SampleType.alcoholicBeverages,
                             lower, upper]) ?? 0
        let workouts = try Int.fetchOne(db, sql: "SELECT count(*) FROM workout WHERE start >= ? AND start < ?\(external)",
                                        arguments: [lower, upper]) ?? 0
        return samples + workouts
    }
}
