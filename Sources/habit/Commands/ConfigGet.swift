import ArgumentParser
import HabitKit

/// `habit config get KEY`: a setting's effective value.
struct ConfigGet: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "get", abstract: "Print a setting's effective value.")

    @OptionGroup var key: SettingKeyArgument

    @OptionGroup var store: StoreOptions

    func run() throws {
        let settings = try store.openForReading().read(.settings)
        Output.print(settings.shown(key.key))
    }
}
