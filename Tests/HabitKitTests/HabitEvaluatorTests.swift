import Foundation
import Testing
@testable import HabitKit

/// The one evaluator (Standards/streaks.md and Standards/habits.md) on hand-built days: outcomes, skips, jokers, periods,
/// streaks and the score. Expected figures are worked out by hand in the comments.
@Suite struct HabitEvaluatorTests {
    /// 2025-01-06 is a Monday: weeks below start on it (Monday weeks).
    static let monday = Fixture.day("2025-01-06")
    static let created = Fixture.instant("2025-01-06T08:00:00+01:00")

    static func habit(_ kind: HabitDefinition.Kind = .yesNo, unit: String? = nil, goal: HabitDefinition.Goal? = nil,
                      times: Int = 1, per: HabitDefinition.Period = .day, since: LocalDay = monday) -> HabitDefinition {
        HabitDefinition(id: "00000000-0000-4000-8000-0000000000aa", name: "test", kind: kind, unit: unit, goal: goal,
                        per: per, times: times, since: since, created: created, modified: created)
    }

    /// A day as the daily query would hand it over: the amount, judged by ``HabitEvaluator/dailyOutcome``.
    static func input(_ habit: HabitDefinition, _ day: LocalDay, _ value: Double?) -> HabitDayInput {
        let (outcome, decided) = HabitEvaluator.dailyOutcome(habit, value: value ?? 0, hasEntry: value != nil)
        return HabitDayInput(day: day, value: value ?? 0, hasEntry: value != nil, outcome: outcome, decided: decided)
    }

    /// Evaluates `habit` over `values` (one per day from `first`, nil = no entry); today is the
    /// last day given unless `today` (an offset from `first`) says otherwise. The report lists
    /// every day given.
    static func run(_ habit: HabitDefinition, _ values: [Double?], skipped: Set<Int> = [], today: Int? = nil,
                    first: LocalDay = monday, scoring: Bool = true) -> HabitReport {
        let todayIndex = today ?? values.count - 1
        let count = max(values.count, todayIndex + 1)
        let days = (0..<count).map { first.adding(days: $0) }
        let inputs = days.enumerated().map { i, day in input(habit, day, i < values.count ? values[i] : nil) }
        return HabitEvaluator.evaluate(habit, inputs: inputs, firstDay: first, skipped: Set(skipped.map { first.adding(days: $0) }),
                                       today: first.adding(days: todayIndex), weekStartsOnSunday: false,
                                       range: DayRange(first, upTo: first.adding(days: count)), scoring: scoring)
    }

    /// A yes/no pattern: `g` done, `-` not done, `s` skipped (not done), `S` skipped but done anyway.
    /// Returns the values and the skipped offsets for ``run(_:_:skipped:today:first:)``.
    static func pattern(_ text: String) -> (values: [Double?], skipped: Set<Int>) {
        var values: [Double?] = [], skipped: Set<Int> = []
        for (i, c) in text.enumerated() {
            values.append(c == "g" || c == "S" ? 1 : nil)
            if c == "s" || c == "S" { skipped.insert(i) }
        }
        return (values, skipped)
    }

    static func yesNo(_ text: String, habit: HabitDefinition = habit()) -> HabitReport {
        let p = pattern(text)
        return run(habit, p.values, skipped: p.skipped)
    }

    static func g(_ n: Int) -> String { String(repeating: "g", count: n) }

    // MARK: - A day on its own

    struct OutcomeCase: Sendable, CustomTestStringConvertible {
        let name: String
        let goal: HabitDefinition.Goal?
        let per: HabitDefinition.Period
        let value: Double
        let hasEntry: Bool
        let good: Bool
        let decided: Bool
        var testDescription: String { name }
    }

    static let outcomes: [OutcomeCase] = [
        .init(name: "yes/no without an entry is a miss", goal: nil, per: .day, value: 0, hasEntry: false, good: false, decided: false),
        .init(name: "yes/no with an entry is good", goal: nil, per: .day, value: 1, hasEntry: true, good: true, decided: false),
        .init(name: "at least 8: 7.9 is a miss, not decided", goal: .atLeast(8), per: .day, value: 7.9, hasEntry: true, good: false, decided: false),
        .init(name: "at least 8: 8 is good", goal: .atLeast(8), per: .day, value: 8, hasEntry: true, good: true, decided: false),
        .init(name: "at least 0.3: 0.1 + 0.2 reaches it", goal: .atLeast(0.3), per: .day, value: 0.1 + 0.2, hasEntry: true, good: true, decided: false),
        .init(name: "at most 2: a day without entries is met", goal: .atMost(2), per: .day, value: 0, hasEntry: false, good: true, decided: false),
        .init(name: "at most 2: exactly 2 is met", goal: .atMost(2), per: .day, value: 2, hasEntry: true, good: true, decided: false),
        .init(name: "at most 2: 2.5 is missed and decided", goal: .atMost(2), per: .day, value: 2.5, hasEntry: true, good: false, decided: true),
        .init(name: "a week habit's day: something done", goal: .atLeast(150), per: .week, value: 25, hasEntry: true, good: true, decided: false),
        .init(name: "a week habit's day: nothing done", goal: .atLeast(150), per: .week, value: 0, hasEntry: false, good: false, decided: false),
    ]

