import Foundation

extension Reminder {
    /// The occurrence that a completion at `completedAt` cancels, if any: the reminder's next
    /// occurrence at or after `completedAt`, when it is at most 24 h away and `completedAt` lies in
    /// its look-back window `[occurrence − look-back, occurrence]`. A disabled reminder cancels
    /// nothing (pausing is not cancelling).
    public func occurrenceCancelled(byCompletionAt completedAt: Date, calendar: HabitCalendar) -> Occurrence? {
        guard enabled, let next = nextOccurrence(atOrAfter: completedAt, calendar: calendar),
              next.at.timeIntervalSince(completedAt) <= 24 * 3600 else { return nil }
        let window = lookbackWindow(for: next)
        return completedAt >= window.from && completedAt <= window.through ? next : nil
    }
}
