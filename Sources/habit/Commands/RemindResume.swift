import ArgumentParser
import HabitKit

/// `habit remind resume [ID]`: one reminder, or all.
struct RemindResume: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume one reminder, or all without an ID.")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The reminder's number (none: all reminders).", valueName: "id"))
    var words: [String] = []

    @OptionGroup var store: StoreOptions

    func validate() throws { _ = try ReminderSwitch.id(words, command: "resume") }

    func run() throws { try ReminderSwitch.set(words, enabled: true, store: store) }
}
