import ArgumentParser
import HabitKit

/// Options shared by the logging commands.
struct LogOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional,
            help: "Record it as coming from this source: dev.habit (default), dev.habit.watch, com.example.app …",
            transform: SourceValue.parse)
    var source = SourceValue(source: .app)

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions
}
