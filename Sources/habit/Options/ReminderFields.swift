import ArgumentParser
import HabitKit

/// Options that describe a reminder, shared by `add` and `edit`.
struct ReminderFields: ParsableArguments {
    @Option(name: .long, parsing: .unconditional,
            help: "Weekdays: daily, weekdays, weekends, mon-fri, sat,sun, mon,wed,fri, 'monday tuesday'.",
            transform: WeekdaysValue.parse)
    var days: WeekdaysValue?

    @Option(name: .long, parsing: .unconditional, help: "Look-back window: whole hours 1–24 (12h). A log within it that makes the day met cancels the nag at once.",
            transform: LookbackValue.parse)
    var lookback: LookbackValue?

    @Option(name: .long, parsing: .unconditional, help: "The notification's title (default: from the habit's name at delivery; '' gives the default back).")
    var title: String?

    @Option(name: .long, parsing: .unconditional, help: "The notification's message (default: composed at delivery; '' gives it back).")
    var message: String?

    func validate() throws {
        try TypedText.check(title, option: "--title")
        try TypedText.check(message, option: "--message")
    }

    func apply(to reminder: inout Reminder) {
        if let days { reminder.weekdays = days.weekdays }
        if let lookback { reminder.lookbackHours = lookback.hours }
        if let title { reminder.title = title }
        if let message { reminder.message = message }
    }
}
