import Foundation
import Testing
@testable import HabitKit

/// Issue 26, point 3: weekday schedules (`habit add yoga --on mon,wed,fri`). Days off the schedule
/// are neither good nor missed — a skipped day without a skip entry — and a day logged anyway is
/// good (Standards/habits.md, "Weekday schedules"). The rule on hand-built days, then through a
/// store across DST changes and with a day start.
@Suite struct WeekdayScheduleTests {
    typealias E = HabitEvaluatorTests
    /// Monday, Wednesday and Friday.
    static let mwf = WeekdaySet([1, 3, 5])

    /// `habit` on the schedule `on`, through the definition's initialiser (which keeps a full week as none).
    static func scheduled(_ h: HabitDefinition = E.habit(), on: WeekdaySet? = mwf) -> HabitDefinition {
        HabitDefinition(id: h.id, name: h.name, kind: h.kind, unit: h.unit, goal: h.goal, per: h.per, times: h.times,
                        since: h.since, on: on, created: h.created, modified: h.modified)
    }

    // MARK: - The rule

    struct WeekdayCase: Sendable, CustomTestStringConvertible {
        let day: String
        let due: Bool
        var testDescription: String { "\(day) \(due ? "due" : "off")" }
    }

    /// The weekday is the local day's own (a date, no instant): the Sundays of the DST changes, the
    /// Mondays after them, a leap day and a year's turn.
    static let weekdayCases: [WeekdayCase] = [
        .init(day: "2025-03-09", due: false), .init(day: "2025-03-10", due: true), .init(day: "2025-03-11", due: false),
        .init(day: "2025-03-30", due: false), .init(day: "2025-03-31", due: true), .init(day: "2025-10-26", due: false),
        .init(day: "2025-10-27", due: true), .init(day: "2025-04-06", due: false), .init(day: "2025-10-03", due: true),
        .init(day: "2024-02-29", due: false), .init(day: "2024-03-01", due: true), .init(day: "2025-12-31", due: true),
        .init(day: "2026-01-01", due: false), .init(day: "2026-01-02", due: true),
    ]

    @Test(arguments: weekdayCases)
    func aDayIsDueWhenItsLocalWeekdayIsInTheSchedule(_ c: WeekdayCase) {
        #expect(Self.scheduled().isScheduled(on: Fixture.day(c.day)) == c.due)
        #expect(E.habit().isScheduled(on: Fixture.day(c.day)))  // no schedule: every day
    }

    @Test func aFullWeekIsEveryDayAndTheWordsAreMondayFirst() throws {
        #expect(Self.scheduled(on: .daily).on == nil)
        #expect(Self.scheduled(on: WeekdaySet(mask: 0)).on == nil)
        #expect(Self.mwf.words == ["mon", "wed", "fri"])
        #expect(WeekdaySet([7, 1]).words == ["mon", "sun"])
        #expect(WeekdaySet(words: ["mon", "wed", "fri"]) == Self.mwf)
        for bad in [[], ["mon", "mon"], ["monday"], ["Mon"], ["xyz"], ["mon", ""]] {
            #expect(WeekdaySet(words: bad) == nil, "\(bad)")
        }
        // The bit order: bit 0 Monday … bit 6 Sunday.
        #expect(Self.mwf.mask == 0b0010101)
        #expect(try WeekdaySet(parsing: "weekends").mask == 0b1100000)
    }

    /// 2025-01-06 is a Monday. Done on every Monday, Wednesday and Friday for three weeks, nothing
    /// on the other days: 9 streak days (a joker earned on the 7th), the days off neither met nor
    /// missed nor jokers, and today — a Friday — done.
    @Test func daysOffTheScheduleAreNeitherGoodNorMissed() {
        let p = E.pattern("g-g-g--g-g-g--g-g-g")
        let r = E.run(Self.scheduled(), p.values)
        #expect(r.current == 9 && r.longest == 9 && r.jokers == 1 && r.today == .done)
        let off = r.days.filter { !Self.mwf.contains(isoWeekday: $0.day.isoWeekday) }
        #expect(off.count == 10 && off.allSatisfy { $0.skipped && !$0.met && !$0.joker })
        #expect(r.days.filter(\.met).count == 9)
        // Without the schedule, the same days are misses: the streak is 1.
        #expect(E.run(E.habit(), p.values).current == 1)
    }

