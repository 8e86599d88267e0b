import Foundation

/// A night of imported sleep, grouped into one entry with its stages, plus the day's recovery metrics.
public struct Recovery: Sendable, Equatable {
    public var start: Date
    public var end: Date
    /// Seconds per stage: awake, rem, core, deep, asleep (unspecified), inBed.
    public var stages: [String: TimeInterval]
    public var restingHeartRate: Double?
    public var heartRateVariability: Double?

    /// Time asleep: every stage but awake and in-bed.
    public var asleep: TimeInterval {
        stages.filter { $0.key != "awake" && $0.key != "inBed" }.values.reduce(0, +)
    }
}

/// One line of the timeline.
public enum TimelineItem: Sendable {
    case entry(Entry)
    case workout(Workout, averageHeartRate: Double?)
    case recovery(Recovery)

    public var start: Date {
        switch self {
        case .entry(let e): e.start
        case .workout(let w, _): w.start
        case .recovery(let r): r.end  // a night is shown where it ends: the morning
        }
    }
}

public struct TimelineDay: Sendable {
    public var day: LocalDay
    public var items: [TimelineItem]
}
