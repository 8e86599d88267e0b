import Foundation

extension HabitEvaluator {
    /// What ``isMet(_:on:weekStartsOnSunday:history:)`` needs of a habit's history over a span of
    /// days: one input a day from the span's first, the habit's first day (nil: none yet) and its
    /// skipped days.
    public struct History: Sendable {
        public var inputs: [HabitDayInput]
        public var firstDay: LocalDay?
        public var skipped: Set<LocalDay>

        public init(inputs: [HabitDayInput], firstDay: LocalDay?, skipped: Set<LocalDay>) {
            (self.inputs, self.firstDay, self.skipped) = (inputs, firstDay, skipped)
        }
    }

    /// Whether `definition`'s day `day` is met — for a week or month habit, its period as of `day`;
    /// for N in D days, the window that judges `day` — as the evaluation says on that day
    /// (``evaluate(_:inputs:firstDay:skipped:today:weekStartsOnSunday:range:scoring:)``): what
    /// a log and a reminder's check ask (Standards/reminders.md). A habit that never asks is never
    /// due: always met, and its history is not read. Before the habit's first day nothing is met.
    /// From its first day when that falls inside the period: its first week's target shrinks as the
    /// calendar's does.
    ///
    /// - Parameter history: the history over the days asked for (the period's first day to `day`),
    ///   read only when the answer depends on it.
    public static func isMet(_ definition: HabitDefinition, on day: LocalDay, weekStartsOnSunday: Bool,
                             history: (DayRange) throws -> History) rethrows -> Bool {
        guard definition.asks else { return true }
        return try dayState(definition, on: day, weekStartsOnSunday: weekStartsOnSunday, history: history) == .done
    }

    /// `definition`'s day `day` as the evaluation finds it with `day` as its today (what a
    /// reminder's check asks, ``ReminderCheck/decide(_:on:_:)``): done (a week or month habit: its
    /// period as of `day` met; N in any D: the day's window), missed (decided against), healed,
    /// skipped (a skip, a day off its weekday schedule, a day not due) or pending. A day before the
    /// habit's history is pending unless skipped or off its schedule.
    public static func dayState(_ definition: HabitDefinition, on day: LocalDay, weekStartsOnSunday: Bool,
                                history: (DayRange) throws -> History) rethrows -> TodayState {
        let period = Self.period(definition.per, of: day, weekStartsOnSunday: weekStartsOnSunday)
        let span = DayRange(period.lowerBound, upTo: day.adding(days: 1))
        let read = try history(span)
        let first = max(span.lowerBound, read.firstDay ?? span.lowerBound)
        guard first <= day else { return read.skipped.contains(day) || !definition.isScheduled(on: day) ? .skipped : .pending }
        return evaluate(definition, inputs: read.inputs.filter { $0.day >= first }, firstDay: first, skipped: read.skipped,
                        today: day, weekStartsOnSunday: weekStartsOnSunday, range: DayRange(day: day), scoring: false).today
    }
}
