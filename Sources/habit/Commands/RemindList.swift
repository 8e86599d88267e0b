import ArgumentParser
import HabitKit

/// `habit remind list [--tag T …] [--json]`.
struct RemindList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List reminders with their next occurrence.")

    @OptionGroup var tags: TagFilterOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        // One snapshot: the tagged habits and the reminders of one state of the store.
        let (list, tagged, env) = try store.snapshot { store, env in
            (try store.read(.reminders(env: env)), try tags.habits(store, includingArchived: true).map { Set($0.map(\.id)) }, env)
        }
        // With --tag: the reminders of the habits with the tag (a reminder's activity is its habit's id).
        let (statuses, paused) = (list.statuses.filter { tagged?.contains($0.reminder.activity) ?? true }, list.paused)
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
