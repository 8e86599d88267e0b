import HabitKit

/// The streak lines of `habit streak` and under `habit calendar`.
enum StreakText {
    static func lines(_ overview: HabitOverview, style: Style) -> [String] {
        let width = max(9, overview.reports.map(\.definition.name.count).max() ?? 0)
        var lines = overview.reports.map { r -> String in
            let today: String = switch r.today {
            case .done: style.green("done")
            case .pending: style.yellow("pending")
            case .missed: style.red("missed")
            case .skipped: style.dim("skipped")
            }
            let name = r.definition.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let unit = r.definition.per.rawValue
            let units = (unit + (r.current == 1 ? "" : "s")).padding(toLength: 6, withPad: " ", startingAt: 0)
            var line = "\(name) \(style.bold(String(r.current).leftPadded(4))) \(units)"
            line += "  longest \(String(r.longest).leftPadded(4))"
            if let p = r.period {
                line += "  this \(unit) \(TextRendering.number(p.value))/\(TextRendering.number(p.target))"
            } else {
                line += "  jokers " + String(repeating: "◆", count: r.jokers) + String(repeating: "◇", count: StreakWalk.maximumJokers - r.jokers)
            }
            return line + "  today \(today)"
        }
        if let note = sourcesNote(allSources: overview.allSources, count: overview.otherSourceCount) {
            lines.append(style.dim(note))
        }
        return lines
    }

    /// "includes N samples from other sources", or nil when only the app's sources were read.
    static func sourcesNote(allSources: Bool, count: Int) -> String? {
        allSources ? "includes \(count) sample\(count == 1 ? "" : "s") from other sources (--all-sources)" : nil
    }
}
