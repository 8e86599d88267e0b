import Foundation

/// What kind of failure an error is, so the executable can pick an exit status (sysexits).
public enum ErrorKind: Sendable, CaseIterable {
    case usage          // 64
    case dataError      // 65
    case noInput        // 66
    case unavailable    // 69
    case cantCreate     // 73
    case ioError        // 74
    case tempFail       // 75: saved, to be done later (the pending journal)
    case permission     // 77

    /// The exit status of a failure of this kind: the only statuses habit exits with besides 0
    /// (the man page lists them from scripts/exit-status, which `ExitStatusListTests` holds to these).
    public var exitStatus: Int32 {
        switch self {
        case .usage: 64
        case .dataError: 65
        case .noInput: 66
        case .unavailable: 69
        case .cantCreate: 73
        case .ioError: 74
        case .tempFail: 75
        case .permission: 77
        }
    }
}

/// An error habit reports to a person: one sentence that says what is wrong and how to fix it.
public protocol HabitError: Error, CustomStringConvertible {
    var kind: ErrorKind { get }
}

/// Input a person typed that habit cannot accept.
///
/// `description` is the whole sentence ("invalid duration '-5m': it is negative; write …");
/// `explanation` is the part after the value, for messages that already name the argument and
/// the value (ArgumentParser's "the value '-5m' is invalid for '<duration>': …"). Every piece of
/// user text is quoted with ``quoted(_:)``, so a message stays one line.
public enum InputError: HabitError, Equatable {
    case invalidDuration(String, reason: String)
    case invalidTime(String)
    case invalidDay(String)
    case nonexistentLocalTime(String, timeZone: String, nextValid: String)
    case ambiguousLocalTime(String, timeZone: String, first: String, second: String)
    case inFuture(String, now: String)
    case unknownActivity(String, suggestion: String?)
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
    /// A date or instant outside ``SupportedDates`` (1970-01-01 up to, not including, 2101-01-01).
    case unsupportedDate(String)
    case invalidMonth(String)
    case invalidYear(String)
    case invalidReminderID(String)
    case invalidDayCount(String)
    case invalidAnchor(String)
    case invalidAnchorName(String)
    /// `--per` that is neither a day, week or month nor N days (`calendarOnly`: `habit stats`,
    /// whose buckets are a day, week or month).
    case invalidPeriod(String, calendarOnly: Bool = false)
    /// `error`, found in the value of the option or argument `name` (`--at`, `<duration>`).
    indirect case inArgument(String, InputError)

    public var kind: ErrorKind { .usage }

    public var description: String {
        switch self {
        case .invalidDuration(let text, _): "invalid duration \(quoted: text): \(explanation)"
        case .invalidTime(let text): "invalid time \(quoted: text): \(explanation)"
        case .invalidDay(let text): "invalid day \(quoted: text): \(explanation)"
        case .nonexistentLocalTime(let text, _, _), .ambiguousLocalTime(let text, _, _, _), .inFuture(let text, _),
             .unsupportedDate(let text):
            "\(quoted: text) \(predicate)"
        case .unknownActivity(let text, _): "unknown activity \(quoted: text); \(explanation)"
        case .invalidDrinks(let text): "invalid drink count \(quoted: text): \(explanation)"
        case .invalidSource(let text): "invalid source \(quoted: text): \(explanation)"
        case .invalidSetting(let key, let value, _): "invalid value \(quoted: value) for setting \(quoted: key): \(explanation)"
        case .unknownSetting(let key, _): "unknown setting \(quoted: key); \(explanation)"
        case .invalidMET(let text): "invalid MET value \(quoted: text): \(explanation)"
        case .invalidUUID(let text): "invalid entry id \(quoted: text): \(explanation)"
        case .invalidTimeZone(let text): "unknown time zone \(quoted: text): \(explanation)"
        case .invalidClockTime(let text): "invalid time \(quoted: text): \(explanation)"
        case .invalidWeekdays(let text): "invalid days \(quoted: text): \(explanation)"
        case .invalidLookback(let text): "invalid look-back \(quoted: text): \(explanation)"
        case .invalidNow(let text): "HABIT_NOW=\(quoted: text) is not ISO 8601 with an offset; \(explanation)"
        case .invalidMonth(let text): "invalid month \(quoted: text): \(explanation)"
        case .invalidYear(let text): "invalid year \(quoted: text): \(explanation)"
        case .invalidReminderID(let text): "invalid reminder number \(quoted: text): \(explanation)"
        case .invalidDayCount(let text): "invalid number of days \(quoted: text): \(explanation)"
        case .invalidAnchor(let text): "invalid anchor \(quoted: text): \(explanation)"
        case .invalidAnchorName(let text): "invalid anchor name \(quoted: text): \(explanation)"
        case .invalidPeriod(let text, _): "invalid period \(quoted: text): \(explanation)"
        case .inArgument(let name, let error): "\(name): \(error.description)"
        }
    }

