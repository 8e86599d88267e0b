import ArgumentParser
import HabitKit

/// `habit archive NAME [--undo]`: any habit, a built-in too (Standards/habits.md, "Archiving").
struct ArchiveHabit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Hide a habit (a built-in too) from every view, count, reminder and completion, keeping its data; 'habit unarchive' brings it back.")

    @Argument(help: ArgumentHelp("The habit to archive.", valueName: "name"), completion: HabitNameCompletion.every)
    var name: String

    @Flag(name: .long, help: "Bring an archived habit back (as 'habit unarchive').")
    var undo = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try Self.set(archived: !undo, name: name, store: store, json: output.json)
    }

    /// Archives the habit `name` (or with `archived` false brings it back), and says what it did.
    static func set(archived: Bool, name: String, store options: StoreOptions, json: Bool) throws {
        let exists = try options.existsForWriting()
        var (store, env) = exists ? try options.writing() : try options.reading()
        let habit = try store.read(.habit(named: name, env: env))
        // Without a store only a built-in is found; archiving it makes the store (nothing else does).
        if !exists, habit.archived != archived { (store, env) = try options.writing() }
        var result = habit
        if habit.archived != archived {
            result = try store.updateHabit(named: habit.name, env: env) { definition, _ in definition.archived = archived }
        }
        if json {
            try Output.printJSON(HabitChangeJSON(habit: HabitEntryJSON(try HabitsList.sinceFirstDay([result], store, env).first ?? result,
                                                                       disarmed: try store.read(.disarmedCommandHabitIDs))))
        } else if habit.archived == archived {
            Output.print("\(habit.name) is \(archived ? "archived already" : "not archived"); nothing changed")
        } else if !archived {
            Output.print("\(habit.name) is back in streak, calendar, today, habits and its reminders")
        } else {
            Output.print("archived \(habit.name): hidden from streak, calendar, today and habits; its data is kept "
                         + "and its reminders stay quiet ('habit unarchive \(habit.name)' brings it back)")
        }
    }
}

/// `habit unarchive NAME`: brings an archived habit back, with its history.
struct UnarchiveHabit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unarchive",
        abstract: "Bring an archived habit back into every view, with its history.")

    @Argument(help: ArgumentHelp("The archived habit.", valueName: "name"), completion: HabitNameCompletion.archived)
    var name: String

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try ArchiveHabit.set(archived: false, name: name, store: store, json: output.json)
    }
}
