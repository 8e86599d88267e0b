import ArgumentParser
import HabitKit

/// `habit habits [--archived] [--tag T …] [--json]`: grouped by tag when a habit has one.
struct HabitsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habits",
        abstract: "List the habits: the built-ins, then your own by name (grouped by tag when a habit has one).")

    @Flag(name: .long, help: "Also list archived habits (marked as such).")
    var archived = false

    @OptionGroup var tags: TagFilterOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try store.snapshot { store, env in
            let habits = try tags.habits(store, includingArchived: archived) ?? store.read(.allHabits(env: env, includingArchived: archived))
            let disarmed = try store.read(.disarmedCommandHabitIDs)
            if output.json {
                try Output.printJSON(HabitsJSON(habits: habits.map { HabitEntryJSON($0, disarmed: disarmed) }))
                return
            }
            Output.print(HabitText.list(habits, disarmed: disarmed, style: .live).joined(separator: "\n"))
        }
    }
}
