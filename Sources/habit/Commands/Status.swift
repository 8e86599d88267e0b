import ArgumentParser
import HabitKit

/// `habit status [--format plain|json|waybar|i3blocks|tmux] [--tag T …]`: one line for a status bar.
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "One line for a status bar: what is left today, each streak, and what is at risk.",
        discussion: """
            Read-only: it never creates a store. Formats: plain (default), json, waybar (a custom module
            with "return-type": "json"), i3blocks (full text, short text, colour), tmux (#[fg=…] colours).
            A streak is at risk when it breaks tonight with no joker to spend; "safe to miss N" counts the jokers held.
            A line wider than COLUMNS (else the terminal, else 80) is compact: what is at risk, then what is left,
            then "+N more" (COLUMNS=200 habit status --format waybar for a wider bar).
            When the store stays locked for 200 ms (or its folder is missing, or it cannot be read), the last
            answer is printed with "(stale: as of HH:MM — why)" (waybar: class stale), if one was kept.
            """)

    enum Format: String, CaseIterable, ExpressibleByArgument {
        case plain, json, waybar, i3blocks, tmux
    }

    /// The option's name and default, read by ``FastStatus`` too.
    static let formatOption = "format"
    static let defaultFormat = Format.plain

    @Option(name: .customLong(Self.formatOption), help: "plain, json, waybar, i3blocks or tmux.")
    var format: Format = Self.defaultFormat

    @OptionGroup var tags: TagFilterOptions
    @OptionGroup var store: StoreOptions

    func run() throws {
        try Self.answer(format: format, tags: tags.tag, location: store.location)
    }

    /// The command's work, for ``run()`` and for the plain forms ``FastStatus`` reads.
    static func answer(format: Format, tags: [String], location: StoreLocation) throws {
        let pending = Pending.count()  // entries saved while the store could not be written
        // Polled by bars: a locked store is waited for 200 ms, then the kept answer is shown, marked stale.
        try DegradedMode.answer(location, brief: true) { wait in
            try location.snapshot(lockWait: wait, forExit: true) { store, env in  // the process ends after it
                let habits = try TagFilterOptions.habits(tags: tags, store)
                let plan = DayPlan(try store.read(.overview(habits, env: env)).due)  // not on a day off a schedule
                let asOf = env.calendar.iso8601(env.now)
                switch format {
                case .plain: return .init(text: StatusText.line(plan, tail: Pending.suffix(pending)), kind: .text, asOf: asOf)
                case .json: return .init(text: try Output.json(StatusJSON(plan, pending: pending)), kind: .json, asOf: asOf)
                case .waybar: return .init(text: try Output.json(WaybarJSON(plan, pending: pending)), kind: .waybar, asOf: asOf)
                case .i3blocks:
                    let lines = StatusText.i3blocks(plan, tail: Pending.suffix(pending))  // the full text; the short one stays short
                    return .init(text: lines.joined(separator: "\n"), kind: .i3blocks, asOf: asOf)
                case .tmux: return .init(text: StatusText.tmux(plan, tail: Pending.suffix(pending)), kind: .tmux, asOf: asOf)
                }
            }
        }
    }
}
