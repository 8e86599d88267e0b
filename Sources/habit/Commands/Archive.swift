import ArgumentParser
import HabitKit

/// `habit archive NAME [--undo]`.
struct ArchiveHabit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Hide a habit from streak, calendar, today and habits, keeping its data; --undo brings it back.")

    @Argument(help: ArgumentHelp("The habit to archive.", valueName: "name"), completion: HabitNameCompletion.own)
    var name: String

    @Flag(name: .long, help: "Bring an archived habit back.")
    var undo = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (store, env, habit) = try store.changingOwnHabit(name, what: undo ? "unarchived" : "archived")
        var result = habit
        if habit.archived == undo {
            result = try store.updateHabit(named: habit.name, env: env) { definition, _ in definition.archived = !undo }
        }
        if output.json {
            try Output.printJSON(HabitChangeJSON(habit: HabitEntryJSON(try HabitsList.sinceFirstDay([result], store, env).first ?? result,
                                                                       disarmed: try store.read(.disarmedCommandHabitIDs))))
        } else if habit.archived != undo {
            Output.print("\(habit.name) is \(undo ? "not archived" : "archived already"); nothing changed")
        } else if undo {
            Output.print("\(habit.name) is back in streak, calendar, today and habits")
        } else {
            Output.print("archived \(habit.name): hidden from streak, calendar, today and habits; its data is kept "
                         + "('habit archive \(habit.name) --undo' brings it back)")
        }
    }
}
