import HabitKit

/// The month grid and the year heatmap of `habit calendar`.
enum CalendarText {
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    /// One day of a month grid: its number, its marks (`marks`: the same width on every day), then
    /// ✎ when its entries carry a note, else a space, and a space — so a note mark never touches
    /// the next day's number (`20●◐e✎21` before issue 49). Every month grid draws its days with it.
    static func dayCell(_ number: String, marks: String, noted: Bool) -> String {
        number + marks + (noted ? CalendarMark.note : " ") + " "
    }

    /// The weekday names over a grid whose cells are `width` columns wide.
    static func weekdayHeader(width: Int, weekStartsOnSunday: Bool) -> String {
        var names = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
        if weekStartsOnSunday { names = ["Su"] + names.dropLast() }
        return names.map { " " + $0 + String(repeating: " ", count: width - 3) }.joined().trimmingTrailingSpaces
    }

    /// `items` joined by three spaces on lines of at most ``Width/columns`` columns, each line
    /// broken between items (an item wider than a line at its spaces): a legend that fits the
    /// terminal, 80 columns included.
    static func legendLines(_ items: [String]) -> [String] {
        var lines: [String] = [], line = ""
        for item in items.flatMap({ Width.of($0) > Width.columns ? Width.wrap($0, to: Width.columns) : [$0] }) {
            if line.isEmpty { line = item } else if Width.of(line) + 3 + Width.of(item) <= Width.columns { line += "   " + item } else {
                lines.append(line)
                line = item
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Each cell (``dayCell(_:marks:noted:)``): day number, then for each built-in shown (`builtins`,
    /// ``HabitDefinition/isShown``: an archived one has no column) its mark — meditation ring, workout
    /// ring, NoAlc level — ✎ for a day whose entries carry a note (`noted`) or a space, and a space:
    /// 7 columns with all three.
    static func month(_ view: CalendarView, builtins: [Habit] = Habit.allCases, today: LocalDay, noted: Set<LocalDay> = [],
                      style: Style) -> [String] {
        let first = view.range.lowerBound
        let width = 4 + builtins.count
        var lines = [style.bold("\(monthNames[first.month - 1]) \(first.year)"),
                     weekdayHeader(width: width, weekStartsOnSunday: view.settings.weekStartsOnSunday)]
        for week in view.weeks {
            let cells = week.map { cell -> String in
                guard let d = cell else { return String(repeating: " ", count: width) }
                let number = String(d.summary.day.day).leftPadded(2)
                let shown = d.summary.day == today ? style.bold(number) : d.summary.day > today ? style.dim(number) : number
                return dayCell(shown, marks: builtins.map { habit in
                    switch habit {
                    case .meditate: style.ring(counts: d.meditate, fill: d.meditateRing, color: style.cyan)
                    case .workout: style.ring(counts: d.workout, fill: d.workoutRing, color: style.green)
                    case .noalc: style.level(d.summary.noalc)
                    }
                }.joined(), noted: noted.contains(d.summary.day))
            }
            lines.append(cells.joined().trimmingTrailingSpaces)
        }
        var legend = builtins.map { habit in
            switch habit {
            case .meditate: "meditate ● ≥ \(view.settings.meditateGoalMinutes) min"
            case .workout: "workout ● ≥ \(view.settings.workoutGoalMinutes) min"
            case .noalc: "noalc s/e/w"
            }
        }
        if let ring = legend.firstIndex(where: { !$0.hasPrefix("noalc") }) { legend[ring] += " ◐ counted · no" }
        if !noted.isEmpty { legend.append("\(CalendarMark.note) a note (habit notes)") }
        lines += legendLines(legend).map(style.dim)
        lines += StreakText.sourcesNote(allSources: view.allSources, count: view.otherSourceCount,
                                        span: "in \(monthNames[first.month - 1]) \(first.year)").map(style.dim)
        return lines
    }

    /// A year heatmap: one row per month, one column per day; darker = a larger share of the
    /// habits counted that day (with only the three built-ins: 1, 2 or 3 of them).
    static func year(_ view: CalendarView, overview: HabitOverview, style: Style) -> [String] {
        let shades = [style.dim("·"), "░", "▒", "█"]
        let byDay = HabitDayJSON.byDay(overview)
        let habits = max(overview.reports.count, 1)
        var lines = [style.bold("\(view.range.lowerBound.year)") + "  " + ruler(31)]
        var byMonth: [Int: [String]] = [:]
        for d in view.days {
            let met = byDay[d.summary.day]?.values.filter(\.met).count ?? 0
            let shade = met == 0 ? 0 : met == habits ? 3 : 2 * met <= habits ? 1 : 2
            byMonth[d.summary.day.month, default: []].append(shades[shade])
        }
        for month in 1...12 {
            lines.append(String(monthNames[month - 1].prefix(3)) + "   " + (byMonth[month] ?? []).joined())
        }
        lines.append(style.dim("habits counted per day: · none  ░ up to half  ▒ more  █ all (\(habits))"))
        lines += StreakText.sourcesNote(allSources: view.allSources, count: view.otherSourceCount,
                                        span: "in \(view.range.lowerBound.year)").map(style.dim)
        return lines
    }

    /// `1   5    10   15   20   25   30`: the day numbers 1, 5, 10, … up to `days`, each starting
    /// in its day's column.
    static func ruler(_ days: Int) -> String {
        var text = ""
        for day in [1] + Array(stride(from: 5, through: days, by: 5)) {
            text += String(repeating: " ", count: day - 1 - text.count) + String(day)
        }
        return text
    }

    /// What the marks of one's own habits mean.
    static let legend = CalendarMark.legend(ascii: false)

    /// One habit's day: the mark of its own state (``DayState``): ● done, ◆ healed by a joker,
    /// – skipped, ○ missed, · nothing yet (or before its history), blank not due.
    static func mark(_ s: HabitDayStatus, style: Style) -> String { style.paint(CalendarMark(s.state)) }

    /// A week or month habit's periods among `report.days`, in order, each with its state as of
    /// its last day up to today (nil: not begun, or before the history); none for other habits.
    static func periods(_ report: HabitReport, weekStartsOnSunday: Bool) -> [(days: DayRange, state: PeriodState?)] {
        guard report.definition.per == .week || report.definition.per == .month else { return [] }
        var periods: [(days: DayRange, state: PeriodState?)] = []
        for status in report.days {
            if let last = periods.last, last.days.contains(status.day) {
                if let state = status.period { periods[periods.count - 1].state = state }
            } else {
                periods.append((HabitEvaluator.period(report.definition.per, of: status.day, weekStartsOnSunday: weekStartsOnSunday),
                                status.period))
            }
        }
        return periods
    }

    /// After a week or month habit's row of days: `  weeks ●○·` (each week the month touches) or
    /// `  month ·`; nothing for other habits (Standards/habits.md, "Day states").
    static func periodSuffix(_ report: HabitReport, weekStartsOnSunday: Bool, style: Style) -> String {
        let periods = Self.periods(report, weekStartsOnSunday: weekStartsOnSunday)
        guard !periods.isEmpty, report.readable else { return "" }
        return "  " + style.dim(report.definition.per == .week ? "weeks" : "month") + " "
            + periods.map { style.paint(CalendarMark($0.state)) }.joined()
    }

    /// Under the month grid: a row of marks per habit of one's own, one column per day; a week or
    /// month habit's periods after its days (at most 32 + 1 + 31 + 14 = 78 columns).
    static func habitRows(_ overview: HabitOverview, range: DayRange, weekStartsOnSunday: Bool, style: Style) -> [String] {
        let own = overview.reports.filter { $0.definition.kind != .builtin }
        guard !own.isEmpty else { return [] }
        let width = max(9, own.map(\.definition.name.count).max() ?? 0)
        var lines = ["", String(repeating: " ", count: width + 1) + ruler(range.count)]
        for report in own {
            let row = report.readable ? report.days.map { mark($0, style: style) }.joined()
                + periodSuffix(report, weekStartsOnSunday: weekStartsOnSunday, style: style)
                : style.dim(AccessText.noReadAccess(report))
            lines.append(report.definition.name.padding(toLength: width, withPad: " ", startingAt: 0) + " " + row)
        }
        lines.append(style.dim(legend))
        if own.contains(where: { $0.readable && ($0.definition.per == .week || $0.definition.per == .month) }) {
            lines.append(style.dim(CalendarMark.periodLegend(ascii: false)))
        }
        return lines
    }

    /// A period's state in words, after its mark: `● met`, `· pending`.
    static func periodState(_ state: PeriodState?, style: Style) -> String {
        style.paint(CalendarMark(state)) + " " + (state?.rawValue ?? "not begun")
    }

    /// One habit's month: each cell (``dayCell(_:marks:noted:)``) the day number, its mark, (for a
    /// quantity) its value in three columns, and ✎ on a day whose entries carry a note — 8 columns.
    static func month(_ report: HabitReport, range: DayRange, today: LocalDay, weekStartsOnSunday: Bool, noted: Set<LocalDay> = [],
                      style: Style) -> [String] {
        let first = range.lowerBound
        var lines = [style.bold("\(report.definition.name) — \(monthNames[first.month - 1]) \(first.year)"),
                     weekdayHeader(width: 8, weekStartsOnSunday: weekStartsOnSunday)]
        let firstColumn = weekStartsOnSunday ? first.isoWeekday % 7 : first.isoWeekday - 1
        var cells = Array(repeating: "        ", count: firstColumn)
        for status in report.days {
            let number = String(status.day.day).leftPadded(2)
            let shown = status.day == today ? style.bold(number) : number
            let value = report.definition.kind == .yesNo || status.value == 0 ? "" : TextRendering.number(status.value)
            cells.append(dayCell(shown, marks: mark(status, style: style) + value.prefix(3).padding(toLength: 3, withPad: " ", startingAt: 0),
                                 noted: noted.contains(status.day)))
        }
        // A week habit's weeks are the grid's lines (both start on `week-start`): each week's
        // state after its days; a month habit's under the grid.
        let periods = report.readable ? Self.periods(report, weekStartsOnSunday: weekStartsOnSunday) : []
        for (i, week) in stride(from: 0, to: cells.count, by: 7).enumerated() {
            var line = cells[week..<min(week + 7, cells.count)].joined()
            if report.definition.per == .week, periods.indices.contains(i) {
                line += String(repeating: " ", count: 8 * (7 - min(7, cells.count - week))) + "│ " + periodState(periods[i].state, style: style)
            }
            lines.append(line.trimmingTrailingSpaces)
        }
        if report.definition.per == .month, let month = periods.first {
            lines.append("the month: " + periodState(month.state, style: style))
        }
        lines += legendLines([legend] + (noted.isEmpty ? [] : ["\(CalendarMark.note) a note (habit notes)"])).map(style.dim)
        return lines
    }

    /// One habit's year: a row per month, a mark per day.
    static func year(_ report: HabitReport, range: DayRange, style: Style) -> [String] {
        var lines = [style.bold("\(report.definition.name) — \(range.lowerBound.year)"), "      " + ruler(31)]
        var byMonth: [Int: [String]] = [:]
        for status in report.days { byMonth[status.day.month, default: []].append(mark(status, style: style)) }
        // A month habit's months are the rows: each one's state after its days.
        let months = report.definition.per == .month && report.readable ? Self.periods(report, weekStartsOnSunday: false) : []
        for month in 1...12 {
            let state = months.first { $0.days.lowerBound.month == month }.map { "  " + style.paint(CalendarMark($0.state)) } ?? ""
            let days = (byMonth[month] ?? []).joined()
            lines.append(String(monthNames[month - 1].prefix(3)) + "   " + days
                         + (state.isEmpty ? "" : String(repeating: " ", count: 31 - (byMonth[month]?.count ?? 0)) + state))
        }
        lines.append(style.dim(legend))
        if !months.isEmpty { lines.append(style.dim(CalendarMark.periodLegend(ascii: false))) }
        return lines
    }
}
