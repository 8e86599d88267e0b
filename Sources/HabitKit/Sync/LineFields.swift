import Foundation

/// A line of a sync file or an interchange file that is not one of habit's, or has a field habit
/// does not take: `reason` says which, in one line.
public struct InterchangeJSONFailure: Error, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }

    /// A decoding error in one line: the key path and what was expected, without Foundation's noise.
    public static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "\"\(key.stringValue)\" is missing"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c), DecodingError.dataCorrupted(let c):
            c.codingPath.isEmpty ? "not JSON" : "\"\(c.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        default: "not JSON"
        }
    }
}

/// The fields of sync and interchange lines, written and checked: each check names the key that
/// is wrong.
public enum InterchangeField {
    /// An instant as a line writes it: with the offset of `calendar`'s zone at that instant, and
    /// its microseconds when it has any.
    public static func text(of instant: Date, _ calendar: HabitCalendar) -> String {
        Timestamp.formatPrecise(instant, offsetSeconds: calendar.utcOffset(at: instant))
    }

    /// ``text(of:_:)``'s bytes appended to `bytes`.
    public static func append(_ instant: Date, _ calendar: HabitCalendar, to bytes: inout [UInt8]) {
        Timestamp.appendPrecise(instant, offsetSeconds: calendar.utcOffset(at: instant), to: &bytes)
    }

    public static func instant(_ text: String, _ key: String) throws(InterchangeJSONFailure) -> Date {
        guard let parsed = Timestamp.parse(text), parsed.offsetSeconds != nil, let instant = parsed.instant,
              SupportedDates.contains(instant) else {
            throw InterchangeJSONFailure("\"\(key)\" is not an instant with an offset from 1970 to 2100: \(quoted(text))")
        }
        return instant
    }

    public static func uuid(_ text: String, _ key: String) throws(InterchangeJSONFailure) -> UUID {
        guard let uuid = UUID(text: text) else { throw InterchangeJSONFailure("\"\(key)\" is not a UUID: \(quoted(text))") }
        return uuid
    }

    public static func text(_ value: String, _ key: String, limit: Int = 1024, emptyAllowed: Bool = false) throws(InterchangeJSONFailure) -> String {
        guard emptyAllowed || !value.isEmpty, value.utf8.count <= limit,
              !holdsControlCharacter(value) else {
            throw InterchangeJSONFailure("\"\(key)\" is empty, too long or holds control characters")
        }
        return value
    }

    /// `sourceName` and the object's own `sourceVersion` (which may be empty, never hold a control character).
    public static func sourceDescription(_ name: String, _ version: String?) throws(InterchangeJSONFailure) -> SourceDescription {
        if let version, version.utf8.count > 1024 || holdsControlCharacter(version) {
            throw InterchangeJSONFailure("\"sourceVersion\" is too long or holds control characters")
        }
        return SourceDescription(name: try text(name, "sourceName"), version: version)
    }

    /// Whether `text` holds a character of Unicode's category Cc — C0, DEL or C1 — read from its
    /// UTF-8 (C1 is 0xC2 followed by 0x80…0x9F) rather than asking each scalar its category,
    /// which cost a sync or import of many lines more than reading them (issue 28).
    static func holdsControlCharacter(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { b in
            guard let base = b.baseAddress else { return false }
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            var i = 0
            while i < b.count {
                // Eight bytes at once when none is below 0x20, DEL or 0xC2 (the test may say yes for
                // other bytes too: those eight are then looked at one by one).
                if i + 8 <= b.count {
                    let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    let x = w ^ (ones &* 0x7F), y = w ^ (ones &* 0xC2)
                    if ((w &- ones &* 0x20) & ~w & highs) | ((x &- ones) & ~x & highs) | ((y &- ones) & ~y & highs) == 0 {
                        i += 8
                        continue
                    }
                }
                for j in i..<min(i + 8, b.count) {
                    let c = b[j]
                    if c < 0x20 || c == 0x7F || (c == 0xC2 && j + 1 < b.count && b[j + 1] < 0xA0) { return true }
                }
                i += 8
            }
            return false
        }
    }

    public static func source(_ text: String) throws(InterchangeJSONFailure) -> SourceID {
        do { return try SourceID(interchange: text) } catch { throw InterchangeJSONFailure("\"source\" is not a source id: \(quoted(text))") }
    }
}
