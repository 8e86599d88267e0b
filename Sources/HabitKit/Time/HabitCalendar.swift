import Foundation

/// A half-open range of instants `[lowerBound, upperBound)`.
public struct InstantRange: Hashable, Sendable {
    public let lowerBound: Date
    public let upperBound: Date

    public init(_ lower: Date, upTo upper: Date) {
        lowerBound = lower
        upperBound = upper
    }

    /// True when `date` lies in `[lowerBound, upperBound)`: an instant at `upperBound` is not in the range.
    public func contains(_ date: Date) -> Bool { lowerBound <= date && date < upperBound }

    public var duration: TimeInterval { upperBound.timeIntervalSince(lowerBound) }
}

/// A wall-clock time of day.
public struct LocalTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int
    public let second: Int

    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// A time known to be valid (computed from seconds into a day): no check, so it cannot fail.
    init(uncheckedHour hour: Int, minute: Int, second: Int) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// 00:00.
    public static let midnight = LocalTime(uncheckedHour: 0, minute: 0, second: 0)

    /// 12:00, the latest day-start there is.
    public static let noon = LocalTime(uncheckedHour: 12, minute: 0, second: 0)

    /// Parses `HH:MM` or `HH:MM:SS` (24-hour clock); nil for `25:61` and anything else.
    public init?(_ text: some StringProtocol) {
        let b = Array(text.utf8)
        guard b.count == 5 || b.count == 8, b[2] == UInt8(ascii: ":"),
              let h = Digits.value(b, 0, 2), let m = Digits.value(b, 3, 2) else { return nil }
        var s = 0
        if b.count == 8 {
            guard b[5] == UInt8(ascii: ":"), let sec = Digits.value(b, 6, 2) else { return nil }
            s = sec
        }
        self.init(hour: h, minute: m, second: s)
    }

    public var secondsIntoDay: Int { hour * 3600 + minute * 60 + second }

    public var description: String { Digits.pad(hour, 2) + ":" + Digits.pad(minute, 2) }

    public static func < (a: LocalTime, b: LocalTime) -> Bool { a.secondsIntoDay < b.secondsIntoDay }
}

/// How a wall-clock time maps to instants in a time zone.
public enum WallClockResolution: Equatable, Sendable {
    /// Exactly one instant has this wall-clock time.
    case unique(Date)
    /// The time falls in a DST gap (clocks jumped over it); `nextValid` is the first instant after the gap.
    case skipped(nextValid: Date)
    /// The time happens twice (clocks fell back): `first` (earlier offset) and `second`.
    case repeated(first: Date, second: Date)
}

/// Calendar-day arithmetic in one time zone (Gregorian). Days are 23, 24 or 25 hours long.
///
/// The only place HabitKit turns days into instants. It asks the time zone for its UTC offsets
/// and does the civil arithmetic itself (Foundation's `Calendar` is not needed, and costs start-up).
///
/// A habit day starts at `dayStart` (the `day-start` setting, default 00:00): day D is
/// `[D at dayStart, D+1 at dayStart)`. Only ``start(of:)``, ``day(containing:)`` and
/// ``instants(of:)`` follow it; wall-clock questions (``time(of:)``, ``resolve(_:_:)``,
/// ``firstInstant(_:_:)``, ``iso8601(_:)``) are civil whatever it is, and ``civil`` is the same
/// zone with days from midnight.
public struct HabitCalendar: Sendable {
    public let timeZone: TimeZone
    /// The wall-clock time each habit day starts at (00:00 … 12:00).
    public let dayStart: LocalTime

    /// The zone's offsets, remembered between its transitions (``ZoneOffsets``).
    private let offsets: ZoneOffsets

    public init(timeZone: TimeZone, dayStart: LocalTime = .midnight) {
        self.timeZone = timeZone
        self.dayStart = dayStart
        offsets = ZoneOffsets(timeZone)
    }

    /// The same zone with civil days (from midnight): for what must stay on the calendar date
    /// whatever `day-start` is (reminder occurrences, the sleep window, file names).
    public var civil: HabitCalendar { HabitCalendar(timeZone: timeZone) }

    /// The habit day that contains the instant `date`: the day D with `start(of: D) <= date <
    /// start(of: D + 1)`, exactly, on DST days and for instants inside a gap or a repeated hour.
    public func day(containing date: Date) -> LocalDay {
        // The wall-clock date is at most a day off (day-start is 00:00 … 12:00, offsets change by
        // hours); the day boundaries themselves decide.
        var day = wallDate(of: date)
        while date < start(of: day) { day = day.adding(days: -1) }
        while date >= start(of: day.adding(days: 1)) { day = day.adding(days: 1) }
        return day
    }

