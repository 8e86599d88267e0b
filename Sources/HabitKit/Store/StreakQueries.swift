import Foundation
import GRDB


extension StoreRequest where Value == StreakOverview {
    /// Current and longest streaks, jokers and today's state of built-ins `habits`, as of
    /// `env.today`: the built-ins' part of ``habitOverview(_:range:env:allSources:)`` (the same
    /// evaluation as every habit), over each habit's whole history — no fixed window.
    public static func streaks(for habits: [Habit] = Habit.allCases, env: HabitEnvironment, allSources: Bool = false) -> Self {
        Self(transaction: { transaction in
            let builtins = try HabitStore.allHabits(env: env, includingArchived: false, transaction.db)
                .filter { $0.builtin.map(habits.contains) ?? false }
            let overview = try HabitStore.overview(builtins, range: DayRange(day: env.today), env: env, allSources: allSources, transaction)
            let reports = overview.reports.compactMap { r in
                r.definition.builtin.map { StreakReport(habit: $0, current: r.current, longest: r.longest, jokers: r.jokers, today: r.today) }
            }
            return StreakOverview(asOf: overview.asOf, allSources: allSources, otherSourceCount: overview.otherSourceCount, reports: reports)
        })
    }
}
