import ArgumentParser
import HabitKit

/// Options of every command that reads the daily summary.
struct ReadOptions: ParsableArguments {
    /// The flag's name, read by ``FastRead`` too.
    static let allSourcesFlag = "all-sources"

    @Flag(name: .customLong(Self.allSourcesFlag), help: "Count samples from every source, not only habit's own (the output says how many).")
    var allSources = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions
}
