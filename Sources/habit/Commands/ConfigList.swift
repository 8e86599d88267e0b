import ArgumentParser
import HabitKit

/// `habit config list [--json]`: every setting with what it accepts.
struct ConfigList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List every setting.")

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let settings = try store.openForReading().fetchSettings()
        if output.json {
            try Output.printJSON(ConfigJSON(settings))
            return
        }
        let width = Settings.Key.allCases.map(\.rawValue.count).max() ?? 0
        Output.print(Settings.Key.allCases.map { key in
            key.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + (settings.value(of: key) ?? "(not set)") + "    # " + key.expected
        }.joined(separator: "\n"))
    }
}
