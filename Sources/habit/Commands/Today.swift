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
        if short {
            Output.print(overview.reports.map { r in
                let name = r.definition.builtin.map { $0.rawValue.prefix(1).uppercased() } ?? r.definition.name
                let progress = r.period.map { " \(TextRendering.number($0.value))/\(TextRendering.number($0.target))" } ?? ""
                return "\(name)\(StatusText.mark(r.today))\(r.current)\(progress)"
            }.joined(separator: " "))
            return
        }
        let plan = DayPlan(overview)
        let width = max(9, overview.reports.map(\.definition.name.count).max() ?? 0)
        let style = Style.live
        let head = plan.left.isEmpty ? "all done" : "\(plan.left.count) left" + (plan.atRisk.isEmpty ? "" : ", \(plan.atRisk.count) at risk")
        var lines = [style.bold("Today, \(TextRendering.dayHeading(env.today, today: LocalDay(ordinal: 0)))") + " — " + head]
        // What is left first (at risk on top), then what is done or skipped.
        let ordered = plan.items.filter(\.atRisk) + plan.items.filter { $0.left && !$0.atRisk } + plan.items.filter { !$0.left }
        for item in ordered {
            let r = item.report
            let mark = StatusText.mark(r.today)
            let shownMark = r.today == .done ? style.green(mark) : item.atRisk || r.today == .missed ? style.red(mark) : mark
            let streak = "streak \(r.current) \(r.definition.per.rawValue)\(r.current == 1 ? "" : "s")"
            var notes: [String] = []
            if item.atRisk { notes.append(style.red(r.period == nil ? "at risk: breaks tonight, no joker left" : "at risk: the \(r.definition.per.rawValue) ends today")) }
            else if item.left && item.safeToMiss > 0 { notes.append("safe to miss \(item.safeToMiss)") }
            lines.append("\(shownMark) \(r.definition.name.padding(toLength: width, withPad: " ", startingAt: 0)) "
                         + Self.details(r, day).padding(toLength: 34, withPad: " ", startingAt: 0) + " " + ([streak] + notes).joined(separator: "  "))
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
            let left = (r.days.last?.day ?? p.start).days(until: p.end)
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
