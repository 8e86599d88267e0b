import Foundation

/// The dates habit accepts from a person: `--at`, `--end`, `--date`, `--from`/`--to`, calendar
/// months and years, and `HABIT_NOW`.
///
/// One constant, ``days``: the local days `[1970-01-01, 2101-01-01)`. Instants are bounded by the
/// same dates read in UTC, `[1970-01-01T00:00:00Z, 2101-01-01T00:00:00Z)`. Outside them the
/// calendar arithmetic has nothing to offer a habit tracker and only invites overflow (year 0,
/// year 10000) and walks over centuries of empty days.
public enum SupportedDates {
    /// `[1970-01-01, 2101-01-01)`: the upper bound is the first day NOT supported.
    public static let days = DayRange(LocalDay(uncheckedYear: 1970, month: 1, day: 1),
                                      upTo: LocalDay(uncheckedYear: 2101, month: 1, day: 1))

    /// The years with every day supported: 1970...2100.
    public static var years: ClosedRange<Int> { days.lowerBound.year...(days.upperBound.year - 1) }

    /// ``days`` as instants in UTC: `[1970-01-01T00:00:00Z, 2101-01-01T00:00:00Z)`.
    public static var instants: InstantRange {
        InstantRange(Date(timeIntervalSince1970: Double(days.lowerBound.ordinal) * 86400),
                     upTo: Date(timeIntervalSince1970: Double(days.upperBound.ordinal) * 86400))
    }

    /// "from 1970-01-01 up to (not including) 2101-01-01", for messages.
    public static var summary: String { "from \(days.lowerBound) up to (not including) \(days.upperBound)" }

    public static func contains(_ day: LocalDay) -> Bool { days.contains(day) }
    public static func contains(_ instant: Date) -> Bool { instants.contains(instant) }
}
