import ArgumentParser
import HabitKit

/// `--days N`: the last N days, today included.
struct DaysBackOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: "How many days back, today included (1–36500, default 7).",
            transform: DayCountValue.parse)
    var days = DayCountValue(days: 7)

    /// `[today − (N − 1), tomorrow)`.
    func range(today: LocalDay) -> DayRange { DayRange(today.adding(days: 1 - days.days), upTo: today.adding(days: 1)) }

    var nothingMessage: String { "nothing in the last \(counting(days.days, "day"))" }
}
