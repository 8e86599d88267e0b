import Foundation
import Testing
@testable import HabitKit

/// Issue 48, "One truth": the laws of the one evaluation (``HabitEvaluator/evaluate``) on random
/// histories, without a store — every shape of habit (yes/no, at least, at most; a day, a week, a
/// month, N days in any D; NoAlc with its `wild`), weekday schedules, habits that never ask, random
/// skips, diligent histories that earn and spend jokers, days before the history and after today
/// (Standards/habits.md, "Day states"). Each day's state is checked against this file's own
/// reading of the rules (``Oracle``), and the report's today, streaks and jokers against the days.
@Suite struct DayStatePropertyTests {
    static let histories = 1000

    /// One random history: a habit, its days' inputs, its skips, today and the range reported.
    struct History: CustomStringConvertible {
        let seed: UInt64
        let habit: HabitDefinition
        let first: LocalDay
        let today: LocalDay
        let range: DayRange
        /// The inputs as the daily query hands them over, contiguous from `first`.
        let inputs: [LocalDay: HabitDayInput]
        /// Own skips and `--all` ones (not the days off a schedule: the evaluation adds those).
        let skipped: Set<LocalDay>
        let weekStartsOnSunday: Bool
        /// Whether the history starts after today (a habit with no history yet).
        var noHistory: Bool { first > today }

        var description: String {
            "seed \(seed): \(habit.name) \(habit.kind.rawValue) goal \(String(describing: habit.goal)) per \(habit.per.text) "
                + "times \(habit.times) on \(habit.on.map { String($0.mask) } ?? "-") asks \(habit.asks) first \(first) today \(today)"
        }

        func report() -> HabitReport {
            let last = max(today, range.upperBound.adding(days: -1))
            let days = first <= last ? (0...(last.ordinal - first.ordinal)).map { first.adding(days: $0) } : []
            return HabitEvaluator.evaluate(habit, inputs: days.compactMap { inputs[$0] }, firstDay: first, skipped: skipped,
                                           today: today, weekStartsOnSunday: weekStartsOnSunday, range: range)
        }
    }

    static func makeHistory(seed: UInt64) -> History {
        var rng = SeededRandom(seed: seed)
        let created = Fixture.instant("2025-01-01T00:00:00Z")
        let first = Fixture.day("2025-01-01").adding(days: rng.int(0...400))
        let shapes = HabitPropertyTests.Shape.allCases
        var habit: HabitDefinition
        if rng.chance(0.1) {
            habit = HabitDefinition.builtins(settings: Settings(), since: first, at: created)[2]  // noalc
        } else {
            habit = HabitPropertyTests.makeHabit(shapes[rng.int(0...(shapes.count - 1))], index: rng.int(0...8), since: first, &rng)
            if habit.per == .day && rng.chance(0.3) { habit.on = WeekdaySet.schedule(WeekdaySet(mask: rng.int(1...126))) }
            habit.asks = !rng.chance(0.12)
        }
        let length = rng.int(1...100)
        let today = rng.chance(0.04) ? first.adding(days: -rng.int(1...5)) : first.adding(days: length - 1)
        let range = DayRange(first.adding(days: -rng.int(0...6)), upTo: max(today, first).adding(days: 1 + rng.int(0...10)))
        let diligence = [0.5, 0.8, 0.93, 0.99][rng.int(0...3)]
        var inputs: [LocalDay: HabitDayInput] = [:]
        var day = first
        while day < range.upperBound || day <= today {
            var input: HabitDayInput
            if habit.kind == .builtin {
                // NoAlc: steady (good), easy (a decided miss), wild (breaks), or no entry (a miss).
                let roll = day <= today ? rng.unit() : 2
                input = roll < diligence ? HabitDayInput(day: day, value: 0, hasEntry: true, outcome: .good, decided: false)
                    : roll < diligence + (1 - diligence) / 3 ? HabitDayInput(day: day, value: 4, hasEntry: true, outcome: .miss, decided: true)
                    : roll < diligence + 2 * (1 - diligence) / 3 ? HabitDayInput(day: day, value: 6, hasEntry: true, outcome: .breaks, decided: true)
                    : HabitDayInput(day: day, value: 0, hasEntry: false, outcome: .miss, decided: false)
            } else {
                let entries = day <= today && rng.chance(diligence) ? rng.int(1...2) : 0
                var value = 0.0
                for _ in 0..<entries { value += HabitPropertyTests.amount(habit, &rng) }
                let (outcome, decided) = HabitEvaluator.dailyOutcome(habit, value: value, hasEntry: entries > 0)
                input = HabitDayInput(day: day, value: value, hasEntry: entries > 0, outcome: outcome, decided: decided)
            }
            inputs[day] = input
            day = day.adding(days: 1)
        }
        var skipped: Set<LocalDay> = []
        for _ in 0..<rng.int(0...4) {
            let start = first.adding(days: rng.int(-3...max(0, length + 3)))
            for i in 0..<(rng.chance(0.5) ? 1 : rng.int(2...9)) { skipped.insert(start.adding(days: i)) }
        }
        return History(seed: seed, habit: habit, first: first, today: today, range: range, inputs: inputs, skipped: skipped,
                       weekStartsOnSunday: rng.chance(0.3))
    }

