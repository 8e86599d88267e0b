import HabitKit

/// `habit overview --json`: every shown habit's days, and each day's share done (Standards/json.md).
struct OverviewJSON: Codable, Equatable {
    /// The first day shown; the last is `asOf` (today).
    let first: String
    let asOf: String
    let timeZone: String
    let allSources: Bool
    let otherSourceSamples: Int?
    /// The habits habit may not read, each `"denied"` (Standards/access.md); left out when there is none.
    var access: [String: String]?
    let habits: [Habit]
    /// One per day, oldest first: how many habits were due, how many done, and `done ÷ due` (null: none due).
    let daily: [Day]

    /// One habit's row: its days oldest first, each the habit day of `calendar --json` with its date.
    struct Habit: Codable, Equatable {
        let habit: String
        let per: String
        let days: [HabitDayJSON]
    }

    struct Day: Codable, Equatable {
        let date: String
        let due: Int
        let done: Int
        @Nullable var share: Double?
    }

    init(_ overview: HabitOverview, timeZone: String) {
        first = overview.range.lowerBound.description
        asOf = overview.asOf.description
        self.timeZone = timeZone
        allSources = overview.allSources
        otherSourceSamples = overview.allSources ? overview.otherSourceCount : nil
        access = AccessJSON.denied(overview)
        habits = overview.reports.filter(\.readable).map { report in
            Habit(habit: report.definition.name, per: report.definition.per.name, days: report.days.map { status in
                var day = HabitDayJSON(status)
                day.date = status.day.description
                return day
            })
        }
        daily = overview.dailyShares.map { Day(date: $0.day.description, due: $0.due, done: $0.done, share: $0.share.map { JSONNumbers.rounded($0) }) }
    }
}
