import HabitKit

/// The month grid and the year heatmap of `habit calendar`.
enum CalendarText {
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    /// Each cell: day number, meditation ring, workout ring, NoAlc level, and ✎ for a day whose
    /// entries carry a note (`noted`) — 6 columns wide.
    static func month(_ view: CalendarView, today: LocalDay, noted: Set<LocalDay> = [], style: Style) -> [String] {
        let first = view.range.lowerBound
        var names = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
        if view.settings.weekStartsOnSunday { names = ["Su"] + names.dropLast() }
        var lines = [style.bold("\(monthNames[first.month - 1]) \(first.year)"),
                     names.map { " " + $0 + "   " }.joined().trimmingTrailingSpaces]
        for week in view.weeks {
            let cells = week.map { cell -> String in
                guard let d = cell else { return "      " }
                let number = String(d.summary.day.day).leftPadded(2)
                let shown = d.summary.day == today ? style.bold(number) : d.summary.day > today ? style.dim(number) : number
                return shown + style.ring(counts: d.meditate, fill: d.meditateRing, color: style.cyan)
                    + style.ring(counts: d.workout, fill: d.workoutRing, color: style.green)
                    + style.level(d.summary.noalc) + (noted.contains(d.summary.day) ? CalendarMark.note : " ")
            }
            lines.append(cells.joined().trimmingTrailingSpaces)
        }
        lines.append(style.dim("meditate ● ≥ \(view.settings.meditateGoalMinutes) min ◐ counted · no   workout ● ≥ \(view.settings.workoutGoalMinutes) min   noalc s/e/w"
                              + (noted.isEmpty ? "" : "   \(CalendarMark.note) a note (habit notes)")))
        if let note = StreakText.sourcesNote(allSources: view.allSources, count: view.otherSourceCount) { lines.append(style.dim(note)) }
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
        if let note = StreakText.sourcesNote(allSources: view.allSources, count: view.otherSourceCount) { lines.append(style.dim(note)) }
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

    /// One habit's day: ● counted, ◆ healed by a joker, – skipped, ○ missed, · not yet or before its history.
    static func mark(_ s: HabitDayStatus, _ report: HabitReport, today: LocalDay, style: Style) -> String {
        style.paint(CalendarMark(s, report, today: today))
    }

    /// Under the month grid: a row of marks per habit of one's own, one column per day.
    static func habitRows(_ overview: HabitOverview, range: DayRange, today: LocalDay, style: Style) -> [String] {
        let own = overview.reports.filter { $0.definition.kind != .builtin }
        guard !own.isEmpty else { return [] }
        let width = max(9, own.map(\.definition.name.count).max() ?? 0)
        var lines = ["", String(repeating: " ", count: width + 1) + ruler(range.count)]
        for report in own {
            let row = report.readable ? report.days.map { mark($0, report, today: today, style: style) }.joined()
                : style.dim(AccessText.noReadAccess(report))
            lines.append(report.definition.name.padding(toLength: width, withPad: " ", startingAt: 0) + " " + row)
        }
        lines.append(style.dim(legend))
        return lines
    }

    /// One habit's month: each cell the day number, its mark and (for a quantity) its value.
    static func month(_ report: HabitReport, range: DayRange, today: LocalDay, weekStartsOnSunday: Bool, style: Style) -> [String] {
        let first = range.lowerBound
        var names = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
        if weekStartsOnSunday { names = ["Su"] + names.dropLast() }
        var lines = [style.bold("\(report.definition.name) — \(monthNames[first.month - 1]) \(first.year)"),
                     names.map { " " + $0 + "    " }.joined().trimmingTrailingSpaces]
        let firstColumn = weekStartsOnSunday ? first.isoWeekday % 7 : first.isoWeekday - 1
        var cells = Array(repeating: "       ", count: firstColumn)
        for status in report.days {
            let number = String(status.day.day).leftPadded(2)
            let shown = status.day == today ? style.bold(number) : number
            let value = report.definition.kind == .yesNo || status.value == 0 ? "" : TextRendering.number(status.value)
            cells.append(shown + mark(status, report, today: today, style: style) + value.prefix(3).padding(toLength: 4, withPad: " ", startingAt: 0))
        }
        for week in stride(from: 0, to: cells.count, by: 7) {
            lines.append(cells[week..<min(week + 7, cells.count)].joined().trimmingTrailingSpaces)
        }
        lines.append(style.dim(legend))
        return lines
    }

    /// One habit's year: a row per month, a mark per day.
    static func year(_ report: HabitReport, range: DayRange, today: LocalDay, style: Style) -> [String] {
        var lines = [style.bold("\(report.definition.name) — \(range.lowerBound.year)"), "      " + ruler(31)]
        var byMonth: [Int: [String]] = [:]
        for status in report.days { byMonth[status.day.month, default: []].append(mark(status, report, today: today, style: style)) }
        for month in 1...12 {
            lines.append(String(monthNames[month - 1].prefix(3)) + "   " + (byMonth[month] ?? []).joined())
        }
        lines.append(style.dim(legend))
        return lines
    }
}
