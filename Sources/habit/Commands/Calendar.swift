import ArgumentParser
import HabitKit

/// `habit calendar [YYYY-MM] [--habit NAME | --tag T …]`, `habit calendar --year [YYYY] [--habit NAME | --tag T …]`.
struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "A month grid (or --year heatmap) of rings, NoAlc levels and your habits, with the streaks underneath.",
        discussion: """
            Rings: ● goal reached, ◐ counted for the streak, · not counted. NoAlc: s steady, e easy, w wild.
            Habits (and --habit): each day's own state: ● done, ◆ missed but healed by a joker, – skipped, ○ missed,
            · nothing yet, blank: not due (off its weekdays, or a habit that only records). A week or month
            habit's period (● met, ○ missed, · pending, – skipped) stands after its days, never over them.
            """)

    @Argument(help: "The month, YYYY-MM (default: this month); with --year, the year YYYY.")
    var period: String?

    /// The flag's name, read by ``FastRead`` too.
    static let yearFlag = "year"

    @Flag(name: .customLong(Self.yearFlag), help: "Show a whole year as a heatmap.")
    var year = false

    @Option(name: .long, parsing: .unconditional, help: "Show one habit (a built-in or one of your own).",
            completion: HabitNameCompletion.any)
    var habit: String?

    @OptionGroup var tags: TagFilterOptions
    @OptionGroup var options: ReadOptions

    /// The month or year asked for (nil: the one containing today).
    func requested() throws(ValidationError) -> LocalDay? {
        guard let period else { return nil }
        if year { return try YearValue.parse(period, as: "<year>").first }
        return try MonthValue.parse(period, as: "<month>").first
    }

    func validate() throws { _ = try requested() }

    func run() throws {
        try Self.answer(requested: try requested(), year: year, habit: habit, tags: tags.tag, allSources: options.allSources,
                        json: options.output.json, location: options.store.location)
    }

    /// The command's work, for ``run()`` and for the plain forms ``FastRead`` reads: the month (or
    /// with `year` the year) of `requested`, else of today.
    static func answer(requested: LocalDay?, year: Bool, habit: String?, tags: [String], allSources: Bool, json: Bool,
                       location: StoreLocation) throws {
        try DegradedMode.answer(location) { wait in
            try location.snapshot(lockWait: wait, forExit: true, { env throws(InputError) -> DayRange in  // the process ends after it
                let first = requested ?? env.today
                guard SupportedDates.contains(first) else {
                    throw .inArgument("HABIT_NOW", .unsupportedDate(env.calendar.iso8601(env.now)))
                }
                return year ? DayRange.year(containing: first) : DayRange.month(containing: first)
            }) { store, env, range in
                let shown = try TagFilterOptions.chosen(tags: tags, store, named: habit, env: env)
                let view = try store.read(.calendar(for: range, calendar: env.calendar, allSources: allSources))
                let overview = try store.read(.overview(shown, range: range, env: env, allSources: allSources))
                let notesByDay = try Self.notesByDay(store, range: range, habits: shown, env: env, allSources: allSources)
                let label = year ? String(range.lowerBound.year) : String(range.lowerBound.description.prefix(7))
                // Only this month's grid is kept, for degraded mode.
                let asOf = !year && range.contains(env.today) ? env.calendar.iso8601(env.now) : nil
                if json {
                    let habits = HabitDayJSON.byDay(overview)
                    return DegradedMode.Answer(text: try Output.json(CalendarJSON(
                        month: year ? nil : label, year: year ? label : nil, timeZone: env.timeZone.identifier,
                        allSources: allSources, otherSourceSamples: allSources ? view.otherSourceCount : nil,
                        access: AccessJSON.denied(overview),
                        days: view.days.map { CalendarDayJSON($0, habits: habits[$0.summary.day] ?? [:], notes: notesByDay[$0.summary.day] ?? 0) })), kind: .json, asOf: asOf)
                }
                let style = Style.live
                var lines: [String]
                if let report = overview.reports.first, habit != nil, !report.readable {
                    lines = [style.bold(report.definition.name) + "  " + AccessText.noReadAccess(report)]
                } else if let report = overview.reports.first, habit != nil {
                    lines = year ? CalendarText.year(report, range: range, style: style)
                                 : CalendarText.month(report, range: range, today: env.today, weekStartsOnSunday: view.settings.weekStartsOnSunday,
                                                      noted: Set(notesByDay.keys), style: style)
                } else if !tags.isEmpty, !year {
                    // --tag: the tagged habits' rows, without the built-ins' grid.
                    lines = [style.bold("\(label) · tag \(tags.joined(separator: ", "))")]
                        + CalendarText.habitRows(overview, range: range, weekStartsOnSunday: view.settings.weekStartsOnSunday, style: style)
                } else {
                    lines = year ? CalendarText.year(view, overview: overview, style: style) : CalendarText.month(view, builtins: overview.reports.compactMap(\.definition.builtin), today: env.today,
                                                                                                            noted: Set(notesByDay.keys), style: style)
                    if !year { lines += CalendarText.habitRows(overview, range: range, weekStartsOnSunday: view.settings.weekStartsOnSunday, style: style) }
                }
                lines.append("")
                // The grid says what other sources brought in its month or year: the streaks' span is another count.
                lines += StreakText.lines(overview, style: style, sourcesNote: habit != nil || !tags.isEmpty && !year)
                return DegradedMode.Answer(text: lines.joined(separator: "\n"), kind: .text, asOf: asOf)
            }
        }
    }

    /// How many notes each day of `range` carries: of `habits` when some are shown (--habit, --tag), else of all.
    static func notesByDay(_ store: HabitStore, range: DayRange, habits: [HabitDefinition]?, env: HabitEnvironment,
                           allSources: Bool) throws -> [LocalDay: Int] {
        let days = try store.read(.noteDays(in: range, of: habits, allSources: allSources, calendar: env.calendar))
        return Dictionary(grouping: days) { $0 }.mapValues(\.count)
    }
}
