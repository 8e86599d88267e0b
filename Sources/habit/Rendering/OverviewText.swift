import HabitKit

/// `habit overview`: a row of marks per habit, one column a day (the calendar's marks, from the one
/// evaluation), a header of months and day numbers over them, and the row of each day's share done
/// (Standards/habits.md, "The overview").
enum OverviewText {
    /// The label of the share row: no habit can be named so.
    static let shareLabel = "% done"

    /// The share row's glyphs: ▁ none done, ▂ … ▇ a larger share, █ all; blank: nothing due.
    static func glyph(_ share: Double?) -> String {
        guard let share else { return " " }
        if share >= 1 { return "█" }
        if share <= 0 { return "▁" }
        return ["▂", "▃", "▄", "▅", "▆", "▇"][min(5, Int(share * 6))]
    }

    /// What the share row means (73 columns).
    static let shareLegend = "\(shareLabel): of the habits due each day, ▁ none ▂▃▄▅▆▇ more █ all done"

    /// The name column: the longest name (at least 8), at most 16 columns (longer names are cut with `…`).
    static func nameWidth(_ overview: HabitOverview) -> Int {
        min(16, Width.nameColumn(overview.reports.map(\.definition.name) + [shareLabel], minimum: 8, rest: 30))
    }

    /// `overview` narrowed to its last `count` days.
    static func last(_ count: Int, of overview: HabitOverview) -> HabitOverview {
        var narrowed = overview
        narrowed.range = DayRange(max(overview.range.lowerBound, overview.range.upperBound.adding(days: -count)), upTo: overview.range.upperBound)
        narrowed.reports = overview.reports.map { report in
            var report = report
            report.days = report.days.filter { narrowed.range.contains($0.day) }
            return report
        }
        return narrowed
    }

    /// The widest period suffix of `overview`'s week and month habits (``CalendarText/periodSuffix``), in columns.
    static func suffixWidth(_ overview: HabitOverview, weekStartsOnSunday: Bool) -> Int {
        overview.reports.map { Width.of(CalendarText.periodSuffix($0, weekStartsOnSunday: weekStartsOnSunday, style: Style(enabled: false))) }
            .max() ?? 0
    }

    /// `overview` narrowed to the last days that fit `columns` beside the name column, with the
    /// periods of week and month habits after them (at least one day).
    static func fitted(_ overview: HabitOverview, columns: Int, weekStartsOnSunday: Bool) -> HabitOverview {
        let room = columns - nameWidth(overview) - 1
        var count = min(overview.range.count, room)
        while count > 1 {
            let narrowed = last(count, of: overview)
            if count + suffixWidth(narrowed, weekStartsOnSunday: weekStartsOnSunday) <= room { return narrowed }
            count -= 1
        }
        return last(1, of: overview)
    }

    /// The two header lines over the days (each after `indent` spaces): the month, with its year,
    /// where each month starts (and over the first day when there is room), and the day numbers
    /// 1, 5, 10, 15, 20 and 25 where they do not touch. `width`: the columns the labels may take.
    static func header(_ days: [LocalDay], indent: Int, width: Int, style: Style) -> [String] {
        func label(_ d: LocalDay, short: Bool) -> String {
            let month = String(CalendarText.monthNames[d.month - 1].prefix(3))
            return short ? month : "\(month) \(d.year)"
        }
        // Month starts first; the first day's month only where it ends before the first of them.
        var placed: [(column: Int, text: String)] = []
        for (i, d) in days.enumerated() where d.day == 1 && i > 0 {
            if let text = [label(d, short: false), label(d, short: true)].first(where: { i + $0.count <= width }) {
                placed.append((i, text))
            }
        }
        if let first = days.first {
            let end = placed.first.map { $0.column - 1 } ?? width
            if let text = [label(first, short: false), label(first, short: true)].first(where: { $0.count <= end }) {
                placed.insert((0, text), at: 0)
            }
        }
        let numbers = days.enumerated().filter { [1, 5, 10, 15, 20, 25].contains($0.element.day) }.map { ($0.offset, String($0.element.day)) }
        let pad = String(repeating: " ", count: indent)
        return [pad + style.bold(line(placed)), pad + line(numbers)].map(\.trimmingTrailingSpaces)
    }

    /// `items` each at its column, left to right, an item dropped when it would touch the one before.
    static func line(_ items: [(column: Int, text: String)]) -> String {
        var text = ""
        for item in items where text.isEmpty ? item.column >= 0 : item.column > text.count {
            text += String(repeating: " ", count: item.column - text.count) + item.text
        }
        return text
    }

    /// The overview: a title, the header, a row per habit, the share row, the legends, and today's
    /// and yesterday's shares in words (these two wrapped to `columns`).
    static func lines(_ overview: HabitOverview, weekStartsOnSunday: Bool, columns: Int = Width.columns, style: Style) -> [String] {
        let days = Array(overview.range)
        let width = nameWidth(overview)
        let shares = overview.dailyShares
        var lines = [style.bold("\(dayText(overview.range.lowerBound)) – \(dayText(overview.asOf)) (\(counting(days.count, "day")))")]
        lines += header(days, indent: width + 1, width: days.count + suffixWidth(overview, weekStartsOnSunday: weekStartsOnSunday), style: style)
        for report in overview.reports {
            let row = report.readable ? report.days.map { CalendarText.mark($0, style: style) }.joined()
                + CalendarText.periodSuffix(report, weekStartsOnSunday: weekStartsOnSunday, style: style)
                : style.dim(AccessText.noReadAccess(report))
            lines.append(Width.pad(report.definition.name, to: width) + " " + row)
        }
        lines.append(style.bold(Width.pad(shareLabel, to: width)) + " " + shares.map { glyph($0.share) }.joined())
        var notes = [CalendarMark.legend(ascii: false)]
        if overview.reports.contains(where: { $0.readable && ($0.definition.per == .week || $0.definition.per == .month) }) {
            notes.append(CalendarMark.periodLegend(ascii: false))
        }
        notes.append(shareLegend)
        notes += StreakText.sourcesNote(allSources: overview.allSources, count: overview.otherSourceCount, span: "in the days shown")
        // Below the rows, what fits the width: the legends (dim) and the last two days in words.
        let fit = { (text: String) in Width.of(text) <= columns ? [text] : Width.wrap(text, to: columns) }
        lines += notes.flatMap(fit).map { style.dim($0) }
        lines += fit(summary(shares, today: overview.asOf))
        return lines
    }

    /// `today 1 of 4 done · yesterday 3 of 4 (75%)`: the last two days' shares in words.
    static func summary(_ shares: [DayShare], today: LocalDay) -> String {
        shares.suffix(2).reversed().map { s in
            let day = s.day == today ? "today" : "yesterday"
            guard let share = s.share else { return "\(day) nothing due" }
            return "\(day) \(s.done) of \(s.due) done (\(Int((share * 100).rounded()))%)"
        }.joined(separator: " · ")
    }

    /// `9 Oct 2026`.
    static func dayText(_ d: LocalDay) -> String { "\(d.day) \(CalendarText.monthNames[d.month - 1].prefix(3)) \(d.year)" }
}
