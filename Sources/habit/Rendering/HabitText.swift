import Foundation
import HabitKit

/// Habits in words: what each asks, the list of `habit habits`, the lines of add/edit/archive.
enum HabitText {
    /// What a habit asks: "every day", "3 days a week", "2 days in any 3", "≥ 8 glasses a day",
    /// "≤ 2 cups a day", "≥ 20 pages in any 3 days", "≥ 7 h a day", "steps ≥ 8000 a day (all
    /// sources)"; built-ins: "≥ 2 min a day"; a habit that only records: "records only, never
    /// asks", "any amount of cups a day, never asks"; on a weekday schedule: "on mon,wed,fri",
    /// "≥ 8 glasses a day, on mon-fri".
    static func asks(_ d: HabitDefinition) -> String {
        if d.builtin == .noalc { return "a steady day (0–1 drinks) every day" }
        let period = d.per.inWords
        var text: String
        switch (d.kind, d.goal) {
        case (.yesNo, _):
            let days = counting(d.times, "day")
            text = d.per == .day ? d.on.map { "on \($0)" } ?? "every day" : d.per.days.map { "\(days) in any \($0)" } ?? "\(days) \(period)"
        case (_, .atLeast(let x)?):
            text = "≥ \(TextRendering.amount(x, d.unit, decimals: 2)) \(period)"
        case (_, .atMost(let x)?):
            text = "≤ \(TextRendering.amount(x, d.unit, decimals: 2)) \(period)"
        case (_, nil):
            let unit = d.unit.map { $0 == "count" ? "" : " of " + TextRendering.plural($0) } ?? ""
            text = "any amount\(unit) \(period)"
        }
        if let on = d.on, d.kind != .yesNo { text += ", on \(on)" }
        if let from = d.fromType { text = "\(HabitDataType.stored(from).displayName) \(text) (\(describe(d.sources, reading: from)))" }
        if !d.asks { return (d.kind == .yesNo && d.fromType == nil ? "records only" : text) + ", never asks" }
        return text
    }

    /// The current period in words, before its progress: "this week", "this month", "in the last
    /// 3 days" (a window of days: the days ending today).
    static func current(_ per: HabitDefinition.Period) -> String {
        per.days.map { "in the last \($0) days" } ?? "this \(per.name)"
    }

    /// ", 3 days left" in a week or month; nothing for a window of days, which is judged anew each day.
    static func daysLeft(_ left: Int, _ per: HabitDefinition.Period) -> String {
        per.days == nil ? ", \(counting(left, "day")) left" : ""
    }

    /// "habit's sources", "all sources", or the sources named; "Activity rings" for a type that
    /// reads them (one row a day, no samples from sources: the source filter changes nothing).
    static func describe(_ sources: HabitDefinition.SourceFilter, reading type: String) -> String {
        if HabitDataType.stored(type).isRing { return "Activity rings" }
        return switch sources {
        case .app: "habit's sources"
        case .all: "all sources"
        case .named(let names): names.joined(separator: ", ")
        }
    }

    /// `habit habits`: name, what it asks, since, and "archived"; a command habit's command in
    /// full on the line below (control characters escaped: it stays one line), and after it, when
    /// the command is disarmed (its id in `disarmed`: a restored backup's), how to arm it. When a habit has a
    /// tag, grouped by tag (``HabitTag/groups(_:)``): each tag a heading, its habits indented under
    /// it (a habit with two tags under both), then "no tag" with the rest, the built-ins among them.
    static func list(_ habits: [HabitDefinition], disarmed: Set<String> = [], style: Style) -> [String] {
        let nameWidth = max(9, (habits.map(\.name.count).max() ?? 0) + 1)
        let asksWidth = (habits.map { asks($0).count }.max() ?? 0) + 2
        let line = { (d: HabitDefinition, indent: String) -> String in
            let line = indent + d.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
                + asks(d).padding(toLength: asksWidth, withPad: " ", startingAt: 0)
                + style.dim(d.kind == .builtin ? "built in" : "since \(d.since)")
            let shown = d.archived ? line + "  " + style.yellow("archived") : line
            guard let command = d.command else { return shown }
            return shown + "\n" + indent + String(repeating: " ", count: nameWidth) + style.dim("runs: ") + escapingControlCharacters(command)
                + (disarmed.contains(d.id) ? "  " + style.yellow("(\(disarmedText(d.name)))") : "")
        }
        guard habits.contains(where: { !$0.tags.isEmpty }) else { return habits.map { line($0, "") } }
        return HabitTag.groups(habits).enumerated().flatMap { i, group in
            (i == 0 ? [] : [""]) + [style.bold(group.tag ?? "no tag")] + group.habits.map { line($0, "  ") }
        }
    }

    /// A disarmed command's mark (Standards/automation.md, "Armed"): it is not run, and how to arm it.
    static func disarmedText(_ name: String) -> String {
        "disarmed, not run: arm it with 'habit edit \(name) --command CMD'"
    }

    /// "added floss: every day", or the habit's JSON.
    /// `disarmed`: the ids of the habits whose command is disarmed (``StoreRequest/disarmedCommandHabitIDs``).
    static func printChange(_ verb: String, _ d: HabitDefinition, json: Bool, hint: String? = nil, disarmed: Set<String> = []) throws {
        if json {
            try Output.printJSON(HabitChangeJSON(habit: HabitEntryJSON(d, disarmed: disarmed)))
            return
        }
        let tags = d.tags.isEmpty ? "" : "; tags: " + d.tags.joined(separator: ", ")
        Output.print("\(verb) \(d.name): \(asks(d))\(tags)" + (hint.map { " (\($0))" } ?? ""))
        if let command = d.command {
            Output.print("  runs: " + escapingControlCharacters(command) + (disarmed.contains(d.id) ? "  (\(disarmedText(d.name)))" : ""))
        }
    }

    /// `habit score`: name, a bar of 10 cells and the percentage; `overview` read with `scores: true`.
    static func scores(_ overview: HabitOverview, style: Style) -> [String] {
        let width = max(9, (overview.reports.map(\.definition.name.count).max() ?? 0) + 1)
        return overview.reports.map { r in
            guard r.readable else { return r.definition.name.padding(toLength: width, withPad: " ", startingAt: 0) + style.dim(AccessText.noReadAccess(r)) }
            let score = r.score ?? 0
            let filled = Int((score * 10).rounded())
            let bar = style.green(String(repeating: "█", count: filled)) + style.dim(String(repeating: "░", count: 10 - filled))
            let percent = String(Int((score * 100).rounded())).leftPadded(3) + " %"
            return r.definition.name.padding(toLength: width, withPad: " ", startingAt: 0) + bar + " " + percent
        }
    }
}
