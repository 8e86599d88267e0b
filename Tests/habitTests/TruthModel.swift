import Foundation
import HabitKit

/// What a `TruthRun` actually wrote (read back from each writer's answer, not from the plan), and
/// a small oracle of its own over it: the states of the plain habits (daily yes/no, at least, at
/// most, a weekday schedule, never asking, a command habit; yes/no N days a week), so that the
/// calendar, which every other view is compared with, cannot be wrong in the same way as they are.
struct TruthModel {
    let world: TruthWorld
    /// Each habit's current name.
    var names: [String]
    /// Each habit's entries by day index: their sum (yes/no: their count).
    var entries: [[Int: Double]]
    var ownSkips: [Set<Int>]
    var allSkips: Set<Int> = []
    /// Days answered `n` in `habit ask` (remembered, never counting).
    var noAnswers: [Set<Int>]

    init(_ world: TruthWorld) {
        self.world = world
        names = world.habits.map(\.name)
        entries = world.habits.map { _ in [:] }
        ownSkips = world.habits.map { _ in [] }
        noAnswers = world.habits.map { _ in [] }
    }

    func hasEntry(_ h: Int, _ d: Int) -> Bool { entries[h][d] != nil }
    func value(_ h: Int, _ d: Int) -> Double { entries[h][d] ?? 0 }
    func skipped(_ h: Int, _ d: Int) -> Bool { ownSkips[h].contains(d) || allSkips.contains(d) }

    /// Whether the oracle judges habit `h`.
    func judges(_ h: Int) -> Bool {
        [.yesNo, .atLeast, .atMost, .scheduled, .neverAsks, .command, .timesWeek].contains(world.habits[h].shape)
    }

    /// Why the walk passes over day `d` of habit `h`, if it does: a skip, a day off the schedule,
    /// a day without entries of a habit that never asks.
    func excuse(_ h: Int, _ d: Int) -> DayState? {
        let habit = world.habits[h]
        if skipped(h, d) { return .skipped }
        if let on = habit.on, !on.contains(world.day(d).isoWeekday) { return .offDay }
        if habit.shape == .neverAsks && !hasEntry(h, d) { return .notDue }
        return nil
    }

    /// A daily habit's day is good: an entry (yes/no), its sum reaching the target, or staying
    /// within the limit (a day without entries only when it is due).
    func good(_ h: Int, _ d: Int) -> Bool {
        let habit = world.habits[h]
        guard let goal = habit.goal else { return hasEntry(h, d) }
        if habit.isLimit {
            let due = habit.on.map { $0.contains(world.day(d).isoWeekday) } ?? true
            return value(h, d) <= goal + 1e-9 && (due || hasEntry(h, d))
        }
        return value(h, d) >= goal - 1e-9
    }

    /// The oracle's state of each day `0...today` of a habit it judges, and the period's for a
    /// week habit. A daily habit is §4's walk with jokers: a good day counts, a day excused and not
    /// good is passed over, a past day not good (or an at-most day over its limit today) is a miss
    /// that a joker held heals (every 7th streak day earns one, at most 3, earned before spent).
    func states(_ h: Int, today: Int) -> [Int: (DayState, PeriodState?)] {
        let habit = world.habits[h]
        var result: [Int: (DayState, PeriodState?)] = [:]
        if habit.per == .week {
            for d in 0...today {
                let own: DayState = hasEntry(h, d) ? .done : excuse(h, d) ?? (d == today ? .pending : .open)
                result[d] = (own, weekState(h, of: d, today: today))
            }
            return result
        }
        var streak = 0, jokers = 0
        for d in 0...today {
            let state: DayState
            let decided = habit.isLimit && !good(h, d) && hasEntry(h, d)
            if good(h, d) {
                streak += 1
                if streak % 7 == 0 && jokers < 3 { jokers += 1 }
                state = .met
            } else if let excuse = excuse(h, d) {
                state = excuse
            } else if d < today || decided {
                streak += 1
                if streak % 7 == 0 && jokers < 3 { jokers += 1 }
                if jokers > 0 {
                    jokers -= 1
                    state = .healed
                } else {
                    (streak, state) = (0, .missed)
                }
            } else {
                state = .pending
            }
            result[d] = (state, nil)
        }
        return result
    }

