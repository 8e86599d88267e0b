import ArgumentParser
import HabitKit

/// `habit today [--short] [--json]`: today's state, one line per active habit.
struct Today: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "today", abstract: "Today's state, one line per habit.")

    @Flag(name: .long, help: "One short line for a status bar.")
    var short = false

    @OptionGroup var options: ReadOptions

    func run() throws {
        let (store, env) = try options.store.reading()
        let overview = try store.habitOverview(env: env, allSources: options.allSources)
        let summary = try store.dailySummary(in: DayRange(day: env.today), calendar: env.calendar, allSources: options.allSources)
        guard let day = summary.summaries.first else { return }
        if options.output.json {
            let habits = HabitDayJSON.byDay(overview)[env.today] ?? [:]
            try Output.printJSON(TodayJSON(date: env.today, day: CalendarDayJSON(CalendarDay(day, settings: try store.fetchSettings()), habits: habits),
                                           overview: overview))
            return
        }
        let mark: (TodayState) -> String = { $0 == .done ? "✓" : $0 == .missed ? "✗" : $0 == .skipped ? "–" : "…" }
        if short {
            Output.print(overview.reports.map { r in
                let name = r.definition.builtin.map { $0.rawValue.prefix(1).uppercased() } ?? r.definition.name
                let progress = r.period.map { " \(TextRendering.number($0.value))/\(TextRendering.number($0.target))" } ?? ""
                return "\(name)\(mark(r.today))\(r.current)\(progress)"
            }.joined(separator: " "))
            return
        }
        let width = max(9, overview.reports.map(\.definition.name.count).max() ?? 0)
        var lines = overview.reports.map { r in
            let details = Self.details(r, day)
            return "\(r.definition.name.padding(toLength: width, withPad: " ", startingAt: 0)) "
                + "\(r.today.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(details)  (streak \(r.current)\(r.definition.per == .day ? "" : " \(r.definition.per.rawValue)s"))"
        }
        if let note = StreakText.sourcesNote(allSources: overview.allSources, count: overview.otherSourceCount) { lines.append(note) }
        Output.print(lines.joined(separator: "\n"))
    }

    /// What today holds for the habit: minutes, a level, an amount against its target, a period's progress.
    static func details(_ r: HabitReport, _ day: DaySummary) -> String {
        let d = r.definition
        switch d.builtin {
        case .meditate: return "\(TextRendering.number(day.meditateMinutes)) min"
        case .workout:
            return "\(TextRendering.number(day.workoutMinutes)) min, \(day.workouts) workout\(day.workouts == 1 ? "" : "s"), \(TextRendering.number(day.activeKcal)) kcal"
        case .noalc: return day.noalc?.rawValue ?? "no entry"
        case nil: break
        }
        let unit = d.unit.map { " \($0)" } ?? ""
        if let p = r.period {
            let left = p.start.days(until: p.end) - p.start.days(until: r.days.last?.day ?? p.start) - 1
            return "\(TextRendering.number(p.value))/\(TextRendering.number(p.target))\(d.goal == nil ? "" : unit) this \(d.per.rawValue), \(left) day\(left == 1 ? "" : "s") left"
        }
        let value = r.days.last?.value ?? 0
        switch d.goal {
        case .atLeast(let x)?: return "\(TextRendering.number(value))/\(TextRendering.number(x))\(unit)"
        case .atMost(let x)?: return "\(TextRendering.number(value))\(unit) (at most \(TextRendering.number(x)))"
        case nil: return d.kind == .yesNo ? (r.days.last?.met == true ? "done" : "not yet") : "\(TextRendering.number(value))\(unit)"
        }
    }
}
