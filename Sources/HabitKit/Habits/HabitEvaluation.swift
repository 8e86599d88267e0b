import Foundation

/// One day of a habit as the daily query found it.
public struct HabitDayInput: Sendable, Equatable {
    public var day: LocalDay
    /// The day's amount in the habit's unit (built-ins: minutes, or NoAlc's drinks); 0 without entries.
    public var value: Double
    /// The day has at least one entry (a yes/no habit's "done").
    public var hasEntry: Bool
    /// The day judged on its own (``HabitEvaluator/dailyOutcome(_:value:hasEntry:)``; built-ins: §4's rules).
    public var outcome: DayOutcome
    /// The day can no longer become good (an at-most limit exceeded, NoAlc `easy`/`wild`).
    public var decided: Bool

    public init(day: LocalDay, value: Double, hasEntry: Bool, outcome: DayOutcome, decided: Bool) {
        self.day = day
        self.value = value
        self.hasEntry = hasEntry
        self.outcome = outcome
        self.decided = decided
    }
}

extension HabitDayInput {
    /// A built-in's day: §4's rules (``HabitRules``) on the daily summary.
    public init(_ habit: Habit, _ day: DaySummary, settings: Settings) {
        let value: Double = switch habit {
        case .meditate: day.meditateMinutes
        case .workout: day.workoutMinutes
        case .noalc: day.alcoholTotal ?? 0
        }
        self.init(day: day.day, value: value, hasEntry: habit == .noalc ? day.alcoholTotal != nil : value > 0,
                  outcome: HabitRules.outcome(habit, day, settings: settings), decided: HabitRules.isDecided(habit, day))
    }
}

/// One day of a habit as the one evaluation decides it: what every view shows and every
/// reminder asks (Standards/habits.md, "Day states").
public struct HabitDayStatus: Sendable, Equatable {
    public var day: LocalDay
    public var value: Double
    /// The day's own state: what happened that day.
    public var state: DayState
    /// A week or month habit's period as of this day (nil for other habits and outside the history).
    public var period: PeriodState? = nil
    /// Passed over by the walk: skipped, off the weekday schedule, or (a habit that never asks)
    /// without entries — whether or not the day is met anyway.
    public var skipped: Bool
    /// The day has a skip of its own or `skip --all` (what `unskip` would take back), met anyway or not.
    public var hasSkip = false
    /// The score after this day, as Loop shows it for the day (``HabitEvaluator/score``): nil
    /// before the history and after the last day counted (today while it does not count yet).
    public var score: Double? = nil

    public init(day: LocalDay, value: Double, state: DayState, period: PeriodState? = nil, skipped: Bool = false,
                score: Double? = nil) {
        (self.day, self.value, self.state, self.period, self.skipped, self.score) = (day, value, state, period, skipped, score)
    }

    /// Done on the day (``DayState/isDone``): the calendar's ●.
    public var met: Bool { state.isDone }
    /// A missed day a joker healed (daily habits): the streak goes on through it.
    public var joker: Bool { state == .healed }
    /// The habit's target is met as of this day: the day's own (daily habits, N days in any D), or
    /// its period's so far (week and month habits). What reminders and the on-met hook ask.
    public var targetMet: Bool { state == .met || period == .met }
}

/// The current period of a week or month habit; of a habit of N days in any D, today's window
/// (the D days ending today).
public struct PeriodProgress: Sendable, Equatable {
    /// `[start, end)`: a window ends after today.
    public var start: LocalDay
    public var end: LocalDay
    /// Days done (yes/no) or the sum so far.
    public var value: Double
    /// The target after skips: `ceil(target × unskipped days ÷ days in period)`.
    public var target: Double
    public var met: Bool
}

