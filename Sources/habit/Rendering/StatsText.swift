import HabitKit

/// The table of `habit stats`: one line per bucket.
enum StatsText {
    static func lines(_ stats: HabitStatistics, style: Style) -> [String] {
        let subject = stats.habit ?? HabitDataType.stored(stats.type).displayName
        let unit = TextRendering.unitWords(stats.unit).map { " in \($0)" } ?? ""
        let sources = HabitText.describe(stats.sources, reading: stats.type)
        var lines = [style.bold("\(subject)\(unit) per \(stats.per.name)") + style.dim("  (\(sources))")]
        let header = ["start", "count", "sum", "avg", "min", "max"]
        let rows = stats.buckets.map { b -> [String] in
            [b.start.description, String(b.count), number(b.sum), b.average.map(number) ?? "–", b.min.map(number) ?? "–",
             b.max.map(number) ?? "–"]
        }
        let widths = header.indices.map { i in ([header[i]] + rows.map { $0[i] }).map(\.count).max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, cell in
                i == 0 ? cell.padding(toLength: widths[0], withPad: " ", startingAt: 0) : cell.leftPadded(widths[i] + 2)
            }.joined()
        }
        lines.append(style.dim(line(header)))
        lines += rows.map(line)
        if stats.otherSourceCount > 0 {
            let n = stats.otherSourceCount
            lines.append(style.dim("\(counting(n, "sample")) from other sources; add --all-sources"))
        }
        return lines
    }

    static func number(_ value: Double) -> String { TextRendering.number(value, decimals: 2) }
}
