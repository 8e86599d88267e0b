import Foundation

/// One day as the calendar shows it: the summary plus the marks, which use exactly the streak
/// rules (``HabitRules``) — a ring shown is a day the streak counts.
public struct CalendarDay: Equatable, Sendable {
    public var summary: DaySummary
    /// The day counts for the meditation streak.
    public var meditate: Bool
    /// The day counts for the workout streak.
    public var workout: Bool
    /// The day counts for the NoAlc streak (steady).
    public var noalcGood: Bool
    /// Ring fill: minutes / goal, capped at 1.
    public var meditateRing: Double
    public var workoutRing: Double

    public init(_ summary: DaySummary, settings: Settings) {
        self.summary = summary
        meditate = HabitRules.outcome(.meditate, summary, settings: settings) == .good
        workout = HabitRules.outcome(.workout, summary, settings: settings) == .good
        noalcGood = HabitRules.outcome(.noalc, summary, settings: settings) == .good
        meditateRing = min(1, summary.meditateMinutes / Double(settings.meditateGoalMinutes))
        workoutRing = min(1, summary.workoutMinutes / Double(settings.workoutGoalMinutes))
    }
}

/// A range of calendar days (a month or a year) built from the daily summary.
public struct CalendarView: Sendable {
    public var days: [CalendarDay]
    public var range: DayRange
    public var allSources: Bool
    public var otherSourceCount: Int
    public var settings: Settings

    /// The days arranged in weeks of 7 (nil before the first and after the last day), starting on
    /// Monday or, with the `week-start` setting, Sunday.
    public var weeks: [[CalendarDay?]] {
        guard let first = days.first else { return [] }
        let firstColumn = settings.weekStartsOnSunday ? first.summary.day.isoWeekday % 7 : first.summary.day.isoWeekday - 1
        var cells: [CalendarDay?] = Array(repeating: nil, count: firstColumn) + days.map(Optional.some)
        while cells.count % 7 != 0 { cells.append(nil) }
        return stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }
}