    /// What is wrong with the value and what would be accepted, without the value itself.
    public var explanation: String {
        switch self {
        case .invalidDuration(_, let reason):
            "\(reason); write e.g. 10m, 1h30m, 90s, 1.5h or 10 (minutes), at most 24h"
        case .invalidTime:
            "write HH:MM (00:00–23:59), 'yesterday 21:00', '-2 08:00', 2025-10-01T07:30 or ISO 8601 with an offset"
        case .invalidDay:
            "write today, yesterday, -N (N days ago) or an existing date YYYY-MM-DD"
        case .nonexistentLocalTime, .ambiguousLocalTime, .inFuture, .unsupportedDate:
            "it " + predicate
        case .unknownActivity(_, let suggestion):
            Self.suggesting(suggestion) + "\(Activity.allCases.map(\.rawValue).joined(separator: ", "))"
        case .invalidDrinks:
            "give a whole number of drinks (0, 1, 2, …, at most 9999) or a level: steady, easy, wild"
        case .invalidSource:
            "give a reverse-DNS bundle id such as dev.habit.watch or com.example.app"
        case .invalidSetting(_, _, let expected):
            "expected \(expected)"
        case .unknownSetting(_, let suggestion):
            Self.suggesting(suggestion) + "\(Settings.Key.allCases.map(\.rawValue).joined(separator: ", "))"
        case .invalidMET:
            "give a number above 1 and at most 25 (metabolic equivalents)"
        case .invalidUUID:
            "give the entry's full UUID or at least its first 8 hex digits (0-9, a-f; dashes only where the UUID has them), as 'habit log list' shows"
        case .invalidTimeZone:
            "give an IANA name such as Europe/Berlin or America/New_York"
        case .invalidClockTime:
            "write HH:MM on the 24-hour clock, 00:00 to 23:59"
        case .invalidWeekdays:
            "write daily, weekdays, weekends, or day names (mon or monday …) as a range (mon-fri), a list (mon,wed,fri) or separated by spaces"
        case .invalidLookback:
            "give whole hours from 1 to 24, e.g. 12h"
        case .invalidNow:
            "write e.g. 2025-10-26T10:00:00+01:00"
        case .invalidMonth:
            "write YYYY-MM, e.g. 2025-10, from \(SupportedDates.years.lowerBound)-01 to \(SupportedDates.years.upperBound)-12"
        case .invalidYear:
            "write YYYY, e.g. 2025, from \(SupportedDates.years.lowerBound) to \(SupportedDates.years.upperBound)"
        case .invalidReminderID:
            "give a reminder's number (1 or more) as 'habit remind list' shows it"
        case .invalidDayCount:
            "give a whole number of days from 1 to 36500"
        case .invalidAnchor:
            "give a whole number, 0 or more (0: everything)"
        case .invalidAnchorName:
            "use 1 to 64 letters, digits, '-', '_' and '.'"
        case .invalidPeriod(_, let calendarOnly):
            calendarOnly ? "write day, week or month"
                : "write day, week, month or N-days, N from \(HabitDefinition.Period.windowLengths.lowerBound) to "
                    + "\(HabitDefinition.Period.windowLengths.upperBound) (--times 2 --per 3-days: 2 days in any 3)"
        case .inArgument(_, let error):
            error.explanation
        }
    }

    /// What is said of the value in the cases whose sentence starts with it ("'02:30' does not exist …").
    private var predicate: String {
        switch self {
        case .nonexistentLocalTime(_, let tz, let next):
            "does not exist in \(tz) (the clocks skip it for daylight saving time); the first valid time after it is \(next) — give that, or an explicit offset"
        case .ambiguousLocalTime(_, let tz, let first, let second):
            "happens twice in \(tz) (the clocks fall back); add an offset: \(first) for the first or \(second) for the second"
        case .inFuture(_, let now):
            "is in the future (now is \(now)); habit only records what has happened"
        default:
            "is outside the dates habit supports, \(SupportedDates.summary)"
        }
    }

    /// "did you mean 'x'? Known: " or "known: ", before the list of known names.
    private static func suggesting(_ suggestion: String?) -> String {
        suggestion.map { "did you mean \(quoted: $0)? Known: " } ?? "known: "
    }
}

/// User text as a message shows it: in single quotes, with control characters escaped (`\n`,
/// `\t`, `\u{1B}`), so an error stays one line and never drives the terminal.
public func quoted(_ text: some StringProtocol) -> String {
    "'" + escapingControlCharacters(text) + "'"
}

/// `n` and its noun, as a message says it: "1 entry", "3 skips" (`plural` where it is not the
/// noun and an s).
public func counting(_ n: some BinaryInteger, _ noun: String, plural: String? = nil) -> String {
    "\(n) \(n == 1 ? noun : plural ?? noun + "s")"
}

/// `text` with every control character (C0, DEL, C1, and the Unicode line and paragraph
/// separators) and every bidi control (``isBidiControl(_:)``) written as an escape: `\n`, `\r`,
/// `\t`, else `\u{…}`. Other text is unchanged.
public func escapingControlCharacters(_ text: some StringProtocol) -> String {
    escapingControlCharacters(text, limit: .max, backslashes: false)
}

/// The one escaper: ``escapingControlCharacters(_:)``, with `backslashes` a backslash too (`\\`,
/// so that an escape can be told from text that looks like one), and after `limit` characters
/// the rest cut, shown as `…`.
public func escapingControlCharacters(_ text: some StringProtocol, limit: Int, backslashes: Bool) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(min(limit, text.unicodeScalars.count))
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit { out += "…"; break }
        count += 1
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\\" where backslashes: out += "\\\\"
        case _ where isControlCharacter(scalar) || isBidiControl(scalar):
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// A control character: C0, DEL, C1, or the Unicode line and paragraph separators — what may
/// never reach a terminal raw, and what text a person types may not hold.
public func isControlCharacter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
}

/// The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): text
/// from a file that holds one would reorder what a terminal shows after it (`‮` turns the rest
/// of the line around), so the escaper writes them as escapes too.
public func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
}

extension DefaultStringInterpolation {
    /// `"unknown habit \(quoted: text)"`: the text in single quotes, control characters escaped.
    public mutating func appendInterpolation(quoted text: some StringProtocol) {
        appendLiteral(HabitKit.quoted(text))
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
