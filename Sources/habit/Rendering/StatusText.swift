import HabitKit

/// The status-bar renderings of a ``DayPlan`` (`habit status`).
enum StatusText {
    static func mark(_ state: TodayState) -> String {
        switch state {
        case .done: "✓"
        case .pending: "…"
        case .missed: "✗"
        case .skipped: "–"
        case .healed: "◆"
        }
    }

    /// The mark of a habit's day: its state's, or `?` when habit may not read its data.
    static func mark(_ r: HabitReport) -> String { r.readable ? mark(r.today) : "?" }

    /// `✓meditate 12`, `…workout 5!` (at risk), `…gym 2 1/3` (streak, then the period's progress);
    /// `?noalc` when habit may not read its data (Standards/access.md).
    static func token(_ item: DayPlan.Item) -> String {
        let r = item.report
        guard r.readable else { return "?" + r.definition.name }
        let progress = r.period.map { " \(TextRendering.number($0.value))/\(TextRendering.number($0.target))" } ?? ""
        return "\(mark(r.today))\(r.definition.name) \(r.current)\(progress)\(item.atRisk ? "!" : "")"
    }

    /// `2 left · ✓meditate 12 · …workout 5! · …gym 2 1/3`; when that is wider than the terminal
    /// (``Width/columns``, 80 in a bar), the compact form: what is at risk, then what is left, then
    /// the rest, as many as fit, and `+N more`.
    /// `tail` (e.g. ` · 1 pending`) ends the line and is part of what must fit.
    static func line(_ plan: DayPlan, tail: String = "") -> String {
        guard !plan.items.isEmpty else { return "no habits" + tail }
        let (items, more) = fitted(plan, head: [head(plan)], separator: " · ", tail: tail, token)
        return ([head(plan)] + items.map(token) + [more].compactMap { $0 }).joined(separator: " · ") + tail
    }

    /// `today --short`: `M✓5 W…2 N✓12 gym…2 1/3`, compact in the same way.
    static func short(_ plan: DayPlan, tail: String = "") -> String {
        let (items, more) = fitted(plan, head: [], separator: " ", tail: tail, shortToken)
        return (items.map(shortToken) + [more].compactMap { $0 }).joined(separator: " ") + tail
    }

    static func shortToken(_ item: DayPlan.Item) -> String {
        let r = item.report
        let name = r.definition.builtin.map { $0.rawValue.prefix(1).uppercased() } ?? r.definition.name
        guard r.readable else { return name + "?" }
        let progress = r.period.map { " \(TextRendering.number($0.value))/\(TextRendering.number($0.target))" } ?? ""
        return "\(name)\(mark(r.today))\(r.current)\(progress)"
    }

    static func head(_ plan: DayPlan) -> String { plan.left.isEmpty ? "all done" : "\(plan.left.count) left" }

    /// Every item when `head`, all the tokens and `tail` fit in ``Width/columns``; else the items
    /// at risk, then those left, then the rest, as many as fit beside a last `+N more`.
    static func fitted(_ plan: DayPlan, head: [String], separator: String, tail: String = "",
                       _ token: (DayPlan.Item) -> String) -> (items: [DayPlan.Item], more: String?) {
        func fits(_ items: [DayPlan.Item], more: Int) -> Bool {
            let parts = head + items.map(token) + (more > 0 ? ["+\(more) more"] : [])
            return Width.of(parts.joined(separator: separator) + tail) <= Width.columns
        }
        if fits(plan.items, more: 0) { return (plan.items, nil) }
        let ordered = plan.atRisk + plan.items.filter { $0.left && !$0.atRisk } + plan.items.filter { !$0.left }
        var shown: [DayPlan.Item] = []
        for item in ordered {
            guard fits(shown + [item], more: ordered.count - shown.count - 1) else { break }
            shown.append(item)
        }
        return (shown, "+\(ordered.count - shown.count) more")
    }

    /// One line per habit, for a tooltip.
    static func details(_ plan: DayPlan) -> [String] {
        plan.items.map { item in
            let r = item.report
            guard r.readable else { return "\(r.definition.name): " + AccessText.noReadAccess(r) }
            let unit = r.definition.per.streakUnit + (r.current == 1 ? "" : "s")
            var parts = ["\(r.definition.name): \(r.today.rawValue)", "streak \(r.current) \(unit)"]
            if let p = r.period, let left = item.daysLeft {
                parts.append("\(TextRendering.number(p.value))/\(TextRendering.number(p.target)) \(HabitText.current(r.definition.per))"
                             + HabitText.daysLeft(left, r.definition.per))
            } else if item.safeToMiss > 0 {
                parts.append("safe to miss \(item.safeToMiss)")
            }
            if item.atRisk { parts.append("at risk: breaks tonight" + (r.period == nil ? ", no joker left" : "")) }
            return parts.joined(separator: ", ")
        }
    }