    /// This file's own reading of the rules (Standards/habits.md, streaks.md), day by day.
    struct Oracle {
        let h: History
        var habit: HabitDefinition { h.habit }

        func entry(_ d: LocalDay) -> Bool { d <= h.today && h.inputs[d]?.hasEntry == true }
        func value(_ d: LocalDay) -> Double { d <= h.today ? h.inputs[d]?.value ?? 0 : 0 }

        /// Why the walk passes over `d`: its own skip first, then a day off the schedule, then a
        /// day without entries of a habit that never asks.
        func excuse(_ d: LocalDay) -> DayState? {
            if h.skipped.contains(d) { return .skipped }
            if !habit.isScheduled(on: d) { return .offDay }
            if !habit.asks && !entry(d) { return .notDue }
            return nil
        }

        static func reaches(_ v: Double, _ t: Double) -> Bool { v >= t - 1e-9 * max(1, abs(t)) }
        static func within(_ v: Double, _ t: Double) -> Bool { v <= t + 1e-9 * max(1, abs(t)) }

        /// A daily habit's day is good: done (yes/no), its sum reaches the target, or stays within
        /// the limit — a day without entries only on a scheduled day; NoAlc steady.
        func good(_ d: LocalDay) -> Bool {
            if habit.kind == .builtin { return h.inputs[d]?.outcome == .good }
            switch habit.goal {
            case nil: return entry(d)
            case .atLeast(let x)?: return Self.reaches(value(d), x)
            case .atMost(let x)?: return Self.within(value(d), x) && (habit.isScheduled(on: d) || entry(d))
            }
        }

        /// Today can no longer be good: an at-most limit passed, NoAlc easy or wild.
        func decided(_ d: LocalDay) -> Bool {
            if habit.kind == .builtin { return h.inputs[d]?.decided == true }
            if case .atMost(let x)? = habit.goal { return !Self.within(value(d), x) }
            return false
        }

        /// §4's walk, redone: each day's state, the streaks and the jokers held.
        func daily() -> (states: [LocalDay: DayState], current: Int, longest: Int, jokers: Int, today: TodayState) {
            var states: [LocalDay: DayState] = [:]
            var streak = 0, longest = 0, jokers = 0
            var today = TodayState.pending
            for d in DayRange(h.first, upTo: h.today.adding(days: 1)) {
                let state: DayState
                if good(d) {
                    streak += 1
                    if streak % 7 == 0 && jokers < 3 { jokers += 1 }
                    state = .met
                } else if let excuse = excuse(d) {
                    state = excuse
                } else if d < h.today || decided(d) {
                    if habit.kind == .builtin && h.inputs[d]?.outcome == .breaks {
                        (streak, jokers, state) = (0, 0, .missed)
                    } else {
                        streak += 1
                        if streak % 7 == 0 && jokers < 3 { jokers += 1 }
                        if jokers > 0 {
                            jokers -= 1
                            state = .healed
                        } else {
                            (streak, jokers, state) = (0, 0, .missed)
                        }
                    }
                } else {
                    state = .pending
                }
                longest = max(longest, streak)
                states[d] = state
                if d == h.today {
                    today = switch state {
                    case .met: .done
                    case .healed: .healed
                    case .missed: .missed
                    case .skipped, .offDay, .notDue: .skipped
                    default: .pending
                    }
                }
            }
            return (states, streak, longest, jokers, today)
        }

        /// A period's (or a window's) value, its target after skips, and whether it is met; nil
        /// when none of its days is open (all skipped, or before the history).
        func progress(_ period: DayRange) -> (value: Double, target: Double, met: Bool)? {
            let open = period.filter { $0 >= h.first && excuse($0) == nil }.count
            guard open > 0 else { return nil }
            let sum = period.filter { $0 >= h.first && $0 <= h.today }.reduce(0.0) { sum, d in
                sum + (habit.goal == nil ? (entry(d) ? 1 : 0) : value(d))
            }
            let full = habit.goal?.amount ?? Double(habit.times)
            var target = (full * Double(open) / Double(period.count) - 1e-9).rounded(.up)
            if habit.goal == nil { target = min(target, Double(open)) }
            let met = habit.goal?.isLimit == true ? Self.within(sum, target) : Self.reaches(sum, target)
            return (sum, target, met)
        }

