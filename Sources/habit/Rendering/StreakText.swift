import HabitKit

/// The streak lines of `habit streak` and under `habit calendar`.
enum StreakText {
    static func lines(_ overview: StreakOverview, style: Style) -> [String] {
        var lines = overview.reports.map { r -> String in
            let today: String = switch r.today {
            case .done: style.green("done")
            case .pending: style.yellow("pending")
            case .missed: style.red("missed")
            case .skipped: style.dim("skipped")
            }
            let jokers = String(repeating: "◆", count: r.jokers) + String(repeating: "◇", count: StreakWalk.maximumJokers - r.jokers)
            return "\(r.habit.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) "
                + "\(style.bold(String(r.current).leftPadded(4))) day\(r.current == 1 ? " " : "s")  "
                + "longest \(String(r.longest).leftPadded(4))  jokers \(jokers)  today \(today)"
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
