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
            let habits = try Self.sinceFirstDay(tags.habits(store, includingArchived: archived)
                                                ?? store.read(.allHabits(env: env, includingArchived: archived)), store, env)
            let disarmed = try store.read(.disarmedCommandHabitIDs)
            if output.json {
                try Output.printJSON(HabitsJSON(habits: habits.map { HabitEntryJSON($0, disarmed: disarmed) }))
                return
            }
            Output.print(HabitText.list(habits, disarmed: disarmed, style: .live).joined(separator: "\n"))
        }
    }
}

extension HabitsList {
    /// `habits` with `since` their first day, as the streak counts it (``StoreRequest/firstDays(of:env:)``):
    /// an own habit's first entry may be older than the day it was added (`log --date`). What
    /// `habits`, `edit` and `archive` show as `since` (Standards/json.md).
    static func sinceFirstDay(_ habits: [HabitDefinition], _ store: HabitStore, _ env: HabitEnvironment) throws -> [HabitDefinition] {
        let firsts = try store.read(.firstDays(of: habits, env: env))
        return habits.map { habit in
            var shown = habit
            shown.since = firsts[habit.id] ?? habit.since
            return shown
        }
    }
}
