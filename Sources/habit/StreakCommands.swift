import ArgumentParser
import Foundation
import HabitKit

struct StreakJSON: Encodable {
    struct HabitJSON: Encodable {
        let habit: String
        let current: Int
        let longest: Int
        let jokers: Int
        let today: String
    }

    let asOf: String
    let timeZone: String
    let allSources: Bool
    let otherSourceSamples: Int?
    let habits: [HabitJSON]
}

struct Streak: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "streak",
        abstract: "Current and longest streaks, jokers held, and today's state, per habit.")

    @Option(name: .long, help: "Only this habit: meditate, workout or noalc.")
    var habit: String?

    @OptionGroup var options: ReadOptions

    func run() throws {
        let habits = try habit.map { [try HabitName.parse($0)] } ?? Habit.allCases
        let (store, env) = try options.open()
        let overview = try store.streaks(for: habits, env: env, allSources: options.allSources)
        if options.output.json {
            try Output.printJSON(StreakJSON(
                asOf: overview.asOf.description, timeZone: env.timeZone.identifier, allSources: overview.allSources,
                otherSourceSamples: overview.allSources ? overview.otherSourceCount : nil,
                habits: overview.reports.map {
                    .init(habit: $0.habit.rawValue, current: $0.current, longest: $0.longest, jokers: $0.jokers, today: $0.today.rawValue)
                }))
            return
        }
        Output.print(StreakText.lines(overview, style: .live).joined(separator: "\n"))
    }
}

enum HabitName {
    /// `meditate`, `workout`, `noalc` (also `alcohol`), with a suggestion on a typo.
    static func parse(_ text: String) throws -> Habit {
        let t = text.lowercased()
        if t == "alcohol" { return .noalc }
        guard let habit = Habit(rawValue: t) else {
            throw InputError.unknownHabit(text, suggestion: InputParsing.suggestion(for: t, in: Habit.allCases.map(\.rawValue)))
        }
        return habit
    }
}

enum StreakText {
    static func lines(_ overview: StreakOverview, style: Style) -> [String] {
        var lines = overview.reports.map { r -> String in
            let today: String = switch r.today {
            case .done: style.green("done")
            case .pending: style.yellow("pending")
            case .missed: style.red("missed")
            }
            let jokers = String(repeating: "◆", count: r.jokers) + String(repeating: "◇", count: StreakWalk.maximumJokers - r.jokers)
            return "\(r.habit.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) "
                + "\(style.bold(String(r.current).leftPadded(4))) day\(r.current == 1 ? " " : "s")  "
                + "longest \(String(r.longest).leftPadded(4))  jokers \(jokers)  today \(today)"
        }
        if let note = ReadOptions.sourcesNote(allSources: overview.allSources, count: overview.otherSourceCount) {
            lines.append(style.dim(note))
        }
        return lines
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}

struct Today: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "today", abstract: "Today's state, one line per habit.")

    @Flag(name: .long, help: "One short line for a status bar.")
    var short = false

    @OptionGroup var options: ReadOptions

    func run() throws {
        let (store, env) = try options.open()
        let overview = try store.streaks(env: env, allSources: options.allSources)
        let summary = try store.dailySummary(in: DayRange(day: env.today), calendar: env.calendar, allSources: options.allSources)
        let day = summary.summaries[0]
        if options.output.json {
            try Output.printJSON(TodayJSON(date: env.today.description, day: CalendarDayJSON(CalendarDay(day, settings: try store.fetchSettings())),
                                           habits: overview.reports.map { .init(habit: $0.habit.rawValue, today: $0.today.rawValue, current: $0.current) }))
            return
        }
        let mark: (TodayState) -> String = { $0 == .done ? "✓" : $0 == .missed ? "✗" : "…" }
        if short {
            Output.print(overview.reports.map { "\($0.habit.rawValue.prefix(1).uppercased())\(mark($0.today))\($0.current)" }.joined(separator: " "))
            return
        }
        let details: [Habit: String] = [
            .meditate: "\(TextRendering.number(day.meditateMinutes)) min",
            .workout: "\(TextRendering.number(day.workoutMinutes)) min, \(day.workouts) workout\(day.workouts == 1 ? "" : "s"), \(TextRendering.number(day.activeKcal)) kcal",
            .noalc: day.noalc?.rawValue ?? "no entry",
        ]
        var lines = overview.reports.map {
            "\($0.habit.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \($0.today.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(details[$0.habit] ?? "")  (streak \($0.current))"
        }
        if let note = ReadOptions.sourcesNote(allSources: overview.allSources, count: overview.otherSourceCount) { lines.append(note) }
        Output.print(lines.joined(separator: "\n"))
    }

    struct TodayJSON: Encodable {
        struct HabitJSON: Encodable {
            let habit: String
            let today: String
            let current: Int
        }

        let date: String
        let day: CalendarDayJSON
        let habits: [HabitJSON]
    }
}

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Fill an empty store with realistic, deterministic demo data.")

    @Option(name: .long, help: "How many days back (default 120).")
    var days: Int = 120

    @Option(name: .long, help: "The random seed: the same seed gives the same data (default 1).")
    var seed: UInt64 = 1

    @Flag(name: .long, help: "Add the data even when the store is not empty.")
    var force = false

    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard (1...36_500).contains(days) else { throw ValidationError("--days must be from 1 to 36500") }
    }

    func run() throws {
        let store = try store.open()
        let settings = try store.fetchSettings()
        let env = try LiveEnvironment.make(settings: settings)
        guard try force || store.isEmpty() else {
            throw ValidationError("the store \(store.path) already holds data; use --force to add demo data anyway, or --db for another file")
        }
        let batch = DemoGenerator(days: days, seed: seed).makeBatch(env: env, settings: settings)
        try store.insert(batch)
        Output.print("added \(batch.samples.count) samples and \(batch.workouts.count) workouts over \(days) days to \(store.path); try 'habit calendar' and 'habit streak'")
    }
}
