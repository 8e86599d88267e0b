import Foundation
import Testing
@testable import HabitKit

/// The reminder check's decision without a store (Standards/reminders.md): which occurrences a
/// check handles, what counts as done, and the outcome — across DST changes in three zones.
@Suite struct ReminderCheckTests {
    static func instant(_ iso: String) -> Date { Fixture.instant(iso) }

    static func reminder(_ time: String, activity: String = "meditate", weekdays: WeekdaySet = .daily, enabled: Bool = true,
                         created: String = "2025-01-01T00:00:00Z", id: Int64 = 1) -> Reminder {
        Reminder(id: id, title: "R", message: "m", activity: activity, time: LocalTime(time)!, weekdays: weekdays, enabled: enabled,
                 created: instant(created))
    }

    static let berlin = HabitCalendar(timeZone: Fixture.zone("Europe/Berlin"))

    struct Due: Sendable, CustomTestStringConvertible {
        let name: String
        let now: String
        var catchUp = false
        var paused = false
        var enabled = true
        var created = "2025-01-01T00:00:00Z"
        /// The instants of the occurrences handled, ISO 8601 in Berlin.
        let expected: [String]
        var testDescription: String { name }
    }

    static let dueCases: [Due] = [
        Due(name: "a minute after: due", now: "2025-10-22T20:01:00+02:00", expected: ["2025-10-22T20:00:00+02:00"]),
        Due(name: "exactly at now: due", now: "2025-10-22T20:00:00+02:00", expected: ["2025-10-22T20:00:00+02:00"]),
        Due(name: "a minute before: not yet", now: "2025-10-22T19:59:00+02:00", expected: []),
        Due(name: "fourteen minutes after: in the grace", now: "2025-10-22T20:14:00+02:00", expected: ["2025-10-22T20:00:00+02:00"]),
        Due(name: "exactly the grace after: missed", now: "2025-10-22T20:15:00+02:00", expected: []),
        Due(name: "missed, with catch-up: due", now: "2025-10-22T20:16:00+02:00", catchUp: true, expected: ["2025-10-22T20:00:00+02:00"]),
        Due(name: "catch-up reaches 24 h back, not further", now: "2025-10-23T19:59:00+02:00", catchUp: true,
            expected: ["2025-10-22T20:00:00+02:00"]),
        Due(name: "catch-up: exactly 24 h back is out", now: "2025-10-23T20:00:00+02:00", catchUp: true, expected: ["2025-10-23T20:00:00+02:00"]),
        Due(name: "all paused: nothing", now: "2025-10-22T20:01:00+02:00", paused: true, expected: []),
        Due(name: "this one paused: nothing", now: "2025-10-22T20:01:00+02:00", enabled: false, expected: []),
        Due(name: "created after the occurrence: never for it", now: "2025-10-22T20:10:00+02:00", created: "2025-10-22T20:05:00+02:00",
            expected: []),
        Due(name: "created at the occurrence: due", now: "2025-10-22T20:10:00+02:00", created: "2025-10-22T20:00:00+02:00",
            expected: ["2025-10-22T20:00:00+02:00"]),
    ]

    @Test(arguments: dueCases)
    func whichOccurrencesACheckHandles(_ c: Due) {
        let reminder = Self.reminder("20:00", enabled: c.enabled, created: c.created)
        let due = ReminderCheck.due([reminder], paused: c.paused, now: Self.instant(c.now), graceMinutes: 15, catchUp: c.catchUp,
                                    calendar: Self.berlin)
        #expect(due.map { Self.berlin.iso8601($0.occurrence.at) } == c.expected)
    }

