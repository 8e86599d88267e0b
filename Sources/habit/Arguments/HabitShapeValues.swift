import ArgumentParser
import HabitKit

/// `--per day|week|month`.
extension HabitDefinition.Period: ExpressibleByArgument {}

extension DayValue {
    /// The day, with an error that names `option` when it cannot be one.
    func day(today: LocalDay, in option: String) throws(InputError) -> LocalDay {
        do throws(InputError) { return try day(today: today) } catch { throw .inArgument(option, error) }
    }
}
