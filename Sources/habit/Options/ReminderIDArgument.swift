import ArgumentParser
import HabitKit

/// The ID of `habit remind edit|remove`: exactly one reminder number, taken as words so that a
/// negative or misplaced one gets a clear line (``PositionalWords``).
struct ReminderIDArgument: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The reminder's number (see 'habit remind list').", valueName: "id"))
    var words: [String] = []

    /// The number; else one line saying how `command` takes it, with `example`.
    func id(command: String, example: String) throws(ValidationError) -> Int64 {
        let value: ReminderIDValue = try PositionalWords.one(words, as: "<id>", what: "a reminder's number", command: command, example: example)
        return value.id
    }
}
