import Foundation
import HabitKit

/// `habit streak --json`: `{"asOf","timeZone","allSources"[,"otherSourceSamples"],"habits":[…]}`.
struct StreakJSON: Codable, Equatable {
    struct HabitJSON: Codable, Equatable {
        let habit: String
        /// `day`, `week`, `month` or `days`: what current and longest count (days for `day` and `days`).
        let per: String
        let current: Int
        let longest: Int
        let jokers: Int
        /// `done`, `pending`, `missed` or `skipped`.
        let today: String
        /// Week and month habits: the current period; N days in any D: today's window; left out for daily habits.
        let period: PeriodJSON?
        /// `"denied"` when habit may not read the habit's data (then `today` is `"unknown"`); left out otherwise.
        var access: String?

        init(_ r: HabitReport) {
            habit = r.definition.name
            per = r.definition.per.name
            current = r.current
            longest = r.longest
            jokers = r.jokers
            today = r.todayJSON
            period = r.period.map(PeriodJSON.init)
            access = r.accessJSON
        }
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
        habits = overview.reports.map(HabitJSON.init)
    }
}

/// `habit today --json`: `{"date","day":{calendar day},"habits":[{"habit","today","current",…}]}`.
struct TodayJSON: Codable, Equatable {
    struct HabitJSON: Codable, Equatable {
        let habit: String
        let today: String
        let current: Int
        let per: String
        /// The day's value in the habit's unit (minutes, drinks, glasses, days done…).
        let value: Double
        let period: StreakJSON.PeriodJSON?
        /// `"denied"` when habit may not read the habit's data; left out otherwise.
        var access: String?
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
        habits = overview.reports.map {
            HabitJSON(habit: $0.definition.name, today: $0.todayJSON, current: $0.current, per: $0.definition.per.name,
                      value: JSONNumbers.rounded($0.days.last?.value ?? 0), period: $0.period.map(StreakJSON.PeriodJSON.init),
                      access: $0.accessJSON)
        }
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
