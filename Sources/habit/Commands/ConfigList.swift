import ArgumentParser
import HabitKit

/// `habit config list [--json]`: every setting with what it accepts.
struct ConfigList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List every setting.")

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let settings = try store.openForReading().read(.settings)
        if output.json {
            try Output.printJSON(ConfigJSON(settings))
            return
        }
        let keys = Settings.Key.allCases.map { ($0, escapingControlCharacters(settings.shown($0))) }
        let width = keys.map(\.0.rawValue.count).max() ?? 0, valueWidth = keys.map { Width.of($0.1) }.max() ?? 0
        // `key  value  # what it accepts`, the comment wrapped under itself to fit the terminal.
        Output.print(keys.flatMap { key, value in
            let head = key.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + Width.pad(value, to: valueWidth) + "  "
            return Width.hanging(head + "# ", key.expected, indent: String(repeating: " ", count: Width.of(head)) + "# ")
        }.joined(separator: "\n"))
    }
}