    static func color(_ plan: DayPlan) -> String {
        switch plan.state {
        case "done": "#50fa7b"
        case "at-risk": "#ff5555"
        default: "#f1fa8c"
        }
    }

    /// The colour of a stale answer (i3blocks), shown when the store cannot be read.
    static let staleColor = "#888888"

    /// i3blocks: full text, short text, colour.
    static func i3blocks(_ plan: DayPlan, tail: String = "") -> [String] {
        [line(plan, tail: tail), head(plan), color(plan)]
    }

    /// tmux: each habit in its colour (green done, yellow pending, red at risk or missed), compact
    /// as ``line(_:)`` (the colour codes take no room on the bar).
    static func tmux(_ plan: DayPlan, tail: String = "") -> String {
        let (items, more) = fitted(plan, head: [head(plan)], separator: " ", tail: tail, token)
        return ([head(plan)] + items.map { item in
            let colour = !item.report.readable ? "colour244" : item.atRisk || item.report.today == .missed ? "red"
                : item.report.today == .done ? "green" : item.report.today == .skipped ? "colour244" : "yellow"
            return "#[fg=\(colour)]\(token(item))#[default]"
        } + [more].compactMap { $0 }).joined(separator: " ") + tail
    }
}

/// `habit status --format json`.
struct StatusJSON: Codable, Equatable {
    /// `{"habit","today","per","current"[,"period"][,"access"],"safeToMiss","atRisk"[,"daysLeft"]}`.
    typealias HabitJSON = MergedJSON<HabitStateJSON, Risk>

    struct Risk: Codable, Equatable {
        let safeToMiss: Int
        let atRisk: Bool
        let daysLeft: Int?
    }

    let asOf: String
    /// `done`, `pending` or `at-risk`.
    let state: String
    let left: [String]
    let atRisk: [String]
    let habits: [HabitJSON]
    /// Entries in the pending journal, not yet in the store (Standards/access.md).
    let pending: Int

    init(_ plan: DayPlan, pending: Int = 0) {
        self.pending = pending
        asOf = plan.asOf.description
        state = plan.state
        left = plan.left.map(\.report.definition.name)
        atRisk = plan.atRisk.map(\.report.definition.name)
        habits = plan.items.map {
            HabitJSON(HabitStateJSON($0.report), Risk(safeToMiss: $0.safeToMiss, atRisk: $0.atRisk, daysLeft: $0.daysLeft))
        }
    }
}

/// `habit status --format waybar`: a custom module's JSON (`"return-type": "json"`).
struct WaybarJSON: Codable, Equatable {
    let text: String
    let tooltip: String
    /// `done`, `pending` or `at-risk`, for the module's CSS (`stale` for an answer from the cache).
    let `class`: String
    /// Habits done today, in percent.
    let percentage: Int

    /// The answer kept from `init(_:)`, shown when the store cannot be read (Standards/access.md):
    /// the mark at the end of the text and as the tooltip's last line, class `stale`.
    func stale(_ mark: String) -> WaybarJSON {
        WaybarJSON(text: text + " " + mark, tooltip: tooltip.isEmpty ? mark : tooltip + "\n" + mark, class: "stale", percentage: percentage)
    }

    private init(text: String, tooltip: String, class: String, percentage: Int) {
        (self.text, self.tooltip, self.class, self.percentage) = (text, tooltip, `class`, percentage)
    }

    /// `pending`: entries saved while the store could not be written (``Pending``), named in the
    /// text and the tooltip.
    init(_ plan: DayPlan, pending: Int = 0) {
        text = StatusText.line(plan, tail: Pending.suffix(pending))
        tooltip = (StatusText.details(plan) + (pending > 0 ? [Pending.tooltip(pending)] : [])).joined(separator: "\n")
        `class` = plan.state
        let readable = plan.items.filter(\.report.readable)
        let done = readable.filter { $0.report.today == .done }.count
        percentage = readable.isEmpty ? 100 : done * 100 / readable.count
    }
}