/// Everything `streak`, `calendar`, `today` and `score` say about one habit.
public struct HabitReport: Sendable, Equatable {
    public var definition: HabitDefinition
    /// The first day of the habit's history, nil when it has none yet (no data, not yet added).
    public var firstDay: LocalDay?
    /// Days (daily habits and N days in any D) or periods (week/month habits) in the current streak.
    public var current: Int
    public var longest: Int
    public var jokers: Int
    public var today: TodayState
    public var period: PeriodProgress?
    /// Habit strength in [0, 1] (Loop Habit Tracker's exponential smoothing, Standards/habits.md);
    /// nil when the evaluation was not asked for it (`scoring: false`: only `habit score` shows it).
    public var score: Double?
    /// One status per day of the range the report was asked for.
    public var days: [HabitDayStatus]
    /// False when habit may not read the type the habit's days come from (``AccessGrants``):
    /// the report then holds no data, and every view says "no read access" instead.
    public var readable = true

    /// The name `habit access allow NAME --read` takes for the habit's type.
    public var accessName: String { definition.accessName }
}

/// The one evaluation of every habit, built-in or own: day outcomes, skips, jokers, periods,
/// streaks and the score (Standards/streaks.md and Standards/habits.md; Standards/habits.md has worked examples).
public enum HabitEvaluator {
    /// How an own habit's day is judged on its own: yes/no — any entry; at least — the sum reaches
    /// the target; at most — the sum stays within it (no entry is 0, so met). Week and month
    /// habits are judged per period; their days' outcomes say only whether something was done.
    public static func dailyOutcome(_ habit: HabitDefinition, value: Double, hasEntry: Bool) -> (DayOutcome, decided: Bool) {
        guard habit.per == .day, let goal = habit.goal else { return (hasEntry ? .good : .miss, false) }
        switch goal {
        case .atLeast(let x): return (reaches(value, x) ? .good : .miss, false)
        case .atMost(let x): return within(value, x) ? (.good, false) : (.miss, true)
        }
    }

    /// `value ≥ target`, forgiving the last bits of floating-point sums (0.1 + 0.2 reaches 0.3).
    static func reaches(_ value: Double, _ target: Double) -> Bool { value >= target - 1e-9 * max(1, abs(target)) }
    static func within(_ value: Double, _ limit: Double) -> Bool { value <= limit + 1e-9 * max(1, abs(limit)) }

    /// The period of `per` that holds `day`: `[start, end)`; for D days, the window that judges
    /// `day`: the D days ending with it.
    public static func period(_ per: HabitDefinition.Period, of day: LocalDay, weekStartsOnSunday: Bool) -> DayRange {
        switch per {
        case .day: return DayRange(day: day)
        case .days(let length): return DayRange(day.adding(days: 1 - length), upTo: day.adding(days: 1))
        case .week:
            let back = weekStartsOnSunday ? day.isoWeekday % 7 : day.isoWeekday - 1
            let start = day.adding(days: -back)
            return DayRange(start, upTo: start.adding(days: 7))
        case .month: return DayRange(day.firstOfMonth, upTo: day.firstOfNextMonth)
        }
    }