    /// A scheduled day not done is a miss as any: it spends a joker or breaks the streak.
    @Test func aScheduledDayNotDoneIsAMiss() {
        // Mon, Wed done, Fri not, Mon and Wed done: streak 2, longest 2 (no joker held).
        let r = E.run(Self.scheduled(), E.pattern("g-g------g-g").values)
        #expect(r.current == 2 && r.longest == 2 && r.jokers == 0)
        #expect(r.days[4].met == false && r.days[4].skipped == false)
        // Seven scheduled days earn a joker, which heals the eighth not done.
        let healed = E.run(Self.scheduled(), E.pattern("g-g-g--g-g-g--g---g").values)
        #expect(healed.current == 9 && healed.jokers == 0)
        #expect(healed.days.filter(\.joker).map(\.day) == [E.monday.adding(days: 16)])
    }

    /// An entry on a day off counts for that day: it is met and counts as a good streak day.
    @Test func anEntryOnADayOffTheScheduleCountsAsAGoodDay() {
        let r = E.run(Self.scheduled(), E.pattern("gggg").values)  // Mon to Thu
        #expect(r.current == 4 && r.days.allSatisfy(\.met))
        #expect(r.days[1].skipped && r.days[3].skipped)  // off the schedule, met anyway
        #expect(r.today == .done)
    }

    /// Today off the schedule reads `skipped` (never pending, never at risk); logged, `done`.
    @Test func todayOffTheScheduleIsSkippedUnlessLogged() {
        let r = E.run(Self.scheduled(), E.pattern("g-").values)  // Monday done, today Tuesday
        #expect(r.today == .skipped && r.current == 1)
        #expect(E.run(Self.scheduled(), E.pattern("gg").values).today == .done)
        #expect(E.run(E.habit(), E.pattern("g-").values).today == .pending)
    }

    /// An at-most day without entries is met — on its scheduled days. Off them it is passed over
    /// (nothing logged), counts when logged within the limit, and is passed over when the limit
    /// is exceeded. Coffee at most 2 on weekdays, Monday to Sunday, today Sunday.
    @Test func anAtMostDayOffTheScheduleCountsOnlyWhenLogged() throws {
        let coffee = Self.scheduled(E.habit(.quantity, unit: "cup", goal: .atMost(2)), on: try WeekdaySet(parsing: "weekdays"))
        let r = E.run(coffee, [nil, nil, nil, nil, nil, nil, nil])
        #expect(r.days.map(\.met) == [true, true, true, true, true, false, false])
        #expect(r.current == 5 && r.today == .skipped)
        let logged = E.run(coffee, [nil, nil, nil, nil, nil, 1, 5])
        #expect(logged.days.map(\.met) == [true, true, true, true, true, true, false])
        #expect(logged.current == 6 && logged.today == .skipped)  // Sunday over the limit: passed over, not missed
    }

    /// The score moves on scheduled days and on days logged; a day off without an entry leaves it,
    /// as a skipped day does: three weeks of Mondays, Wednesdays and Fridays score as 9 good days
    /// in a row, `1 − 0.5^(9/13)` = 0.381137.
    @Test func theScoreLeavesDaysOffTheScheduleOut() {
        let r = E.run(Self.scheduled(), E.pattern("g-g-g--g-g-g--g-g-g").values)
        #expect(abs(r.strength - (1 - pow(0.5, 9.0 / 13))) < 1e-12)
        #expect(abs(r.strength - 0.381137) < 1e-6)
        let daily = E.run(E.habit(), E.pattern("ggggggggg").values)
        #expect(abs(r.strength - daily.strength) < 1e-12)
    }

    // MARK: - Through a store, across DST and with a day start

