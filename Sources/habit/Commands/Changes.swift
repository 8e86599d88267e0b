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
        let start = try anchor.map { try store.fetchAnchor(named: $0.name) } ?? since?.anchor ?? 0
        let changes = try store.fetchChanges(since: start)
        if let save { try store.saveAnchor(changes.anchor, named: save.name) }
        let calendar = env.calendar
        if output.json {
            try Output.printJSON(ChangesJSON(changes, calendar: calendar))
            return
        }
        var lines = ["since \(changes.since): \(changes.samples.count) samples and \(changes.workouts.count) workouts added, "
                     + "\(changes.deleted.count) deleted; new anchor \(changes.anchor)" + (save.map { " (saved as '\($0.name)')" } ?? "")]
        for s in changes.samples.prefix(50) { lines.append("  + \(TextRendering.describe(s, calendar))  \(s.uuid.uuidString.lowercased())") }
        for w in changes.workouts.prefix(50) { lines.append("  + \(TextRendering.describe(w, calendar))  \(w.uuid.uuidString.lowercased())") }
        for d in changes.deleted.prefix(50) { lines.append("  - \(d.kind) \(d.type)  \(d.uuid.uuidString.lowercased())") }
        if changes.samples.count > 50 || changes.workouts.count > 50 || changes.deleted.count > 50 { lines.append("  … (--json lists everything)") }
        Output.print(lines.joined(separator: "\n"))
    }
}
