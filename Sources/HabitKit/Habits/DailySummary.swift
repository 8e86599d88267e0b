import Foundation

/// One day of the daily summary: everything the calendar shows and the streaks count.
public struct DaySummary: Equatable, Sendable {
    public let day: LocalDay
    public var meditateMinutes: Double = 0
    public var workoutMinutes: Double = 0
    public var workouts: Int = 0
    public var activeKcal: Double = 0
    /// The sum of the day's alcoholic-beverage samples, nil when there is no entry.
    public var alcoholTotal: Double?

    public init(day: LocalDay) { self.day = day }

    /// The day's NoAlc level, read back from the sum of its samples (≥ 6 wild, ≥ 4 easy, else steady).
    public var noalc: NoAlcLevel? { alcoholTotal.map(NoAlcLevel.init(dayTotal:)) }
}

/// The daily summary over a half-open range of days.
public struct DailySummary: Equatable, Sendable {
    public let days: DayRange
    public let allSources: Bool
    /// One entry per day of `days`, in order (days without data included, all zero).
    public var summaries: [DaySummary]
    /// With `allSources`, how many of the counted samples and workouts came from other sources.
    public var otherSourceCount: Int

    public subscript(day: LocalDay) -> DaySummary? {
        let i = days.lowerBound.days(until: day)
        return summaries.indices.contains(i) ? summaries[i] : nil
    }
}
