import ArgumentParser
import HabitKit

/// `habit log list [--days N] [--app-only]`: entries newest first, grouped by day.
struct LogList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List logged entries, newest first, grouped by day.")

    @OptionGroup var period: DaysBackOptions

    @Flag(name: .long, help: "Only entries from habit's own sources (dev.habit, dev.habit.*).")
    var appOnly = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (store, env) = try store.reading()
        let calendar = env.calendar
        let entries = try store.fetchEntries(in: calendar.instants(of: period.range(today: env.today)), allSources: !appOnly)
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
            lines.append("  \(TextRendering.describe(entry, calendar))  \(entry.uuid.uuidString.lowercased().prefix(TextRendering.shortUUIDLength))")
        }
        Output.print(lines.joined(separator: "\n"))
    }
}
