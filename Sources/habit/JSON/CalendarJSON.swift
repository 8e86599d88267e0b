import Foundation
import HabitKit

/// One day of `habit calendar --json` (and `habit today --json`'s "day").
struct CalendarDayJSON: Codable, Equatable {
    let date: String
    let meditateMinutes: Double
    let workoutMinutes: Double
    let workouts: Int
    let activeKcal: Double
    /// `steady`, `easy`, `wild`, or null when the day has no entry.
    @Nullable var noalc: String?
    /// Whether the streak counts the day.
    let meditate: Bool
    let workout: Bool
    /// Every habit's day, built-ins included, by name (left out where no habit was evaluated).
    let habits: [String: HabitDayJSON]?
    /// How many notes the day's entries carry (`habit notes`); left out when none.
    let notes: Int?

    init(_ d: CalendarDay, habits: [String: HabitDayJSON]? = nil, notes: Int = 0) {
        self.habits = habits
        self.notes = notes > 0 ? notes : nil
        date = d.summary.day.description
        meditateMinutes = (d.summary.meditateMinutes * 100).rounded() / 100
        workoutMinutes = (d.summary.workoutMinutes * 100).rounded() / 100
        workouts = d.summary.workouts
        activeKcal = (d.summary.activeKcal * 10).rounded() / 10
        noalc = d.summary.noalc?.rawValue
        meditate = d.meditate
        workout = d.workout
    }
}

/// `habit calendar [YYYY-MM] --json` (`"month"`) or `--year` (`"year"`): every day of the period.
struct CalendarJSON: Codable, Equatable {
    let month: String?
    let year: String?
    let timeZone: String
    let allSources: Bool
    let otherSourceSamples: Int?
    /// The habits habit may not read, each `"denied"` (Standards/access.md); left out when there is none.
    var access: [String: String]?
    let days: [CalendarDayJSON]
}

/// One habit on one day: `{"value":6,"met":false,"skipped":false,"joker":false,"state":"missed","period":null}`.
struct HabitDayJSON: Codable, Equatable {
    /// The day, where the object is not already under its date (`habit overview`'s rows); else left out.
    var date: String?
    let value: Double
    /// Done on the day: met, or (week, month, N days in any D) something done toward its period.
    let met: Bool
    /// Skipped or off the habit's weekday schedule.
    let skipped: Bool
    /// A missed day a joker healed.
    let joker: Bool
    /// The day's own state (``DayState``): met, done, open, missed, healed, pending, skipped,
    /// off-day, not-due, before, later.
    let state: DayState
    /// A week or month habit's period as of the day: met, missed, pending, skipped; else null.
    let period: PeriodState?

    init(_ s: HabitDayStatus) {
        value = JSONNumbers.rounded(s.value)
        met = s.met
        skipped = s.skipped
        joker = s.joker
        state = s.state
        period = s.period
    }

    private enum CodingKeys: String, CodingKey { case date, value, met, skipped, joker, state, period }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(date, forKey: .date)
        try c.encode(value, forKey: .value)
        try c.encode(met, forKey: .met)
        try c.encode(skipped, forKey: .skipped)
        try c.encode(joker, forKey: .joker)
        try c.encode(state, forKey: .state)
        try c.encode(period, forKey: .period)  // null for habits without periods
    }

    /// Each day of `overview.range` with every habit's status on it.
    static func byDay(_ overview: HabitOverview) -> [LocalDay: [String: HabitDayJSON]] {
        var result: [LocalDay: [String: HabitDayJSON]] = [:]
        for report in overview.reports where report.readable {
            for status in report.days { result[status.day, default: [:]][report.definition.name] = HabitDayJSON(status) }
        }
        return result
    }
}
