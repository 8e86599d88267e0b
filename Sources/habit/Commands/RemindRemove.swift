import ArgumentParser
import HabitKit

/// `habit remind remove ID`.
struct RemindRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a reminder.")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The reminder's number (see 'habit remind list').", valueName: "id"))
    var words: [String] = []

    @OptionGroup var store: StoreOptions

    func id() throws(ValidationError) -> Int64 {
        let value: ReminderIDValue = try PositionalWords.one(words, as: "<id>", what: "a reminder's number", command: "habit remind remove", example: "habit remind remove 1")
        return value.id
    }

    func validate() throws { _ = try id() }

    func run() throws {
        let id = try id()
        try store.openExistingForWriting(orThrow: ReminderError.notFound(id)).removeReminder(id)
        Output.print("removed reminder #\(id)")
    }
}