    @Test(arguments: outcomes)
    func aDayIsJudgedOnItsSum(_ c: OutcomeCase) {
        let h = Self.habit(c.goal == nil ? .yesNo : .quantity, unit: c.goal == nil ? nil : "glass", goal: c.goal, per: c.per)
        let (outcome, decided) = HabitEvaluator.dailyOutcome(h, value: c.value, hasEntry: c.hasEntry)
        #expect((outcome == .good) == c.good)
        #expect(outcome != .breaks)
        #expect(decided == c.decided)
    }

    // MARK: - At most

    @Test func anAtMostDayWithoutEntriesIsMetAndTodayIsDoneAtOnce() {
        let coffee = Self.habit(.quantity, unit: "cup", goal: .atMost(2))
        let r = Self.run(coffee, [nil, nil, 1, nil])
        #expect(r.days.map(\.met) == [true, true, true, true])
        #expect(r.today == .done)
        #expect(r.current == 4)
        #expect(r.longest == 4)
    }

    @Test func anAtMostDayExceededTodayIsMissedAndBreaksAStreakWithoutJokers() {
        let coffee = Self.habit(.quantity, unit: "cup", goal: .atMost(2))
        // Three days within the limit, then 3 cups today: decided against, walked as a miss, no joker held.
        let r = Self.run(coffee, [nil, 2, 0.5, 3])
        #expect(r.today == .missed)
        #expect(r.current == 0)
        #expect(r.longest == 3)
        #expect(r.days.last?.met == false)
        #expect(r.days.last?.joker == false)
    }

    @Test func anAtMostDayExceededTodayIsAMissAJokerHeals() {
        let coffee = Self.habit(.quantity, unit: "cup", goal: .atMost(2))
        // 8 days within (the 7th earns a joker), then 3 cups today: missed, and healed (§4: only wild breaks whatever is held).
        let r = Self.run(coffee, Array(repeating: nil, count: 8) + [3])
        #expect(r.today == .healed)
        #expect(r.days.last?.state == .healed)
        #expect(r.current == 9)
        #expect(r.jokers == 0)
        #expect(r.days.last?.joker == true)
        #expect(r.days.last?.met == false)
    }

    // MARK: - Skips (daily)

    @Test func aSkippedDayInsideAStreakNeitherCountsNorBreaksNorSpendsAJoker() {
        // 7 good (a joker earned on the 7th), a skipped day without an entry, then today done.
        let skipped = Self.yesNo(Self.g(7) + "s" + "g")
        #expect(skipped.current == 8)  // 7 + today; the skipped day is not counted
        #expect(skipped.longest == 8)
        #expect(skipped.jokers == 1)  // not spent
        // Its score is the day before's: a skipped day leaves it.
        var expected = HabitDayStatus(day: Self.monday.adding(days: 7), value: 0, state: .skipped, skipped: true,
                                      score: skipped.days[6].score)
        expected.hasSkip = true
        #expect(skipped.days[7] == expected)
        // The same day not skipped is a miss the joker heals: counted, and the joker spent.
        let missed = Self.yesNo(Self.g(7) + "-" + "g")
        #expect(missed.current == 9)
        #expect(missed.jokers == 0)
        #expect(missed.days[7].joker)
        // With no joker held a skip does not break either: 2 + 2, not 0 + 2.
        #expect(Self.yesNo("gg" + "s" + "gg").current == 4)
        #expect(Self.yesNo("gg" + "-" + "gg").current == 2)
    }

    @Test func aSkippedDayEarnsNothingMilestonesCountStreakDays() {
        // 6 good, a skipped day, 1 good: the 7th streak day is the day after the skip, and it earns the joker.
        let r = Self.yesNo(Self.g(6) + "s" + "g")
        #expect(r.current == 7)
        #expect(r.jokers == 1)
        // 6 good and a skipped day: no 7th streak day yet, nothing earned.
        let p = Self.pattern(Self.g(6) + "s" + "-")
        let before = Self.run(Self.habit(), p.values, skipped: p.skipped)
        #expect(before.jokers == 0)
        #expect(before.current == 6)
    }

    @Test func aSkippedDayThatIsGoodAnywayCounts() {
        let r = Self.yesNo("gg" + "S" + "g")
        #expect(r.current == 4)
        #expect(r.days[2].met && r.days[2].skipped && !r.days[2].joker)
    }

    @Test func todaySkippedIsSkippedAndTheStreakEndsYesterday() {
        let r = Self.yesNo("ggg" + "s")
        #expect(r.today == .skipped)
        #expect(r.current == 3)
        // Done anyway: done, and counted.
        let done = Self.yesNo("ggg" + "S")
        #expect(done.today == .done)
        #expect(done.current == 4)
    }

