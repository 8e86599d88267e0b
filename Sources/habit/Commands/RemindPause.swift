import ArgumentParser
import HabitKit

/// `habit remind pause [ID]`: one reminder, or all.
struct RemindPause: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause one reminder, or all without an ID.")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The reminder's number (none: all reminders).", valueName: "id"))
    var words: [String] = []

    @OptionGroup var store: StoreOptions

    func id() throws(ValidationError) -> Int64? {
        let value: ReminderIDValue? = try PositionalWords.optional(words, as: "<id>", what: "a reminder's number", command: "habit remind pause", example: "habit remind pause 1")
        return value?.id
    }

    func validate() throws { _ = try id() }

    func run() throws {
        let id = try id()
        let opened = try id.map { try store.openExistingForWriting(orThrow: ReminderError.notFound($0)) } ?? store.openForWriting()
        try opened.setReminderEnabled(id, false, at: try LiveEnvironment.now())
        Output.print(id.map { "paused reminder #\($0)" } ?? "paused all reminders")
    }
}
