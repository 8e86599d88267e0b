import Foundation

/// A reminder's title and message as delivered (Standards/reminders.md, "Words at delivery"). A
/// reminder refers to its habit by id; the words of one added without `--title`/`--message` are
/// stored empty and composed here from the habit as it is at delivery, so a rename carries. Words
/// a person gave stay as given.
public struct ReminderWords: Sendable, Hashable {
    public var title: String
    public var message: String

    public init(title: String, message: String) { (self.title, self.message) = (title, message) }

    /// `reminder`'s words for `habit` as it is now (nil: no such habit any more: its id stands in).
    public init(_ reminder: Reminder, habit: HabitDefinition?) {
        title = reminder.title.isEmpty ? Self.defaultTitle(habit, activity: reminder.activity) : reminder.title
        message = reminder.message.isEmpty ? Self.defaultMessage(habit, activity: reminder.activity) : reminder.message
    }

    /// `Meditate`, `Workout`, `NoAlc`; an own habit's name with its first letter upper case.
    public static func defaultTitle(_ habit: HabitDefinition?, activity: String) -> String {
        switch habit?.builtin {
        case .meditate: "Meditate"
        case .workout: "Workout"
        case .noalc: "NoAlc"
        case nil: (habit?.name ?? activity).prefix(1).uppercased() + (habit?.name ?? activity).dropFirst()
        }
    }

    /// What the one rule asks — is the habit's day done? — and the command that does it, with the
    /// habit's name as it is now: `books is not done yet today: habit log books AMOUNT`. A habit
    /// whose data arrives by import (`--from`) cannot be logged: no command.
    public static func defaultMessage(_ habit: HabitDefinition?, activity: String) -> String {
        let name = habit?.name ?? activity
        if habit?.builtin == .noalc { return "How was the evening? habit log alcohol 0" }
        if habit?.fromType != nil { return "\(name) is not done yet today" }
        let example = switch habit?.builtin {
        case .meditate?: " 10m"
        case .workout?: " 20m"
        default: habit?.kind == .yesNo ? "" : " AMOUNT"
        }
        return "\(name) is not done yet today: habit log \(name)\(example)"
    }
}
