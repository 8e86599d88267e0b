import ArgumentParser
import HabitKit

/// `habit edit NAME [--name NEW] [--unit U] [--at-least X | --at-most X | --no-target] [--per P]
/// [--times N] [--sources …] [--never-asks | --asks] [--on DAYS | --every-day] [--tag T …] [--untag T …]`.
struct EditHabit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a habit of your own: its name, unit, target, period, times, sources, whether it asks, its weekdays or its tags.",
        discussion: "Its kind (yes/no or quantity) and the data a --from habit reads stay: remove it and add it again for those.")

    @Argument(help: ArgumentHelp("The habit to change.", valueName: "name"), completion: HabitNameCompletion.own)
    var name: String

    @Option(name: .customLong("name"), parsing: .unconditional, help: ArgumentHelp("A new name.", valueName: "new-name"))
    var newName: String?

    @OptionGroup var shape: HabitShapeOptions
    @OptionGroup var undoing: UndoingOptions

    @Flag(name: .long, help: "Remove the target: any entry meets the day.")
    var noTarget = false

    /// Accepted only to say that it cannot change.
    @Option(name: .long, parsing: .unconditional, help: .hidden)
    var from: String?

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Give it a shell command that tells each day (see 'habit add --help').", valueName: "cmd"))
    var command: String?

    @Flag(name: .long, help: "Remove its command: it is logged by hand again.")
    var noCommand = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        var spec = try shape.spec(from: from, noTarget: noTarget, newName: newName, undoing: undoing)
        (spec.command, spec.noCommand) = (command, noCommand)
        let (store, env, habit) = try store.changingOwnHabit(name, what: "changed")
        // A command typed here is armed, even the one a restored backup brought (Standards/automation.md, "Armed").
        let edited = try store.updateHabit(named: habit.name, env: env, armingCommand: command != nil) { definition, entries in
            definition = try spec.edited(definition, entries: entries)
        }
        try HabitText.printChange("changed", try HabitsList.sinceFirstDay([edited], store, env).first ?? edited, json: output.json,
                                  hint: edited.name == habit.name ? nil : "renamed from \(habit.name)",
                                  disarmed: try store.read(.disarmedCommandHabitIDs))
    }
}
