import ArgumentParser
import HabitKit

/// `habit remind edit ID [--time HH:MM] [--activity NAME] [--days …] …`.
struct RemindEdit: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a reminder.")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The reminder's number (see 'habit remind list').", valueName: "id"))
    var words: [String] = []

    @Option(name: .long, parsing: .unconditional, help: "New local time, HH:MM.", transform: ClockTimeValue.parse)
    var time: ClockTimeValue?

    @Option(name: .long, parsing: .unconditional, help: "New habit: meditate, workout, noalc or one of your own.",
            completion: HabitNameCompletion.any)
    var activity: String?

    @OptionGroup var fields: ReminderFields
    @OptionGroup var store: StoreOptions

    func id() throws(ValidationError) -> Int64 {
        let value: ReminderIDValue = try PositionalWords.one(words, as: "<id>", what: "a reminder's number", command: "habit remind edit", example: "habit remind edit 1 --time 21:00")
        return value.id
    }

    func validate() throws { _ = try id() }

    func run() throws {
        let id = try id()
        guard store.exists else { throw ReminderError.notFound(id) }
        let (store, env) = try store.writing()
        var reminder = try store.fetchReminder(id)
        if let time { reminder.time = time.time }
        if let activity { reminder.activity = try store.read(.habit(named: activity.lowercased(), env: env)).id }
        fields.apply(to: &reminder)
        reminder.modified = env.now
        try store.updateReminder(reminder)
        guard let status = try store.fetchReminderStatuses(env: env).first(where: { $0.reminder.id == id }) else {
            throw ReminderError.notFound(id)
        }
        Output.print(ReminderText.describe(status, now: env.now, env.calendar, prefix: "changed: ").joined(separator: "\n"))
    }
}
