import ArgumentParser
import HabitKit

/// `habit remind remove ID`.
struct RemindRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a reminder.")

    @OptionGroup var reminder: ReminderIDArgument

    @OptionGroup var store: StoreOptions

    func id() throws(ValidationError) -> Int64 { try reminder.id(command: "habit remind remove", example: "habit remind remove 1") }

    func validate() throws { _ = try id() }

    func run() throws {
        let id = try id()
        try store.openExistingForWriting(orThrow: ReminderError.notFound(id)).changeReminder(.remove(id: id))
        Output.print("removed reminder #\(id)")
    }
}
