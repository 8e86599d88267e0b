import ArgumentParser
import HabitKit

/// `habit remind pause [ID]`: one reminder, or all.
struct RemindPause: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause one reminder, or all without an ID.")

    @OptionGroup var target: ReminderSwitch

    func validate() throws { _ = try target.id(enabled: false) }

    func run() throws { try target.set(enabled: false) }
}

/// What `remind pause` and `remind resume` share: the optional reminder number, the store, and
/// the switch.
struct ReminderSwitch: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The reminder's number (none: all reminders).", valueName: "id"))
    var words: [String] = []

    @OptionGroup var store: StoreOptions

    /// The reminder's number, nil for all; refused as `habit remind pause`'s or `resume`'s argument.
    func id(enabled: Bool) throws(ValidationError) -> Int64? {
        let command = enabled ? "resume" : "pause"
        let value: ReminderIDValue? = try PositionalWords.optional(words, as: "<id>", what: "a reminder's number",
                                                                   command: "habit remind \(command)", example: "habit remind \(command) 1")
        return value?.id
    }

    /// Switches one reminder (or all) on or off. The clock is read first, so a refused `HABIT_NOW`
    /// changes nothing. Without a store there is no reminder to switch and none is created: `pause`
    /// says plainly that nothing is remembered (a reminder added later is not paused). A store on a
    /// drive that is not mounted is refused (exit 69): nothing is kept there.
    func set(enabled: Bool) throws {
        let id = try id(enabled: enabled)
        let now = try LiveEnvironment.now()
        let verb = enabled ? "resumed" : "paused"
        if id == nil, !(try store.existsForWriting()) {
            Output.print(enabled ? "resumed all reminders (there are none yet, and none was paused)"
                         : "there are no reminders yet, so none was paused and nothing is remembered: a reminder added later is not paused")
            return
        }
        let opened = try store.openExistingForWriting(orThrow: ReminderError.notFound(id ?? 0))
        if let id {
            try opened.changeReminder(.update(id: id) { reminder in
                reminder.enabled = enabled
                reminder.modified = now
            })
        } else {
            try opened.setRemindersPaused(!enabled, at: now)
        }
        Output.print(id.map { "\(verb) reminder #\($0)" } ?? "\(verb) all reminders")
    }
}
