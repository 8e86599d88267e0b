import Foundation
import HabitKit

/// `habit streak --json`: `{"asOf","timeZone","allSources"[,"otherSourceSamples"],"habits":[…]}`.
struct StreakJSON: Codable, Equatable {
    struct HabitJSON: Codable, Equatable {
        let habit: String
        let current: Int
        let longest: Int
        let jokers: Int
        /// `done`, `pending` or `missed`.
        let today: String
    }

    let asOf: String
    let timeZone: String
    let allSources: Bool
    /// With --all-sources: how many samples came from other sources; left out otherwise.
    let otherSourceSamples: Int?
    let habits: [HabitJSON]

    init(_ overview: StreakOverview, timeZone: TimeZone) {
        asOf = overview.asOf.description
        self.timeZone = timeZone.identifier
        allSources = overview.allSources
        otherSourceSamples = overview.allSources ? overview.otherSourceCount : nil
        habits = overview.reports.map {
            HabitJSON(habit: $0.habit.rawValue, current: $0.current, longest: $0.longest, jokers: $0.jokers, today: $0.today.rawValue)
        }
    }
}

/// `habit today --json`: `{"date","day":{calendar day},"habits":[{"habit","today","current"}]}`.
struct TodayJSON: Codable, Equatable {
    struct HabitJSON: Codable, Equatable {
        let habit: String
        let today: String
        let current: Int
    }

    let date: String
    let day: CalendarDayJSON
    let habits: [HabitJSON]

    init(date: LocalDay, day: CalendarDay, overview: StreakOverview) {
        self.date = date.description
        self.day = CalendarDayJSON(day)
        habits = overview.reports.map { HabitJSON(habit: $0.habit.rawValue, today: $0.today.rawValue, current: $0.current) }
    }
}