    /// ``day(containing:)`` for a run of instants that mostly fall on the day asked last (a
    /// listing's rows, newest or oldest first): that day's `[start, next start)` is remembered; an
    /// instant inside it needs no zone look-up and one on the day before or after one day start
    /// (``day(containing:)`` makes about nine look-ups, with a lock each: 12 % of a long
    /// `timeline`, issue 28). The answers are ``day(containing:)``'s.
    public struct DayFinder {
        public let calendar: HabitCalendar
        private var known: (start: Date, next: Date, day: LocalDay)?

        public init(_ calendar: HabitCalendar) { self.calendar = calendar }

        public mutating func day(containing date: Date) -> LocalDay {
            if let k = known {
                if k.start <= date, date < k.next { return k.day }
                // The day before or after: one day start to find, not the nine look-ups.
                if date < k.start {
                    let previous = k.day.adding(days: -1), start = calendar.start(of: previous)
                    if start <= date {
                        known = (start, k.start, previous)
                        return previous
                    }
                } else {
                    let following = k.day.adding(days: 1), next = calendar.start(of: following.adding(days: 1))
                    if date < next {
                        known = (k.next, next, following)
                        return following
                    }
                }
            }
            let day = calendar.day(containing: date)
            known = (calendar.start(of: day), calendar.start(of: day.adding(days: 1)), day)
            return day
        }
    }

