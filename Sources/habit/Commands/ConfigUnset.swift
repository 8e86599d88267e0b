import ArgumentParser
import HabitKit

/// `habit config unset KEY`: back to the default.
struct ConfigUnset: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unset", abstract: "Return a setting to its default.")

    @OptionGroup var key: SettingKeyArgument

    @OptionGroup var store: StoreOptions

    func run() throws {
        let key = key.key
        var settings = Settings()  // nothing stored, nothing to remove: the defaults
        if try store.existsForWriting() {
            let now = try LiveEnvironment.now()
            let store = try store.openForWriting()
            try store.setSetting(key, to: nil, at: now)
            settings = try store.read(.settings)
        }
        Output.print("\(key.rawValue) = \(settings.shown(key)) (default)")
    }
}
