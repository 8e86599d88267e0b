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

/// One habit on one day: `{"value":6,"met":false,"skipped":false,"joker":false}`.
struct HabitDayJSON: Codable, Equatable {
    let value: Double
    /// The streak counts the day (for week and month habits: the day's period is met).
    let met: Bool
    let skipped: Bool
    /// A missed day a joker healed.
    let joker: Bool

    init(_ s: HabitDayStatus) {
        value = JSONNumbers.rounded(s.value)
        met = s.met
        skipped = s.skipped
        joker = s.joker
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
