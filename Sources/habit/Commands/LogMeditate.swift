import ArgumentParser
import Foundation
import HabitKit

/// `habit log meditate DURATION [--at START | --end END] [--note TEXT]`.
struct LogMeditate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: LogGrammar.meditate.name,
        abstract: "Log a mindful session (ends now unless --at or --end).",
        discussion: "DURATION: 10m, 1h30m, 90s, 1.5h, or a bare number of minutes.")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("How long: 10m, 1h30m, 90s, 1.5h, 10 (minutes).", valueName: "duration"))
    var words: [String] = []

    @OptionGroup var time: SessionTimeOptions

    @Option(name: .long, parsing: .unconditional, help: "A note to keep with the session.")
    var note: String?

    @OptionGroup var options: LogOptions

    func validate() throws { _ = try LogGrammar.duration(words) }

    func run() throws {
        try Self.perform(seconds: try LogGrammar.duration(words).seconds, at: time.at, end: time.end, note: note, source: options.source.source,
                         store: options.store.location, json: options.output.json)
    }

    /// What `run` does, with the values parsed (also by ``FastLog``).
    static func perform(seconds: TimeInterval, at: TimeValue?, end: TimeValue?, note: String?, source: SourceID,
                        store location: StoreLocation, json: Bool) throws {
        try TypedText.checkNote(note, option: "--note")
        try location.writeOrSave({ e in
            (e.seconds, e.at, e.end, e.note, e.source) = (seconds, at?.text, end?.text, note, source.journalText)
        }, kind: .meditate) {
            let request = LogRequest(.meditation(seconds: seconds), when: .init(at: at, end: end), note: note, source: source)
            let (store, env, plan) = try location.writing { env in try LogPlanner.plan(request, env: env) }
            try LogReport.log(plan, store: store, env: env, json: json)
            store.closeForExit()  // the process ends next
        }
    }
}
