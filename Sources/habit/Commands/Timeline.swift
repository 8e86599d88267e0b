import ArgumentParser
import HabitKit

/// `habit timeline [--days N] [--json]`.
struct Timeline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Newest first, grouped by day: sessions, workouts (with heart rate) and nights of sleep as Recovery.")

    @OptionGroup var period: DaysBackOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try store.snapshot { store, env in
            let timeline = try store.read(.timeline(days: period.range(today: env.today), calendar: env.calendar))
            if output.json {
                try Output.printJSON(TimelineJSON(timeline, calendar: env.calendar))
                return
            }
            guard !timeline.isEmpty else {
                Output.print(period.nothingMessage)
                return
            }
            Output.print(TimelineText.lines(timeline, today: env.today, calendar: env.calendar).joined(separator: "\n"))
        }
    }
}
