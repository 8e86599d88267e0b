import ArgumentParser
import HabitKit

/// `habit status [--format plain|json|waybar|i3blocks|tmux]`: one line for a status bar.
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
            """)

    enum Format: String, CaseIterable, ExpressibleByArgument {
        case plain, json, waybar, i3blocks, tmux
    }

    @Option(name: .long, help: "plain, json, waybar, i3blocks or tmux.")
    var format: Format = .plain

    @OptionGroup var store: StoreOptions

    func run() throws {
        let pending = Pending.count()  // entries saved while the store could not be written
        try store.snapshot { store, env in
            let plan = DayPlan(try store.read(.overview(env: env)))
            switch format {
            case .plain: Output.print(StatusText.line(plan) + Pending.suffix(pending))
            case .json: try Output.printJSON(StatusJSON(plan, pending: pending))
            case .waybar: try Output.printJSON(WaybarJSON(plan))
            case .i3blocks: Output.print(StatusText.i3blocks(plan).joined(separator: "\n"))
            case .tmux: Output.print(StatusText.tmux(plan))
            }
        }
    }
}
