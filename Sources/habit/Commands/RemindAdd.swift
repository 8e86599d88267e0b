import ArgumentParser
import HabitKit

/// `habit remind add ACTIVITY HH:MM [--days …] [--lookback …] [--title …] [--message …]`.
struct RemindAdd: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a reminder: ACTIVITY at HH:MM.")

    @Argument(help: ArgumentHelp("The habit: meditate, workout, noalc or one of your own.", valueName: "habit"),
              completion: HabitNameCompletion.any)
    var activity: String

    @Argument(help: ArgumentHelp("Local time, HH:MM.", valueName: "time"), transform: ClockTimeValue.parse)
    var time: ClockTimeValue

    @OptionGroup var fields: ReminderFields
    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        // Which habit, from the store as it is: an unknown name creates no store.
        let (reader, readEnv) = try store.reading()
        let habit = try reader.read(.habit(named: activity.lowercased(), env: readEnv))
        // A habit that only records is never due: nothing to remind of (Standards/habits.md).
        guard habit.asks else { throw HabitInputError.neverAsksReminder(habit.name) }
        // No words of its own unless given: they are composed at delivery from the habit as it is
        // then (``ReminderWords``), so a rename carries (Standards/reminders.md, "Words at delivery").
        var reminder = Reminder(title: "", message: "", activity: habit.id, time: time.time, created: readEnv.now,
                                uuid: readEnv.makeUUID())
        // Without --days, a habit on a weekday schedule is reminded on its days (Standards/reminders.md).
        if let on = habit.on { reminder.weekdays = on }
        fields.apply(to: &reminder)
        if let twin = try reader.read(.reminders(env: readEnv)).reminders.first(where: reminder.overlaps) {
            throw ValidationError("reminder #\(twin.id) already nags about \(habit.name) at \(time.time) on \(twin.weekdays); "
                                  + "change it with 'habit remind edit \(twin.id)', or pick another time")
        }
        let (store, env) = try store.writing()
        let added = try store.changeReminder(.add(reminder))
        let status = try store.read(.reminders(env: env)).status(added.id)
        if output.json {
            try Output.printJSON(ReminderJSON(status, env.calendar))
        } else {
            Output.print(ReminderText.describe(status, now: env.now, env.calendar, prefix: "added: ").joined(separator: "\n"))
        }
    }
}