    @Test func theGraceIsTheSettingAndWeekdaysLimitTheDays() {
        let now = Self.instant("2025-10-22T20:25:00+02:00")
        #expect(ReminderCheck.due([Self.reminder("20:00")], paused: false, now: now, graceMinutes: 30, catchUp: false, calendar: Self.berlin).count == 1)
        #expect(ReminderCheck.due([Self.reminder("20:00")], paused: false, now: now, graceMinutes: 15, catchUp: false, calendar: Self.berlin).isEmpty)
        // 2025-10-25 is a Saturday.
        let weekdays = Self.reminder("18:00", weekdays: WeekdaySet([1, 2, 3, 4, 5]))
        #expect(ReminderCheck.due([weekdays], paused: false, now: Self.instant("2025-10-25T18:01:00+02:00"), graceMinutes: 15, catchUp: false,
                                  calendar: Self.berlin).isEmpty)
        #expect(ReminderCheck.due([weekdays], paused: false, now: Self.instant("2025-10-27T18:01:00+01:00"), graceMinutes: 15, catchUp: false,
                                  calendar: Self.berlin).count == 1)
    }

    @Test func eachReminderInTurnOldestFirst() {
        let a = Self.reminder("19:50", id: 1), b = Self.reminder("19:55", id: 2)
        let due = ReminderCheck.due([a, b], paused: false, now: Self.instant("2025-10-22T19:52:00+02:00"), graceMinutes: 48 * 60,
                                    catchUp: false, calendar: Self.berlin)
        #expect(due.map { "\($0.reminder.id) \($0.occurrence.day)" } == ["1 2025-10-21", "1 2025-10-22", "2 2025-10-20", "2 2025-10-21"])
    }

    struct DSTDay: Sendable, CustomTestStringConvertible {
        let zone: String, day: String, time: String, expected: String
        var testDescription: String { "\(zone) \(day) \(time)" }
    }

    static let dstDays: [DSTDay] = [
        .init(zone: "Europe/Berlin", day: "2025-03-30", time: "02:30", expected: "2025-03-30T03:00:00+02:00"),    // gap: first valid instant
        .init(zone: "Europe/Berlin", day: "2025-10-26", time: "02:30", expected: "2025-10-26T02:30:00+02:00"),    // repeated: the first
        .init(zone: "Europe/Berlin", day: "2025-10-26", time: "20:00", expected: "2025-10-26T20:00:00+01:00"),    // a 25-hour day
        .init(zone: "America/New_York", day: "2025-03-09", time: "02:30", expected: "2025-03-09T03:00:00-04:00"),
        .init(zone: "America/New_York", day: "2025-11-02", time: "01:30", expected: "2025-11-02T01:30:00-04:00"),
        .init(zone: "America/New_York", day: "2025-11-02", time: "20:00", expected: "2025-11-02T20:00:00-05:00"),
        .init(zone: "Australia/Lord_Howe", day: "2025-10-05", time: "02:15", expected: "2025-10-05T02:30:00+11:00"),  // a 30-minute gap
        .init(zone: "Australia/Lord_Howe", day: "2025-04-06", time: "01:45", expected: "2025-04-06T01:45:00+11:00"),  // a 30-minute repeat
        .init(zone: "Australia/Lord_Howe", day: "2025-04-06", time: "20:00", expected: "2025-04-06T20:00:00+10:30"),
    ]

    /// Checked every 5 minutes through the day (as cron would), the occurrence is handled at one
    /// instant, once a claim makes it so: every check that names it names the same occurrence.
    @Test(arguments: dstDays)
    func onADSTDayAnOccurrenceIsDueAtOneInstant(_ c: DSTDay) {
        let calendar = HabitCalendar(timeZone: Fixture.zone(c.zone))
        let day = Fixture.day(c.day)
        let reminder = Self.reminder(c.time)
        var instant = calendar.start(of: day)
        let end = calendar.instants(of: day).upperBound
        var named: [Occurrence] = []
        while instant < end {
            named += ReminderCheck.due([reminder], paused: false, now: instant, graceMinutes: 15, catchUp: false, calendar: calendar)
                .map(\.occurrence).filter { $0.day == day }
            instant = instant.addingTimeInterval(300)
        }
        #expect(Set(named).map { calendar.iso8601($0.at) } == [c.expected])
        #expect(named.count == 3)  // 0, 5 and 10 minutes after it: inside the 15-minute grace
    }

    @Test func anOccurrenceAsksAboutTheDayALogMadeThenCountsFor() {
        let own = Self.reminder("20:00", activity: "aaaa1111-0000-4000-8000-000000000000")
        let evening = Occurrence(reminderID: 1, day: Fixture.day("2025-10-22"), at: Self.instant("2025-10-22T20:00:00+02:00"))
        #expect(ReminderCheck.day(of: evening, for: own, calendar: Self.berlin) == Fixture.day("2025-10-22"))
        #expect(ReminderCheck.day(of: evening, for: Self.reminder("20:00"), calendar: Self.berlin) == Fixture.day("2025-10-22"))
        // With a 04:00 day start, a 01:00 occurrence belongs to the habit day before.
        let late = Occurrence(reminderID: 1, day: Fixture.day("2025-10-23"), at: Self.instant("2025-10-23T01:00:00+02:00"))
        let shifted = HabitCalendar(timeZone: Fixture.zone("Europe/Berlin"), dayStart: LocalTime("04:00")!)
        #expect(ReminderCheck.day(of: late, for: own, calendar: shifted) == Fixture.day("2025-10-22"))
        // NoAlc asks about the evening an entry made then is for: before 18:00, the evening before.
        let noalc = Self.reminder("10:00", activity: "noalc")
        let morning = Occurrence(reminderID: 1, day: Fixture.day("2025-10-22"), at: Self.instant("2025-10-22T10:00:00+02:00"))
        #expect(ReminderCheck.day(of: morning, for: noalc, calendar: Self.berlin) == Fixture.day("2025-10-21"))
        #expect(ReminderCheck.day(of: evening, for: noalc, calendar: Self.berlin) == Fixture.day("2025-10-22"))
        // Berlin's spring change (2026-03-29, 02:00 → 03:00): a 02:30 reminder fires at 03:00, on
        // that day; with day-start 04:00 that instant is still the habit day before.
        let gap = Self.reminder("02:30", activity: own.activity).occurrence(on: Fixture.day("2026-03-29"), calendar: Self.berlin)!
        #expect(gap.at == Self.instant("2026-03-29T03:00:00+02:00"))
        #expect(ReminderCheck.day(of: gap, for: own, calendar: Self.berlin) == Fixture.day("2026-03-29"))
        #expect(ReminderCheck.day(of: gap, for: own, calendar: shifted) == Fixture.day("2026-03-28"))
    }

    static let floss = HabitDefinition(id: "aaaa1111-0000-4000-8000-000000000000", name: "floss", kind: .yesNo,
                                       since: Fixture.day("2026-03-01"), created: instant("2026-03-01T08:00:00+01:00"),
                                       modified: instant("2026-03-01T08:00:00+01:00"))

    struct RuleCase: Sendable, CustomTestStringConvertible {
        let day: String
        let state: TodayState
        var on: WeekdaySet? = nil
        let expected: ReminderDecision
        var testDescription: String { "\(day) \(state) \(on.map { "on \($0)" } ?? "every day") → \(expected)" }
    }

    static let ruleCases: [RuleCase] = [
        RuleCase(day: "2026-03-27", state: .pending, expected: .deliver),
        RuleCase(day: "2026-03-27", state: .done, expected: .suppress(.done)),
        RuleCase(day: "2026-03-27", state: .missed, expected: .suppress(.missed)),
        RuleCase(day: "2026-03-27", state: .skipped, expected: .suppress(.skipped)),
        // A Sunday (Berlin's spring change) off a mon–fri schedule: an off-day, not a skip.
        RuleCase(day: "2026-03-29", state: .skipped, on: WeekdaySet([1, 2, 3, 4, 5]), expected: .suppress(.offDay)),
        RuleCase(day: "2026-03-27", state: .skipped, on: WeekdaySet([1, 2, 3, 4, 5]), expected: .suppress(.skipped)),
        RuleCase(day: "2026-03-29", state: .done, on: WeekdaySet([1, 2, 3, 4, 5]), expected: .suppress(.done)),  // done anyway
    ]

    @Test(arguments: ruleCases)
    func theOneRuleDeliversOnlyAPendingDay(_ c: RuleCase) {
        var habit = Self.floss
        habit.on = c.on
        #expect(ReminderCheck.decide(habit, on: Fixture.day(c.day), c.state) == c.expected)
        #expect(ReminderCheck.outcome(c.expected) == (c.expected == .deliver ? .delivered : .suppressed))
    }

    /// The rule reads the one evaluation: a day `skip --all` covers, a day off the schedule, a
    /// built-in meditated in the morning (07:20–07:32) and a week already met, each as
    /// ``HabitEvaluator`` finds the day as of that day — built-ins and own habits alike.
    @Test func theRuleReadsTheOneEvaluation() {
        func state(_ habit: HabitDefinition, _ inputs: [HabitDayInput], skipped: Set<LocalDay> = [], on day: String) -> ReminderDecision {
            let d = Fixture.day(day)
            let report = HabitEvaluator.evaluate(habit, inputs: inputs, firstDay: inputs.first?.day ?? d, skipped: skipped, today: d,
                                                 weekStartsOnSunday: false, range: DayRange(day: d), scoring: false)
            return ReminderCheck.decide(habit, on: d, report.today)
        }
        func own(_ habit: HabitDefinition, _ from: String, _ to: String, done: Set<String> = []) -> [HabitDayInput] {
            DayRange(Fixture.day(from), upTo: Fixture.day(to)).map { day in
                let has = done.contains(day.description)
                let (outcome, decided) = HabitEvaluator.dailyOutcome(habit, value: has ? 1 : 0, hasEntry: has)
                return HabitDayInput(day: day, value: has ? 1 : 0, hasEntry: has, outcome: outcome, decided: decided)
            }
        }
        let vacation = Set(DayRange(Fixture.day("2026-03-26"), upTo: Fixture.day("2026-03-28")))
        #expect(state(Self.floss, own(Self.floss, "2026-03-20", "2026-03-28"), skipped: vacation, on: "2026-03-27") == .suppress(.skipped))
        #expect(state(Self.floss, own(Self.floss, "2026-03-20", "2026-03-29"), skipped: vacation, on: "2026-03-28") == .deliver)
        var weekdays = Self.floss
        weekdays.on = WeekdaySet([1, 2, 3, 4, 5])
        #expect(state(weekdays, own(weekdays, "2026-03-23", "2026-03-30"), on: "2026-03-29") == .suppress(.offDay))
        #expect(state(weekdays, own(weekdays, "2026-03-23", "2026-03-31"), on: "2026-03-30") == .deliver)
        let meditate = HabitDefinition.builtins(settings: Settings(), since: Fixture.day("2026-03-20"), at: Self.instant("2026-03-20T00:00:00Z"))[0]
        var morning = DaySummary(day: Fixture.day("2026-03-29"))
        morning.meditateMinutes = 12
        #expect(state(meditate, [HabitDayInput(.meditate, morning, settings: Settings())], on: "2026-03-29") == .suppress(.done))
        #expect(state(meditate, [HabitDayInput(.meditate, DaySummary(day: Fixture.day("2026-03-29")), settings: Settings())],
                      on: "2026-03-29") == .deliver)
        var gym = Self.floss
        (gym.per, gym.times) = (.week, 2)
        #expect(state(gym, own(gym, "2026-03-23", "2026-03-28", done: ["2026-03-24", "2026-03-26"]), on: "2026-03-27") == .suppress(.done))
        #expect(state(gym, own(gym, "2026-03-23", "2026-03-28", done: ["2026-03-24"]), on: "2026-03-27") == .deliver)
    }

    @Test func theReminderItselfIsSaidBeforeTheDayIsAsked() {
        var asked = 0
        func day() -> ReminderDecision { asked += 1; return .deliver }
        #expect(ReminderCheck.outlook(enabled: false, paused: true, stored: .cancelled, readable: false, day: day) == .suppress(.disabled))
        #expect(ReminderCheck.outlook(enabled: true, paused: true, stored: .cancelled, readable: false, day: day) == .suppress(.paused))
        #expect(ReminderCheck.outlook(enabled: true, paused: false, stored: .cancelled, readable: false, day: day) == .suppress(.cancelled))
        #expect(ReminderCheck.outlook(enabled: true, paused: false, stored: .delivered, readable: true, day: day) == .suppress(.handled))
        #expect(ReminderCheck.outlook(enabled: true, paused: false, stored: .suppressed, readable: true, day: day) == .suppress(.handled))
        #expect(ReminderCheck.outlook(enabled: true, paused: false, stored: nil, readable: false, day: day) == .suppress(.noAccess))
        #expect(asked == 0)
        #expect(ReminderCheck.outlook(enabled: true, paused: false, stored: nil, readable: true, day: day) == .deliver)
        #expect(asked == 1)
    }

    @Test func wordsAreComposedFromTheHabitAsItIsNowUnlessGiven() {
        var reading = Self.floss
        (reading.name, reading.kind, reading.unit) = ("reading", .quantity, "min")
        let reminder = Reminder(title: "", message: "", activity: reading.id, time: LocalTime("21:00")!, created: Self.instant("2026-03-01T08:00:00+01:00"))
        #expect(ReminderWords(reminder, habit: reading) == ReminderWords(title: "Reading",
                                                                         message: "reading is not done yet today: habit log reading AMOUNT"))
        reading.name = "books"
        #expect(ReminderWords(reminder, habit: reading) == ReminderWords(title: "Books", message: "books is not done yet today: habit log books AMOUNT"))
        var given = reminder
        (given.title, given.message) = ("Read!", "a chapter")
        #expect(ReminderWords(given, habit: reading) == ReminderWords(title: "Read!", message: "a chapter"))
        let builtins = HabitDefinition.builtins(settings: Settings(), since: Fixture.day("2026-03-01"), at: Self.instant("2026-03-01T00:00:00Z"))
        #expect(builtins.map { ReminderWords(reminder, habit: $0).message } == [
            "meditate is not done yet today: habit log meditate 10m", "workout is not done yet today: habit log workout 20m",
            "How was the evening? habit log alcohol 0"])
        #expect(builtins.map { ReminderWords(reminder, habit: $0).title } == ["Meditate", "Workout", "NoAlc"])
        // Floss (yes/no) needs no amount; steps arrive by import: no command to suggest.
        #expect(ReminderWords(reminder, habit: Self.floss).message == "floss is not done yet today: habit log floss")
        var steps = reading
        (steps.name, steps.fromType) = ("steps", "HKQuantityTypeIdentifierStepCount")
        #expect(ReminderWords(reminder, habit: steps).message == "steps is not done yet today")
    }
}
