import ArgumentParser
import HabitKit

/// The KEY of `habit config get|set|unset`: a setting's name, checked while parsing.
struct SettingKeyArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The setting's name.", valueName: "key"), transform: SettingKeyValue.parse)
    var value: SettingKeyValue

    var key: Settings.Key { value.key }
}
