import Foundation
import HabitKit

/// `habit config list --json`: every setting's effective value by its name; `timezone` is left
/// out when not set.
struct ConfigJSON: Codable, Equatable {
    let weight: String?
    let timezone: String?
    let minMinutes: String?
    let meditateGoal: String?
    let workoutGoal: String?
    let weekStart: String?
    let dayStart: String?
    let grace: String?

    enum CodingKeys: String, CodingKey {
        case weight, timezone, grace
        case minMinutes = "min-minutes"
        case meditateGoal = "meditate-goal"
        case workoutGoal = "workout-goal"
        case weekStart = "week-start"
        case dayStart = "day-start"
    }

    init(_ settings: Settings) {
        weight = settings.value(of: .weight)
        timezone = settings.value(of: .timezone)
        minMinutes = settings.value(of: .minMinutes)
        meditateGoal = settings.value(of: .meditateGoal)
        workoutGoal = settings.value(of: .workoutGoal)
        weekStart = settings.value(of: .weekStart)
        dayStart = settings.value(of: .dayStart)
        grace = settings.value(of: .grace)
    }
}