    /// A Monday/Wednesday/Friday habit over the two weeks around each DST change of New York,
    /// Berlin and Lord Howe (every change falls on a Sunday, C). Logged on each scheduled day from
    /// C − 6 (a Monday) to C + 5 — alternately at its first instant and its last second — and on C
    /// in its changed hour; today is C + 6 (a Saturday). An entry counted an hour off would land
    /// on a day off (the streak would break on the scheduled day left empty). Met: exactly those 7
    /// days; the other days off are skipped, unmet; streak 7 with a joker earned; today skipped.
    @Test(arguments: OwnHabitStoreTests.windowDSTCases)
    func aScheduledHabitsStreakAndCalendarAcrossDST(_ c: OwnHabitStoreTests.WindowDSTCase) throws {
        let store = try HabitStore.inMemory()
        let change = Fixture.day(c.change)
        #expect(change.isoWeekday == 7)
        let first = change.adding(days: -6)
        var yoga = OwnHabitStoreTests.define("yoga", since: first.description)
        yoga.on = Self.mwf
        try store.addHabit(yoga)
        let due = (0..<12).map { first.adding(days: $0) }.filter { Self.mwf.contains(isoWeekday: $0.isoWeekday) }
        #expect(due.count == 6)
        var instants = [c.changed]
        for (i, day) in due.enumerated() {
            let offset = day < change ? c.before : c.after
            instants.append(i % 2 == 0 ? "\(day)T00:00:00\(offset)" : "\(day)T23:59:59\(offset)")
        }
        for iso in instants {
            let env = Fixture.env(iso, c.zone)
            _ = try store.logHabit(yoga, amount: 1, InstantRange(env.now, upTo: env.now), note: nil, env: env)
        }
        let env = Fixture.env("\(change.adding(days: 6))T12:00:00\(c.after)", c.zone)
        #expect(env.today == change.adding(days: 6))
        let r = try store.read(.overview([yoga], range: DayRange(first, upTo: change.adding(days: 7)), env: env)).reports[0]
        #expect(r.days.filter(\.met).map(\.day) == (due + [change]).sorted(), "\(c)")
        #expect(r.days.map(\.value) == r.days.map { $0.met ? 1 : 0 }, "\(c)")
        #expect(r.days.filter(\.skipped).map(\.day) == r.days.map(\.day).filter { !Self.mwf.contains(isoWeekday: $0.isoWeekday) }, "\(c)")
        #expect(r.current == 7 && r.jokers == 1 && r.today == .skipped, "\(c)")
        #expect(r.days.filter(\.joker).isEmpty)
    }

    /// With `day-start 04:00` in New York across the spring change (Standards/habits.md): an entry
    /// at 03:30 belongs to the day before. Logged Sunday 03-09 03:30 EDT (Saturday's: off, good),
    /// Tuesday 03-11 03:30 (Monday's: due, good) and Wednesday 04:00 (Wednesday's, today): streak 3.
    /// At midnight the same entries fall on Sunday and Tuesday (days off, good) and leave Monday a
    /// miss: streak 2 (Tuesday and Wednesday).
    @Test func aDayStartDecidesTheWeekdayOfAnEntry() throws {
        let zone = "America/New_York"
        for (dayStart, current, met) in [(LocalTime(uncheckedHour: 4, minute: 0, second: 0), 3, ["2025-03-08", "2025-03-10", "2025-03-12"]),
                                         (LocalTime.midnight, 2, ["2025-03-09", "2025-03-11", "2025-03-12"])] {
            let store = try HabitStore.inMemory()
            var yoga = OwnHabitStoreTests.define("yoga", since: "2025-03-08")
            yoga.on = Self.mwf
            try store.addHabit(yoga)
            for iso in ["2025-03-09T03:30:00-04:00", "2025-03-11T03:30:00-04:00", "2025-03-12T04:00:00-04:00"] {
                let env = HabitEnvironment(now: Fixture.instant(iso), timeZone: Fixture.zone(zone), dayStart: dayStart, makeUUID: { Fixture.uuids.next() })
                _ = try store.logHabit(yoga, amount: 1, InstantRange(env.now, upTo: env.now), note: nil, env: env)
            }
            let env = HabitEnvironment(now: Fixture.instant("2025-03-12T12:00:00-04:00"), timeZone: Fixture.zone(zone), dayStart: dayStart,
                                       makeUUID: { Fixture.uuids.next() })
            let r = try store.read(.overview([yoga], range: OwnHabitStoreTests.days("2025-03-08", "2025-03-13"), env: env)).reports[0]
            #expect(r.days.filter(\.met).map(\.day.description) == met, "\(dayStart)")
            #expect(r.current == current && r.today == .done, "\(dayStart)")
        }
    }
}
