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

    init(_ d: CalendarDay) {
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
    let days: [CalendarDayJSON]
}