    /// A yes/no week habit's week (Monday to Sunday) as of `today`: days done against `times`
    /// shrunk by the days skipped or before the history, `ceil(times × open ÷ 7)`, at most the open days.
    func weekState(_ h: Int, of d: Int, today: Int) -> PeriodState {
        let monday = d - (world.day(d).isoWeekday - 1)
        let week = monday..<(monday + 7)
        let open = week.filter { $0 >= 0 && !skipped(h, $0) }.count
        guard open > 0 else { return .skipped }
        let done = week.filter { $0 >= 0 && $0 <= today && hasEntry(h, $0) }.count
        let target = min(open, Int((Double(world.habits[h].times * open) / 7 - 1e-9).rounded(.up)))
        return done >= target ? .met : week.contains(today) ? .pending : .missed
    }
}

/// One day of one habit as `habit calendar --json` says it: the one evaluation's word.
struct TruthDay: Equatable {
    var state: DayState
    var period: PeriodState?
    var value: Double
    /// Passed over by the walk (skipped, off the schedule, not due), whatever was done on it.
    var skipped = false

    /// The target is met as of the day: the day's own (daily habits, N days in any D) or its period's.
    var targetMet: Bool { state == .met || period == .met }
    /// Nothing is due: skipped, off the schedule, a habit that never asks.
    var excused: Bool { state.isExcused }

    /// The calendar's and `ui`'s mark of the day's own state (Standards/habits.md, "Day states"):
    /// ● met or done, ◆ healed, – skipped, a blank off-day or not due, ○ missed, · the rest.
    var mark: String { Self.mark(state) }

    static func mark(_ state: DayState) -> String {
        switch state {
        case .met, .done: "●"
        case .healed: "◆"
        case .skipped: "–"
        case .offDay, .notDue: " "
        case .missed: "○"
        case .pending, .open, .before, .later: "·"
        }
    }

    /// A week or month habit's period mark, beside its days: ● met, ○ missed, – skipped, · pending
    /// (or not begun: nil).
    static func mark(_ period: PeriodState?) -> String {
        switch period {
        case .met?: "●"
        case .missed?: "○"
        case .skipped?: "–"
        case .pending?, nil: "·"
        }
    }

    /// A mark read in its ASCII form (`habit ui` where the locale is not UTF-8, Standards/ui.md)
    /// as its UTF-8 glyph; a glyph as it is.
    static func glyph(_ mark: String) -> String {
        ["#": "●", "j": "◆", "-": "–", "o": "○", ".": "·"][mark] ?? mark
    }

    /// Today's state as `streak`, `today` and `status` must say it (Standards/habits.md, "Day
    /// states"): a week or month habit's period — met → done, missed → missed, passed over →
    /// skipped, pending → skipped when today is passed over, else pending; a day met → done,
    /// healed → healed, missed → missed, excused → skipped; a day `done` whose window (N days in
    /// any D) is not met yet → skipped when passed over, else pending (today counts once its
    /// window is met); a day before the history (a built-in not logged yet) → skipped when passed
    /// over, else pending. `DayStatePropertyTests.todayFromDay` is the same rule on the evaluation,
    /// but for `before`, which it always maps to pending.
    func today(per: HabitDefinition.Period?) -> TodayState {
        if let period {
            switch period {
            case .met: return .done
            case .missed: return .missed
            case .skipped: return .skipped
            case .pending: return skipped ? .skipped : .pending
            }
        }
        switch state {
        case .met: return .done
        case .done: return per?.days == nil ? .done : skipped ? .skipped : .pending
        case .healed: return .healed
        case .missed: return .missed
        case .skipped, .offDay, .notDue: return .skipped
        // Before the history (a built-in never logged yet): skipped when `skip --all` covers it,
        // as the evaluation's `today` says when there is no history to walk.
        case .before: return skipped ? .skipped : .pending
        case .pending, .open, .later: return .pending
        }
    }

    /// `habit status`'s mark for today's state.
    static func statusMark(_ t: TodayState) -> String {
        switch t {
        case .done: "✓"
        case .pending: "…"
        case .missed: "✗"
        case .skipped: "–"
        case .healed: "◆"
        }
    }
}