    /// Evaluates `habit` over its history.
    ///
    /// - Parameters:
    ///   - inputs: one per day, contiguous, from `firstDay` (the history's start) through at
    ///     least `today`; more days after today are allowed (a calendar month that ends later).
    ///   - firstDay: the history's first day; nil when the habit has none (everything reads 0).
    ///   - skipped: the habit's skipped days (its own and `--all` ones).
    ///   - range: the days whose statuses the report lists.
    ///   - scoring: whether to compute the score (the report's and each day's: a second walk over
    ///     the history); without it both stay nil.
    public static func evaluate(_ habit: HabitDefinition, inputs: [HabitDayInput], firstDay: LocalDay?,
                                skipped: Set<LocalDay>, today: LocalDay, weekStartsOnSunday: Bool,
                                range: DayRange, scoring: Bool = true) -> HabitReport {
        var report = HabitReport(definition: habit, firstDay: firstDay, current: 0, longest: 0, jokers: 0,
                                 today: .pending, period: nil, score: scoring ? 0 : nil, days: [])
        let byDay = DayTable(habit.on == nil ? inputs : inputs.map { offSchedule($0, of: habit) }, lowerBound: inputs.first?.day ?? today)
        // Skips are looked up to the end of the current period too (a vacation planned for later this week shrinks its target).
        var skipped = DayTable(skipped: skipped, covering: DayRange(min(firstDay ?? today, range.lowerBound),
                                                                    upTo: max(today.adding(days: 32), range.upperBound)))
        let excuse = Excuse(habit: habit, skips: skipped, byDay: byDay)
        // A habit that never asks has no "not done": each day without an entry counts as skipped.
        if !habit.asks { skipped.skipEvery { byDay[$0]?.hasEntry != true } }
        // A weekday schedule: a day off it is passed over as a skipped day is (without a skip entry);
        // one good anyway — logged — counts, as a skipped day that is good does.
        if habit.on != nil { skipped.skipEvery { !habit.isScheduled(on: $0) } }
        guard let firstDay, firstDay <= today else {
            report.days = range.map { day in
                var s = HabitDayStatus(day: day, value: byDay[day]?.value ?? 0, state: day > today ? .later : .before,
                                       skipped: skipped.has(day))
                s.hasSkip = excuse.skips.has(day)
                return s
            }
            if skipped.has(today) { report.today = .skipped }
            return report
        }
        var statuses = DayTable<HabitDayStatus>(lowerBound: firstDay, upTo: max(today.adding(days: 1), range.upperBound))
        switch habit.per {
        case .day:
            walkDays(habit, byDay, firstDay: firstDay, skipped: skipped, excuse: excuse, today: today, into: &report, &statuses)
        case .days:
            walkWindows(habit, byDay, firstDay: firstDay, skipped: skipped, excuse: excuse, today: today, into: &report, &statuses)
        case .week, .month:
            walkPeriods(habit, byDay, firstDay: firstDay, skipped: skipped, excuse: excuse, today: today,
                        weekStartsOnSunday: weekStartsOnSunday, into: &report, &statuses)
        }
        if scoring {
            report.score = score(habit, byDay, statuses: &statuses, firstDay: firstDay, today: today,
                                 todayCounts: report.today == .done)
        }
        report.days = range.map { day in
            var s = statuses[day] ?? HabitDayStatus(day: day, value: byDay[day]?.value ?? 0, state: day > today ? .later : .before,
                                                    skipped: skipped.has(day))
            s.hasSkip = excuse.skips.has(day)
            return s
        }
        return report
    }

    /// A day as a weekday schedule sees it: on a scheduled day as it is; off the schedule, a day
    /// without entries is not good, whatever its sum (an at-most day without entries is met only
    /// when it is due), and not decided — the skip the evaluation gives it passes it over.
    static func offSchedule(_ input: HabitDayInput, of habit: HabitDefinition) -> HabitDayInput {
        guard !habit.isScheduled(on: input.day), !input.hasEntry else { return input }
        var off = input
        (off.outcome, off.decided) = (.miss, false)
        return off
    }

    /// Daily habits: §4's walk with jokers; a skipped day that is not good is passed over.
    private static func walkDays(_ habit: HabitDefinition, _ byDay: DayTable<HabitDayInput>, firstDay: LocalDay,
                                 skipped: DayTable<Bool>, excuse: Excuse, today: LocalDay, into report: inout HabitReport,
                                 _ statuses: inout DayTable<HabitDayStatus>) {
        var walk = StreakWalk()
        var day = firstDay
        while day <= today {
            let input = byDay[day] ?? HabitDayInput(day: day, value: 0, hasEntry: false, outcome: .miss, decided: false)
            let isSkipped = skipped.has(day)
            let state: DayState
            if input.outcome == .good {
                walk.step(.good)
                state = .met
            } else if isSkipped {
                state = excuse.state(of: day)
            } else if day < today || input.decided {
                let jokersBefore = walk.jokers
                walk.step(input.outcome)
                // A miss that left the streak standing was healed by a joker.
                state = input.outcome == .miss && walk.current > 0 && walk.jokers <= jokersBefore ? .healed : .missed
            } else {
                state = .pending
            }
            if day == today { report.today = TodayState(state) }
            statuses[day] = HabitDayStatus(day: day, value: input.value, state: state, skipped: isSkipped)
            day = day.adding(days: 1)
        }
        report.current = walk.current
        report.longest = walk.longest
        report.jokers = walk.jokers
    }

