import Foundation

/// What one day means for a habit's streak.
public enum DayOutcome: Equatable, Sendable {
    /// The day qualifies: it extends the streak.
    case good
    /// Not done: spends a joker, or resets the streak and the jokers.
    case miss
    /// NoAlc `wild`: resets the streak and the jokers whatever is held.
    case breaks
}

/// Today's state of a habit.
public enum TodayState: String, Sendable, Codable {
    /// Today already qualifies and is counted.
    case done
    /// Not (yet) done; the streak ends yesterday, and an unfinished today never breaks it.
    case pending
    /// Today is already decided against (a NoAlc `easy` or `wild` entry for today, an at-most limit exceeded).
    case missed
    /// Today is skipped (and not done anyway): it neither counts nor breaks.
    case skipped
    /// Today is missed, and a joker healed it: the streak goes on through it.
    case healed
}

/// The rules that decide a good day — shared by the calendar's marks and the streak walk.
public enum HabitRules {
    /// Rounded meditation minutes ≥ `min-minutes`.
    public static func outcome(_ habit: Habit, _ day: DaySummary, settings: Settings) -> DayOutcome {
        switch habit {
        case .meditate: return day.meditateMinutes.rounded() >= Double(settings.minMinutes) ? .good : .miss
        case .workout: return day.workoutMinutes.rounded() >= Double(settings.minMinutes) ? .good : .miss
        case .noalc:
            switch day.noalc {
            case .steady: return .good
            case .wild: return .breaks
            case .easy, nil: return .miss
            }
        }
    }

    /// Whether today is already decided (it can no longer become good).
    static func isDecided(_ habit: Habit, _ day: DaySummary) -> Bool {
        habit == .noalc && (day.noalc == .easy || day.noalc == .wild)
    }
}

/// Jokers: forgiveness for missed days.
public struct StreakWalk: Equatable, Sendable {
    public static let milestone = 7
    public static let maximumJokers = 3

    public private(set) var current = 0
    public private(set) var longest = 0
    public private(set) var jokers = 0

    public init() {}

    /// One calendar day forward.
    ///
    /// A good day extends the streak; every 7th streak day earns a joker while fewer than 3 are
    /// held. A missed day spends a joker (the streak goes on and the healed day counts towards
    /// the next milestone; on a milestone day that is itself missed, the joker is earned before
    /// it is spent) or, with none held, resets the streak and the jokers. `breaks` resets both.
    public mutating func step(_ outcome: DayOutcome) {
        switch outcome {
        case .good:
            current += 1
            earnOnMilestone()
        case .miss:
            current += 1
            earnOnMilestone()
            if jokers > 0 {
                jokers -= 1
            } else {
                current = 0
            }
        case .breaks:
            current = 0
            jokers = 0
        }
        longest = max(longest, current)
    }

    private mutating func earnOnMilestone() {
        if current % Self.milestone == 0 && jokers < Self.maximumJokers { jokers += 1 }
    }
}
