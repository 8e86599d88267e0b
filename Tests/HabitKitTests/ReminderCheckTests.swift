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

    @Test func atFireTimeABuiltInIsAskedAboutItsLookBackWindowAndAnOwnHabitAboutItsDay() {
        let occurrence = Occurrence(reminderID: 1, day: Fixture.day("2025-10-22"), at: Self.instant("2025-10-22T20:00:00+02:00"))
        let window = InstantRange(Self.instant("2025-10-22T08:00:00+02:00"),
                                  upTo: Date(timeIntervalSince1970: occurrence.at.timeIntervalSince1970.nextUp))
        #expect(ReminderCheck.done(Self.reminder("20:00"), occurrence, calendar: Self.berlin) == .builtin(.meditate, window: window))
        let own = Self.reminder("20:00", activity: "aaaa1111-0000-4000-8000-000000000000")
        #expect(ReminderCheck.done(own, occurrence, calendar: Self.berlin) == .ownHabit(id: own.activity, day: occurrence.day))
        // With a 04:00 day start, a 01:00 occurrence belongs to the habit day before.
        let late = Occurrence(reminderID: 1, day: Fixture.day("2025-10-23"), at: Self.instant("2025-10-23T01:00:00+02:00"))
        let shifted = HabitCalendar(timeZone: Fixture.zone("Europe/Berlin"), dayStart: LocalTime("04:00")!)
        #expect(ReminderCheck.done(own, late, calendar: shifted) == .ownHabit(id: own.activity, day: Fixture.day("2025-10-22")))
    }

    @Test func soFarABuiltInCountsThePartOfTheWindowThatHasBegunAndAnOwnHabitOnlyToday() {
        let occurrence = Occurrence(reminderID: 1, day: Fixture.day("2025-10-22"), at: Self.instant("2025-10-22T20:00:00+02:00"))
        let meditate = Self.reminder("20:00")
        #expect(ReminderCheck.doneSoFar(meditate, occurrence, now: Self.instant("2025-10-22T07:59:00+02:00"), calendar: Self.berlin) == .no)
        let now = Self.instant("2025-10-22T12:00:00+02:00")
        #expect(ReminderCheck.doneSoFar(meditate, occurrence, now: now, calendar: Self.berlin)
                == .builtin(.meditate, window: InstantRange(Self.instant("2025-10-22T08:00:00+02:00"),
                                                            upTo: Date(timeIntervalSince1970: now.timeIntervalSince1970.nextUp))))
        let own = Self.reminder("20:00", activity: "aaaa1111-0000-4000-8000-000000000000")
        #expect(ReminderCheck.doneSoFar(own, occurrence, now: now, calendar: Self.berlin) == .ownHabit(id: own.activity, day: occurrence.day))
        #expect(ReminderCheck.doneSoFar(own, occurrence, now: Self.instant("2025-10-21T21:00:00+02:00"), calendar: Self.berlin) == .no)
    }

    struct DoneCase: Sendable, CustomTestStringConvertible {
        let habit: Habit
        let logged: ReminderCheck.Logged
        let done: Bool
        var testDescription: String { "\(habit) \(logged) → \(done)" }
    }

    static let doneCases: [DoneCase] = [
        DoneCase(habit: .noalc, logged: .init(), done: false),
        DoneCase(habit: .noalc, logged: .init(noalcEntries: 1), done: true),
        DoneCase(habit: .meditate, logged: .init(mindfulSeconds: 60), done: false),     // 1 min < the 2-minute minimum
        DoneCase(habit: .meditate, logged: .init(mindfulSeconds: 90), done: true),      // 1.5 rounds to 2
        DoneCase(habit: .meditate, logged: .init(workoutSeconds: 3600), done: false),   // a workout is not a meditation
        DoneCase(habit: .workout, logged: .init(workoutSeconds: 120), done: true),
        DoneCase(habit: .workout, logged: .init(workoutSeconds: 60), done: false),
    ]

    @Test(arguments: doneCases)
    func whatCountsAsDoneForABuiltIn(_ c: DoneCase) {
        #expect(ReminderCheck.isDone(c.habit, c.logged, settings: Settings()) == c.done)
        #expect(ReminderCheck.outcome(done: c.done) == (c.done ? .suppressed : .delivered))
    }
}
