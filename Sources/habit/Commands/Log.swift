import ArgumentParser
import HabitKit

/// `habit log …`: the logging commands.
struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log a meditation, a workout or a NoAlc day; list what was logged.",
        subcommands: [LogMeditate.self, LogWorkout.self, LogAlcohol.self, LogList.self, UnknownHabit.self],
        defaultSubcommand: UnknownHabit.self
    )
}

/// What `habit log WORD …` runs when WORD is no habit: "unknown habit 'meditat'; did you mean
/// 'meditate'?" (exit 64). Without a word it shows `habit log --help`.
struct UnknownHabit: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "_unknown-habit", shouldDisplay: false)

    static let names = ["meditate", "workout", "alcohol", "noalc", "list"]

    @Argument(parsing: .allUnrecognized) var words: [String] = []

    func validate() throws {
        guard let word = words.first else { return }
        if word.hasPrefix("-") {
            throw ValidationError("unknown option \(quoted: word) for 'habit log'; give a habit first, e.g. 'habit log meditate 10m' (see 'habit log --help')")
        }
        let error = InputError.unknownHabit(word, suggestion: InputParsing.suggestion(for: word, in: Self.names))
        throw ValidationError(error.description + " (see 'habit log --help')")
    }

    func run() throws {
        throw CleanExit.helpRequest(Log.self)
    }
}