    /// Week and month habits: consecutive met periods, no jokers; the current period is pending
    /// until met and never breaks the streak (an at-most limit already exceeded does).
    private static func walkPeriods(_ habit: HabitDefinition, _ byDay: DayTable<HabitDayInput>, firstDay: LocalDay,
                                    skipped: DayTable<Bool>, excuse: Excuse, today: LocalDay, weekStartsOnSunday: Bool,
                                    into report: inout HabitReport, _ statuses: inout DayTable<HabitDayStatus>) {
        var current = 0, longest = 0
        var period = Self.period(habit.per, of: firstDay, weekStartsOnSunday: weekStartsOnSunday)
        while period.lowerBound <= today {
            let progress = Self.progress(habit, byDay, period: period, firstDay: firstDay, skipped: skipped, today: today)
            let isCurrent = period.contains(today)
            let exceeded = habit.goal?.isLimit == true && progress.map { !$0.met } == true
            let periodState: PeriodState = progress == nil ? .skipped : progress?.met == true ? .met
                : !isCurrent || exceeded ? .missed : .pending
            for day in period where day >= firstDay && day <= today {
                let input = byDay[day]
                // The day says what was done on it; the period's state stands beside it.
                let state: DayState = input?.hasEntry == true ? .done : skipped.has(day) ? excuse.state(of: day)
                    : day == today ? .pending : .open
                statuses[day] = HabitDayStatus(day: day, value: input?.value ?? 0, state: state, period: periodState,
                                               skipped: skipped.has(day))
            }
            if let progress {
                if progress.met {
                    current += 1
                } else if !isCurrent || exceeded {
                    current = 0
                }
                longest = max(longest, current)
                if isCurrent {
                    report.period = progress
                    report.today = progress.met ? .done : exceeded ? .missed : skipped.has(today) ? .skipped : .pending
                }
            } else if isCurrent {
                report.today = .skipped  // a fully skipped period is passed over
            }
            period = DayRange(period.upperBound, upTo: Self.period(habit.per, of: period.upperBound,
                                                                    weekStartsOnSunday: weekStartsOnSunday).upperBound)
        }
        report.current = current
        report.longest = longest
    }

    /// N days in any D: each day is judged on its window, the D days ending with it — days done
    /// (yes/no) or their sum against the target, shrunk as a week's is by the window's skipped days
    /// and days before the history. The streak counts met days, without jokers; a skipped day
    /// that is not met is passed over; today is pending until met, and missed only when an
    /// at-most limit is already exceeded (Standards/habits.md, "N days in any D").
    private static func walkWindows(_ habit: HabitDefinition, _ byDay: DayTable<HabitDayInput>, firstDay: LocalDay,
                                    skipped: DayTable<Bool>, excuse: Excuse, today: LocalDay, into report: inout HabitReport,
                                    _ statuses: inout DayTable<HabitDayStatus>) {
        var current = 0, longest = 0
        var day = firstDay
        while day <= today {
            let window = Self.period(habit.per, of: day, weekStartsOnSunday: false)
            let progress = Self.progress(habit, byDay, period: window, firstDay: firstDay, skipped: skipped, today: today)
            let met = progress?.met ?? false
            let isSkipped = skipped.has(day)
            let exceeded = habit.goal?.isLimit == true && progress != nil && !met
            // A skipped day is passed over even when its window is over the limit (as the streak does).
            let state: DayState = met ? .met : exceeded && !isSkipped ? .missed
                : byDay[day]?.hasEntry == true ? .done : isSkipped ? excuse.state(of: day)
                : progress == nil ? .skipped : day < today ? .missed : .pending
            statuses[day] = HabitDayStatus(day: day, value: byDay[day]?.value ?? 0, state: state, skipped: isSkipped)
            if met {
                current += 1
            } else if isSkipped || progress == nil {
                // passed over: neither counts nor breaks
            } else if day < today || exceeded {
                current = 0
            }
            longest = max(longest, current)
            if day == today {
                report.period = progress
                report.today = met ? .done : isSkipped || progress == nil ? .skipped : exceeded ? .missed : .pending
            }
            day = day.adding(days: 1)
        }
        report.current = current
        report.longest = longest
    }

