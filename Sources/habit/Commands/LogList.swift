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

    /// Streamed (issue 28): each entry is rendered and written as the store's cursors hand it
    /// over, inside one read snapshot, in the bytes the whole listing had when it was built at once.
    func run() throws {
        try store.snapshot { store, env in
            let calendar = env.calendar
            // The text shows no workout's samples: they are read for `--json` alone.
            let request = { (body: @escaping (Entry) throws -> Void) in
                StoreRequest<Void>.eachEntry(of: period.range(today: env.today), calendar: calendar, allSources: allSources && !appOnly,
                                             workoutSamples: output.json, body)
            }
            try StreamedOutput.run { out in
                if output.json {
                    let encoder = Output.makeEncoder()
                    try out.jsonArray(empty: try encoder.encode(LogListJSON(entries: []))) { element in
                        var json = JSONBytes()
                        try store.read(request { entry in
                            json.bytes.removeAll(keepingCapacity: true)
                            json.entry(entry, calendar: calendar)
                            try element(json)
                        })
                    }
                    return
                }
                var current: LocalDay?
                let today = env.today  // worked out once, not once a day of the listing
                try store.read(request { entry in
                    let day = entry.day(in: calendar)
                    if day != current {
                        if current != nil { try out.line("") }
                        try out.line(TextRendering.dayHeading(day, today: today))
                        current = day
                    }
                    let id = entry.uuid.storeText.prefix(TextRendering.shortUUIDLength)
                    try out.line("  \(Width.cut(TextRendering.describe(entry, calendar), to: Width.columns - 4 - id.count))  \(id)")
                })
                if current == nil { try out.line(period.nothingMessage) }
            }
        }
    }
}
