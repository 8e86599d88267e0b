import ArgumentParser
import HabitKit

/// `habit unskip NAME DAY [--to DAY]`, `habit unskip --all DAY [--to DAY]`, `habit unskip --all --from DAY --to DAY`.
struct UnskipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unskip",
        abstract: "Take back skipped days, for one habit or --all (the same forms as skip).")

    @OptionGroup var options: SkipDaysOptions

    func validate() throws { _ = try options.target(command: "habit unskip") }

    func run() throws {
        let (name, first) = try options.target(command: "habit unskip")
        let check = { (env: HabitEnvironment) in try options.days(first: first, today: env.today) }
        // Without a store nothing is skipped: nothing is created either.
        let (store, env, days) = try options.store.existsForWriting() ? try options.store.writing(check) : try options.store.reading(check)
        let habit = try name.map { try store.read(.habit(named: $0, env: env)) }
        let change = try store.setSkipped(false, habitID: habit?.id, days: days, env: env)
        if options.output.json {
            try Output.printJSON(UnskipJSON(habit: habit?.name, unskipped: change.days, unchanged: change.unchanged,
                                            stillSkippedForAll: change.stillSkippedForAll))
            return
        }
        Output.print(SkipText.unskipped(change, habit: habit?.name).joined(separator: "\n"))
    }
}
