import HabitKit

/// The month grid and the year heatmap of `habit calendar`.
enum CalendarText {
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    /// Each cell: day number, meditation ring, workout ring, NoAlc level — 6 columns wide.
    static func month(_ view: CalendarView, today: LocalDay, style: Style) -> [String] {
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
                    + style.level(d.summary.noalc) + " "
            }
            lines.append(cells.joined().trimmingTrailingSpaces)
        }
        lines.append(style.dim("meditate ● ≥ \(view.settings.meditateGoalMinutes) min ◐ counted · no   workout ● ≥ \(view.settings.workoutGoalMinutes) min   noalc s/e/w"))
        if let note = StreakText.sourcesNote(allSources: view.allSources, count: view.otherSourceCount) { lines.append(style.dim(note)) }
        return lines
    }

    /// A year heatmap: one row per month, one column per day; darker = more habits counted.
    static func year(_ view: CalendarView, style: Style) -> [String] {
        let shades = [style.dim("·"), "░", "▒", "█"]
        var lines = [style.bold("\(view.range.lowerBound.year)") + "  " + (1...31).map { $0 % 5 == 0 ? String($0 % 10) : " " }.joined()]
        var byMonth: [Int: [CalendarDay]] = [:]
        for d in view.days { byMonth[d.summary.day.month, default: []].append(d) }
        for month in 1...12 {
            let row = (byMonth[month] ?? []).map { shades[min(max($0.goodCount, 0), shades.count - 1)] }.joined()
            lines.append(String(monthNames[month - 1].prefix(3)) + "   " + row)
        }
        lines.append(style.dim("habits counted per day: · 0  ░ 1  ▒ 2  █ 3"))
        if let note = StreakText.sourcesNote(allSources: view.allSources, count: view.otherSourceCount) { lines.append(style.dim(note)) }
        return lines
    }
}
