import ArgumentParser
import HabitKit

/// `habit config unset KEY`: back to the default.
struct ConfigUnset: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unset", abstract: "Return a setting to its default.")

    @OptionGroup var key: SettingKeyArgument

    @OptionGroup var store: StoreOptions

    func run() throws {
        let key = key.key
        guard store.exists else {  // nothing stored, nothing to remove
            Output.print("\(key.rawValue) = \(Settings().value(of: key) ?? "(not set)") (default)")
            return
        }
        let now = try LiveEnvironment.now()
        let store = try store.openForWriting()
        try store.setSetting(key, to: nil, at: now)
        Output.print("\(key.rawValue) = \(try store.read(.settings).value(of: key) ?? "(not set)") (default)")
    }
}
