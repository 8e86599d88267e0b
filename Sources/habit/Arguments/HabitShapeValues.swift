import ArgumentParser
import HabitKit

/// `--per day|week|month|N-days` of `habit add` and `habit edit` (N days in any N, N from 2 to 365).
extension HabitDefinition.Period: ArgumentValue {
    public init?(argument: String) {
        guard let value = try? Self(parsing: argument) else { return nil }
        self = value
    }

    public var defaultValueDescription: String { text }
}

/// `habit stats --per day|week|month`: a bucket is a calendar period, never a window of days.
struct StatsPeriod: ArgumentValue {
    let period: HabitDefinition.Period

    init(parsing text: String) throws(InputError) {
        guard let period = try? HabitDefinition.Period(parsing: text), period.days == nil else {
            throw .invalidPeriod(text, calendarOnly: true)
        }
        self.period = period
    }

    static var allValueStrings: [String] { HabitDefinition.Period.calendar.map(\.name) }
}

extension DayValue {
    /// The day, with an error that names `option` when it cannot be one.
    func day(today: LocalDay, in option: String) throws(InputError) -> LocalDay {
        do throws(InputError) { return try day(today: today) } catch { throw .inArgument(option, error) }
    }
}