    /// A period's value and target after skips; nil when every day of it is skipped or before the history.
    static func progress(_ habit: HabitDefinition, _ byDay: DayTable<HabitDayInput>, period: DayRange,
                         firstDay: LocalDay, skipped: DayTable<Bool>, today: LocalDay) -> PeriodProgress? {
        var open = 0
        for day in period where day >= firstDay && !skipped.has(day) { open += 1 }
        guard open > 0 else { return nil }
        var value = 0.0
        for day in period where day >= firstDay && day <= today {
            guard let input = byDay[day] else { continue }
            value += habit.goal == nil ? (input.hasEntry ? 1 : 0) : input.value
        }
        let full = Double(habit.goal?.amount ?? Double(habit.times))
        var target = (full * Double(open) / Double(period.count) - 1e-9).rounded(.up)
        if habit.goal == nil { target = min(target, Double(open)) }
        let met = habit.goal?.isLimit == true ? within(value, target) : reaches(value, target)
        return PeriodProgress(start: period.lowerBound, end: period.upperBound, value: value, target: target, met: met)
    }

    /// Loop's habit strength: `s = s·m + c·(1 − m)` over the days from the first to yesterday (and
    /// today once it counts), `m = 0.5^(√f / 13)`; skipped days leave `s` as it is. A day's `c` is
    /// Loop's rolling window over the habit's period of D days (1, 7, 30 or D): a yes/no habit of N
    /// days in D (N ÷ D below 1: N and D doubled) gets the days done in the last D days ÷ N, at most
    /// 1; a quantity the sum of the last D days against its target — `min(1, sum ÷ target)` at least,
    /// `clamp(1 − (sum − target) ÷ target, 0, 1)` at most; a daily yes/no habit or a built-in 1 on a
    /// good day, else 0. An at-most quantity starts from 1, as in Loop since its at-most habits
    /// came (a limit kept from nothing is full strength); everything else from 0 (Standards/habits.md,
    /// "Score"). Each day's `s` is kept in its status.
    static func score(_ habit: HabitDefinition, _ byDay: DayTable<HabitDayInput>, statuses: inout DayTable<HabitDayStatus>,
                      firstDay: LocalDay, today: LocalDay, todayCounts: Bool) -> Double {
        let m = pow(0.5, habit.frequency.squareRoot() / 13)
        let window = ScoreWindow(habit)
        var s = window.start
        var day = firstDay
        let last = todayCounts ? today : today.adding(days: -1)
        // The window's contributions, by the day's distance from the first day.
        var amounts: [Double] = []
        var rolling = 0.0
        while day <= last {
            let status = statuses[day]
            let input = byDay[day]
            let good = status?.met ?? false
            let amount = window.amount(input)
            amounts.append(amount)
            rolling += amount
            if amounts.count > window.days { rolling -= amounts[amounts.count - 1 - window.days] }
            // A skipped day leaves the score as it is unless it is good anyway: for a daily habit,
            // met; for a week, month or D-day habit, something was done on that day itself.
            let goodAnyway = habit.per == .day ? good : (input?.hasEntry ?? false)
            if status?.skipped != true || goodAnyway {
                s = s * m + window.completion(rolling: rolling, good: good) * (1 - m)
            }
            statuses[day]?.score = s
            day = day.adding(days: 1)
        }
        return s
    }
}

/// The rolling window of Loop's score for one habit: how many days it spans, what a day adds to
/// it, and what share of the habit's target a window's sum is.
struct ScoreWindow {
    enum Rule { case good, days(needed: Double), atLeast(Double), atMost(Double) }
    let days: Int
    let rule: Rule

