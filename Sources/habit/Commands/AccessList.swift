import ArgumentParser
import HabitKit

/// `habit access list [--json]`.
struct AccessList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Each data type with its read and write access.")

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (store, env) = try store.reading()
        let entries = try store.read(.access(env: env))
        if output.json {
            try Output.printJSON(entries.map(AccessJSON.init))
            return
        }
        let width = entries.map { Width.of(escapingControlCharacters($0.name)) }.max() ?? 0
        Output.print(entries.map { e in
            Width.pad(escapingControlCharacters(e.name), to: width) + "  read " + (e.read ? "yes" : "no ") + "  write " + (e.write ? "yes" : "no ")
                + "  " + e.origin.rawValue + (e.name == e.type ? "" : "  " + escapingControlCharacters(e.type))
        }.joined(separator: "\n"))
    }
}