    @Test func todayExceededButSkippedIsSkippedNotMissed() {
        let coffee = Self.habit(.quantity, unit: "cup", goal: .atMost(2))
        let r = Self.run(coffee, [nil, nil, 5], skipped: [2])
        #expect(r.today == .skipped)
        #expect(r.current == 2)
    }

    // MARK: - Jokers

    @Test func jokersHealAndMarkExactlyTheHealedDays() {
        // Days 0–6 good (joker earned on day 6), day 7 missed (healed: streak 8, jokers 0), days 8–13
        // good (streak 14: joker earned), day 14 missed (healed: 15, jokers 0), day 15 missed (none
        // held: reset), day 16 good (today): current 1, longest 15.
        let r = Self.yesNo(Self.g(7) + "-" + Self.g(6) + "--" + "g")
        #expect(r.days.indices.filter { r.days[$0].joker } == [7, 14])
        #expect(r.current == 1)
        #expect(r.longest == 15)
        #expect(r.jokers == 0)
        #expect(r.days.allSatisfy { !($0.joker && $0.met) })
    }

    @Test func onAMissedMilestoneDayTheJokerIsEarnedBeforeItIsSpent() {
        // 6 good, the 7th missed: earned on the 7th and spent on it; today (day 7) pending.
        let r = Self.yesNo(Self.g(6) + "-" + "-")
        #expect(r.current == 7)
        #expect(r.jokers == 0)
        #expect(r.days[6].joker)
        #expect(r.today == .pending)
        // A missed milestone while holding 3 earns nothing and spends one: 28 good (3 held), 6 good, the 35th missed.
        let full = Self.yesNo(Self.g(34) + "-" + "-")
        #expect(full.current == 35)
        #expect(full.jokers == 2)
        #expect(full.days[34].joker)
    }

    @Test func aPendingTodayNeverBreaksAndIsNeverAJoker() {
        let r = Self.yesNo(Self.g(7) + "-")
        #expect(r.today == .pending)
        #expect(r.current == 7)
        #expect(r.jokers == 1)
        #expect(r.days[7].joker == false)
    }

    // MARK: - Periods