    init(_ habit: HabitDefinition) {
        let period = habit.per.length
        switch (habit.kind, habit.goal) {
        case (.quantity, .atLeast(let target)?):
            (days, rule) = (period, .atLeast(target))
        case (.quantity, .atMost(let target)?):
            (days, rule) = (period, .atMost(target))
        case (.yesNo, _) where period > 1:
            // Loop doubles N and D of a habit done on fewer days than its period has, so that
            // an irregular week (Monday, then Sunday) still counts as two a week.
            let times = max(1, habit.times)
            let double = times < period ? 2 : 1
            (days, rule) = (period * double, .days(needed: Double(times * double)))
        default:
            (days, rule) = (1, .good)
        }
    }

    /// The score before the first day: 1 for an at-most quantity (Loop's `ScoreList.recompute`
    /// starts those at 1.0), else 0.
    var start: Double { if case .atMost = rule { 1 } else { 0 } }

    /// What a day adds to the window: its amount for a quantity, 1 for a day with an entry.
    func amount(_ input: HabitDayInput?) -> Double {
        switch rule {
        case .good: 0
        case .days: input?.hasEntry == true ? 1 : 0
        case .atLeast, .atMost: max(0, input?.value ?? 0)
        }
    }

    func completion(rolling: Double, good: Bool) -> Double {
        switch rule {
        case .good: return good ? 1 : 0
        case .days(let needed): return min(1, rolling / needed)
        case .atLeast(let target): return target > 0 ? min(1, rolling / target) : 1
        case .atMost(let target):
            guard target > 0 else { return rolling > 0 ? 0 : 1 }
            return min(1, max(0, 1 - (rolling - target) / target))
        }
    }
}

/// Values by day over a contiguous range: an array indexed by the day's distance from the first
/// (the evaluation walks thousands of days; hashing each day cost more than the rules).
struct DayTable<Value> {
    private var values: [Value?]
    private let base: Int

    init(lowerBound: LocalDay, upTo upper: LocalDay) {
        base = lowerBound.ordinal
        values = Array(repeating: nil, count: max(0, upper.ordinal - base))
    }

    subscript(day: LocalDay) -> Value? {
        get {
            let i = day.ordinal - base
            return i >= 0 && i < values.count ? values[i] : nil
        }
        set {
            let i = day.ordinal - base
            if i >= 0 && i < values.count { values[i] = newValue }
        }
    }
}

extension DayTable where Value == HabitDayInput {
    /// `inputs`, contiguous from `lowerBound`.
    init(_ inputs: [HabitDayInput], lowerBound: LocalDay) {
        self.init(lowerBound: lowerBound, upTo: lowerBound.adding(days: inputs.count))
        for input in inputs { self[input.day] = input }
    }
}

extension DayTable where Value == Bool {
    init(skipped: Set<LocalDay>, covering range: DayRange) {
        self.init(lowerBound: range.lowerBound, upTo: range.upperBound)
        for day in skipped { self[day] = true }
    }

    func has(_ day: LocalDay) -> Bool { self[day] ?? false }

    /// Marks as skipped every day of the table for which `isSkipped` holds.
    mutating func skipEvery(_ isSkipped: (LocalDay) -> Bool) {
        for i in values.indices {
            let day = LocalDay(ordinal: base + i)
            if isSkipped(day) { values[i] = true }
        }
    }
}

/// Why a day the evaluation passes over is passed over: its own skip (or `skip --all`), a day off
/// the habit's weekday schedule, or a day without entries of a habit that never asks.
struct Excuse {
    let habit: HabitDefinition
    let skips: DayTable<Bool>
    let byDay: DayTable<HabitDayInput>

    func state(of day: LocalDay) -> DayState {
        if skips.has(day) { return .skipped }
        if !habit.isScheduled(on: day) { return .offDay }
        if !habit.asks && byDay[day]?.hasEntry != true { return .notDue }
        return .skipped
    }
}

extension TodayState {
    /// Today's state as its day's (``DayState``) says it.
    init(_ state: DayState) {
        switch state {
        case .met, .done: self = .done
        case .missed: self = .missed
        case .healed: self = .healed
        case .skipped, .offDay, .notDue: self = .skipped
        case .pending, .open, .before, .later: self = .pending
        }
    }
}
