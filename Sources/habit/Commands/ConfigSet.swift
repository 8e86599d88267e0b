import ArgumentParser
import HabitKit

/// `habit config set KEY VALUE`.
struct ConfigSet: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "Change a setting.")

    @OptionGroup var key: SettingKeyArgument

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The new value (see 'habit config list').", valueName: "value"))
    var words: [String] = []

    @OptionGroup var store: StoreOptions

    /// The value, checked for the key (a negative number is a value here, and refused as one).
    func value() throws -> String {
        guard words.count == 1 else {
            throw ValidationError(words.isEmpty ? "give a value, e.g. 'habit config set weight 72'"
                                                : "give one value (got \(words.count) words); quote a value with spaces")
        }
        var check = Settings()
        do { try check.apply(key.key, words[0]) } catch {
            throw ArgumentRefusal(error: error).validationError(value: words[0], name: "<value>")
        }
        return words[0]
    }

    func validate() throws { _ = try value() }

    func run() throws {
        let value = try value()
        let now = try LiveEnvironment.now()
        let stored = try store.openForWriting().setSetting(key.key, to: value, at: now)
        Output.print("\(key.key.rawValue) = \(stored ?? value)")
    }
}
