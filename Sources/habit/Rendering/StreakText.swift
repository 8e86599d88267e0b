import Foundation
import HabitKit

/// The streak lines of `habit streak` and under `habit calendar`.
enum StreakText {
    /// `name  12 days  longest   30  jokers 1 of 3 ◆◇◇  today done`, one line per habit, names
    /// cut to fit the terminal; then what a joker is, when a daily habit is listed.
    /// `sourcesNote`: false under a calendar grid, which says what other sources brought in its
    /// own span (one output, one count).
    static func lines(_ overview: HabitOverview, style: Style, sourcesNote showsSources: Bool = true) -> [String] {
        func columns(longest: Bool) -> [String] {
            overview.reports.map { r -> String in
                let unit = r.definition.per.streakUnit
                let units = (unit + (r.current == 1 ? "" : "s")).padding(toLength: 6, withPad: " ", startingAt: 0)
                let counts = "\(String(r.current).leftPadded(4)) \(units)  " + (longest ? "longest \(String(r.longest).leftPadded(4))  " : "")
                if let p = r.period {
                    return counts + "\(HabitText.current(r.definition.per)) \(TextRendering.number(p.value))/\(TextRendering.number(p.target))"
                }
                return counts + "jokers \(r.jokers) of \(StreakWalk.maximumJokers) "
                    + String(repeating: "◆", count: r.jokers) + String(repeating: "◇", count: StreakWalk.maximumJokers - r.jokers)
            }
        }
        // A terminal too narrow for the whole names drops the longest streak before it cuts them.
        var middles = columns(longest: true)
        let names = max(9, overview.reports.map { Width.of($0.definition.name) }.max() ?? 0)
        if names + 1 + (middles.map { Width.of($0) }.max() ?? 0) + 15 > Width.columns { middles = columns(longest: false) }
        let middleWidth = middles.map { Width.of($0) }.max() ?? 0
        let width = Width.nameColumn(overview.reports.map(\.definition.name), rest: 1 + middleWidth + 15)
        var lines = zip(overview.reports, middles).map { r, middle -> String in
            guard r.readable else { return Width.pad(r.definition.name, to: width) + " " + style.dim(AccessText.noReadAccess(r)) }
            let today: String = switch r.today {
            case .done: style.green("done")
            case .pending: style.yellow("pending")
            case .missed: style.red("missed")
            case .skipped: style.dim("skipped")
            case .healed: style.yellow("missed, healed by a joker")
            }
            let current = String(r.current).leftPadded(4)
            let shown = Width.pad(middle, to: middleWidth).replacingOccurrences(of: current, with: style.bold(current), options: .anchored)
            return Width.pad(r.definition.name, to: width) + " " + shown + "  today " + today
        }
        if overview.reports.contains(where: { $0.period == nil && $0.readable }) {
            lines += Width.wrap("a joker heals one missed day; every 7th streak day earns one, \(StreakWalk.maximumJokers) at most",
                                to: Width.columns).map(style.dim)
        }
        if showsSources { lines += sourcesNote(allSources: overview.allSources, count: overview.otherSourceCount).map(style.dim) }
        return lines
    }

    /// With `--all-sources`, what other sources brought, in one meaning in every output (issue 49):
    /// entries — a mindful session, a NoAlc entry or a workout each (a workout's energy sample is
    /// part of its workout, never counted beside it) — in `span` when given (`in November 2026`),
    /// wrapped to the terminal. Nothing when only the app's sources were read.
    static func sourcesNote(allSources: Bool, count: Int, span: String? = nil) -> [String] {
        guard allSources else { return [] }
        return Width.wrap("includes \(counting(count, "entry", plural: "entries")) from other sources\(span.map { " " + $0 } ?? "") "
                          + "(each a mindful session, NoAlc entry or workout; --all-sources)", to: Width.columns)
    }
}
