import Foundation
import GRDB

extension HabitStore {
    /// Current and longest streaks, jokers and today's state for `habits`, as of `env.today`.
    ///
    /// Reads the daily summary from the earliest first-data day of the habits through today —
    /// the whole history, no fixed window.
    public func streaks(for habits: [Habit] = Habit.allCases, env: HabitEnvironment, allSources: Bool = false) throws -> StreakOverview {
        let calendar = env.calendar
        let today = env.today
        // One read transaction: settings, first days and the summary come from one snapshot.
        let (settings, firsts, summary) = try read { db in
            let settings = try Self.settings(db)
            var firsts: [Habit: LocalDay] = [:]
            for habit in habits { firsts[habit] = try Self.firstDay(of: habit, calendar: calendar, allSources: allSources, db) }
            let earliest = min(firsts.values.min() ?? today, today)
            let summary = try Self.dailySummary(in: DayRange(earliest, upTo: today.adding(days: 1)), calendar: calendar,
                                                allSources: allSources, energy: false, db)
            return (settings, firsts, summary)
        }
        let reports = habits.map { habit -> StreakReport in
            guard let first = firsts[habit], first <= today else {
                return StreakReport(habit: habit, current: 0, longest: 0, jokers: 0, today: .pending)
            }
            var own = summary
            own.summaries = summary.summaries.filter { $0.day >= first }
            return StreakWalk.report(habit, summary: own, today: today, settings: settings)
        }
        return StreakOverview(asOf: today, allSources: allSources, otherSourceCount: summary.otherSourceCount, reports: reports)
    }
}
