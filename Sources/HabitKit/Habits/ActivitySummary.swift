import Foundation

/// One day of Apple's Activity rings (an export's `ActivitySummary`): move, exercise and stand,
/// each with its goal. A day is a calendar date as the phone counted it, not an instant.
public struct ActivitySummary: Sendable, Equatable {
    public var day: LocalDay
    /// Move: active energy in kcal (older exports), or move minutes (newer ones, for some users).
    public var moveKcal: Double?
    public var moveGoalKcal: Double?
    public var moveMinutes: Double?
    public var moveGoalMinutes: Double?
    public var exerciseMinutes: Double?
    public var exerciseGoalMinutes: Double?
    public var standHours: Double?
    public var standGoalHours: Double?

    public init(day: LocalDay, moveKcal: Double? = nil, moveGoalKcal: Double? = nil, moveMinutes: Double? = nil,
                moveGoalMinutes: Double? = nil, exerciseMinutes: Double? = nil, exerciseGoalMinutes: Double? = nil,
                standHours: Double? = nil, standGoalHours: Double? = nil) {
        self.day = day
        self.moveKcal = moveKcal
        self.moveGoalKcal = moveGoalKcal
        self.moveMinutes = moveMinutes
        self.moveGoalMinutes = moveGoalMinutes
        self.exerciseMinutes = exerciseMinutes
        self.exerciseGoalMinutes = exerciseGoalMinutes
        self.standHours = standHours
        self.standGoalHours = standGoalHours
    }

    /// A ring's value and goal on this day; nil when the export says nothing of it.
    public func ring(_ ring: ActivityRing) -> (value: Double, goal: Double?)? {
        switch ring {
        case .move:
            if let v = moveKcal { return (v, moveGoalKcal) }
            if let v = moveMinutes { return (v, moveGoalMinutes) }
            return nil
        case .exercise: return exerciseMinutes.map { ($0, exerciseGoalMinutes) }
        case .stand: return standHours.map { ($0, standGoalHours) }
        }
    }

    /// Whether this day's figures went further than `other`'s (move, exercise, stand, then the
    /// goals; nothing said is less than any figure): a phone's figures for a day only grow until
    /// the day ends, so the one ahead is the later word — whatever order imports and syncs came in.
    public func isAhead(of other: ActivitySummary) -> Bool {
        func key(_ s: ActivitySummary) -> [Double] {
            [s.moveKcal, s.moveMinutes, s.exerciseMinutes, s.standHours, s.moveGoalKcal, s.moveGoalMinutes,
             s.exerciseGoalMinutes, s.standGoalHours].map { $0 ?? -Double.infinity }
        }
        return key(self).lexicographicallyPrecedes(key(other)) == false && key(self) != key(other)
    }

    /// The ring is closed: its value reaches a goal above zero.
    public func isClosed(_ ring: ActivityRing) -> Bool {
        guard let (value, goal) = self.ring(ring), let goal, goal > 0 else { return false }
        return value >= goal
    }
}

/// The three Activity rings.
public enum ActivityRing: String, Sendable, CaseIterable {
    case move, exercise, stand

    /// The unit of the ring's value (move in kcal; a move-minutes day counts in minutes).
    public var unit: String {
        switch self {
        case .move: "kcal"
        case .exercise: "min"
        case .stand: "h"
        }
    }

    /// The identifier a `--from activity-summary --field RING` habit stores as its data type.
    public var typeIdentifier: String { ActivityRing.typePrefix + rawValue }

    public static let typePrefix = "HKActivitySummary."

    /// The `activitySummary` column of the ring's value (move: kcal, else minutes).
    var storedColumn: String {
        switch self {
        case .move: "coalesce(moveKcal, moveMinutes)"
        case .exercise: "exerciseMinutes"
        case .stand: "standHours"
        }
    }

    public init?(typeIdentifier: String) {
        guard typeIdentifier.hasPrefix(Self.typePrefix) else { return nil }
        self.init(rawValue: String(typeIdentifier.dropFirst(Self.typePrefix.count)))
    }
}
