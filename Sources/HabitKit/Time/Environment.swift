import Foundation

/// The one seam through which nondeterminism enters HabitKit: the current instant, the user's
/// time zone and day-start, and fresh UUIDs.
///
/// The executable builds the live value once per command (reading `HABIT_NOW`, `TZ` and the
/// `timezone` and `day-start` settings); tests build fixed ones. Nothing in HabitKit calls `Date()`,
/// `TimeZone.current`, `Calendar.current` or `UUID()` itself.
public struct HabitEnvironment: Sendable {
    public var now: Date
    public var timeZone: TimeZone {
        didSet { calendar = HabitCalendar(timeZone: timeZone, dayStart: dayStart) }
    }
    /// When each habit day starts (the `day-start` setting; 00:00 by default).
    public var dayStart: LocalTime {
        didSet { calendar = HabitCalendar(timeZone: timeZone, dayStart: dayStart) }
    }
    public var makeUUID: @Sendable () -> UUID

    /// The calendar of the user's time zone and day-start: all day arithmetic goes through it.
    /// Kept, not made at each use, so that the offsets it remembers (``ZoneOffsets``) serve every
    /// question of a command; made again when the zone or the day-start changes.
    public private(set) var calendar: HabitCalendar

    public init(now: Date, timeZone: TimeZone, dayStart: LocalTime = .midnight,
                makeUUID: @escaping @Sendable () -> UUID) {
        self.now = now
        self.timeZone = timeZone
        self.dayStart = dayStart
        self.makeUUID = makeUUID
        calendar = HabitCalendar(timeZone: timeZone, dayStart: dayStart)
    }

    /// The habit day that contains `now` (before the day-start, still the day before).
    public var today: LocalDay { calendar.day(containing: now) }
}