    @Test(arguments: [("2025-01-06", false, "2025-01-06", "2025-01-13"), ("2025-01-12", false, "2025-01-06", "2025-01-13"),
                      ("2025-01-12", true, "2025-01-12", "2025-01-19"), ("2025-01-11", true, "2025-01-05", "2025-01-12"),
                      ("2024-12-30", false, "2024-12-30", "2025-01-06")])
    func aWeekRunsFromItsFirstDayToTheNextWeeksFirstDay(_ day: String, _ sunday: Bool, _ start: String, _ end: String) {
        // 2025-01-06 is a Monday, 2025-01-12 a Sunday, 2025-01-11 a Saturday; the week may span a year end.
        #expect(HabitEvaluator.period(.week, of: Fixture.day(day), weekStartsOnSunday: sunday)
                == DayRange(Fixture.day(start), upTo: Fixture.day(end)))
        #expect(HabitEvaluator.period(.month, of: Fixture.day(day), weekStartsOnSunday: sunday)
                == DayRange.month(containing: Fixture.day(day)))
    }

    struct ShrinkCase: Sendable, CustomTestStringConvertible {
        let skippedDays: Int
        let times: Double
        let quantity: Double
        var testDescription: String { "\(skippedDays) skipped days" }
    }

    /// `ceil(target × unskipped days ÷ 7)`:
    /// 0 skipped: 3×7/7 = 3, 150×7/7 = 150; 2 skipped: 3×5/7 = 2.14 → 3, 150×5/7 = 107.14 → 108;
    /// 4 skipped: 3×3/7 = 1.29 → 2, 150×3/7 = 64.29 → 65; 6 skipped: 3×1/7 = 0.43 → 1, 150×1/7 = 21.43 → 22.
    static let shrinks: [ShrinkCase] = [
        .init(skippedDays: 0, times: 3, quantity: 150), .init(skippedDays: 2, times: 3, quantity: 108),
        .init(skippedDays: 4, times: 2, quantity: 65), .init(skippedDays: 6, times: 1, quantity: 22),
    ]

    @Test(arguments: shrinks)
    func aWeeksTargetShrinksWithItsSkippedDays(_ c: ShrinkCase) {
        let gym = Self.habit(times: 3, per: .week)
        let reading = Self.habit(.quantity, unit: "min", goal: .atLeast(150), per: .week)
        let skipped = Set(0..<c.skippedDays)
        // Today is the week's Sunday; nothing done.
        #expect(Self.run(gym, [], skipped: skipped, today: 6).period?.target == c.times)
        #expect(Self.run(reading, [], skipped: skipped, today: 6).period?.target == c.quantity)
    }

    @Test func aWeekWithTwoSkippedDaysIsMetAtTheShrunkTarget() {
        let reading = Self.habit(.quantity, unit: "min", goal: .atLeast(150), per: .week)
        // Mon, Tue skipped; 108 read on Wednesday meets the week, 107 does not.
        let met = Self.run(reading, [nil, nil, 108], skipped: [0, 1], today: 3)
        #expect(met.period?.met == true)
        #expect(met.today == .done)
        #expect(met.current == 1)
        let short = Self.run(reading, [nil, nil, 107], skipped: [0, 1], today: 3)
        #expect(short.period?.met == false)
        #expect(short.today == .pending)
        let gym = Self.habit(times: 3, per: .week)
        #expect(Self.run(gym, [nil, nil, 1, 1], skipped: [0, 1], today: 4).period?.met == false)  // 2 of 3
        #expect(Self.run(gym, [nil, nil, 1, 1, 1], skipped: [0, 1], today: 4).period?.met == true)
    }

    @Test func aFullySkippedWeekIsPassedOver() {
        let gym = Self.habit(times: 2, per: .week)
        // Week 1 met (Mon, Tue), week 2 skipped whole, week 3 met, today Monday of week 4 with nothing yet.
        var values = [Double?](repeating: nil, count: 22)
        values[0] = 1; values[1] = 1; values[14] = 1; values[15] = 1
        let r = Self.run(gym, values, skipped: Set(7..<14))
        #expect(r.current == 2)
        #expect(r.longest == 2)
        #expect(r.today == .pending)
        #expect(r.days[7..<14].allSatisfy { $0.skipped && !$0.met })
        // Not skipped, the empty week 2 breaks it.
        let broken = Self.run(gym, values)
        #expect(broken.current == 1)
        #expect(broken.longest == 1)
    }

    @Test func theCurrentPeriodIsPendingUntilMetAndNeverBreaks() {
        let gym = Self.habit(times: 3, per: .week)
        // Weeks 1 and 2 met (Mon–Wed), week 3: Monday only, today Wednesday.
        var values = [Double?](repeating: nil, count: 17)
        for w in 0..<2 { for d in 0..<3 { values[w * 7 + d] = 1 } }
        values[14] = 1
        let pending = Self.run(gym, values)
        #expect(pending.today == .pending)
        #expect(pending.current == 2)
        #expect(pending.period == PeriodProgress(start: Self.monday.adding(days: 14), end: Self.monday.adding(days: 21),
                                                 value: 1, target: 3, met: false))
        #expect(pending.days[14...16].allSatisfy { !$0.targetMet })
        #expect(pending.days[0..<14].allSatisfy { $0.targetMet })  // a met week's days are all counted
        // Each day says what happened on it; the period's state stands beside it.
        #expect(pending.days[0..<14].map(\.state) == Array(repeating: [DayState.done, .done, .done, .open, .open, .open, .open], count: 2).flatMap { $0 })
        #expect(pending.days[0..<14].allSatisfy { $0.period == .met })
        #expect(pending.days[14...16].map(\.state) == [.done, .open, .pending])
        #expect(pending.days[14...16].allSatisfy { $0.period == .pending })
        values[15] = 1; values[16] = 1
        let done = Self.run(gym, values)
        #expect(done.today == .done)
        #expect(done.current == 3)
        #expect(done.days[14...16].allSatisfy { $0.met })
    }

    @Test func anAtMostLimitExceededInTheCurrentPeriodBreaksAtOnce() {
        let coffee = Self.habit(.quantity, unit: "cup", goal: .atMost(10), per: .week)
        // Week 1: 5 cups (met); this week, by Tuesday: 11.
        let r = Self.run(coffee, [5, nil, nil, nil, nil, nil, nil, 6, 5])
        #expect(r.today == .missed)
        #expect(r.current == 0)
        #expect(r.longest == 1)
    }

    @Test func periodStreaksCountConsecutiveMetPeriods() {
        let gym = Self.habit(times: 1, per: .week)
        // Weeks met, met, met, missed, met; today the Monday of week 6, nothing yet: current 1, longest 3.
        var values = [Double?](repeating: nil, count: 36)
        for w in [0, 1, 2, 4] { values[w * 7 + 3] = 1 }
        let r = Self.run(gym, values)
        #expect(r.current == 1)
        #expect(r.longest == 3)
        #expect(r.jokers == 0)
        #expect(r.days.allSatisfy { !$0.joker })

        // Months: 4 days a month; January met, February not (3), March and April met; today 2025-05-10, 1 day so far.
        let monthly = Self.habit(times: 4, per: .month, since: Fixture.day("2025-01-01"))
        let first = Fixture.day("2025-01-01")
        let done: Set<String> = ["2025-01-02", "2025-01-09", "2025-01-16", "2025-01-23",
                                 "2025-02-03", "2025-02-10", "2025-02-17",
                                 "2025-03-01", "2025-03-05", "2025-03-30", "2025-03-31",
                                 "2025-04-01", "2025-04-02", "2025-04-03", "2025-04-04", "2025-04-30", "2025-05-02"]
        let count = first.days(until: Fixture.day("2025-05-10")) + 1
        let months = Self.run(monthly, (0..<count).map { done.contains(first.adding(days: $0).description) ? 1 : nil }, first: first)
        #expect(months.current == 2)
        #expect(months.longest == 2)
        #expect(months.today == .pending)
        #expect(months.period?.value == 1)
        #expect(months.period?.target == 4)
    }

    // MARK: - Score

    /// `m = 0.5^(1/13)` = 0.948077514339171 for a daily habit.
    static let mDaily = 0.948077514339171

    @Test func twentyGoodDaysFromNothingScore0655747() {
        // s_n = 1 − m^n from s = 0 with c = 1: 1 − 0.5^(20/13) = 1 − 0.344252362798567 = 0.655747637201433.
        // To six decimals (truncated, as Standards/habits.md writes it) 0.655747; rounded it is 0.655748.
        let pendingToday = Self.yesNo(Self.g(20) + "-")
        #expect(abs(pendingToday.strength - 0.655747637201433) < 5e-7)
        #expect((pendingToday.strength * 1e6).rounded(.down) / 1e6 == 0.655747)
        // Today counts once it is met: 19 days and today are the same 20.
        let doneToday = Self.yesNo(Self.g(20))
        #expect(abs(doneToday.strength - 0.655747637201433) < 5e-7)
        // A pending today is not counted: 19 good days, 1 − 0.5^(19/13) = 0.636894286.
        #expect(abs(Self.yesNo(Self.g(19) + "-").strength - 0.636894286) < 5e-7)
    }

    @Test func skippedDaysLeaveTheScoreUnchanged() {
        // 10 good, 5 skipped, 10 good: still 20 steps of c = 1 → 0.655747637201433.
        let r = Self.yesNo(Self.g(10) + "sssss" + Self.g(10) + "-")
        #expect(abs(r.strength - 0.655747637201433) < 5e-7)
        // Skipped but done anyway counts as good: 10 + 5 + 10 = 25 steps, 1 − 0.5^(25/13) = 0.736308481.
        let anyway = Self.yesNo(Self.g(10) + "SSSSS" + Self.g(10) + "-")
        #expect(abs(anyway.strength - 0.736308481) < 5e-7)
    }

    @Test func aWeekHabitsSmoothingUsesTimesOverSevenAndLoopsDoubledWindow() {
        // f = 3/7, m = 0.5^(√(3/7)/13) = 0.965696681713863. Loop doubles 3 in 7 to 6 in 14: a week
        // done every day gives c = 1/6, 2/6, 3/6, 4/6, 5/6, 1, 1 → 0.143840459.
        let gym = Self.habit(times: 3, per: .week)
        let r = Self.run(gym, Array(repeating: 1, count: 7) + [nil])
        #expect(r.today == .pending)
        #expect(abs(r.strength - 0.143840459) < 5e-7)
        // Loop's own example of the window: twice in a week on Monday and Sunday is 2 of 6 needed
        // on Sunday, and the Monday still counts for the next thirteen days.
        let irregular = Self.run(gym, [1, nil, nil, nil, nil, nil, 1, nil])
        let m = 0.965696681713863
        var expected = 0.0
        let counts: [Double] = [1, 1, 1, 1, 1, 1, 2]
        for count in counts { expected = expected * m + (count / 6) * (1 - m) }
        #expect(abs(irregular.strength - expected) < 1e-9)
    }

    @Test func aQuantityDaysContributionIsItsWindowsSumAgainstTheTarget() {
        // water, at least 8 a day: 4, 8, 12 glasses → c = 0.5, 1, 1 (capped); m = 0.948077514339171, 1 − m = 0.051922486:
        // s1 = 0.5 × 0.051922486 = 0.025961243; s2 = s1·m + 0.051922486 = 0.076535; s3 = s2·m + 0.051922486 = 0.124484315.
        let water = Self.habit(.quantity, unit: "glass", goal: .atLeast(8))
        #expect(abs(Self.run(water, [4, 8, 12, nil]).strength - 0.124484315) < 5e-7)
        // reading, at least 140 a week: the sum of the last 7 days against 140; f = 1/7,
        // m = 0.5^(√(1/7)/13) = 0.980049015: Monday 10 → c = 10/140; Tuesday 30 → sum 40, c = 40/140:
        // s = 0.007096920.
        let reading = Self.habit(.quantity, unit: "min", goal: .atLeast(140), per: .week)
        #expect(abs(Self.run(reading, [10, 30, nil]).strength - 0.007096920) < 5e-7)
        // coffee, at most 2 a day, from s = 1 as in Loop (ScoreList.recompute starts an at-most
        // habit at 1.0): none, 3, 1 and today none → c = 1, 1 − (3 − 2)/2 = 0.5, 1, 1:
        // s = 1 − 0.5 × (1 − m) × m² = 0.976664712 (Loop's own figure for its Coffee fixture).
        let coffee = Self.habit(.quantity, unit: "cup", goal: .atMost(2))
        let r = Self.run(coffee, [nil, 3, 1, nil], today: 3)
        #expect(r.today == .done)  // an at-most today without entries counts at once
        #expect(abs(r.strength - 0.976664712) < 5e-7)
        // Five cups are more than twice the limit: c = 0, never below (s = m); then a day within
        // it, c = 1: m² + (1 − m) = 0.950773459.
        #expect(abs(Self.run(coffee, [5, nil], today: 1).strength - 0.950773459) < 5e-7)
    }

    @Test func aSkippedDayLeavesTheScoreOfAQuantityWeekHabitUnchangedAndTheWindowGoesOn() {
        // reading, at least 140 a week (m = 0.980049015): Monday 140, Tuesday skipped with nothing
        // read, Wednesday–Sunday nothing; today the next Monday. The 140 stays in the 7-day window
        // through Sunday: Monday c = 1, Tuesday skipped → unchanged, five days c = 1 → 1 − m^6 =
        // 0.113891750. (Counting Tuesday too would give 1 − m^7 = 0.131570483.)
        let reading = Self.habit(.quantity, unit: "min", goal: .atLeast(140), per: .week)
        let r = Self.run(reading, [140, nil, nil, nil, nil, nil, nil, nil], skipped: [1])
        #expect(r.today == .pending)
        #expect(abs(r.strength - 0.113891750) < 5e-7)
    }

    @Test func theScoreStaysWithinZeroAndOne() {
        var rng = SeededRandom(seed: 11)
        let habits = [Self.habit(), Self.habit(.quantity, unit: "glass", goal: .atLeast(8)),
                      Self.habit(.quantity, unit: "cup", goal: .atMost(2)), Self.habit(times: 3, per: .week),
                      Self.habit(.quantity, unit: "min", goal: .atLeast(150), per: .week),
                      Self.habit(.quantity, unit: "km", goal: .atMost(40), per: .month), Self.habit(times: 2, per: .days(3)),
                      Self.habit(.quantity, unit: "page", goal: .atMost(60), per: .days(10))]
        for h in habits {
            for _ in 0..<20 {
                let values: [Double?] = (0..<rng.int(1...90)).map { _ in rng.chance(0.4) ? nil : Double(rng.int(0...30)) }
                let skipped = Set((0..<values.count).filter { _ in rng.chance(0.1) })
                let score = Self.run(h, values, skipped: skipped).strength
                #expect(score >= 0 && score <= 1)
            }
        }
    }

    /// Without `scoring`, the score (the report's and each day's) is nil and nothing else changes.
    @Test func withoutScoringOnlyTheScoreIsLeftOut() {
        var rng = SeededRandom(seed: 28)
        let habits = [Self.habit(), Self.habit(.quantity, unit: "glass", goal: .atLeast(8)),
                      Self.habit(.quantity, unit: "cup", goal: .atMost(2)), Self.habit(times: 3, per: .week),
                      Self.habit(.quantity, unit: "km", goal: .atMost(40), per: .month), Self.habit(times: 2, per: .days(3))]
        for h in habits {
            for _ in 0..<20 {
                let values: [Double?] = (0..<rng.int(1...90)).map { _ in rng.chance(0.4) ? nil : Double(rng.int(0...30)) }
                let skipped = Set((0..<values.count).filter { _ in rng.chance(0.1) })
                let scored = Self.run(h, values, skipped: skipped)
                let unscored = Self.run(h, values, skipped: skipped, scoring: false)
                #expect(scored.score != nil && unscored.score == nil)
                #expect(unscored.days.allSatisfy { $0.score == nil })
                var stripped = scored
                stripped.score = nil
                for i in stripped.days.indices { stripped.days[i].score = nil }
                #expect(stripped == unscored, "\(h.per)")
            }
        }
    }
}

