import ArgumentParser
import HabitKit

/// `habit log …`: the logging commands.
struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log a meditation, a workout, a NoAlc day or a habit of your own; list what was logged.",
        subcommands: [LogMeditate.self, LogWorkout.self, LogAlcohol.self, LogList.self, LogHabit.self],
        defaultSubcommand: LogHabit.self
    )
}
