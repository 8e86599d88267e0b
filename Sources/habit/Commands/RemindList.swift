import ArgumentParser
import HabitKit

/// `habit remind list [--json]`.
struct RemindList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List reminders with their next occurrence.")

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (store, env) = try store.reading()
        let list = try store.fetchReminders(env: env)
        let (statuses, paused) = (list.statuses, list.paused)
        if output.json {
            try Output.printJSON(ReminderListJSON(paused: paused, reminders: statuses.map { ReminderJSON($0, env.calendar) }))
            return
        }
        let nameWidth = statuses.map { Width.of($0.habitName) }.max() ?? 0
        var lines = statuses.flatMap { ReminderText.describe($0, now: env.now, env.calendar, nameWidth: nameWidth) }
        if lines.isEmpty { lines = ["no reminders; add one with 'habit remind add meditate 20:00'"] }
        if paused { lines.append("all reminders are paused ('habit remind resume' to resume)") }
        Output.print(lines.joined(separator: "\n"))
    }
}
