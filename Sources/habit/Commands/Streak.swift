import ArgumentParser
import HabitKit

/// `habit streak [--habit NAME] [--all-sources] [--json]`.
struct Streak: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "streak",
        abstract: "Current and longest streaks, jokers held, and today's state, per habit.")

    @Option(name: .long, parsing: .unconditional, help: "Only this habit: meditate, workout or noalc.", transform: HabitValue.parse)
    var habit: HabitValue?

    @OptionGroup var options: ReadOptions

    func run() throws {
        let habits = habit.map { [$0.habit] } ?? Habit.allCases
        let (store, env) = try options.store.reading()
        let overview = try store.streaks(for: habits, env: env, allSources: options.allSources)
        if options.output.json {
            try Output.printJSON(StreakJSON(overview, timeZone: env.timeZone))
            return
        }
        Output.print(StreakText.lines(overview, style: .live).joined(separator: "\n"))
    }
}
