import ArgumentParser
import HabitKit

/// `habit changes --since N | --anchor NAME [--save NAME] [--json]`: the change feed for sync.
struct ChangesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "Objects added and deleted since an anchor, and the new anchor (for sync).")

    @Option(name: .long, parsing: .unconditional, help: "The anchor to start after (0: everything).", transform: AnchorValue.parse)
    var since: AnchorValue?

    @Option(name: .long, parsing: .unconditional, help: "Start after the anchor saved under this name.", transform: AnchorNameValue.parse)
    var anchor: AnchorNameValue?

    @Option(name: .long, parsing: .unconditional, help: "Save the new anchor under this name, so the next run can use --anchor NAME.",
            transform: AnchorNameValue.parse)
    var save: AnchorNameValue?

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if since == nil && anchor == nil { throw ValidationError("give --since N (0 for everything) or --anchor NAME") }
        if since != nil && anchor != nil { throw ValidationError("give --since or --anchor, not both") }
    }

    func run() throws {
        // Saving an anchor writes; reading the feed alone does not.
        let (store, env) = try save == nil ? store.reading() : store.writing()
        let start = try anchor.map { try store.read(.anchor(named: $0.name)) } ?? since?.anchor ?? 0
        let changes = try store.read(.changes(since: start))
        if let save { try store.saveAnchor(changes.anchor, named: save.name) }
        let calendar = env.calendar
        if output.json {
            try Output.printJSON(ChangesJSON(changes, calendar: calendar))
            return
        }
        let names = Dictionary(try store.read(.ownHabits(includingArchived: true)).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let lines = ChangesText.lines(changes, saved: save?.name, habitNames: names, calendar: calendar)
        Output.print(lines.joined(separator: "\n"))
    }
}
