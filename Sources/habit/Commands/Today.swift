import ArgumentParser
import HabitKit

/// `habit today [--short] [--json]`: today's state, one line per active habit.
struct Today: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "today", abstract: "Today's state, one line per habit.")

    @Flag(name: .long, help: "One short line for a status bar.")
    var short = false

    @OptionGroup var options: ReadOptions

    func run() throws {
        let pending = Pending.count()  // entries saved while the store could not be written
        try options.store.snapshot { store, env in
            let overview = try store.read(.overview(env: env, allSources: options.allSources))
            let summary = try store.read(.dailySummary(in: DayRange(day: env.today), calendar: env.calendar, allSources: options.allSources))
            guard let day = summary.summaries.first else { return }
            if options.output.json {
                let habits = HabitDayJSON.byDay(overview)[env.today] ?? [:]
                try Output.printJSON(TodayJSON(date: env.today, day: CalendarDayJSON(CalendarDay(day, settings: try store.read(.settings)), habits: habits),
                                               overview: overview, pending: pending))
                return
            }
            if short {
                Output.print(StatusText.short(DayPlan(overview)) + Pending.suffix(pending))
                return
            }
            Output.print(TodayText.lines(DayPlan(overview), day, today: env.today, style: .live).joined(separator: "\n"))
            if pending > 0 { Output.print("\(pending) pending: saved while the store could not be written; added at the next write") }
            if let note = StreakText.sourcesNote(allSources: overview.allSources, count: overview.otherSourceCount) { Output.print(note) }
        }
    }
}
