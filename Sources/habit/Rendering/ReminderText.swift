import Foundation
import HabitKit

/// The one-line description `habit remind list` prints (a reminder's words are composed in
/// ``ReminderWords``, at delivery).
enum ReminderText {
    /// `#1  meditate 20:00  daily  look-back 12h  on   'Meditate'  next today 20:00`; an
    /// occurrence that will not be delivered says why: `next today 21:00 (skipped — will not
    /// fire)` (``ReminderQuiet``; a handled one its stored state). The next occurrence goes on a
    /// line of its own when the terminal is too narrow for both.
    static func describe(_ s: ReminderStatus, now: Date, _ calendar: HabitCalendar, prefix: String = "", nameWidth: Int = 8) -> [String] {
        let r = s.reminder
        let next = s.next.map { "next \(when($0.at, now: now, calendar))" + (s.quiet.map { " (\(why($0, s)) — will not fire)" } ?? "") }
            ?? "no next occurrence"
        let head = "\(prefix)#\(r.id)  \(Width.pad(s.habitName, to: max(nameWidth, Width.of(s.habitName)))) \(r.time)  \(r.weekdays)  "
            + "look-back \(r.lookbackHours)h  \(r.enabled ? "on " : "off")  \(quoted(s.words.title))"
        return Width.beside(head, next)
    }

    /// The reason's word; for an occurrence a check handled, what it did (`delivered`, `suppressed`).
    static func why(_ quiet: ReminderQuiet, _ s: ReminderStatus) -> String {
        quiet == .handled ? s.nextState?.rawValue ?? quiet.rawValue : quiet.rawValue
    }

    /// `today 20:00`, `tomorrow 07:30`, else `Wed 26 Nov 20:00` (with the year when it is not
    /// this year's): by the clock on the wall, whatever the day-start.
    static func when(_ date: Date, now: Date, _ calendar: HabitCalendar) -> String {
        let civil = calendar.civil, today = civil.day(containing: now), day = civil.day(containing: date)
        let time = TextRendering.clock(date, civil)
        if day == today { return "today \(time)" }
        if day == today.adding(days: 1) { return "tomorrow \(time)" }
        return TextRendering.dayHeading(day, today: today) + " " + time
    }
}