// MARK: - Habits that never ask, and each day's score

extension HabitEvaluatorTests {
    /// Issue 23, point 19: a habit that records but never asks has no "not done" — each day
    /// without an entry is evaluated as a skipped day — so its streak only grows, its score only
    /// moves on days with entries, and today without an entry is not left to do.
    @Test func aHabitThatNeverAsksCountsItsDaysWithoutEntriesAsSkipped() {
        var coffee = Self.habit()
        coffee.asks = false
        // Entries on days 0, 3 and 4; nothing on 1, 2 and today (5).
        let values: [Double?] = [1, nil, nil, 1, 1, nil]
        let r = Self.run(coffee, values)
        #expect(r.today == .skipped)
        #expect(r.current == 3 && r.longest == 3 && r.jokers == 0)
        #expect(r.days.map(\.skipped) == [false, true, true, false, false, true])
        #expect(r.days.map(\.met) == [true, false, false, true, true, false])
        #expect(!r.days.contains { $0.joker })
        // The same as an asking habit with those days skipped: three steps of c = 1.
        let asking = Self.run(Self.habit(), values, skipped: [1, 2, 5])
        #expect(r.score == asking.score && r.current == asking.current)
        let m = pow(0.5, 1.0 / 13)
        #expect(abs(r.strength - (1 - m * m * m)) < 1e-12)
        // Nothing is left today, and nothing is at risk.
        let plan = DayPlan(HabitOverview(asOf: r.days[5].day, allSources: false, otherSourceCount: 0,
                                         range: DayRange(day: r.days[5].day), reports: [r]))
        #expect(plan.left.isEmpty && plan.atRisk.isEmpty && plan.state == "done")
        // An entry today: done, and the streak counts it.
        let done = Self.run(coffee, [1, nil, nil, 1, 1, 1])
        #expect(done.today == .done && done.current == 4)
        // Asking, the same days break the streak and today is left to do.
        let nagging = Self.run(Self.habit(), values)
        #expect(nagging.today == .pending && nagging.current < 3)
        #expect(DayPlan(HabitOverview(asOf: r.days[5].day, allSources: false, otherSourceCount: 0,
                                      range: DayRange(day: r.days[5].day), reports: [nagging])).left.count == 1)
    }

    @Test func aWeekHabitThatNeverAsksMeetsEachWeekItRecordsAndPassesOverTheRest() {
        var gym = Self.habit(times: 3, per: .week)
        gym.asks = false
        // Week 1: one entry (met: the target shrinks with the six days without one); week 2:
        // nothing (passed over); week 3 begun, nothing yet: skipped, not pending.
        var values: [Double?] = Array(repeating: nil, count: 16)
        values[2] = 1
        let r = Self.run(gym, values)
        #expect(r.current == 1 && r.longest == 1)
        #expect(r.today == .skipped)
        #expect(r.days[2].met && !r.days[9].met)
    }

    /// Each listed day carries the score after it (what Loop shows for that day): the report's
    /// score is the last one counted; today, not counted yet, has none.
    @Test func eachDayCarriesItsScore() {
        let r = Self.run(Self.habit(), [1, nil, 1, nil])
        let m = pow(0.5, 1.0 / 13)
        let want = [1 - m, (1 - m) * m, (1 - m) * m * m + (1 - m)]
        for (day, expected) in zip(r.days, want) { #expect(abs((day.score ?? -1) - expected) < 1e-12) }
        #expect(r.days[3].score == nil)
        #expect(r.days[2].score == r.score)
        // Skipped: the score stays as it was the day before.
        let skipped = Self.run(Self.habit(), [1, nil, 1, nil], skipped: [1])
        #expect(skipped.days[1].score == skipped.days[0].score)
    }
}

