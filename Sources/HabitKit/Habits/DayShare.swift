/// How many of the habits due on one day were done: a day of `habit overview`'s daily row (harsh's
/// "consistency graph"), read from the one evaluation's day states (``DayState``; Standards/habits.md,
/// "The overview"). The rule is ``DayShare/counts(_:per:)``, written once here.
public struct DayShare: Sendable, Equatable {
    public var day: LocalDay
    /// The habits the day judges: those whose state is met, done, missed, healed or pending.
    public var due: Int
    /// Of those, the ones done: met or done.
    public var done: Int

    public init(day: LocalDay, due: Int, done: Int) {
        (self.day, self.due, self.done) = (day, due, done)
    }

    /// `done ÷ due`, in [0, 1]; nil when nothing was due on the day.
    public var share: Double? { due == 0 ? nil : Double(done) / Double(due) }

    /// Whether a habit's day in `state` is due (counts in the share), and whether it is done, for a
    /// habit met `per` day, week, month or N days in any D:
    /// - met, done: due and done (a week or month habit's day with something done on it counts);
    /// - missed, pending (today, not done yet), healed (a missed day a joker healed: the streak
    ///   goes on, but the day was not done): due, not done;
    /// - a week or month habit's day with nothing done — open, or pending today (open tomorrow) —:
    ///   its period judges it, not the day, so it is left out, as are skipped, off-day, not-due,
    ///   before the history and later.
    public static func counts(_ state: DayState, per: HabitDefinition.Period) -> (due: Bool, done: Bool) {
        switch state {
        case .met, .done: (true, true)
        case .pending where per == .week || per == .month: (false, false)
        case .missed, .pending, .healed: (true, false)
        case .open, .skipped, .offDay, .notDue, .before, .later: (false, false)
        }
    }
}

extension HabitOverview {
    /// Each day of ``range``, oldest first: of the habits habit may read, how many were due and how
    /// many done (``DayShare/counts(_:per:)``). A habit whose data may not be read is left out.
    public var dailyShares: [DayShare] {
        var shares = range.map { DayShare(day: $0, due: 0, done: 0) }
        for report in reports where report.readable {
            for status in report.days where range.contains(status.day) {
                let (due, done) = DayShare.counts(status.state, per: report.definition.per)
                let i = range.lowerBound.days(until: status.day)
                if due { shares[i].due += 1 }
                if done { shares[i].done += 1 }
            }
        }
        return shares
    }
}
