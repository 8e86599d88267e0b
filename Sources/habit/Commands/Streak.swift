import ArgumentParser
import HabitKit

/// `habit streak [--habit NAME | --tag T …] [--all-sources] [--json]`.
struct Streak: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "streak",
        abstract: "Current and longest streaks, jokers held, and today's state, per habit.",
        discussion: "Daily habits count days (jokers heal missed ones); week and month habits count periods.")

    @Option(name: .long, parsing: .unconditional, help: "Only this habit (a built-in or one of your own).",
            completion: HabitNameCompletion.any)
    var habit: String?

    @OptionGroup var tags: TagFilterOptions
    @OptionGroup var options: ReadOptions

    func run() throws {
        try Self.answer(habit: habit, tags: tags.tag, allSources: options.allSources, json: options.output.json,
                        location: options.store.location)
    }

    /// The command's work, for ``run()`` and for the plain forms ``FastRead`` reads.
    static func answer(habit: String?, tags: [String], allSources: Bool, json: Bool, location: StoreLocation) throws {
        try DegradedMode.answer(location) { wait in
            try location.snapshot(lockWait: wait, forExit: true) { store, env in  // the process ends after it
                let habits = try TagFilterOptions.chosen(tags: tags, store, named: habit, env: env)
                let overview = try store.read(.overview(habits, env: env, allSources: allSources))
                let asOf = env.calendar.iso8601(env.now)
                if json {
                    return .init(text: try Output.json(StreakJSON(overview, timeZone: env.timeZone)), kind: .json, asOf: asOf)
                }
                return .init(text: StreakText.lines(overview, style: .live).joined(separator: "\n"), kind: .text, asOf: asOf)
            }
        }
    }
}
