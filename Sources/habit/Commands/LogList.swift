import ArgumentParser
import HabitKit

/// `habit log list [--days N] [--all-sources]`: entries newest first, grouped by day. Like every
/// other command, it shows the app's sources unless `--all-sources`.
struct LogList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List logged entries, newest first, grouped by day.")

    @OptionGroup var period: DaysBackOptions

    @Flag(name: .long, help: "Also entries from other sources (imported, other apps).")
    var allSources = false

    /// The default since schema v4; still accepted so scripts that pass it keep working.
    @Flag(name: .long, help: .hidden)
    var appOnly = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try store.snapshot { store, env in
            let calendar = env.calendar
            let entries = try store.read(.entries(in: calendar.instants(of: period.range(today: env.today)), allSources: allSources && !appOnly))
            if output.json {
                try Output.printJSON(LogListJSON(entries: entries.map { EntryJSON($0, calendar: calendar) }))
                return
            }
            guard !entries.isEmpty else {
                Output.print(period.nothingMessage)
                return
            }
            var lines: [String] = []
            var current: LocalDay?
            for entry in entries {
                let day = calendar.day(containing: entry.start)
                if day != current {
                    if current != nil { lines.append("") }
                    lines.append(TextRendering.dayHeading(day, today: env.today))
                    current = day
                }
                let id = entry.uuid.uuidString.lowercased().prefix(TextRendering.shortUUIDLength)
                lines.append("  \(Width.cut(TextRendering.describe(entry, calendar), to: Width.columns - 4 - id.count))  \(id)")
            }
            Output.print(lines.joined(separator: "\n"))
        }
    }
}
