import ArgumentParser
import HabitKit

/// `habit remind resume [ID]`: one reminder, or all.
struct RemindResume: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume one reminder, or all without an ID.")

    @OptionGroup var target: ReminderSwitch

    func validate() throws { _ = try target.id(enabled: true) }

    func run() throws { try target.set(enabled: true) }
}
