import ArgumentParser
import HabitKit

/// `habit demo [--days N] [--seed S] [--force]`.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Fill an empty store with realistic, deterministic demo data.")

    @Option(name: .long, parsing: .unconditional, help: "How many days back (1–36500, default 120).", transform: DayCountValue.parse)
    var days = DayCountValue(days: 120)

    @Option(name: .long, help: "The random seed: the same seed gives the same data (default 1).")
    var seed: UInt64 = 1

    @Flag(name: .long, help: "Add the data even when the store is not empty.")
    var force = false

    @OptionGroup var store: StoreOptions

    func run() throws {
        let (store, env) = try store.writing()
        guard try force || store.read(.isEmpty) else { throw UsageError.storeNotEmpty(store.path) }
        let batch = DemoGenerator(days: days.days, seed: seed).makeBatch(env: env, settings: try store.read(.settings))
        try store.insert(batch)
        Output.print("added \(batch.samples.count) samples and \(batch.workouts.count) workouts over \(days.days) days to \(store.path); try 'habit calendar' and 'habit streak'")
    }
}
