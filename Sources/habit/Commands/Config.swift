import ArgumentParser
import HabitKit

/// `habit config get|set|unset|list`: the settings.
struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Read and change settings (weight, timezone, min-minutes, goals, week-start, grace).",
        subcommands: [ConfigGet.self, ConfigSet.self, ConfigUnset.self, ConfigList.self])
}

extension Settings {
    /// A setting's effective value as `habit config get|list|unset` shows it: `(not set)` when it
    /// has none.
    func shown(_ key: Key) -> String { value(of: key) ?? "(not set)" }
}
