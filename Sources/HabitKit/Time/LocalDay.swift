import Foundation

/// A calendar day (year, month, day) with no time zone attached.
///
/// Day arithmetic is pure civil-calendar arithmetic (proleptic Gregorian), so "the next day" is
/// always the next date, never "+ 86400 seconds". Turning a day into instants needs a
/// ``HabitCalendar``.
public struct LocalDay: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    /// Days since 1970-01-01 (negative before): the one stored number, so that the walks over
    /// thousands of days (streaks, calendars) add, compare and index days without calendar
    /// arithmetic; year, month and day are derived when asked for.
    public let ordinal: Int

    public var year: Int { civil.year }
    public var month: Int { civil.month }
    public var day: Int { civil.day }

    /// Creates a day, or `nil` when the date does not exist (`2025-02-30`, month 13, …).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...LocalDay.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.init(uncheckedYear: year, month: month, day: day)
    }

    /// A day known to exist (day 1 of a month, a constant): no check, so it cannot fail.
    init(uncheckedYear year: Int, month: Int, day: Int) {
        ordinal = Self.ordinal(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD`; `nil` for anything else or a date that does not exist.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let y = Digits.value(bytes, 0, 4), let m = Digits.value(bytes, 5, 2),
              let d = Digits.value(bytes, 8, 2) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The day `ordinal` days after 1970-01-01 (negative before).
    public init(ordinal: Int) {
        self.ordinal = ordinal
    }

    /// Year, month and day of the ordinal (Howard Hinnant's civil_from_days).
    var civil: (year: Int, month: Int, day: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return (y, m, d)
    }

    /// Days since 1970-01-01 of a civil date (Howard Hinnant's days_from_civil).
    static func ordinal(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public func adding(days: Int) -> LocalDay { LocalDay(ordinal: ordinal + days) }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(until other: LocalDay) -> Int { other.ordinal - ordinal }

    /// 1 = Monday … 7 = Sunday (ISO 8601).
    public var isoWeekday: Int {
        let w = (ordinal + 3) % 7  // 1970-01-01 was a Thursday (3 when Monday = 0)
        return (w < 0 ? w + 7 : w) + 1
    }

    public var firstOfMonth: LocalDay { LocalDay(ordinal: ordinal - day + 1) }

    /// The 1st of the next month (for any year, so it never fails: 9999-12 is followed by 10000-01).
    public var firstOfNextMonth: LocalDay {
        let c = civil
        return LocalDay(ordinal: ordinal - c.day + 1 + LocalDay.daysIn(month: c.month, year: c.year))
    }

    /// January 1st of the day's year.
    public var firstOfYear: LocalDay { LocalDay(uncheckedYear: year, month: 1, day: 1) }

    /// January 1st of the next year.
    public var firstOfNextYear: LocalDay { LocalDay(uncheckedYear: year + 1, month: 1, day: 1) }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public var description: String {
        let c = civil
        guard (0...9999).contains(c.year) else {
            return Digits.pad(c.year, 4) + "-" + Digits.pad(c.month, 2) + "-" + Digits.pad(c.day, 2)
        }
        // Written as bytes: every date a listing, an export or a JSON answer prints comes here.
        return String(unsafeUninitializedCapacity: 10) { b in
            Self.put(c, b)
            return 10
        }
    }

    /// `YYYY-MM-DD` of `civil` (its year in 0…9999) in the first ten bytes of `bytes`.
    static func put(_ civil: (year: Int, month: Int, day: Int), _ bytes: UnsafeMutableBufferPointer<UInt8>) {
        Digits.put(civil.year, 4, bytes, at: 0)
        bytes[4] = UInt8(ascii: "-")
        Digits.put(civil.month, 2, bytes, at: 5)
        bytes[7] = UInt8(ascii: "-")
        Digits.put(civil.day, 2, bytes, at: 8)
    }

    public static func < (a: LocalDay, b: LocalDay) -> Bool { a.ordinal < b.ordinal }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = LocalDay(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a YYYY-MM-DD day: \(text)"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

/// A half-open range of days `[lowerBound, upperBound)`: the upper bound is the first day NOT included.
public struct DayRange: Hashable, Sendable, Sequence {
    public let lowerBound: LocalDay
    public let upperBound: LocalDay

    public init(_ lower: LocalDay, upTo upper: LocalDay) {
        precondition(lower <= upper, "DayRange lower bound after upper bound")
        lowerBound = lower
        upperBound = upper
    }

    /// The single day `day`.
    public init(day: LocalDay) { self.init(day, upTo: day.adding(days: 1)) }

    /// The month that contains `day`: from its 1st up to the 1st of the next month.
    public static func month(containing day: LocalDay) -> DayRange {
        DayRange(day.firstOfMonth, upTo: day.firstOfNextMonth)
    }

    /// The year that contains `day`: from its January 1st up to the next one.
    public static func year(containing day: LocalDay) -> DayRange {
        DayRange(day.firstOfYear, upTo: day.firstOfNextYear)
    }

    public var count: Int { lowerBound.days(until: upperBound) }
    public var isEmpty: Bool { lowerBound == upperBound }

    public func contains(_ day: LocalDay) -> Bool { lowerBound <= day && day < upperBound }

    public func makeIterator() -> Iterator { Iterator(current: lowerBound.ordinal, end: upperBound.ordinal) }

    /// The days in order (a plain counter: walks over years of days stay cheap).
    public struct Iterator: IteratorProtocol {
        var current: Int
        let end: Int

        public mutating func next() -> LocalDay? {
            guard current < end else { return nil }
            defer { current += 1 }
            return LocalDay(ordinal: current)
        }
    }

    public var underestimatedCount: Int { count }
}

/// Fixed-width decimal helpers shared by the hand-rolled parsers and formatters.
enum Digits {
    /// The value of `count` ASCII digits starting at `offset`, or nil if any is not a digit.
    static func value(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int? {
        bytes.withUnsafeBufferPointer { value($0, offset, count) }
    }

    static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ count: Int) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        var v = 0
        for i in offset..<(offset + count) {
            let b = bytes[i]
            guard b >= 48 && b <= 57 else { return nil }
            v = v * 10 + Int(b - 48)
        }
        return v
    }

    /// `value` (0 ≤ value < 10^`width`) as `width` ASCII digits at `at` in `bytes`.
    @inline(__always)
    static func put(_ value: Int, _ width: Int, _ bytes: UnsafeMutableBufferPointer<UInt8>, at: Int) {
        var v = value
        var i = at + width - 1
        while i >= at {
            bytes[i] = UInt8(truncatingIfNeeded: 48 + v % 10)
            v /= 10
            i -= 1
        }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(abs(value))
        let padded = s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        return value < 0 ? "-" + padded : padded
    }
}