// MARK: - N days in any D

extension HabitEvaluatorTests {
    /// The window that judges a day is the D days ending with it: `[day − D + 1, day + 1)`, across
    /// a month's and a year's end.
    @Test(arguments: [("2025-01-06", 3, "2025-01-04", "2025-01-07"), ("2025-01-01", 3, "2024-12-30", "2025-01-02"),
                      ("2025-03-01", 2, "2025-02-28", "2025-03-02"), ("2024-03-01", 2, "2024-02-29", "2024-03-02"),
                      ("2025-12-31", 365, "2025-01-01", "2026-01-01")])
    func aDaysWindowIsTheDDaysEndingWithTheDay(_ day: String, _ length: Int, _ start: String, _ end: String) {
        let window = HabitEvaluator.period(.days(length), of: Fixture.day(day), weekStartsOnSunday: false)
        #expect(window == DayRange(Fixture.day(start), upTo: Fixture.day(end)))
        #expect(window.count == length)
    }

    /// 2 days in any 3: a day is met when the 3 days ending with it hold 2 done (the first days of
    /// the history have a shrunk target: day 0 ceil(2 × 1/3) = 1, day 1 ceil(2 × 2/3) = 2). Two
    /// days done and one rested keeps it for ever, and a day is met by the days before it alone;
    /// every other day (1.5 in 3) does not.
    @Test func aDayOfNDaysInAnyDIsMetWhenTheDDaysEndingWithItHoldN() {
        let walk = Self.habit(times: 2, per: .days(3))
        let kept = Self.yesNo("gg-gg-gg-g", habit: walk)
        #expect(kept.days.map(\.met) == Array(repeating: true, count: 10))
        #expect(kept.today == .done && kept.current == 10 && kept.longest == 10 && kept.jokers == 0)
        #expect(kept.period == PeriodProgress(start: Self.monday.adding(days: 7), end: Self.monday.adding(days: 10),
                                              value: 2, target: 2, met: true))
        let everyOther = Self.yesNo("g-g-g-", habit: walk)
        #expect(everyOther.days.map(\.met) == [true, false, true, false, true, false])
        #expect(everyOther.today == .pending && everyOther.current == 1 && everyOther.longest == 1)
        // Today met by yesterday and the day before, with nothing logged today: done.
        let rested = Self.yesNo("gg-", habit: walk)
        #expect(rested.today == .done && rested.current == 3)
        #expect(rested.days.allSatisfy { !$0.joker })
    }

    /// Today is pending until its window is met and never breaks the streak; a past day whose
    /// window is not met does; an at-most limit exceeded in today's window is missed at once.
    @Test func todaysWindowIsPendingUntilMetAndAnExceededLimitIsMissed() {
        let walk = Self.habit(times: 2, per: .days(3))
        // Days 0–4 met ("gg-gg"), day 5 rested: its window (3–5) holds 2 — met; today (6): 4–6 holds 1.
        let pending = Self.yesNo("gg-gg--", habit: walk)
        #expect(pending.today == .pending && pending.current == 6)
        #expect(pending.period?.value == 1 && pending.period?.target == 2)
        // At risk tonight: the window's one day left is today, and a streak stands.
        let plan = DayPlan(HabitOverview(asOf: pending.days[6].day, allSources: false, otherSourceCount: 0,
                                         range: DayRange(day: pending.days[6].day), reports: [pending]))
        #expect(plan.atRisk.count == 1 && plan.items[0].daysLeft == 1)
        // Tomorrow, not done today: day 6 is missed and breaks it.
        #expect(Self.yesNo("gg-gg---", habit: walk).current == 0)
        // At most 5 cups in any 3 days: 2, 2, 1 are within the shrunk targets (ceil(5/3) = 2, ceil(10/3) = 4, 5);
        // 3 cups today make the last 3 days 6: missed now.
        let coffee = Self.habit(.quantity, unit: "cup", goal: .atMost(5), per: .days(3))
        let within = Self.run(coffee, [2, 2, 1, 2])
        #expect(within.days.map(\.met) == [true, true, true, true] && within.today == .done && within.current == 4)
        let over = Self.run(coffee, [2, 2, 1, 3])
        #expect(over.today == .missed && over.current == 0 && over.longest == 3)
    }

    /// Skipped days leave the window as a week's skipped days leave the week: its target shrinks
    /// to ceil(N × unskipped days ÷ D); a skipped day that is not met is passed over, one that is
    /// met counts; a window wholly skipped is passed over.
    @Test func skippedDaysShrinkTheWindowsTargetAndAreOtherwisePassedOver() {
        let walk = Self.habit(times: 2, per: .days(3))
        // Day 1 skipped and not done: window 0–1 has 1 open day, target 1, done 1: met anyway.
        let r = Self.yesNo("gsg", habit: walk)
        #expect(r.days.map(\.targetMet) == [true, true, true] && r.current == 3)
        // A vacation: days 2–6 skipped (the 6th done anyway), then two days done. Days 2 and 3
        // are met by days 0–1 (targets 2 of 2 open days, 1 of 1); the windows of days 4–6 are
        // wholly skipped: passed over; day 7's window (5–7) has one open day and 2 done.
        let vacation = Self.yesNo("ggssssSgg", habit: walk)
        #expect(vacation.days.map(\.targetMet) == [true, true, true, true, false, false, false, true, true])
        #expect(vacation.current == 6 && vacation.longest == 6)
        // Not skipped, the same rest breaks it: day 6's window (4–6) holds 1.
        let rest = Self.yesNo("gg----ggg", habit: walk)
        #expect(rest.days.map(\.targetMet) == [true, true, true, false, false, false, false, true, true])
        #expect(rest.current == 2 && rest.longest == 3)
    }

    /// Loop's score of "2 in 3 days" (its `Walk` fixture: done on the 18th, 20th and 22nd): f = 2/3,
    /// m = 0.5^(√(2/3)/13) = 0.957399243; N/D below 1, so Loop's window is 4 in the last 6 days:
    /// c = 1/4, 1/4, 2/4, 2/4, 3/4 → 0.010650, 0.020847, 0.041259, 0.060802, 0.090162 (loop-scores/).
    /// A quantity's window is the sum of the last D days: at least 20 pages in any 5 days (f = 1/5,
    /// m = 0.976437058), 10, –, 15, – → sums 10, 10, 25, 25, 25 → c = .5, .5, 1, 1, 1 → 0.090714076.
    @Test func theScoreOfNDaysInAnyDIsLoopsWindowOfDDays() {
        let walk = Self.habit(times: 2, per: .days(3))
        let r = Self.run(walk, [1, nil, 1, nil, 1, nil])
        let loop = [0.010650, 0.020847, 0.041259, 0.060802, 0.090162]
        for (status, want) in zip(r.days, loop) { #expect(abs((status.score ?? -1) - want) < 5e-7, "\(status.day)") }
        #expect(r.days[5].score == nil)  // today, pending: not counted yet
        #expect(abs(walk.frequency - 2.0 / 3) < 1e-15)
        let pages = Self.habit(.quantity, unit: "page", goal: .atLeast(20), per: .days(5))
        let read = Self.run(pages, [10, nil, 15, nil, nil])
        #expect(read.today == .done)  // today's window holds 25
        #expect(read.days.map(\.met) == [true, true, true, true, true])  // targets 4, 8, 12, 16, 20
        #expect(abs(read.strength - 0.090714076) < 5e-7)
    }
}
