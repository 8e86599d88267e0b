import Foundation
import HabitKit

/// `habit streak --json`: `{"asOf","timeZone","allSources"[,"otherSourceSamples"],"habits":[…]}`.
struct StreakJSON: Codable, Equatable {
    /// `{"habit","per","current","today"[,"period"][,"access"],"longest","jokers"}`: per habit,
    /// what `today` and `status` say too, and the streaks.
    typealias HabitJSON = MergedJSON<HabitStateJSON, Streaks>

    struct Streaks: Codable, Equatable {
        let longest: Int
        let jokers: Int
    }

    /// `{"start":"2026-11-16","value":2,"target":3}`.
    struct PeriodJSON: Codable, Equatable {
        let start: String
        let value: Double
        let target: Double

        init(_ p: PeriodProgress) {
            start = p.start.description
            value = JSONNumbers.rounded(p.value)
            target = p.target
        }
    }

    let asOf: String
    let timeZone: String
    let allSources: Bool
    /// With --all-sources: how many samples came from other sources; left out otherwise.
    let otherSourceSamples: Int?
    let habits: [HabitJSON]

    init(_ overview: HabitOverview, timeZone: TimeZone) {
        asOf = overview.asOf.description
        self.timeZone = timeZone.identifier
        allSources = overview.allSources
        otherSourceSamples = overview.allSources ? overview.otherSourceCount : nil
        habits = overview.reports.map { HabitJSON(HabitStateJSON($0), Streaks(longest: $0.longest, jokers: $0.jokers)) }
    }
}

/// `habit today --json`: `{"date","day":{calendar day},"habits":[{"habit","today","current",…}]}`.
struct TodayJSON: Codable, Equatable {
    /// `{"habit","today","current","per"[,"period"][,"access"],"value"}`.
    typealias HabitJSON = MergedJSON<HabitStateJSON, DayValue>

    struct DayValue: Codable, Equatable {
        /// The day's value in the habit's unit (minutes, drinks, glasses, days done…).
        let value: Double
    }

    let date: String
    let day: CalendarDayJSON
    let habits: [HabitJSON]
    /// Entries in the pending journal, not yet in the store (Standards/access.md).
    let pending: Int

    init(date: LocalDay, day: CalendarDayJSON, overview: HabitOverview, pending: Int = 0) {
        self.pending = pending
        self.date = date.description
        self.day = day
        habits = overview.reports.map { HabitJSON(HabitStateJSON($0), DayValue(value: JSONNumbers.rounded($0.days.last?.value ?? 0))) }
    }
}

/// What streak, today and status say of every habit, keys of each one's habit object:
/// `{"habit","today","per","current"[,"period"][,"access"]}`.
struct HabitStateJSON: Codable, Equatable {
    let habit: String
    /// `done`, `pending`, `missed` or `skipped`; `unknown` when habit may not read the habit's data.
    let today: String
    /// `day`, `week`, `month` or `days`.
    let per: String
    let current: Int
    /// Week and month habits: the current period; N days in any D: today's window; left out for daily habits.
    let period: StreakJSON.PeriodJSON?
    /// `"denied"` when habit may not read the habit's data (then `today` is `"unknown"`); left out otherwise.
    let access: String?

    init(_ r: HabitReport) {
        habit = r.definition.name
        today = r.todayJSON
        per = r.definition.per.name
        current = r.current
        period = r.period.map(StreakJSON.PeriodJSON.init)
        access = r.accessJSON
    }
}

extension HabitReport {
    /// `today` in JSON: the state, or `unknown` when habit may not read the habit's data.
    var todayJSON: String { readable ? today.rawValue : "unknown" }
    /// `"access": "denied"` when habit may not read the habit's data; nil (left out) otherwise.
    var accessJSON: String? { readable ? nil : "denied" }
}

/// Numbers in JSON: at most 6 decimals (sums of floating-point amounts otherwise print 0.30000000000000004).
enum JSONNumbers {
    static func rounded(_ x: Double, places: Double = 1_000_000) -> Double {
        guard x.isFinite else { return x }
        return (x * places).rounded() / places
    }
}