    /// The wall clock at `date` as whole seconds since 1970-01-01 00:00 read as UTC.
    private func wallSeconds(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 + Double(offsets.offset(at: date))).rounded(.down))
    }

    /// The calendar date on the wall clock at `date`.
    private func wallDate(of date: Date) -> LocalDay {
        LocalDay(ordinal: Int((Double(wallSeconds(of: date)) / 86400).rounded(.down)))
    }

    /// The wall-clock time of `date` in this time zone.
    public func time(of date: Date) -> LocalTime {
        let local = wallSeconds(of: date)
        let secs = ((local % 86400) + 86400) % 86400
        return LocalTime(uncheckedHour: secs / 3600, minute: (secs % 3600) / 60, second: secs % 60)
    }

    /// Where an entry that names a day starts (a NoAlc entry, a `--date` log, a command habit's
    /// result, a tracker import's day, ``DayEntry``): the first instant of that calendar day —
    /// 00:00, or the first instant after a DST gap at midnight — whatever `day-start` is (the
    /// specification: "midnight-aligned for that day"; Standards/date-semantics.md, "Entries that
    /// name a day").
    public func entryInstant(of day: LocalDay) -> Date {
        firstInstant(day, .midnight)
    }

    /// The day an entry starting at `start` belongs to: an entry that names a day (``DayEntry``)
    /// the calendar day it starts on, whatever `day-start` is; any other the habit day containing
    /// its start. The one rule every reader that puts entries in days follows.
    public func day(ofEntryAt start: Date, namesADay: Bool) -> LocalDay {
        namesADay ? civil.day(containing: start) : day(containing: start)
    }

    /// The boundaries entries that name a day are put in `days` by (one more than the days): the
    /// calendar days' first instants; nil when they are the habit days' own (day-start 00:00).
    public func entryStarts(of days: DayRange) -> [Date]? {
        dayStart == .midnight ? nil : civil.starts(of: days)
    }

    /// The instants entries that name a day are put in `days` by: from the first instant of the
    /// first calendar day to that of the day after the last; nil when they are the habit days' own
    /// (day-start 00:00).
    public func entryInstants(of days: DayRange) -> InstantRange? {
        dayStart == .midnight ? nil : InstantRange(entryInstant(of: days.lowerBound), upTo: entryInstant(of: days.upperBound))
    }

    /// The first instant of `day`: `dayStart` on that date (local midnight by default). A
    /// day-start inside a DST gap means the first instant after the gap; a repeated one, its
    /// first occurrence.
    public func start(of day: LocalDay) -> Date {
        // Most days are nowhere near a clock change: when the zone's offset is the same 30 hours
        // either side of the candidate instant, the wall time is unique and the candidate is it
        // (three offset look-ups instead of ``resolve(_:_:)``'s dozen; streaks over ten years ask
        // for thousands of day starts). Anything else takes the exact path.
        let naive = Double(day.ordinal * 86400 + dayStart.secondsIntoDay)
        let offset = offsets.offset(at: Date(timeIntervalSince1970: naive))
        let candidate = naive - Double(offset)
        if offsets.offset(at: Date(timeIntervalSince1970: candidate)) == offset,
           offsets.offset(at: Date(timeIntervalSince1970: candidate - 108_000)) == offset,
           offsets.offset(at: Date(timeIntervalSince1970: candidate + 108_000)) == offset {
            return Date(timeIntervalSince1970: candidate)
        }
        return firstInstant(day, dayStart)
    }

    /// The starts of every day of `days` and of the day after (`days.count + 1` boundaries: day i
    /// is `[starts[i], starts[i + 1])`), each equal to ``start(of:)``.
    ///
    /// For long ranges (streaks walk years) the zone's offset changes are listed once, and a day
    /// more than 30 hours from every change starts at its wall time read with the offset of the
    /// day before; days near a change take the exact path. No per-day time-zone look-up.
    public func starts(of days: DayRange) -> [Date] {
        let count = days.count + 1
        guard count > 8 else { return (0..<count).map { start(of: days.lowerBound.adding(days: $0)) } }
        let margin = 108_000.0
        let firstStart = start(of: days.lowerBound)
        let lastNaive = Double(days.upperBound.ordinal * 86400 + dayStart.secondsIntoDay)
        var transitions: [Double] = []
        var cursor = firstStart.addingTimeInterval(-2 * margin)
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next > cursor,
              next.timeIntervalSince1970 < lastNaive + 2 * margin, transitions.count <= count {
            transitions.append(next.timeIntervalSince1970)
            cursor = next
        }
        var result: [Date] = []
        result.reserveCapacity(count)
        var offset = Double(offsets.offset(at: firstStart))
        var next = 0  // the first transition not yet more than `margin` behind
        var day = days.lowerBound
        for _ in 0..<count {
            let candidate = Double(day.ordinal * 86400 + dayStart.secondsIntoDay) - offset
            while next < transitions.count && transitions[next] < candidate - margin { next += 1 }
            if next == transitions.count || transitions[next] > candidate + margin {
                result.append(Date(timeIntervalSince1970: candidate))
            } else {
                let exact = start(of: day)
                result.append(exact)
                offset = Double(offsets.offset(at: exact))
            }
            day = day.adding(days: 1)
        }
        return result
    }

    /// `[start of day, start of the next day)`: 23, 24 or 25 hours (23.5 or 24.5 where the
    /// clocks move by 30 minutes; in between when the day-start falls inside a DST gap).
    public func instants(of day: LocalDay) -> InstantRange {
        InstantRange(start(of: day), upTo: start(of: day.adding(days: 1)))
    }

    /// `[start of the first day, start of the day after the last)`.
    public func instants(of days: DayRange) -> InstantRange {
        InstantRange(start(of: days.lowerBound), upTo: start(of: days.upperBound))
    }

    /// Maps a wall-clock time on `day` to instants, reporting DST gaps and repeated hours.
    public func resolve(_ day: LocalDay, _ time: LocalTime) -> WallClockResolution {
        let naive = Double(day.ordinal * 86400 + time.secondsIntoDay)  // the wall clock read as UTC
        // Offsets in force around that wall-clock time (a search window, not day arithmetic).
        var offsets: [Int] = []
        for probe in [-129_600.0, -7200, 0, 7200, 129_600] {
            let o = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: naive + probe))
            if !offsets.contains(o) { offsets.append(o) }
        }
        let matches = offsets
            .map { Date(timeIntervalSince1970: naive - Double($0)) }
            .filter { timeZone.secondsFromGMT(for: $0) == Int(naive - $0.timeIntervalSince1970) }
            .sorted()
        var unique: [Date] = []
        for m in matches where !unique.contains(m) { unique.append(m) }
        switch unique.count {
        case 1: return .unique(unique[0])
        case 0:
            // In a gap: the instant the clocks jumped at is the first valid one after it.
            // Binary search for the transition between "naive read with the larger offset" (still
            // before it) and "naive read with the smaller offset" (already after it).
            var lo = naive - Double(offsets.max() ?? 0)
            var hi = naive - Double(offsets.min() ?? 0)
            let offsetBefore = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: lo))
            while hi - lo > 1 {
                let mid = ((lo + hi) / 2).rounded(.down)
                if timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: mid)) == offsetBefore { lo = mid } else { hi = mid }
            }
            return .skipped(nextValid: Date(timeIntervalSince1970: hi))
        default: return .repeated(first: unique[0], second: unique[unique.count - 1])
        }
    }

    /// The instant `time` on `day`, resolving a DST gap to the first valid instant after it and a
    /// repeated hour to its first occurrence. For reminders, where "once, at the first valid
    /// instant" is the rule.
    public func firstInstant(_ day: LocalDay, _ time: LocalTime) -> Date {
        switch resolve(day, time) {
        case .unique(let d): return d
        case .skipped(let next): return next
        case .repeated(let first, _): return first
        }
    }

    /// The zone's offset from UTC at `date`, in seconds (`timeZone.secondsFromGMT(for:)`, remembered
    /// between the zone's transitions).
    public func utcOffset(at date: Date) -> Int { offsets.offset(at: date) }

    /// Formats an instant as ISO 8601 with this zone's offset at that instant: `2025-10-26T10:00:00+01:00`.
    public func iso8601(_ date: Date) -> String {
        Timestamp.format(date, offsetSeconds: offsets.offset(at: date))
    }

    /// ``iso8601(_:)``'s bytes appended to `bytes`.
    public func appendISO8601(_ date: Date, to bytes: inout [UInt8]) {
        Timestamp.append(date, offsetSeconds: offsets.offset(at: date), to: &bytes)
    }

    /// ISO weekday 1 (Monday) … 7 (Sunday) of the locale's first weekday, per Foundation.
    public static func isoWeekday(fromGregorian weekday: Int) -> Int { weekday == 1 ? 7 : weekday - 1 }
}

