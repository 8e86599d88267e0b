import Foundation

/// 18:00 civil time: the one hour at which two kinds of day turn, written once.
///
/// - A NoAlc entry made without `--date` before 18:00 of the current habit day describes last
///   evening (the day before); from 18:00 on, today.
/// - Sleep counts for the day it ends into: day D's sleep is the night before,
///   `[D−1 18:00, D 18:00)` civil time (Standards/habits.md).
public enum EveningCutoff {
    public static let time = LocalTime(uncheckedHour: 18, minute: 0, second: 0)

    /// The day a NoAlc entry made at `now` without `--date` is for. The cutoff is read on the
    /// current habit day (`calendar`'s day-start): with day-start 04:00, 02:00 is still in the
    /// evening's day, so an entry then is for that evening.
    public static func noAlcDay(enteredAt now: Date, calendar: HabitCalendar) -> LocalDay {
        let today = calendar.day(containing: now)
        return now < calendar.firstInstant(today, time) ? today.adding(days: -1) : today
    }

    /// The day whose night contains `instant`: from 18:00 civil time on, the next day.
    public static func sleepDay(of instant: Date, timeZone: TimeZone) -> LocalDay {
        let civil = HabitCalendar(timeZone: timeZone)
        let date = civil.day(containing: instant)
        return instant >= civil.firstInstant(date, time) ? date.adding(days: 1) : date
    }

    /// The first instants of the nights of `days` and of the day after them (one more than the
    /// days): night D runs `[D−1 18:00, D 18:00)`, the days of a calendar whose days start at
    /// 18:00, one day earlier.
    public static func nightStarts(of days: DayRange, timeZone: TimeZone) -> [Date] {
        HabitCalendar(timeZone: timeZone, dayStart: time)
            .starts(of: DayRange(days.lowerBound.adding(days: -1), upTo: days.upperBound.adding(days: -1)))
    }
}
