import Foundation

/// A set of ISO weekdays (1 = Monday … 7 = Sunday), stored as a 7-bit mask.
public struct WeekdaySet: Hashable, Sendable, CustomStringConvertible {
    public let mask: Int

    public init(mask: Int) { self.mask = mask & 0x7F }
    public init(_ days: [Int]) { mask = days.reduce(0) { $0 | (1 << ($1 - 1)) } }

    public static let daily = WeekdaySet(mask: 0x7F)

    public func contains(isoWeekday: Int) -> Bool { mask & (1 << (isoWeekday - 1)) != 0 }

    private static let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    private static let fullNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// Parses `daily`, `weekdays`, `weekends`, day names (`mon`, `monday`, or any longer
    /// abbreviation such as `tues`), ranges (`mon-fri`, `sat-mon` wraps) and lists of them
    /// separated by commas and/or spaces (`mon,wed,fri`, `monday tuesday`, `mon, wed-fri`).
    ///
    /// Every word must be understood: a list is never cut short (`monday tuesday` is both days).
    public init(parsing text: String) throws(InputError) {
        let t = text.lowercased().trimmedASCII
        if t == "every day" { self = .daily; return }
        // Commas separate items; spaces around them, and between items, are also separators.
        var items: [Substring] = []
        for part in t.split(separator: ",", omittingEmptySubsequences: false) {
            let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !words.isEmpty else { throw .invalidWeekdays(text) }  // "mon,,tue", "mon,", ""
            items += words
        }
        func index(_ s: Substring) throws(InputError) -> Int {
            guard s.count >= 3, let i = WeekdaySet.fullNames.firstIndex(where: { $0.hasPrefix(s) }) else {
                throw .invalidWeekdays(text)
            }
            return i + 1
        }
        var mask = 0
        for item in items {
            switch item {
            case "daily", "all": mask |= WeekdaySet.daily.mask; continue
            case "weekdays": mask |= WeekdaySet([1, 2, 3, 4, 5]).mask; continue
            case "weekends", "weekend": mask |= WeekdaySet([6, 7]).mask; continue
            default: break
            }
            let bounds = item.split(separator: "-", omittingEmptySubsequences: false)
            switch bounds.count {
            case 1: mask |= 1 << (try index(bounds[0]) - 1)
            case 2:
                let a = try index(bounds[0]), b = try index(bounds[1])
                var d = a
                while true {  // wraps: sat-mon is sat, sun, mon
                    mask |= 1 << (d - 1)
                    if d == b { break }
                    d = d % 7 + 1
                }
            default: throw .invalidWeekdays(text)
            }
        }
        guard mask != 0 else { throw .invalidWeekdays(text) }
        self = WeekdaySet(mask: mask)
    }

    /// A habit's schedule as stored: nil (every day) for no set or a full week, else the set.
    public static func schedule(_ set: WeekdaySet?) -> WeekdaySet? {
        guard let set, set.mask != 0, set != .daily else { return nil }
        return set
    }

    /// The days as words, Monday first: `["mon","wed","fri"]` (a habit's `on` in JSON).
    public var words: [String] { (1...7).filter { contains(isoWeekday: $0) }.map { WeekdaySet.names[$0 - 1] } }

    /// The set of `words` as ``words`` writes them (`mon` … `sun`, each once); nil for any other
    /// list, an empty one included.
    public init?(words: [String]) {
        var mask = 0
        for word in words {
            guard let i = WeekdaySet.names.firstIndex(of: word), mask & (1 << i) == 0 else { return nil }
            mask |= 1 << i
        }
        guard mask != 0 else { return nil }
        self.init(mask: mask)
    }

    public var description: String {
        if mask == 0x7F { return "daily" }
        if mask == WeekdaySet([1, 2, 3, 4, 5]).mask { return "mon-fri" }
        if mask == WeekdaySet([6, 7]).mask { return "sat,sun" }
        return words.joined(separator: ",")
    }
}

