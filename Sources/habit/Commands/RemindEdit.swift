import ArgumentParser
import HabitKit

/// `habit remind edit ID [--time HH:MM] [--activity NAME] [--days …] …`.
struct RemindEdit: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a reminder.")

    @OptionGroup var reminder: ReminderIDArgument

    @Option(name: .long, parsing: .unconditional, help: "New local time, HH:MM.", transform: ClockTimeValue.parse)
    var time: ClockTimeValue?

    @Option(name: .long, parsing: .unconditional, help: "New habit: meditate, workout, noalc or one of your own.",
            completion: HabitNameCompletion.any)
    var activity: String?

    @OptionGroup var fields: ReminderFields
    @OptionGroup var store: StoreOptions

    func id() throws(ValidationError) -> Int64 { try reminder.id(command: "habit remind edit", example: "habit remind edit 1 --time 21:00") }

    func validate() throws { _ = try id() }

    func run() throws {
        let id = try id()
        guard try store.existsForWriting() else { throw ReminderError.notFound(id) }
        let (store, env) = try store.writing()
        // An unknown reminder is said before an unknown habit.
        let activityID = try activity.map { name in
            _ = try store.read(.reminders(env: env)).status(id)
            return try store.read(.habit(named: name.lowercased(), env: env)).id
        }
        try store.changeReminder(.update(id: id) { reminder in
            if let time { reminder.time = time.time }
            if let activityID { reminder.activity = activityID }
            fields.apply(to: &reminder)
            reminder.modified = env.now
        })
        let status = try store.read(.reminders(env: env)).status(id)
        Output.print(ReminderText.describe(status, now: env.now, env.calendar, prefix: "changed: ").joined(separator: "\n"))
    }
}
