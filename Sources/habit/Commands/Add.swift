import ArgumentParser
import HabitKit

/// `habit add NAME [--unit U] [--at-least X | --at-most X] [--per day|week|month|N-days] [--times N]
/// [--from TYPE] [--sources app|all|NAME,…] [--never-asks] [--on DAYS] [--tag T …]`.
struct AddHabit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a habit of your own: yes/no, or a quantity with a target.",
        discussion: """
            habit add floss                               yes/no, every day
            habit add water --unit glass --at-least 8     a quantity a day
            habit add reading --unit min --at-least 150 --per week
            habit add gym --times 3 --per week            yes/no, 3 days a week
            habit add walk --times 2 --per 3-days         yes/no, 2 days in any 3
            habit add yoga --on mon,wed,fri               yes/no, on those weekdays only
            habit add coffee --unit cup --at-most 2       a limit (no entry: met)
            habit add stretch --tag morning --tag health  tagged: habit today --tag morning
            habit add journal --never-asks                records, never asks (no reminder)
            habit add steps --from steps --at-least 8000  on imported data
            habit add move --from activity-summary --field move
                                                          close the move ring (imported rings)
            habit add journal --command 'test -s ~/journal/$HABIT_DAY.md'
                                                          tracks itself: exit 0 is done
            habit add commits --at-least 1 --command 'git -C ~/src log --oneline --since="$HABIT_DAY_START" --until="$HABIT_DAY_END" | wc -l'
                                                          counts what the command prints
            """)

    @Argument(help: ArgumentHelp("Its name: 1–32 lower-case letters, digits and '-', starting with a letter.", valueName: "name"))
    var name: String

    @OptionGroup var shape: HabitShapeOptions

    @Option(name: .long, parsing: .unconditional,
            help: "Read imported data instead of entries: steps, sleep, mindful, active-energy, exercise, distance, activity-summary or a HealthKit identifier.")
    var from: String?

    @Option(name: .long, help: ArgumentHelp("With --from activity-summary: the Activity ring (move, exercise, stand); without a target the day is met when the ring is closed.", valueName: "ring"))
    var field: String?

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("A shell command that tells each day (run by 'habit refresh'): exit 0 is done, or with a target the one number it prints; HABIT_DAY, HABIT_DAY_START and HABIT_DAY_END are in its environment.", valueName: "cmd"))
    var command: String?

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (store, _, habit) = try store.writing { env in try newHabit(env) }
        try store.addHabit(habit)
        try HabitText.printChange("added", habit, json: output.json, hint: hint(habit))
    }

    /// The habit these words describe, checked, not stored (`habit ui`'s `a` adds it too).
    func newHabit(_ env: HabitEnvironment) throws -> HabitDefinition {
        var spec = try shape.spec(from: from, field: field)
        spec.command = command
        return try spec.newHabit(named: name, id: env.makeUUID().storeText, since: env.today, at: env.now)
    }

    /// What to do next with a habit just added.
    func hint(_ habit: HabitDefinition) -> String? {
        habit.command != nil ? "it tracks itself: run 'habit refresh \(habit.name)'" : habit.fromType == nil ? "log it with 'habit log \(habit.name)\(habit.kind == .quantity ? " AMOUNT" : "")'" : nil
    }
}
