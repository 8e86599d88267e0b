import ArgumentParser
import Foundation
import HabitKit

struct Remind: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Reverse smart reminders: they nag only about what is not done yet.",
        subcommands: [Add.self, ListReminders.self, Edit.self, Remove.self, Pause.self, Resume.self, Check.self,
                      CronLine.self, Install.self, Uninstall.self, Systemd.self])
}

/// Options that describe a reminder, shared by `add` and `edit`.
struct ReminderFields: ParsableArguments {
    @Option(name: .long, help: "Weekdays: daily, weekdays, weekends, mon-fri, sat,sun, mon,wed,fri.")
    var days: String?

    @Option(name: .long, help: "Look-back window: whole hours 1–24 (12h). Done within it means no nag.")
    var lookback: String?

    @Option(name: .long, help: "The notification's title.")
    var title: String?

    @Option(name: .long, help: "The notification's message.")
    var message: String?

    static func lookbackHours(_ text: String) throws -> Int {
        let t = text.lowercased().hasSuffix("h") ? String(text.dropLast()) : text
        guard let h = Int(t), (1...24).contains(h) else { throw InputError.invalidLookback(text) }
        return h
    }

    func apply(to reminder: inout Reminder) throws {
        if let days { reminder.weekdays = try WeekdaySet(parsing: days) }
        if let lookback { reminder.lookbackHours = try Self.lookbackHours(lookback) }
        if let title { reminder.title = title }
        if let message { reminder.message = message }
    }
}

enum ReminderText {
    static func defaultTitle(_ a: Habit) -> String {
        switch a {
        case .meditate: "Meditate"
        case .workout: "Workout"
        case .noalc: "NoAlc"
        }
    }

    static func defaultMessage(_ a: Habit, lookback: Int) -> String {
        switch a {
        case .meditate: "No meditation logged in the last \(lookback) h: habit log meditate 10m"
        case .workout: "No workout logged in the last \(lookback) h: habit log workout 20m"
        case .noalc: "How was the evening? habit log alcohol 0"
        }
    }

    static func parseTime(_ text: String) throws -> LocalTime {
        guard text.count == 5, let t = LocalTime(text) else { throw InputError.invalidClockTime(text) }
        return t
    }

    static func describe(_ s: ReminderStatus, _ calendar: HabitCalendar) -> String {
        let r = s.reminder
        let next = s.next.map { "next \(calendar.iso8601($0.at))" + (s.nextState.map { " (\($0))" } ?? "") } ?? "no next occurrence"
        return "#\(r.id)  \(r.activity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(r.time)  \(r.weekdays)  "
            + "look-back \(r.lookbackHours)h  \(r.enabled ? "on " : "off")  '\(r.title)'  \(next)"
    }
}

extension Remind {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a reminder: ACTIVITY at HH:MM.")
        @Argument(help: "meditate, workout or noalc.") var activity: String
        @Argument(help: "Local time, HH:MM.") var time: String
        @OptionGroup var fields: ReminderFields
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let habit = try HabitName.parse(activity)
            let at = try ReminderText.parseTime(time)
            let lookback = try fields.lookback.map(ReminderFields.lookbackHours) ?? 12
            _ = try fields.days.map { text throws(InputError) in try WeekdaySet(parsing: text) }  // check before opening the store
            let (store, env) = try store.openWithEnvironment()
            var reminder = Reminder(title: ReminderText.defaultTitle(habit), message: ReminderText.defaultMessage(habit, lookback: lookback),
                                    activity: habit, time: at, lookbackHours: lookback, created: env.now)
            try fields.apply(to: &reminder)
            let added = try store.addReminder(reminder)
            let status = try store.fetchReminderStatuses(env: env).first { $0.reminder.id == added.id }!
            if output.json { try Output.printJSON(ReminderJSON(status, env.calendar)) } else {
                Output.print("added: " + ReminderText.describe(status, env.calendar))
            }
        }
    }

    struct ListReminders: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List reminders with their next occurrence.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let (store, env) = try store.openWithEnvironment()
            let statuses = try store.fetchReminderStatuses(env: env)
            let paused = try store.fetchRemindersPaused()
            if output.json {
                try Output.printJSON(ReminderListJSON(paused: paused, reminders: statuses.map { ReminderJSON($0, env.calendar) }))
                return
            }
            var lines = statuses.map { ReminderText.describe($0, env.calendar) }
            if lines.isEmpty { lines = ["no reminders; add one with 'habit remind add meditate 20:00'"] }
            if paused { lines.append("all reminders are paused ('habit remind resume' to resume)") }
            Output.print(lines.joined(separator: "\n"))
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a reminder.")
        @Argument var id: Int64
        @Option(name: .long, help: "New local time, HH:MM.") var time: String?
        @Option(name: .long, help: "New activity: meditate, workout or noalc.") var activity: String?
        @OptionGroup var fields: ReminderFields
        @OptionGroup var store: StoreOptions

        func run() throws {
            let newTime = try time.map(ReminderText.parseTime)
            let newActivity = try activity.map(HabitName.parse)
            let (store, env) = try store.openWithEnvironment()
            var reminder = try store.fetchReminder(id)
            if let newTime { reminder.time = newTime }
            if let newActivity { reminder.activity = newActivity }
            try fields.apply(to: &reminder)
            try store.updateReminder(reminder)
            let status = try store.fetchReminderStatuses(env: env).first { $0.reminder.id == id }!
            Output.print("changed: " + ReminderText.describe(status, env.calendar))
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a reminder.")
        @Argument var id: Int64
        @OptionGroup var store: StoreOptions

        func run() throws {
            try store.open().removeReminder(id)
            Output.print("removed reminder #\(id)")
        }
    }

    struct Pause: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause one reminder, or all without an ID.")
        @Argument var id: Int64?
        @OptionGroup var store: StoreOptions

        func run() throws {
            try store.open().setReminderEnabled(id, false)
            Output.print(id.map { "paused reminder #\($0)" } ?? "paused all reminders")
        }
    }

    struct Resume: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume one reminder, or all without an ID.")
        @Argument var id: Int64?
        @OptionGroup var store: StoreOptions

        func run() throws {
            try store.open().setReminderEnabled(id, true)
            Output.print(id.map { "resumed reminder #\($0)" } ?? "resumed all reminders")
        }
    }
}

struct ReminderJSON: Encodable {
    let id: Int64
    let title: String
    let message: String
    let activity: String
    let time: String
    let days: String
    let lookbackHours: Int
    let enabled: Bool
    let nextOccurrence: String?
    let nextState: String?
    let nextCancelled: Bool

    init(_ s: ReminderStatus, _ calendar: HabitCalendar) {
        id = s.reminder.id
        title = s.reminder.title
        message = s.reminder.message
        activity = s.reminder.activity.rawValue
        time = s.reminder.time.description
        days = s.reminder.weekdays.description
        lookbackHours = s.reminder.lookbackHours
        enabled = s.reminder.enabled
        nextOccurrence = s.next.map { calendar.iso8601($0.at) }
        nextState = s.nextState?.rawValue
        nextCancelled = s.nextState == .cancelled
    }
}

struct ReminderListJSON: Encodable {
    let paused: Bool
    let reminders: [ReminderJSON]
}
