import ArgumentParser
import HabitKit

/// `habit score [NAME | --tag T …] [--json]`.
struct Score: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "score",
        abstract: "Habit strength, 0–100 %: Loop Habit Tracker's exponential smoothing of good days.",
        discussion: "Twenty good days from nothing give 66 %; a missed day lowers it, a skipped day leaves it.")

    @Argument(help: ArgumentHelp("Only this habit (default: every active habit).", valueName: "name"), completion: HabitNameCompletion.any)
    var name: String?

    @OptionGroup var tags: TagFilterOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try Self.answer(name: name, tags: tags.tag, json: output.json, location: store.location)
    }

    /// The command's work, for ``run()`` and for the plain forms ``FastRead`` reads.
    static func answer(name: String?, tags: [String], json: Bool, location: StoreLocation) throws {
        try location.snapshot(forExit: true) { store, env in  // the process ends after it
            let habits = try TagFilterOptions.chosen(tags: tags, store, named: name, env: env)
            let overview = try store.read(.overview(habits, env: env, scores: true))
            if json {
                try Output.printJSON(ScoreJSON(overview))
                return
            }
            Output.print(HabitText.scores(overview, style: .live).joined(separator: "\n"))
        }
    }
}
