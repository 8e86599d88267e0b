import ArgumentParser
import Foundation
import HabitKit

struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Read and change settings (weight, timezone, min-minutes, goals, week-start, grace).",
        subcommands: [Get.self, Set.self, Unset.self, ListSettings.self])

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get", abstract: "Print a setting's effective value.")
        @Argument var key: String
        @OptionGroup var store: StoreOptions

        func run() throws {
            let key = try Settings.Key(parsing: key)
            let settings = try store.open().fetchSettings()
            Output.print(settings.value(of: key) ?? "(not set)")
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Change a setting.")
        @Argument var key: String
        @Argument var value: String
        @OptionGroup var store: StoreOptions

        func run() throws {
            let key = try Settings.Key(parsing: key)
            var check = Settings()
            try check.apply(key, value)  // reject bad values before touching the store
            let stored = try store.open().saveSetting(key, value)
            Output.print("\(key.rawValue) = \(stored)")
        }
    }

    struct Unset: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unset", abstract: "Return a setting to its default.")
        @Argument var key: String
        @OptionGroup var store: StoreOptions

        func run() throws {
            let key = try Settings.Key(parsing: key)
            let store = try store.open()
            try store.removeSetting(key)
            Output.print("\(key.rawValue) = \(try store.fetchSettings().value(of: key) ?? "(not set)") (default)")
        }
    }

    struct ListSettings: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List every setting.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let settings = try store.open().fetchSettings()
            if output.json {
                var values: [String: String] = [:]
                for key in Settings.Key.allCases { values[key.rawValue] = settings.value(of: key) }
                try Output.printJSON(values)
                return
            }
            let width = Settings.Key.allCases.map(\.rawValue.count).max() ?? 0
            Output.print(Settings.Key.allCases.map { key in
                key.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + (settings.value(of: key) ?? "(not set)") + "    # " + key.expected
            }.joined(separator: "\n"))
        }
    }
}
