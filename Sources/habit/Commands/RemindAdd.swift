import ArgumentParser
import HabitKit

/// `habit remind add ACTIVITY HH:MM [--days …] [--lookback …] [--title …] [--message …]`.
struct RemindAdd: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a reminder: ACTIVITY at HH:MM.")

    @Argument(help: ArgumentHelp("meditate, workout or noalc.", valueName: "activity"), transform: HabitValue.parse)
    var activity: HabitValue

    @Argument(help: ArgumentHelp("Local time, HH:MM.", valueName: "time"), transform: ClockTimeValue.parse)
    var time: ClockTimeValue

    @OptionGroup var fields: ReminderFields
    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let habit = activity.habit
        let lookback = fields.lookback?.hours ?? 12
        let (store, env) = try store.writing()
        var reminder = Reminder(title: ReminderText.defaultTitle(habit), message: ReminderText.defaultMessage(habit, lookback: lookback),
                                activity: habit.rawValue, time: time.time, lookbackHours: lookback, created: env.now)
        fields.apply(to: &reminder)
        let added = try store.addReminder(reminder)
        guard let status = try store.fetchReminderStatuses(env: env).first(where: { $0.reminder.id == added.id }) else {
            throw ReminderError.notFound(added.id)
        }
        if output.json {
            try Output.printJSON(ReminderJSON(status, env.calendar))
        } else {
            Output.print("added: " + ReminderText.describe(status, env.calendar))
        }
    }
}