        /// The calendar period (week from its start day, month) that holds `d`.
        func period(of d: LocalDay) -> DayRange {
            if habit.per == .month { return DayRange(d.firstOfMonth, upTo: d.firstOfNextMonth) }
            let back = h.weekStartsOnSunday ? d.isoWeekday % 7 : d.isoWeekday - 1
            return DayRange(d.adding(days: -back), upTo: d.adding(days: 7 - back))
        }

        /// Week and month habits: each day says what was done on it, the period stands beside.
        func periods() -> (states: [LocalDay: (DayState, PeriodState)], current: Int, longest: Int, today: TodayState) {
            var states: [LocalDay: (DayState, PeriodState)] = [:]
            var current = 0, longest = 0
            var today = TodayState.pending
            var p = period(of: h.first)
            while p.lowerBound <= h.today {
                let progress = progress(p)
                let isCurrent = p.contains(h.today)
                let exceeded = habit.goal?.isLimit == true && progress?.met == false
                let state: PeriodState = progress == nil ? .skipped : progress!.met ? .met : !isCurrent || exceeded ? .missed : .pending
                for d in p where d >= h.first && d <= h.today {
                    let own: DayState = entry(d) ? .done : excuse(d) ?? (d == h.today ? .pending : .open)
                    states[d] = (own, state)
                }
                if let progress {
                    if progress.met { current += 1 } else if !isCurrent || exceeded { current = 0 }
                    longest = max(longest, current)
                    if isCurrent { today = progress.met ? .done : exceeded ? .missed : excuse(h.today) != nil ? .skipped : .pending }
                } else if isCurrent {
                    today = .skipped
                }
                p = period(of: p.upperBound)
            }
            return (states, current, longest, today)
        }

        /// N days in any D: each day judged on the D days ending with it.
        func windows(_ length: Int) -> (states: [LocalDay: DayState], current: Int, longest: Int, today: TodayState) {
            var states: [LocalDay: DayState] = [:]
            var current = 0, longest = 0
            var today = TodayState.pending
            for d in DayRange(h.first, upTo: h.today.adding(days: 1)) {
                let progress = progress(DayRange(d.adding(days: 1 - length), upTo: d.adding(days: 1)))
                let met = progress?.met ?? false
                let exceeded = habit.goal?.isLimit == true && progress != nil && !met
                // A day passed over (skipped, off, not due) and not met is excused, as a daily
                // habit's is, even when its window is over an at-most limit: the walk passes it over.
                let state: DayState = met ? .met : excuse(d).map { entry(d) ? .done : $0 } ?? (exceeded ? .missed : entry(d) ? .done
                    : progress == nil ? .skipped : d < h.today ? .missed : .pending)
                states[d] = state
                if met { current += 1 } else if excuse(d) != nil || progress == nil {} else if d < h.today || exceeded { current = 0 }
                longest = max(longest, current)
                if d == h.today { today = met ? .done : excuse(d) != nil || progress == nil ? .skipped : exceeded ? .missed : .pending }
            }
            return (states, current, longest, today)
        }
    }

    /// Today's state as the views say it from the day's state, its `skipped` flag (skipped, off
    /// the schedule, or not due — whatever was done on it) and, for a week or month habit, its
    /// period's: a period met → done, missed → missed, passed over → skipped, pending → skipped
    /// when today is passed over and pending otherwise; a day met → done, healed → healed,
    /// missed → missed, excused → skipped; a day `done` whose window (N days in any D) is not met
    /// yet → skipped when passed over, else pending (today counts once its window is met).
    static func todayFromDay(_ s: HabitDayStatus, per: HabitDefinition.Period) -> TodayState {
        if let period = s.period {
            switch period {
            case .met: return .done
            case .missed: return .missed
            case .skipped: return .skipped
            case .pending: return s.skipped ? .skipped : .pending
            }
        }
        switch s.state {
        case .met: return .done
        case .done: return per.days == nil ? .done : s.skipped ? .skipped : .pending
        case .healed: return .healed
        case .missed: return .missed
        case .skipped, .offDay, .notDue: return .skipped
        case .pending, .open, .before, .later: return .pending
        }
    }

    /// The current streak read back from the days (daily habits, N days in any D): from today if
    /// it counts, else yesterday, the met and healed days, passing over the days the walk passes
    /// over (skipped, off the schedule, not due — `skipped` — whatever was done on them).
    static func streakFromStates(_ days: [LocalDay: HabitDayStatus], today: LocalDay) -> Int {
        var count = 0
        var d = today
        while let s = days[d] {
            switch s.state {
            case .met, .healed: count += 1
            case _ where s.skipped: break
            case .pending where d == today: break
            case .done where d == today: break  // N days in any D: done today, its window not met yet
            default: return count
            }
            d = d.adding(days: -1)
        }
        return count
    }

