import Foundation
import HabitKit

/// Reminder defaults and the one-line description `habit remind list` prints.
enum ReminderText {
    static func defaultTitle(_ habit: HabitDefinition) -> String {
        switch habit.builtin {
        case .meditate: "Meditate"
        case .workout: "Workout"
        case .noalc: "NoAlc"
        case nil: habit.name.prefix(1).uppercased() + habit.name.dropFirst()
        }
    }

    static func defaultMessage(_ habit: HabitDefinition, lookback: Int) -> String {
        switch habit.builtin {
        case .meditate: "No meditation logged in the last \(lookback) h: habit log meditate 10m"
        case .workout: "No workout logged in the last \(lookback) h: habit log workout 20m"
        case .noalc: "How was the evening? habit log alcohol 0"
        case nil: "\(habit.name) is not done yet today: habit log \(habit.name)\(habit.kind == .yesNo ? "" : " AMOUNT")"
        }
    }

    /// `#1  meditate 20:00  daily  look-back 12h  on   'Meditate'  next today 20:00`; the next
    /// occurrence goes on a line of its own when the terminal is too narrow for both.
    static func describe(_ s: ReminderStatus, now: Date, _ calendar: HabitCalendar, prefix: String = "", nameWidth: Int = 8) -> [String] {
        let r = s.reminder
        let next = s.next.map { "next \(when($0.at, now: now, calendar))" + (s.nextState.map { " (\($0))" } ?? (s.doneAlready ? " (done today — will not fire)" : "")) } ?? "no next occurrence"
        let head = "\(prefix)#\(r.id)  \(Width.pad(s.habitName, to: max(nameWidth, Width.of(s.habitName)))) \(r.time)  \(r.weekdays)  "
            + "look-back \(r.lookbackHours)h  \(r.enabled ? "on " : "off")  \(quoted(r.title))"
        return Width.beside(head, next)
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
