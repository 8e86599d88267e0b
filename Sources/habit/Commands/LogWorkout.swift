import ArgumentParser
import Foundation
import HabitKit

/// `habit log workout [ACTIVITY] DURATION [--met MET] [--at START | --end END] [--note TEXT]`.
struct LogWorkout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: LogGrammar.workout.name,
        abstract: "Log a workout and its active energy ((MET − 1) × weight × hours).",
        discussion: "ACTIVITY defaults to hiit; also \(Activity.allCases.map(\.rawValue).joined(separator: ", ")).")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The activity (default hiit), then the duration.", valueName: "words"))
    var words: [String] = []

    @OptionGroup var time: SessionTimeOptions

    @Option(name: .long, parsing: .unconditional, help: "Override the activity's MET value (metabolic equivalents, > 1, ≤ 25).",
            transform: METValue.parse)
    var met: METValue?

    @Option(name: .long, parsing: .unconditional, help: "A note to keep with the workout.")
    var note: String?

    @OptionGroup var options: LogOptions

    func validate() throws { _ = try LogGrammar.activityAndDuration(words) }

    func run() throws {
        let (activity, duration) = try LogGrammar.activityAndDuration(words)
        try Self.perform(activity, seconds: duration.seconds, met: met?.value, at: time.at, end: time.end, note: note,
                         source: options.source.source, store: options.store.location, json: options.output.json)
    }

    /// What `run` does, with the values parsed (also by ``FastLog``).
    static func perform(_ activity: Activity, seconds: TimeInterval, met: Double?, at: TimeValue?, end: TimeValue?, note: String?,
                        source: SourceID, store location: StoreLocation, json: Bool) throws {
        try TypedText.checkNote(note, option: "--note")
        try location.writeOrSave({ e in
            (e.activity, e.seconds, e.met, e.at, e.end, e.note) = (activity.rawValue, seconds, met, at?.text, end?.text, note)
            e.source = source.journalText
        }, kind: .workout) {
            let request = LogRequest(.workout(activity, seconds: seconds, met: met), when: .init(at: at, end: end), note: note, source: source)
            let (store, env, plan) = try location.writing { env in try LogPlanner.plan(request, env: env) }
            try LogReport.log(plan, store: store, env: env, json: json)
            store.closeForExit()  // the process ends next
        }
    }
}
