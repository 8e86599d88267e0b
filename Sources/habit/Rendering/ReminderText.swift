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

    static func describe(_ s: ReminderStatus, _ calendar: HabitCalendar) -> String {
        let r = s.reminder
        let next = s.next.map { "next \(calendar.iso8601($0.at))" + (s.nextState.map { " (\($0))" } ?? (s.doneAlready ? " (done today — will not fire)" : "")) } ?? "no next occurrence"
        return "#\(r.id)  \(s.habitName.padding(toLength: 8, withPad: " ", startingAt: 0)) \(r.time)  \(r.weekdays)  "
            + "look-back \(r.lookbackHours)h  \(r.enabled ? "on " : "off")  '\(r.title)'  \(next)"
    }
}
