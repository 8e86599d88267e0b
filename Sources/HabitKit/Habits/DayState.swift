/// What happened on one day of a habit, as the one evaluation (``HabitEvaluator``) decides it and
/// every view shows it (Standards/habits.md, "Day states"): the day's own state. A week or month
/// habit's days say only what was done on them; the period's state is ``PeriodState``, shown
/// beside the days and never painted over them.
public enum DayState: String, Sendable, Codable, CaseIterable {
    /// The day is met: a good day of a daily habit (its target reached, its limit kept), or a day
    /// of a habit of N days in any D whose window is met. The streak counts it.
    case met
    /// Something was done on the day toward its period or window, which is not (yet) met on it:
    /// a day with an entry of a week or month habit, or of a habit of N days in any D.
    case done
    /// A day of a week or month habit with nothing done: the period judges it, not the day.
    case open
    /// Missed: a past day not met, or today when it can no longer be met (an at-most limit
    /// exceeded, NoAlc `easy` or `wild`).
    case missed
    /// A missed day a joker healed: the streak goes on through it.
    case healed
    /// Today, not met yet and still open.
    case pending
    /// Skipped (its own skip or `skip --all`), and not met anyway.
    case skipped
    /// Off a weekday schedule, and not met anyway.
    case offDay = "off-day"
    /// A habit that only records (never asks): a day without entries is not due.
    case notDue = "not-due"
    /// Before the habit's history (before it was added and before its first entry).
    case before
    /// After today.
    case later

    /// The habit was done on the day: it is met, or something was done toward its period.
    public var isDone: Bool { self == .met || self == .done }
    /// Nothing is due on the day (skipped, off the schedule, or a habit that never asks).
    public var isExcused: Bool { self == .skipped || self == .offDay || self == .notDue }
}

/// The state of a week or month habit's period as of a day (``HabitDayStatus/period``).
public enum PeriodState: String, Sendable, Codable {
    /// The period's target is reached (at-most: its limit is kept, so far or to its end).
    case met
    /// Not met, and it can no longer be: a past period, or an at-most limit already exceeded.
    case missed
    /// The current period, not met yet.
    case pending
    /// Every day of the period is skipped (or before the history): passed over.
    case skipped
}
