import Foundation

/// What is left today and what is at risk: `habit today` as a to-do list and `habit status`.
public struct DayPlan: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public var report: HabitReport
        /// Not done yet today (a period habit: its period not met yet), and not skipped.
        public var left: Bool
        /// A streak that breaks tonight if nothing is done: no joker to spend (a period habit:
        /// its period ends today unmet).
        public var atRisk: Bool
        /// Missed days the streak survives with the jokers it holds (0 for week and month habits).
        public var safeToMiss: Int
        /// Days left in the current period, today included (week and month habits).
        public var daysLeft: Int?
    }

    public var asOf: LocalDay
    public var items: [Item]

    public var left: [Item] { items.filter(\.left) }
    public var atRisk: [Item] { items.filter(\.atRisk) }

    /// `done` when nothing is left, `at-risk` when a streak breaks tonight, else `pending`.
    public var state: String { atRisk.isEmpty ? (left.isEmpty ? "done" : "pending") : "at-risk" }

    public init(_ overview: HabitOverview) {
        asOf = overview.asOf
        items = overview.reports.map { r in
            let open = r.readable && r.today == .pending  // unreadable: neither left nor at risk
            if let p = r.period {
                let daysLeft = overview.asOf.days(until: p.end)
                return Item(report: r, left: open, atRisk: open && daysLeft == 1 && r.current > 0, safeToMiss: 0, daysLeft: daysLeft)
            }
            return Item(report: r, left: open, atRisk: open && r.current > 0 && r.jokers == 0, safeToMiss: r.jokers, daysLeft: nil)
        }
    }
}

extension HabitReport {
    /// Whether a check-in (`habit ask`) asks about `status`'s day, read from the day's state (the
    /// one evaluation's; Standards/ask.md, "What is asked"): nothing logged on it, nothing due
    /// excused (skipped, off the weekday schedule, not due), and its target not met already — a
    /// week or month habit whose period is met, a day of N in any D whose window is met. An
    /// at-most limit kept so far is still asked (more may have been had). Days before an own
    /// habit's history are not asked; a built-in's history begins with its first entry, so its
    /// days before are.
    public func isAsked(_ status: HabitDayStatus) -> Bool {
        guard !status.skipped, status.value == 0 else { return false }
        switch status.state {
        case .skipped, .offDay, .notDue, .later: return false
        case .before: return definition.kind == .builtin
        case .met, .done, .open, .missed, .healed, .pending:
            return !(status.targetMet && definition.goal?.isLimit != true)
        }
    }
}
