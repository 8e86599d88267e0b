import HabitKit

/// Reminder defaults and the one-line description `habit remind list` prints.
enum ReminderText {
    static func defaultTitle(_ a: Habit) -> String {
        switch a {
        case .meditate: "Meditate"
        case .workout: "Workout"
        case .noalc: "NoAlc"
        }
    }

    static func defaultMessage(_ a: Habit, lookback: Int) -> String {
        switch a {
        case .meditate: "No meditation logged in the last \(lookback) h: habit log meditate 10m"
        case .workout: "No workout logged in the last \(lookback) h: habit log workout 20m"
        case .noalc: "How was the evening? habit log alcohol 0"
        }
    }

    static func describe(_ s: ReminderStatus, _ calendar: HabitCalendar) -> String {
        let r = s.reminder
        let next = s.next.map { "next \(calendar.iso8601($0.at))" + (s.nextState.map { " (\($0))" } ?? "") } ?? "no next occurrence"
        return "#\(r.id)  \(r.activity.padding(toLength: 8, withPad: " ", startingAt: 0)) \(r.time)  \(r.weekdays)  "
            + "look-back \(r.lookbackHours)h  \(r.enabled ? "on " : "off")  '\(r.title)'  \(next)"
    }
}
