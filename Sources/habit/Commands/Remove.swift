import ArgumentParser
import HabitKit

/// `habit remove NAME --yes`.
struct RemoveHabit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a habit of your own with its entries, skips and reminders (--yes to confirm).",
        discussion: "Without --yes it says what would be deleted and changes nothing. To hide a habit and keep its data: 'habit archive NAME'.")

    @Argument(help: ArgumentHelp("The habit to remove.", valueName: "name"), completion: HabitNameCompletion.own)
    var name: String

    @Flag(name: .long, help: "Confirm: delete the habit and its data.")
    var yes = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (store, env, habit) = try store.changingOwnHabit(name, what: "removed")
        guard yes else {
            let counts = try store.read(.removalCounts(of: habit))
            throw HabitInputError.removeNeedsYes(habit.name, entries: counts.entries, skips: counts.skips, reminders: counts.reminders)
        }
        let removed = try store.removeHabit(named: habit.name, env: env)
        if output.json {
            try Output.printJSON(HabitRemovalJSON(habit: habit.name, entries: removed.entries, skips: removed.skips,
                                                  reminders: removed.reminders))
            return
        }
        Output.print("removed \(habit.name) with \(counting(removed.entries, "entry", plural: "entries")), "
                     + "\(counting(removed.skips, "skip")) and \(counting(removed.reminders, "reminder"))")
    }
}
