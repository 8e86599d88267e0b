import ArgumentParser
import Foundation
import HabitKit

struct CalendarDayJSON: Encodable {
    let date: String
    let meditateMinutes: Double
    let workoutMinutes: Double
    let workouts: Int
    let activeKcal: Double
    let noalc: String?
    let meditate: Bool
    let workout: Bool

    init(_ d: CalendarDay) {
        date = d.summary.day.description
        meditateMinutes = (d.summary.meditateMinutes * 100).rounded() / 100
        workoutMinutes = (d.summary.workoutMinutes * 100).rounded() / 100
        workouts = d.summary.workouts
        activeKcal = (d.summary.activeKcal * 10).rounded() / 10
        noalc = d.summary.noalc?.rawValue
        meditate = d.meditate
        workout = d.workout
    }

    enum Keys: String, CodingKey { case date, meditateMinutes, workoutMinutes, workouts, activeKcal, noalc, meditate, workout }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(date, forKey: .date)
        try c.encode(meditateMinutes, forKey: .meditateMinutes)
        try c.encode(workoutMinutes, forKey: .workoutMinutes)
        try c.encode(workouts, forKey: .workouts)
        try c.encode(activeKcal, forKey: .activeKcal)
        try c.encode(noalc, forKey: .noalc)  // null when there is no entry
        try c.encode(meditate, forKey: .meditate)
        try c.encode(workout, forKey: .workout)
    }
}

struct CalendarJSON: Encodable {
    let month: String?
    let year: String?
    let timeZone: String
    let allSources: Bool
    let otherSourceSamples: Int?
    let days: [CalendarDayJSON]
}

struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "A month grid (or --year heatmap) of rings and NoAlc levels, with the streaks underneath.",
        discussion: "Rings: ● goal reached, ◐ counted for the streak, · not counted. NoAlc: s steady, e easy, w wild.")

    @Argument(help: "The month, YYYY-MM (default: this month); with --year, the year YYYY.")
    var period: String?

    @Flag(name: .long, help: "Show a whole year as a heatmap.")
    var year = false

    @OptionGroup var options: ReadOptions

    func run() throws {
        let (store, env) = try options.open()
        let range = try self.range(today: env.today)
        let view = try store.calendar(for: range, calendar: env.calendar, allSources: options.allSources)
        let label = year ? String(range.lowerBound.year) : String(range.lowerBound.description.prefix(7))
        if options.output.json {
            try Output.printJSON(CalendarJSON(
                month: year ? nil : label, year: year ? label : nil, timeZone: env.timeZone.identifier,
                allSources: options.allSources, otherSourceSamples: options.allSources ? view.otherSourceCount : nil,
                days: view.days.map(CalendarDayJSON.init)))
            return
        }
        let style = Style.live
        var lines = year ? CalendarText.year(view, style: style) : CalendarText.month(view, today: env.today, style: style)
        lines.append("")
        lines += StreakText.lines(try store.streaks(env: env, allSources: options.allSources), style: style)
        Output.print(lines.joined(separator: "\n"))
    }

    func range(today: LocalDay) throws -> DayRange {
        if year {
            let y = try period.map { text -> Int in
                guard text.count == 4, let y = Int(text), (1...9999).contains(y) else {
                    throw ValidationError("'\(text)' is not a year; write YYYY, e.g. 2025")
                }
                return y
            } ?? today.year
            return DayRange(LocalDay(year: y, month: 1, day: 1)!, upTo: LocalDay(year: y + 1, month: 1, day: 1)!)
        }
        guard let period else { return DayRange.month(containing: today) }
        guard let first = LocalDay(period + "-01") else {
            throw ValidationError("'\(period)' is not a month; write YYYY-MM, e.g. 2025-10")
        }
        return DayRange.month(containing: first)
    }
}

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
        if let note = ReadOptions.sourcesNote(allSources: view.allSources, count: view.otherSourceCount) { lines.append(style.dim(note)) }
        return lines
    }

    /// A year heatmap: one row per month, one column per day; darker = more habits counted.
    static func year(_ view: CalendarView, style: Style) -> [String] {
        let shades = [style.dim("·"), "░", "▒", "█"]
        var lines = [style.bold("\(view.range.lowerBound.year)") + "  " + (1...31).map { $0 % 5 == 0 ? String($0 % 10) : " " }.joined()]
        var byMonth: [Int: [CalendarDay]] = [:]
        for d in view.days { byMonth[d.summary.day.month, default: []].append(d) }
        for month in 1...12 {
            let row = (byMonth[month] ?? []).map { shades[$0.goodCount] }.joined()
            lines.append(String(monthNames[month - 1].prefix(3)) + "   " + row)
        }
        lines.append(style.dim("habits counted per day: · 0  ░ 1  ▒ 2  █ 3"))
        if let note = ReadOptions.sourcesNote(allSources: view.allSources, count: view.otherSourceCount) { lines.append(style.dim(note)) }
        return lines
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