    @Test func randomHistoriesKeepTheLawsOfTheOneEvaluation() {
        var failures = 0
        for i in 0..<Self.histories where failures < 20 {
            let h = Self.makeHistory(seed: 0x48_0000 &+ UInt64(i))
            let r = h.report()
            let oracle = Oracle(h: h)
            let before = failures
            func check(_ ok: Bool, _ what: @autoclosure () -> String) {
                guard !ok else { return }
                failures += 1
                Issue.record("\(h): \(what())")
            }
            check(r.days.map(\.day) == Array(h.range), "the report lists the range's days")
            for s in r.days {
                let d = s.day
                // Before the history and after today, whatever the habit.
                if h.noHistory || d < h.first { check(s.state == (d > h.today ? .later : .before), "\(d) \(s.state): before the history") }
                if d > h.today { check(s.state == .later, "\(d) \(s.state): after today is later") }
                if !h.noHistory && d >= h.first && d <= h.today { check(s.state != .before && s.state != .later, "\(d): in the history") }
                check(s.state != .pending || d == h.today, "\(d): pending only today")
                check(s.state != .offDay || (h.habit.on != nil && !h.habit.isScheduled(on: d)), "\(d): off-day only off a schedule")
                check(s.state != .notDue || !h.habit.asks, "\(d): not due only on a habit that never asks")
                check(s.state != .healed || h.habit.per == .day, "\(d): healed only on daily habits")
                check(s.joker == (s.state == .healed), "\(d): the joker flag is the healed state")
                check((s.period != nil) == ([.week, .month].contains(h.habit.per) && !h.noHistory && d >= h.first && d <= h.today),
                      "\(d) period \(String(describing: s.period)): only week and month habits' days in the history have a period")
                if let score = s.score { check(score >= 0 && score <= 1, "\(d): score \(score) in [0, 1]") }
            }
            if h.noHistory {
                check(r.current == 0 && r.longest == 0, "no history: no streak")
                continue
            }
            let todays = r.days.first { $0.day == h.today }
            if let todays { check(r.today == Self.todayFromDay(todays, per: h.habit.per), "today \(r.today) is its day's \(todays.state)/\(String(describing: todays.period))") }
            let byDay = Dictionary(r.days.map { ($0.day, $0) }, uniquingKeysWith: { a, _ in a })
            switch h.habit.per {
            case .day:
                let expected = oracle.daily()
                for (d, state) in expected.states { if let s = byDay[d] { check(s.state == state, "\(d): \(s.state), the walk says \(state)") } }
                for s in r.days { check(s.targetMet == (s.state == .met), "\(s.day): a daily habit's target is met on its met days") }
                check((r.current, r.longest, r.jokers) == (expected.current, expected.longest, expected.jokers),
                      "streak \(r.current)/\(r.longest) jokers \(r.jokers), the walk says \(expected.current)/\(expected.longest) \(expected.jokers)")
                check(r.today == expected.today, "today \(r.today), the walk says \(expected.today)")
                if h.range.lowerBound <= h.first {
                    check(Self.streakFromStates(byDay, today: h.today) == r.current,
                          "the met and healed days back from today are the streak \(r.current)")
                }
            case .days(let length):
                let expected = oracle.windows(length)
                for (d, state) in expected.states { if let s = byDay[d] { check(s.state == state, "\(d): \(s.state), the window says \(state)") } }
                check((r.current, r.longest) == (expected.current, expected.longest), "streak \(r.current)/\(r.longest), the windows say \(expected.current)/\(expected.longest)")
                check(r.today == expected.today, "today \(r.today), the window says \(expected.today)")
                if h.range.lowerBound <= h.first {
                    check(Self.streakFromStates(byDay, today: h.today) == r.current,
                          "the met days back from today are the streak \(r.current)")
                }
            case .week, .month:
                let expected = oracle.periods()
                for (d, (state, period)) in expected.states {
                    guard let s = byDay[d] else { continue }
                    check(s.state == state, "\(d): \(s.state), the entries say \(state)")
                    check(s.period == period, "\(d): period \(String(describing: s.period)), its days say \(period)")
                    check((s.state == .done) == oracle.entry(d), "\(d): a week or month habit's day is done iff it has an entry")
                    check(s.targetMet == (period == .met), "\(d): the target is the period's")
                }
                check((r.current, r.longest) == (expected.current, expected.longest), "streak \(r.current)/\(r.longest), the periods say \(expected.current)/\(expected.longest)")
                check(r.today == expected.today, "today \(r.today), the period says \(expected.today)")
            }
            if failures > before { Issue.record("(\(h) — its inputs: \(h.inputs.keys.sorted().map { "\($0)=\(h.inputs[$0]!.value)\(h.inputs[$0]!.hasEntry ? "" : "∅")" }), skipped \(h.skipped.sorted()))") }
        }
    }
}
