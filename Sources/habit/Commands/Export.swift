import ArgumentParser
import Foundation
import HabitKit

extension ExportWriter.Format: ExpressibleByArgument {}

/// `habit export [--format csv|json|ndjson] [--type T] [--from D] [--to D] [--output FILE] [--all-sources]`.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export habits, samples, workouts and skips as csv, json or ndjson (to stdout or --output).",
        discussion: """
            ndjson is the interchange format: every habit definition, sample, workout (with its statistics and \
            events) and skip, with all that the store keeps of it; 'habit import FILE.ndjson' reads it back, \
            adding only what the store does not have. With --all-sources and neither --type nor --from/--to it \
            is the whole store: its settings, reminders (and their handled occurrences) and the names of saved \
            anchors too. csv has samples and workouts only, a row each, with the habit's name, the note and the \
            metadata in its last columns; 'habit import FILE.csv' reads it back. With --output, the \
            file is written beside its target and renamed into place when complete (mode 0600); it may not be \
            the store.
            """)

    @Option(name: .long, help: "csv, json or ndjson.") var format: ExportWriter.Format = .ndjson

    @Option(name: .long, parsing: .unconditional, help: "Only this sample type or workout activity type (HealthKit identifier).")
    var type: String?

    @OptionGroup var days: DaySpanOptions

    @Option(name: .long, parsing: .unconditional, help: "Write to this file instead of stdout.")
    var output: String?

    @Flag(name: .long, help: "Include samples from every source, not only habit's own.") var allSources = false

    @OptionGroup var store: StoreOptions

    func validate() throws {
        if let output, output.isEmpty { throw ValidationError("--output needs a file path") }
    }

    func run() throws {
        if let output { try OutputFile.checkTarget(output, store: store.path) }
        try store.snapshot({ env in (try days.range(env: env), try days.entryRange(env: env)) }) { store, env, ranges in
            let file = try output.map { path throws(OutputFileError) in try OutputFile(path: path, store: self.store.path) }
            // csv names each row's habit: own habits by their current names, read in the same snapshot.
            let names = format == .csv ? Dictionary(try store.read(.ownHabits(includingArchived: true)).map { ($0.id, $0.name) },
                                                    uniquingKeysWith: { a, _ in a }) : [:]
            let writer = try ExportWriter(format: format, file: file, names: names)
            let calendar = env.calendar
            try store.read(.interchangeLines(in: ranges.0, entries: ranges.1, type: type, allSources: allSources, calendar: calendar) {
                try writer.write($0, calendar: calendar)
            })
            try writer.finish()
        }
    }
}
