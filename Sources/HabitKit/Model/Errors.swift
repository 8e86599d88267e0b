import Foundation

/// What kind of failure an error is, so the executable can pick an exit status (sysexits).
public enum ErrorKind: Sendable {
    case usage          // 64
    case dataError      // 65
    case noInput        // 66
    case unavailable    // 69
    case cantCreate     // 73
    case ioError        // 74
    case permission     // 77
}

/// An error habit reports to a person: one sentence that says what is wrong and how to fix it.
public protocol HabitError: Error, CustomStringConvertible {
    var kind: ErrorKind { get }
}

/// Input a person typed that habit cannot accept.
public enum InputError: HabitError, Equatable {
    case invalidDuration(String, reason: String)
    case invalidTime(String)
    case invalidDay(String)
    case nonexistentLocalTime(String, timeZone: String, nextValid: String)
    case ambiguousLocalTime(String, timeZone: String, first: String, second: String)
    case inFuture(String, now: String)
    case unknownActivity(String, suggestion: String?)
    case unknownHabit(String, suggestion: String?)
    case invalidDrinks(String)
    case invalidSource(String)
    case invalidSetting(key: String, value: String, expected: String)
    case unknownSetting(String, suggestion: String?)
    case invalidMET(String)
    case invalidUUID(String)
    case invalidTimeZone(String)
    case invalidNow(String)
    case invalidWeekdays(String)
    case invalidClockTime(String)
    case invalidLookback(String)

    public var kind: ErrorKind { .usage }

    public var description: String {
        switch self {
        case .invalidDuration(let text, let reason):
            "invalid duration '\(text)': \(reason); write e.g. 10m, 1h30m, 90s, 1.5h or 10 (minutes)"
        case .invalidTime(let text):
            "invalid time '\(text)': write HH:MM (00:00–23:59), 'yesterday 21:00', 2025-10-01T07:30 or ISO 8601 with an offset"
        case .invalidDay(let text):
            "invalid day '\(text)': write today, yesterday, -N (N days ago) or an existing date YYYY-MM-DD"
        case .nonexistentLocalTime(let text, let tz, let next):
            "'\(text)' does not exist in \(tz) (the clocks skip it for daylight saving time); the first valid time after it is \(next) — give that, or an explicit offset"
        case .ambiguousLocalTime(let text, let tz, let first, let second):
            "'\(text)' happens twice in \(tz) (the clocks fall back); add an offset: \(first) for the first or \(second) for the second"
        case .inFuture(let text, let now):
            "'\(text)' is in the future (now is \(now)); habit only records what has happened"
        case .unknownActivity(let text, let suggestion):
            "unknown activity '\(text)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ".") + " Known: \(Activity.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownHabit(let text, let suggestion):
            "unknown habit '\(text)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ".") + " Known: meditate, workout, alcohol (noalc)"
        case .invalidDrinks(let text):
            "invalid drink count '\(text)': give a whole number of drinks (0, 1, 2, …) or a level: steady, easy, wild"
        case .invalidSource(let text):
            "invalid source '\(text)': give a reverse-DNS bundle id such as dev.habit.watch or com.example.app"
        case .invalidSetting(let key, let value, let expected):
            "invalid value '\(value)' for setting '\(key)': expected \(expected)"
        case .unknownSetting(let key, let suggestion):
            "unknown setting '\(key)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ".") + " Known: \(Settings.Key.allCases.map(\.rawValue).joined(separator: ", "))"
        case .invalidMET(let text):
            "invalid MET value '\(text)': give a number above 1 and at most 25 (metabolic equivalents)"
        case .invalidUUID(let text):
            "invalid UUID '\(text)': copy it from 'habit log list'"
        case .invalidTimeZone(let text):
            "unknown time zone '\(text)': give an IANA name such as Europe/Berlin or America/New_York"
        case .invalidClockTime(let text):
            "invalid time '\(text)': write HH:MM on the 24-hour clock, 00:00 to 23:59"
        case .invalidWeekdays(let text):
            "invalid days '\(text)': write daily, weekdays, weekends, mon-fri, sat,sun or a list like mon,wed,fri"
        case .invalidLookback(let text):
            "invalid look-back '\(text)': give whole hours from 1 to 24, e.g. 12h"
        case .invalidNow(let text):
            "HABIT_NOW='\(text)' is not ISO 8601 with an offset, e.g. 2025-10-26T10:00:00+01:00"
        }
    }
}

/// The closest candidate to `text` by edit distance, if it is close enough to be a useful hint.
func closestMatch(_ text: String, in candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
    let lowered = Array(text.lowercased())
    let scored = candidates.map { ($0, distance(lowered, Array($0))) }.min { $0.1 < $1.1 }
    guard let (best, score) = scored, score <= max(2, lowered.count / 3) else {
        return candidates.first { $0.hasPrefix(text.lowercased()) && !text.isEmpty }
    }
    return best
}