/// A reverse smart reminder: it nags at `time` on its weekdays unless the habit's day is already
/// done, decided, skipped or off its schedule (the one rule, ``ReminderCheck/decide(_:on:_:)``).
/// A log that makes the day met within the look-back window before `time` cancels the occurrence
/// at once.
public struct Reminder: Hashable, Sendable {
    public var id: Int64
    public var title: String
    public var message: String
    /// The habit it is for: a built-in's name (`meditate`, `workout`, `noalc`) or an own habit's id.
    public var activity: String
    public var time: LocalTime
    public var weekdays: WeekdaySet
    public var lookbackHours: Int
    public var enabled: Bool

    /// Whether `other` nags about the same habit at the same time on a day this one does too: a
    /// second such reminder would only say the same thing twice.
    public func overlaps(_ other: Reminder) -> Bool {
        activity == other.activity && time == other.time && weekdays.mask & other.weekdays.mask != 0
    }
    public var created: Date
    /// The same on every device a sync reaches; nil until stored (then made from what it is, unless given).
    public var uuid: UUID?
    /// When it was last added, edited, paused or resumed: the latest word wins in a sync.
    public var modified: Date

    public init(id: Int64 = 0, title: String, message: String, activity: String, time: LocalTime,
                weekdays: WeekdaySet = .daily, lookbackHours: Int = 12, enabled: Bool = true, created: Date,
                uuid: UUID? = nil, modified: Date? = nil) {
        self.uuid = uuid
        self.modified = modified ?? created
        self.id = id
        self.title = title
        self.message = message
        self.activity = activity
        self.time = time
        self.weekdays = weekdays
        self.lookbackHours = lookbackHours
        self.enabled = enabled
        self.created = created
    }

    /// The occurrence on `day`, if the reminder runs that weekday. A time inside a DST gap fires
    /// at the first valid instant after the gap; a repeated time fires once, at its first instant.
    ///
    /// Occurrences are civil: `day` is the calendar date and `time` the wall clock on it, whatever
    /// the calendar's day-start (a 01:00 reminder on Tuesday fires early Tuesday morning).
    public func occurrence(on day: LocalDay, calendar: HabitCalendar) -> Occurrence? {
        guard weekdays.contains(isoWeekday: day.isoWeekday) else { return nil }
        return Occurrence(reminderID: id, day: day, at: calendar.firstInstant(day, time))
    }

    /// The first occurrence at or after `instant`.
    public func nextOccurrence(atOrAfter instant: Date, calendar: HabitCalendar) -> Occurrence? {
        let first = calendar.civil.day(containing: instant).adding(days: -1)
        for offset in 0...8 {
            if let o = occurrence(on: first.adding(days: offset), calendar: calendar), o.at >= instant { return o }
        }
        return nil
    }

    /// Occurrences whose instant lies in `(after, through]` — the window a reminder check
    /// handles: open at the old end, closed at now — oldest first.
    public func occurrences(after lower: Date, through upper: Date, calendar: HabitCalendar) -> [Occurrence] {
        let civil = calendar.civil
        let first = civil.day(containing: lower).adding(days: -1)
        let last = civil.day(containing: upper).adding(days: 1)
        return DayRange(first, upTo: last.adding(days: 1)).compactMap { occurrence(on: $0, calendar: calendar) }
            .filter { $0.at > lower && $0.at <= upper }
    }

    /// `[occurrence − look-back, occurrence]` as a half-open range ending just after the occurrence.
    public func lookbackWindow(for occurrence: Occurrence) -> (from: Date, through: Date) {
        (occurrence.at.addingTimeInterval(-Double(lookbackHours) * 3600), occurrence.at)
    }
}

/// One (reminder, local day) at the reminder's time on that day.
public struct Occurrence: Hashable, Sendable {
    public var reminderID: Int64
    public var day: LocalDay
    public var at: Date
}

/// What happened to one occurrence of a reminder (one row per reminder and local day).
public enum OccurrenceState: String, Codable, Sendable {
    /// A log inside the look-back window made the day met first: it will not fire.
    case cancelled
    /// `remind check` delivered it.
    case delivered
    /// `remind check` found the day not to do (done, decided, skipped, off, no access) and stayed silent.
    case suppressed
}

/// An occurrence a log cancelled.
public struct CancelledOccurrence: Hashable, Sendable {
    public var reminderID: Int64
    public var title: String
    public var occurrence: Date
}
