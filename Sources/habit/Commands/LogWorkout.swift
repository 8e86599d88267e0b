import ArgumentParser
import HabitKit

/// `habit log workout [ACTIVITY] DURATION [--met MET] [--at START | --end END] [--note TEXT]`.
struct LogWorkout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workout",
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

    func activityAndDuration() throws(ValidationError) -> (Activity, DurationValue) {
        try PositionalWords.checkNoOptions(words, command: "habit log workout")
        return try WorkoutWord.parse(words)
    }

    func validate() throws { _ = try activityAndDuration() }

    func run() throws {
        let (activity, duration) = try activityAndDuration()
        let (store, env, interval) = try options.store.writing { env in try time.interval(duration: duration.seconds, env: env) }
        let result = try store.logWorkout(activity, interval, met: met?.value, source: options.source.source, note: note, env: env)
        try LogReport.print(result, env: env, json: options.output.json)
    }
}
