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
        Timestamp.formatPrecise(instant, offsetSeconds: calendar.timeZone.secondsFromGMT(for: instant))
    }

    public static func instant(_ text: String, _ key: String) throws(InterchangeJSONFailure) -> Date {
        guard let parsed = Timestamp.parse(text), parsed.offsetSeconds != nil, let instant = parsed.instant,
              SupportedDates.contains(instant) else {
            throw InterchangeJSONFailure("\"\(key)\" is not an instant with an offset from 1970 to 2100: \(quoted(text))")
        }
        return instant
    }

    public static func uuid(_ text: String, _ key: String) throws(InterchangeJSONFailure) -> UUID {
        guard let uuid = UUID(uuidString: text) else { throw InterchangeJSONFailure("\"\(key)\" is not a UUID: \(quoted(text))") }
        return uuid
    }

    public static func text(_ value: String, _ key: String, limit: Int = 1024) throws(InterchangeJSONFailure) -> String {
        guard !value.isEmpty, value.utf8.count <= limit,
              !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw InterchangeJSONFailure("\"\(key)\" is empty, too long or holds control characters")
        }
        return value
    }

    /// `sourceName` and the object's own `sourceVersion` (which may be empty, never hold a control character).
    public static func sourceDescription(_ name: String, _ version: String?) throws(InterchangeJSONFailure) -> SourceDescription {
        if let version, version.utf8.count > 1024 || version.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw InterchangeJSONFailure("\"sourceVersion\" is too long or holds control characters")
        }
        return SourceDescription(name: try text(name, "sourceName"), version: version)
    }

    public static func source(_ text: String) throws(InterchangeJSONFailure) -> SourceID {
        do { return try SourceID(interchange: text) } catch { throw InterchangeJSONFailure("\"source\" is not a source id: \(quoted(text))") }
    }
}
