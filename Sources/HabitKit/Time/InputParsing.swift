import Foundation

/// Parsers for what people type: durations, times and days. Pure functions of their input and
/// the injected environment; every rejection is an ``InputError`` that says how to write it.
public enum InputParsing {
    /// The longest duration a single log accepts.
    public static let maximumDuration: TimeInterval = 24 * 3600

    /// Parses `10m`, `1h30m`, `90s`, `1.5h` or a bare number of minutes (`10`) into seconds.
    ///
    /// - Throws: ``InputError/invalidDuration(_:reason:)`` for zero, negative, over 24 h or malformed input.
    public static func duration(_ text: String) throws(InputError) -> TimeInterval {
        let t = text.trimmedASCII.lowercased()
        guard !t.isEmpty else { throw .invalidDuration(text, reason: "it is empty") }
        if t.hasPrefix("-") { throw .invalidDuration(text, reason: "it is negative") }
        if t.contains(":") { throw .invalidDuration(text, reason: "a duration is not a clock time") }
        let bytes = Array(t.utf8)
        var total = 0.0
        var i = 0
        var sawUnit = false
        var lastRank = 0  // h 1, m 2, s 3: strictly rising, so each unit once and largest first
        while i < bytes.count {
            let start = i
            while i < bytes.count, (bytes[i] >= 48 && bytes[i] <= 57) || bytes[i] == UInt8(ascii: ".") { i += 1 }
            guard i > start, let number = Double(String(decoding: bytes[start..<i], as: UTF8.self)), number.isFinite else {
                throw .invalidDuration(text, reason: "expected a number")
            }
            if i == bytes.count {
                // A trailing bare number: minutes when alone; otherwise a missing unit.
                guard !sawUnit else { throw .invalidDuration(text, reason: "the last number has no unit (h, m or s)") }
                total += number * 60
                break
            }
            let unit = bytes[i]
            let rank: Int
            let factor: Double
            switch unit {
            case UInt8(ascii: "h"): rank = 1; factor = 3600
            case UInt8(ascii: "m"): rank = 2; factor = 60
            case UInt8(ascii: "s"): rank = 3; factor = 1
            default: throw .invalidDuration(text, reason: "unknown unit '\(Character(UnicodeScalar(unit)))'")
            }
            guard rank > lastRank else {
                throw .invalidDuration(text, reason: "write units once each, largest first (1h30m)")
            }
            lastRank = rank
            sawUnit = true
            total += number * factor
            i += 1
            if unit == UInt8(ascii: "m"), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "i"), bytes[i + 1] == UInt8(ascii: "n") {
                i += 2  // "min"
            }
        }
        let seconds = total.rounded()
        guard seconds > 0 else { throw .invalidDuration(text, reason: "it must be longer than zero") }
        guard seconds <= maximumDuration else { throw .invalidDuration(text, reason: "it is longer than 24 hours") }
        return seconds
    }

    /// Parses a day: `today`, `yesterday`, `-N` (N days ago), or `YYYY-MM-DD`, within
    /// ``SupportedDates``.
    public static func day(_ text: String, today: LocalDay) throws(InputError) -> LocalDay {
        try dayExpression(text).resolve(today: today, text: text)
    }

    /// Reads a day without resolving it: a relative day needs "today", which needs the clock.
    /// A date outside ``SupportedDates`` is refused here already.
    public static func dayExpression(_ text: String) throws(InputError) -> DayExpression {
        let t = text.trimmedASCII.lowercased()
        switch t {
        case "today": return .daysAgo(0)
        case "yesterday": return .daysAgo(1)
        default: break
        }
        if t.hasPrefix("-"), t.count > 1, t.utf8.dropFirst().allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            // More digits than a day count can have is still a day before 1970.
            guard t.count <= 7, let n = Int(t.dropFirst()), n <= 36_500 else { throw .unsupportedDate(text) }
            return .daysAgo(n)
        }
        guard let day = LocalDay(t) else { throw .invalidDay(text) }
        guard SupportedDates.contains(day) else { throw .unsupportedDate(text) }
        return .date(day)
    }

    /// Parses an instant: `HH:MM` (today), `yesterday 21:00`, `today 07:30`, `-2 08:00`,
    /// `YYYY-MM-DD HH:MM`, `YYYY-MM-DDTHH:MM[:SS]` (local), or ISO 8601 with an offset
    /// (`…+02:00`, `…Z`), within ``SupportedDates``.
    ///
    /// `today`, `yesterday` and `-N` are habit days, and the time is the one inside that day: a
    /// time before the day-start is on the next calendar date (with day-start 04:00, at 01:00,
    /// `23:30` is the 23:30 that just passed and `00:30` the one half an hour ago). A written date
    /// is the calendar date, as on the wall clock.
    ///
    /// A local time inside a DST gap, or one that happens twice, is rejected with the valid
    /// alternatives: habit never guesses which instant you meant.
    public static func instant(_ text: String, in env: HabitEnvironment) throws(InputError) -> Date {
        try timeExpression(text).resolve(in: env, text: text)
    }

    /// Reads an instant without resolving it (a local time needs the time zone and "today").
    /// Malformed text, and a written date outside ``SupportedDates``, are refused here already.
    public static func timeExpression(_ text: String) throws(InputError) -> TimeExpression {
        let t = text.trimmedASCII
        if let parsed = Timestamp.parse(t) {
            if let instant = parsed.instant {
                guard SupportedDates.contains(instant) else { throw .unsupportedDate(text) }
                return .instant(instant)
            }
            guard SupportedDates.contains(parsed.day) else { throw .unsupportedDate(text) }
            return .local(.date(parsed.day), parsed.time, fraction: parsed.fraction)
        }
        let parts = t.split(separator: " ", omittingEmptySubsequences: true)
        let dayPart: DayExpression
        let timePart: Substring
        switch parts.count {
        case 1:
            dayPart = .daysAgo(0)
            timePart = parts[0]
        case 2:
            do { dayPart = try dayExpression(String(parts[0])) } catch {
                if case .unsupportedDate = error { throw .unsupportedDate(text) }
                throw .invalidTime(text)
            }
            timePart = parts[1]
        default:
            throw .invalidTime(text)
        }
        guard let time = LocalTime(timePart) else { throw .invalidTime(text) }
        return .local(dayPart, time, fraction: 0)
    }

    static func resolveLocal(_ day: LocalDay, _ time: LocalTime, text: String, calendar: HabitCalendar,
                                     fraction: Double) throws(InputError) -> Date {
        switch calendar.resolve(day, time) {
        case .unique(let d): return d.addingTimeInterval(fraction)
        case .skipped(let next):
            throw .nonexistentLocalTime(text, timeZone: calendar.timeZone.identifier, nextValid: calendar.iso8601(next))
        case .repeated(let first, let second):
            throw .ambiguousLocalTime(text, timeZone: calendar.timeZone.identifier,
                                      first: calendar.iso8601(first), second: calendar.iso8601(second))
        }
    }

    /// Parses a whole, non-negative number of drinks, or a level name (steady, easy, wild).
    public static func noAlcLevel(_ text: String) throws(InputError) -> (level: NoAlcLevel, drinks: Int?) {
        let t = text.trimmedASCII.lowercased()
        if let level = NoAlcLevel(rawValue: t) { return (level, nil) }
        guard !t.isEmpty, t.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), t.count <= 4, let n = Int(t) else {
            throw .invalidDrinks(text)
        }
        return (NoAlcLevel(drinks: n), n)
    }

    /// Parses `HABIT_NOW`: ISO 8601 with an offset, within ``SupportedDates``.
    public static func now(_ text: String) throws(InputError) -> Date {
        guard let parsed = Timestamp.parse(text.trimmedASCII), let instant = parsed.instant else {
            throw .invalidNow(text)
        }
        guard SupportedDates.contains(instant) else { throw .inArgument("HABIT_NOW", .unsupportedDate(text)) }
        return instant
    }
}