/// Hand-rolled ISO 8601 / Apple Health timestamp parsing and formatting (no DateFormatter: it
/// costs 45 µs a date here, Benchmarks/README.md).
public enum Timestamp {
    /// A parsed timestamp: the wall clock and, when one was written, the UTC offset.
    public struct Parsed: Equatable, Sendable {
        public var day: LocalDay
        public var time: LocalTime
        public var fraction: Double
        public var offsetSeconds: Int?

        /// The instant, when an offset was given.
        public var instant: Date? {
            guard let o = offsetSeconds else { return nil }
            let secs = Double(day.ordinal * 86400 + time.secondsIntoDay - o) + fraction
            return Date(timeIntervalSince1970: secs)
        }
    }

    /// Parses `YYYY-MM-DD[T| ]HH:MM[:SS[.fff]][Z|±HH:MM|±HHMM| ±HHMM]`. Nil when malformed or out of range.
    public static func parse(_ text: some StringProtocol) -> Parsed? {
        if let parsed = text.utf8.withContiguousStorageIfAvailable({ parse(bytes: $0) }) { return parsed }
        return Array(text.utf8).withUnsafeBufferPointer { parse(bytes: $0) }
    }

    public static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> Parsed? {
        guard b.count >= 16, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
              let y = Digits.value(b, 0, 4), let m = Digits.value(b, 5, 2), let d = Digits.value(b, 8, 2),
              let day = LocalDay(year: y, month: m, day: d) else { return nil }
        guard b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " ") || b[10] == UInt8(ascii: "t"),
              b[13] == UInt8(ascii: ":"),
              let h = Digits.value(b, 11, 2), let mi = Digits.value(b, 14, 2) else { return nil }
        var i = 16
        var s = 0
        var fraction = 0.0
        if i < b.count, b[i] == UInt8(ascii: ":") {
            guard let sec = Digits.value(b, i + 1, 2) else { return nil }
            s = sec
            i += 3
            if i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
                i += 1
                var scale = 0.1
                let start = i
                while i < b.count, b[i] >= 48, b[i] <= 57 {
                    fraction += Double(b[i] - 48) * scale
                    scale /= 10
                    i += 1
                }
                guard i > start else { return nil }
            }
        }
        guard let time = LocalTime(hour: h, minute: mi, second: s) else { return nil }
        var offset: Int?
        if i < b.count, b[i] == UInt8(ascii: " ") { i += 1 }
        if i < b.count {
            if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
                offset = 0
                i += 1
            } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
                guard let oh = Digits.value(b, i + 1, 2) else { return nil }
                var j = i + 3
                if j < b.count, b[j] == UInt8(ascii: ":") { j += 1 }
                guard let om = Digits.value(b, j, 2), oh <= 18, om <= 59 else { return nil }
                offset = sign * (oh * 3600 + om * 60)
                i = j + 2
            } else {
                return nil
            }
        }
        guard i == b.count else { return nil }
        return Parsed(day: day, time: time, fraction: fraction, offsetSeconds: offset)
    }

    /// ``format(_:offsetSeconds:)`` with the microseconds after the seconds when there are any
    /// (`2025-10-26T10:00:00.25+01:00`): what an interchange line needs to give the instant back.
    public static func formatPrecise(_ date: Date, offsetSeconds: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        appendPrecise(date, offsetSeconds: offsetSeconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``formatPrecise(_:offsetSeconds:)``'s bytes appended to `bytes`, with no String made (an
    /// export writes two or three a line).
    public static func appendPrecise(_ date: Date, offsetSeconds: Int, to bytes: inout [UInt8]) {
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        let whole = (micros / 1_000_000).rounded(.down)
        let fraction = Int(micros - whole * 1_000_000)
        let from = bytes.count
        append(Date(timeIntervalSince1970: whole), offsetSeconds: offsetSeconds, to: &bytes)
        guard fraction > 0 else { return }
        // The fraction's digits without trailing zeros, before the offset (its last six bytes).
        var digits = 6, kept = fraction
        while kept % 10 == 0 {
            kept /= 10
            digits -= 1
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: digits + 1) { text in
            text[0] = UInt8(ascii: ".")
            Digits.put(kept, digits, text, at: 1)
            bytes.insert(contentsOf: text, at: max(from, bytes.count - 6))
        }
    }

    /// `2025-10-26T10:00:00+01:00` (seconds precision, truncating).
    public static func format(_ date: Date, offsetSeconds: Int) -> String {
        if let fixed = FixedWidth(date, offsetSeconds: offsetSeconds) {
            return String(unsafeUninitializedCapacity: FixedWidth.count) { fixed.put($0); return FixedWidth.count }
        }
        let local = Int((date.timeIntervalSince1970 + Double(offsetSeconds)).rounded(.down))
        let dayOrdinal = Int((Double(local) / 86400).rounded(.down))
        let secs = local - dayOrdinal * 86400
        let day = LocalDay(ordinal: dayOrdinal)
        let o = abs(offsetSeconds)
        let sign = offsetSeconds < 0 ? "-" : "+"
        return "\(day)T\(Digits.pad(secs / 3600, 2)):\(Digits.pad((secs % 3600) / 60, 2)):\(Digits.pad(secs % 60, 2))"
            + "\(sign)\(Digits.pad(o / 3600, 2)):\(Digits.pad((o % 3600) / 60, 2))"
    }

    /// ``format(_:offsetSeconds:)``'s bytes appended to `bytes`, with no String made (a listing
    /// writes two a row, issue 28).
    public static func append(_ date: Date, offsetSeconds: Int, to bytes: inout [UInt8]) {
        guard let fixed = FixedWidth(date, offsetSeconds: offsetSeconds) else {
            return bytes.append(contentsOf: format(date, offsetSeconds: offsetSeconds).utf8)
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: FixedWidth.count) { b in
            fixed.put(b)
            bytes.append(contentsOf: b)
        }
    }

    /// The fields of `YYYY-MM-DDTHH:MM:SS±HH:MM`, written as bytes when the year is 0–9999 and the
    /// offset under 100 hours (every other instant takes the spelled path).
    private struct FixedWidth {
        static let count = 25
        let civil: (year: Int, month: Int, day: Int)
        let secondsIntoDay: Int
        let offsetSeconds: Int

        init?(_ date: Date, offsetSeconds: Int) {
            let local = Int((date.timeIntervalSince1970 + Double(offsetSeconds)).rounded(.down))
            let dayOrdinal = Int((Double(local) / 86400).rounded(.down))
            civil = LocalDay(ordinal: dayOrdinal).civil
            secondsIntoDay = local - dayOrdinal * 86400
            self.offsetSeconds = offsetSeconds
            guard (0...9999).contains(civil.year), abs(offsetSeconds) < 100 * 3600 else { return nil }
        }

        func put(_ b: UnsafeMutableBufferPointer<UInt8>) {
            let secs = secondsIntoDay, o = abs(offsetSeconds)
            LocalDay.put(civil, b)
            b[10] = UInt8(ascii: "T")
            Digits.put(secs / 3600, 2, b, at: 11)
            b[13] = UInt8(ascii: ":")
            Digits.put((secs % 3600) / 60, 2, b, at: 14)
            b[16] = UInt8(ascii: ":")
            Digits.put(secs % 60, 2, b, at: 17)
            b[19] = offsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            Digits.put(o / 3600, 2, b, at: 20)
            b[22] = UInt8(ascii: ":")
            Digits.put((o % 3600) / 60, 2, b, at: 23)
        }
    }
}
