import ArgumentParser
import HabitKit

/// `habit today [--short] [--tag T …] [--json]`: today's state, one line per active habit.
struct Today: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "today", abstract: "Today's state, one line per habit.")

    /// The flag's name, read by ``FastRead`` too.
    static let shortFlag = "short"

    @Flag(name: .customLong(Self.shortFlag), help: "One short line for a status bar.")
    var short = false

    @OptionGroup var tags: TagFilterOptions
    @OptionGroup var options: ReadOptions

    func run() throws {
        try Self.answer(short: short, tags: tags.tag, allSources: options.allSources, json: options.output.json,
                        location: options.store.location)
    }

    /// The command's work, for ``run()`` and for the plain forms ``FastRead`` reads.
    static func answer(short: Bool, tags: [String], allSources: Bool, json: Bool, location: StoreLocation) throws {
        let pending = Pending.count()  // entries saved while the store could not be written
        try DegradedMode.answer(location) { wait in
            try location.snapshot(lockWait: wait, forExit: true) { store, env -> DegradedMode.Answer? in  // the process ends after it
                let overview = try store.read(.overview(TagFilterOptions.habits(tags: tags, store), env: env,
                                                        allSources: allSources)).due  // not on a day off a schedule
                let summary = try store.read(.dailySummary(in: DayRange(day: env.today), calendar: env.calendar, allSources: allSources))
                guard let day = summary.summaries.first else { return nil }
                let asOf = env.calendar.iso8601(env.now)
                if json {
                    let habits = HabitDayJSON.byDay(overview)[env.today] ?? [:]
                    let answer = TodayJSON(date: env.today, day: CalendarDayJSON(CalendarDay(day, settings: try store.read(.settings)), habits: habits),
                                           overview: overview, pending: pending)
                    return .init(text: try Output.json(answer), kind: .json, asOf: asOf)
                }
                if short { return .init(text: StatusText.short(DayPlan(overview), tail: Pending.suffix(pending)), kind: .text, asOf: asOf) }
                var lines = TodayText.lines(DayPlan(overview), day, today: env.today, style: .live)
                if pending > 0 { lines.append(Pending.tooltip(pending)) }
                lines += StreakText.sourcesNote(allSources: overview.allSources, count: overview.otherSourceCount)
                return .init(text: lines.joined(separator: "\n"), kind: .text, asOf: asOf)
            }
        }
    }
}
