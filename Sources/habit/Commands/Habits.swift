import ArgumentParser
import HabitKit

/// `habit habits [--archived] [--json]`.
struct HabitsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habits",
        abstract: "List the habits: the built-ins, then your own by name.")

    @Flag(name: .long, help: "Also list archived habits (marked as such).")
    var archived = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try store.snapshot { store, env in
            let habits = try store.read(.allHabits(env: env, includingArchived: archived))
            if output.json {
                try Output.printJSON(HabitsJSON(habits: habits.map(HabitEntryJSON.init)))
                return
            }
            Output.print(HabitText.list(habits, style: .live).joined(separator: "\n"))
        }
    }
}
