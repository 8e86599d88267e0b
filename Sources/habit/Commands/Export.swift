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
            anchors too. csv has samples and workouts only. With --output, the \
            file is written beside its target and renamed into place when complete (mode 0600); it may not be \
            the store.
            """)

    @Option(name: .long, help: "csv, json or ndjson.") var format: ExportWriter.Format = .ndjson

    @Option(name: .long, parsing: .unconditional, help: "Only this sample type or workout activity type (HealthKit identifier).")
    var type: String?

    @Option(name: .long, parsing: .unconditional, help: "First day included (YYYY-MM-DD, today, -N).", transform: DayValue.parse)
    var from: DayValue?

    @Option(name: .long, parsing: .unconditional, help: "First day NOT included: ranges are half-open, [from, to).", transform: DayValue.parse)
    var to: DayValue?

    @Option(name: .long, parsing: .unconditional, help: "Write to this file instead of stdout.")
    var output: String?

    @Flag(name: .long, help: "Include samples from every source, not only habit's own.") var allSources = false

    @OptionGroup var store: StoreOptions

    func validate() throws {
        if let output, output.isEmpty { throw ValidationError("--output needs a file path") }
    }

    func run() throws {
        if let output { try OutputFile.checkTarget(output, store: store.path) }
        try store.snapshot({ env in try self.range(env: env) }) { store, env, range in
            let file = try output.map { path throws(OutputFileError) in try OutputFile(path: path, store: self.store.path) }
            let writer = try ExportWriter(format: format, file: file)
            let calendar = env.calendar
            try store.read(.interchangeLines(in: range, type: type, allSources: allSources, calendar: calendar) {
                try writer.write($0, calendar: calendar)
            })
            try writer.finish()
        }
    }

    /// `[start of --from, start of --to)`, open-ended on a side not given; nil without either.
    func range(env: HabitEnvironment) throws -> InstantRange? {
        guard from != nil || to != nil else { return nil }
        let calendar = env.calendar
        let fromDay: LocalDay?
        do throws(InputError) { fromDay = try from?.day(today: env.today) } catch { throw InputError.inArgument("--from", error) }
        let toDay: LocalDay?
        do throws(InputError) { toDay = try to?.day(today: env.today) } catch { throw InputError.inArgument("--to", error) }
        if let fromDay, let toDay, fromDay > toDay { throw UsageError.emptyRange(from: from?.text ?? "", to: to?.text ?? "") }
        let lower = fromDay.map { calendar.start(of: $0) } ?? Date(timeIntervalSince1970: -62_135_596_800)
        let upper = toDay.map { calendar.start(of: $0) } ?? Date(timeIntervalSince1970: 253_402_300_800)
        return InstantRange(lower, upTo: upper)
    }
}
