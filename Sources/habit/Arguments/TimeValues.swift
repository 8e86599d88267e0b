import ArgumentParser
import Foundation
import HabitKit

/// A duration: `10m`, `1h30m`, `90s`, `1.5h`, or a bare number of minutes; more than zero, at most 24 h.
struct DurationValue: ArgumentValue {
    let seconds: TimeInterval

    init(parsing text: String) throws(InputError) { seconds = try InputParsing.duration(text) }
}

/// An instant as written (`07:30`, `yesterday 21:00`, `-2 08:00`, `2025-10-01T07:30`, ISO 8601
/// with an offset); resolved once the time zone and "today" are known.
struct TimeValue: ArgumentValue {
    let text: String
    let expression: TimeExpression

    init(parsing text: String) throws(InputError) {
        self.text = text
        expression = try InputParsing.timeExpression(text)
    }

    /// The instant, in `env`'s time zone; refuses DST gaps, repeated hours and unsupported dates.
    func instant(in env: HabitEnvironment) throws(InputError) -> Date { try expression.resolve(in: env, text: text) }
}

/// A day as written (`today`, `yesterday`, `-N`, `YYYY-MM-DD`); resolved once "today" is known.
struct DayValue: ArgumentValue {
    let text: String
    let expression: DayExpression

    init(parsing text: String) throws(InputError) {
        self.text = text
        expression = try InputParsing.dayExpression(text)
    }

    func day(today: LocalDay) throws(InputError) -> LocalDay { try expression.resolve(today: today, text: text) }
}

/// A wall-clock time of day, exactly `HH:MM`.
struct ClockTimeValue: ArgumentValue {
    let time: LocalTime

    init(parsing text: String) throws(InputError) {
        guard text.utf8.count == 5, let t = LocalTime(text) else { throw .invalidClockTime(text) }
        time = t
    }
}

/// A reminder's look-back window: whole hours 1–24, `12` or `12h`.
struct LookbackValue: ArgumentValue {
    let hours: Int

    init(parsing text: String) throws(InputError) {
        let t = text.lowercased().hasSuffix("h") ? String(text.dropLast()) : text
        guard t.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let h = Int(t), (1...24).contains(h) else {
            throw .invalidLookback(text)
        }
        hours = h
    }
}

/// `--days N`: a whole number of days, 1–36500.
struct DayCountValue: ArgumentValue {
    let days: Int

    init(days: Int) { self.days = days }

    init(parsing text: String) throws(InputError) {
        guard !text.isEmpty, text.utf8.count <= 5, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let n = Int(text), (1...36_500).contains(n) else { throw .invalidDayCount(text) }
        days = n
    }

    var defaultValueDescription: String { String(days) }
}