/// A day as written, before "today" is known: `today`/`yesterday`/`-N`, or a date.
public enum DayExpression: Hashable, Sendable {
    case daysAgo(Int)
    case date(LocalDay)

    /// The day meant, given `today`; a relative day that lands outside ``SupportedDates`` is
    /// refused (`text` names it in the error).
    public func resolve(today: LocalDay, text: String) throws(InputError) -> LocalDay {
        switch self {
        case .date(let day): return day
        case .daysAgo(let n):
            let day = today.adding(days: -n)
            guard SupportedDates.contains(day) else { throw .unsupportedDate(text) }
            return day
        }
    }
}

/// An instant as written, before the time zone and "today" are known.
public enum TimeExpression: Hashable, Sendable {
    /// Written with an offset: already one instant.
    case instant(Date)
    /// A wall-clock time on a day, in the user's time zone.
    case local(DayExpression, LocalTime, fraction: Double)

    /// The instant meant, in `env`'s time zone and relative to its today. A local time in a DST
    /// gap or a repeated hour is refused with the valid alternatives; `text` names the input.
    public func resolve(in env: HabitEnvironment, text: String) throws(InputError) -> Date {
        switch self {
        case .instant(let date): return date
        case .local(let dayExpression, let time, let fraction):
            var day = try dayExpression.resolve(today: env.today, text: text)
            // A relative day is a habit day: its times before the day-start are on the next date.
            if case .daysAgo = dayExpression, time < env.dayStart { day = day.adding(days: 1) }
            let date = try InputParsing.resolveLocal(day, time, text: text, calendar: env.calendar, fraction: fraction)
            guard SupportedDates.contains(date) else { throw .unsupportedDate(text) }
            return date
        }
    }
}

extension InputParsing {
    /// The closest of `candidates` to `text`, when close enough to suggest.
    public static func suggestion(for text: String, in candidates: [String]) -> String? {
        closestMatch(text, in: candidates)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (cheaper than Foundation's
    /// CharacterSet trimming, which shows up in the start-up profile).
    var trimmedASCII: String {
        var scalars = Substring(self).unicodeScalars[...]
        while let f = scalars.first, f == " " || f == "\t" { scalars.removeFirst() }
        while let l = scalars.last, l == " " || l == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
