import ArgumentParser
import Foundation
import HabitKit

struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log a meditation, a workout or a NoAlc day; list what was logged.",
        subcommands: [Meditate.self, LogWorkout.self, Alcohol.self, List.self]
    )

    static let habitNames = ["meditate", "workout", "alcohol", "noalc", "list"]

    /// `habit log meditat 10m` → "unknown habit 'meditat'; did you mean 'meditate'?" (exit 64).
    static func checkHabitName(_ arguments: [String]) throws {
        guard arguments.count >= 2, arguments[0] == "log" else { return }
        let name = arguments[1]
        if !name.hasPrefix("-"), !habitNames.contains(name) {
            throw InputError.unknownHabit(name, suggestion: InputParsing.suggestion(for: name, in: habitNames))
        }
        // A negative duration would otherwise read as an unknown short option.
        if name == "meditate" || name == "workout",
           let negative = arguments.dropFirst(2).first(where: { $0.count > 1 && $0.hasPrefix("-") && $0.dropFirst().first!.isNumber }) {
            throw InputError.invalidDuration(negative, reason: "it is negative")
        }
    }
}

/// Options shared by the logging commands.
struct LogOptions: ParsableArguments {
    @Option(name: .long, help: "Record it as coming from this source: dev.habit (default), dev.habit.watch, com.example.app …")
    var source: String = "dev.habit"

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func sourceID() throws -> SourceID { try SourceID(source) }

    /// Opens the store and builds the live environment (after input that needs no store was checked).
    func open() throws -> (HabitStore, HabitEnvironment) { try store.openWithEnvironment() }

    func report(_ result: LogResult, _ env: HabitEnvironment, headline: String) throws {
        if output.json {
            try Output.printJSON(LogJSON(result: result, calendar: env.calendar))
            return
        }
        var lines = [headline]
        for uuid in result.replaced { lines.append("  replaced \(uuid.uuidString.lowercased())") }
        for c in result.cancelledReminders {
            lines.append("  cancelled reminder #\(c.reminderID) '\(c.title)' at \(env.calendar.iso8601(c.occurrence))")
        }
        Output.print(lines.joined(separator: "\n"))
    }
}

/// `--at START` / `--end END`, for sessions.
struct SessionTimeOptions: ParsableArguments {
    @Option(name: .long, help: "When it started: 07:30, 'yesterday 21:00', 2025-10-01T07:30 or ISO 8601 with offset.")
    var at: String?

    @Option(name: .long, help: "When it ended (default: now). Same forms as --at.")
    var end: String?

    func validate() throws {
        if at != nil && end != nil { throw ValidationError("give --at or --end, not both") }
    }

    func interval(duration: TimeInterval, env: HabitEnvironment) throws -> InstantRange {
        let start = try at.map { text throws(InputError) in try InputParsing.instant(text, in: env) }
        let endDate = try end.map { text throws(InputError) in try InputParsing.instant(text, in: env) }
        return try SessionInterval.make(duration: duration, start: start, end: endDate, env: env,
                                        startText: at, endText: end)
    }
}

struct Meditate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meditate",
        abstract: "Log a mindful session (ends now unless --at or --end).",
        discussion: "DURATION: 10m, 1h30m, 90s, 1.5h, or a bare number of minutes.")

    @Argument(help: "How long: 10m, 1h30m, 90s, 1.5h, 10 (minutes).")
    var duration: String

    @OptionGroup var time: SessionTimeOptions

    @Option(name: .long, help: "A note to keep with the session.")
    var note: String?

    @OptionGroup var options: LogOptions

    func run() throws {
        let seconds = try InputParsing.duration(duration)
        let source = try options.sourceID()
        let (store, env) = try options.open()
        let interval = try time.interval(duration: seconds, env: env)
        let result = try store.logMeditation(interval, source: source, note: note, env: env)
        let s = result.samples[0]
        try options.report(result, env, headline: "logged: \(TextRendering.describe(s, env.calendar))  \(s.uuid.uuidString.lowercased())")
    }
}

