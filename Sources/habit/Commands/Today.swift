import ArgumentParser
import HabitKit

/// `habit today [--short] [--json]`: today's state, one line per habit.
struct Today: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "today", abstract: "Today's state, one line per habit.")

    @Flag(name: .long, help: "One short line for a status bar.")
    var short = false

    @OptionGroup var options: ReadOptions

    func run() throws {
        let (store, env) = try options.store.reading()
        let overview = try store.streaks(env: env, allSources: options.allSources)
        let summary = try store.dailySummary(in: DayRange(day: env.today), calendar: env.calendar, allSources: options.allSources)
        guard let day = summary.summaries.first else { return }
        if options.output.json {
            try Output.printJSON(TodayJSON(date: env.today, day: CalendarDay(day, settings: try store.fetchSettings()), overview: overview))
            return
        }
        let mark: (TodayState) -> String = { $0 == .done ? "✓" : $0 == .missed ? "✗" : "…" }
        if short {
            Output.print(overview.reports.map { "\($0.habit.rawValue.prefix(1).uppercased())\(mark($0.today))\($0.current)" }.joined(separator: " "))
            return
        }
        let details: [Habit: String] = [
            .meditate: "\(TextRendering.number(day.meditateMinutes)) min",
            .workout: "\(TextRendering.number(day.workoutMinutes)) min, \(day.workouts) workout\(day.workouts == 1 ? "" : "s"), \(TextRendering.number(day.activeKcal)) kcal",
            .noalc: day.noalc?.rawValue ?? "no entry",
        ]
        var lines = overview.reports.map {
            "\($0.habit.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \($0.today.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(details[$0.habit] ?? "")  (streak \($0.current))"
        }
        if let note = StreakText.sourcesNote(allSources: overview.allSources, count: overview.otherSourceCount) { lines.append(note) }
        Output.print(lines.joined(separator: "\n"))
    }
}