struct LogWorkout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workout",
        abstract: "Log a workout and its active energy ((MET − 1) × weight × hours).",
        discussion: "ACTIVITY defaults to hiit; also \(Activity.allCases.map(\.rawValue).joined(separator: ", ")).")

    @Argument(help: "The activity (default hiit), then the duration.")
    var words: [String] = []

    @OptionGroup var time: SessionTimeOptions

    @Option(name: .long, help: "Override the activity's MET value (metabolic equivalents, > 1).")
    var met: String?

    @Option(name: .long, help: "A note to keep with the workout.")
    var note: String?

    @OptionGroup var options: LogOptions

    func validate() throws {
        guard (1...2).contains(words.count) else {
            throw ValidationError("give an optional activity and a duration, e.g. 'habit log workout hiit 25m'")
        }
    }

    func run() throws {
        let activity = words.count == 2 ? try Activity(parsing: words[0]) : .hiit
        let seconds = try InputParsing.duration(words[words.count - 1])
        let metValue = try met.map { text throws(InputError) -> Double in
            guard let v = Double(text), v.isFinite, v > 1, v <= 25 else { throw InputError.invalidMET(text) }
            return v
        }
        let source = try options.sourceID()
        let (store, env) = try options.open()
        let interval = try time.interval(duration: seconds, env: env)
        let result = try store.logWorkout(activity, interval, met: metValue, source: source, note: note, env: env)
        let w = result.workout!
        try options.report(result, env, headline: "logged: \(TextRendering.describe(w, env.calendar))  \(w.uuid.uuidString.lowercased())")
    }
}

struct Alcohol: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alcohol",
        abstract: "Log a NoAlc day: drinks (0–1 steady, 2–5 easy, 6+ wild) or a level.",
        discussion: "Without --date, an entry made before 18:00 is for yesterday (the evening it describes). The last entry for a day wins.",
        aliases: ["noalc"])

    @Argument(help: "Drinks (a whole number) or a level: steady, easy, wild.")
    var drinks: String

    @Option(name: .long, parsing: .unconditional, help: "The day: today, yesterday, -N (N days ago), YYYY-MM-DD.")
    var date: String?

    @OptionGroup var options: LogOptions

    func run() throws {
        let (level, count) = try InputParsing.noAlcLevel(drinks)
        let source = try options.sourceID()
        let (store, env) = try options.open()
        let day: LocalDay
        if let date {
            day = try InputParsing.day(date, today: env.today)
            if day > env.today { throw InputError.inFuture(date, now: env.calendar.iso8601(env.now)) }
        } else {
            day = HabitStore.noAlcDay(enteredAt: env.now, calendar: env.calendar)
        }
        let result = try store.logAlcohol(day: day, level: level, drinks: count, source: source, env: env)
        let s = result.samples[0]
        try options.report(result, env, headline: "logged: \(TextRendering.describe(s, env.calendar))  \(s.uuid.uuidString.lowercased())")
    }
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List logged entries, newest first, grouped by day.")

    @OptionGroup var period: DaysBackOptions

    @Flag(name: .long, help: "Only entries from habit's own sources (dev.habit, dev.habit.*).")
    var appOnly = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (store, env) = try store.openWithEnvironment()
        let calendar = env.calendar
        let range = calendar.instants(of: period.range(today: env.today))
        let entries = try store.fetchEntries(in: range, allSources: !appOnly)
        if output.json {
            try Output.printJSON(["entries": entries.map { EntryJSON(entry: $0, calendar: calendar) }])
            return
        }
        guard !entries.isEmpty else {
            Output.print(period.nothingMessage)
            return
        }
        var lines: [String] = []
        var current: LocalDay?
        for entry in entries {
            let day = calendar.day(containing: entry.start)
            if day != current {
                if current != nil { lines.append("") }
                lines.append(TextRendering.dayHeading(day, today: env.today))
                current = day
            }
            lines.append("  \(TextRendering.describe(entry, calendar))  \(entry.uuid.uuidString.lowercased().prefix(TextRendering.shortUUIDLength))")
        }
        Output.print(lines.joined(separator: "\n"))
    }
}
