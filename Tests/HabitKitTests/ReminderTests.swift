import Foundation
import Testing
@testable import HabitKit

@Suite struct ReminderTests {
    static func at(_ iso: String, _ tz: String = "Europe/Berlin") -> HabitEnvironment { Fixture.env(iso, tz) }

    /// A store with a daily 20:00 meditate reminder (12 h look-back) created the morning before.
    static func storeWithReminder(time: String = "20:00", activity: String = "meditate", created: String = "2025-10-20T08:00:00+02:00")
        throws -> (HabitStore, Reminder) {
        let store = try HabitStore.inMemory()
        let reminder = try store.changeReminder(.add(Reminder(title: "Meditate", message: "not yet", activity: activity,
                                                      time: LocalTime(time)!, created: Fixture.instant(created))))
        return (store, reminder)
    }

    static func meditate(_ store: HabitStore, endingAt iso: String, source: SourceID = .app) throws -> LogResult {
        let env = at(iso)
        return try store.logMeditation(InstantRange(env.now.addingTimeInterval(-600), upTo: env.now), source: source, note: nil, env: env)
    }

    @Test func aLogAt1900CancelsTodays2000AndTheCheckStaysSilent() throws {
        let (store, reminder) = try Self.storeWithReminder()
        let logged = try Self.meditate(store, endingAt: "2025-10-26T19:00:00+01:00")
        #expect(logged.cancelledReminders.map(\.reminderID) == [reminder.id])
        #expect(logged.cancelledReminders.first?.occurrence == Fixture.instant("2025-10-26T20:00:00+01:00"))
        let check = try store.checkReminders(env: Self.at("2025-10-26T20:01:00+01:00"), catchUp: false)
        #expect(check.delivered.isEmpty && check.suppressed.isEmpty)
    }

    @Test func withoutALogTheCheckDeliversOnceAndTheNextCheckIsSilent() throws {
        let (store, _) = try Self.storeWithReminder()
        let first = try store.checkReminders(env: Self.at("2025-10-26T20:01:00+01:00"), catchUp: false)
        #expect(first.delivered.map(\.occurrence.day) == [Fixture.day("2025-10-26")])
        let second = try store.checkReminders(env: Self.at("2025-10-26T20:02:00+01:00"), catchUp: false)
        #expect(second.delivered.isEmpty && second.suppressed.isEmpty)
        let catchUp = try store.checkReminders(env: Self.at("2025-10-26T20:30:00+01:00"), catchUp: true)
        #expect(catchUp.delivered.isEmpty)
    }

    /// The look-back is only the window in which a log cancels; the check asks the day: a
    /// morning's meditation (07:20–07:32) leaves the 20:00 occurrence standing, and the check
    /// finds the day done and stays silent (issue 48: "Built-ins remind by another rule").
    @Test func aLogThirteenHoursBeforeDoesNotCancelButTheCheckFindsTheDayDone() throws {
        let (store, _) = try Self.storeWithReminder()
        let env = Self.at("2025-10-26T07:32:00+01:00")
        let logged = try store.logMeditation(InstantRange(Fixture.instant("2025-10-26T07:20:00+01:00"), upTo: env.now), source: .app,
                                             note: nil, env: env)
        #expect(logged.cancelledReminders.isEmpty)
        let check = try store.checkReminders(env: Self.at("2025-10-26T20:01:00+01:00"), catchUp: false)
        #expect(check.delivered.isEmpty)
        #expect(check.suppressed.map(\.quiet) == [.done])
        // The next day, nothing logged: delivered, with the words of the one rule.
        let next = try store.checkReminders(env: Self.at("2025-10-27T20:01:00+01:00"), catchUp: false)
        #expect(next.delivered.count == 1)
    }

    /// A log cancels an occurrence only when it makes that occurrence's day met (Standards/reminders.md, "Cancellation"):
    /// a minute of meditation (below `min-minutes`) or a NoAlc entry at 10:00 — for last evening —
    /// leaves tonight's occurrence to the check.
    @Test func aLogThatLeavesTheDayShortCancelsNothing() throws {
        let (store, _) = try Self.storeWithReminder()
        let env = Self.at("2025-10-26T19:00:00+01:00")
        let minute = try store.logMeditation(InstantRange(env.now.addingTimeInterval(-60), upTo: env.now), source: .app, note: nil, env: env)
        #expect(minute.cancelledReminders.isEmpty)
        #expect(try store.checkReminders(env: Self.at("2025-10-26T20:01:00+01:00"), catchUp: false).delivered.count == 1)

        let (evening, _) = try Self.storeWithReminder(time: "21:00", activity: "noalc")
        let morning = Self.at("2025-10-27T10:00:00+01:00")
        let lastNight = try evening.logAlcohol(day: Fixture.day("2025-10-26"), level: .steady, drinks: 0, source: .app, env: morning)
        #expect(lastNight.cancelledReminders.isEmpty)
        #expect(try evening.checkReminders(env: Self.at("2025-10-27T21:01:00+01:00"), catchUp: false).delivered.count == 1)
        let tonight = Self.at("2025-10-28T20:00:00+01:00")
        #expect(try evening.logAlcohol(day: Fixture.day("2025-10-28"), level: .steady, drinks: 0, source: .app, env: tonight)
                    .cancelledReminders.count == 1)
    }

    @Test func externalSourcesNeitherCancelNorSuppressButExtensionsDo() throws {
        let (store, _) = try Self.storeWithReminder(activity: "workout")
        let now = Self.at("2025-10-26T19:00:00+01:00")
        let session = InstantRange(now.now.addingTimeInterval(-1800), upTo: now.now)
        let external = try store.logWorkout(.hiit, session, met: nil, source: try SourceID("com.example.app"), note: nil, env: now)
        #expect(external.cancelledReminders.isEmpty)
        #expect(try store.checkReminders(env: Self.at("2025-10-26T20:01:00+01:00"), catchUp: false).delivered.count == 1)

        let next = Self.at("2025-10-27T19:00:00+01:00")
        let watch = try store.logWorkout(.hiit, InstantRange(next.now.addingTimeInterval(-1800), upTo: next.now),
                                         met: nil, source: try SourceID("dev.habit.watch"), note: nil, env: next)
        #expect(watch.cancelledReminders.count == 1)
        #expect(try store.checkReminders(env: Self.at("2025-10-27T20:01:00+01:00"), catchUp: false).delivered.isEmpty)
    }

    @Test func doneBeforeTheReminderExistedIsSuppressedAtFireTime() throws {
        let store = try HabitStore.inMemory()
        _ = try Self.meditate(store, endingAt: "2025-10-26T19:00:00+01:00")
        _ = try store.changeReminder(.add(Reminder(title: "M", message: "m", activity: "meditate", time: LocalTime("20:00")!,
                                           created: Fixture.instant("2025-10-26T19:30:00+01:00"))))
        let check = try store.checkReminders(env: Self.at("2025-10-26T20:01:00+01:00"), catchUp: false)
        #expect(check.delivered.isEmpty)
        #expect(check.suppressed.count == 1)
    }

    @Test func aReminderAddedAfterAnOccurrenceNeverFiresForIt() throws {
        let (store, _) = try Self.storeWithReminder(created: "2025-10-26T20:30:00+01:00")
        let check = try store.checkReminders(env: Self.at("2025-10-26T21:00:00+01:00"), catchUp: true)
        #expect(check.delivered.isEmpty && check.suppressed.isEmpty)
    }

    @Test func graceAndCatchUp() throws {
        let (store, _) = try Self.storeWithReminder()
        // 20:16 is past the 15-minute grace: a plain check skips it, --catch-up delivers it.
        #expect(try store.checkReminders(env: Self.at("2025-10-26T20:16:00+01:00"), catchUp: false).delivered.isEmpty)
        #expect(try store.checkReminders(env: Self.at("2025-10-26T20:16:00+01:00"), catchUp: true).delivered.count == 1)
        // The window is (now − grace, now]: due exactly at now counts, exactly grace ago does not.
        #expect(try store.checkReminders(env: Self.at("2025-10-27T20:00:00+01:00"), catchUp: false).delivered.count == 1)
        #expect(try store.checkReminders(env: Self.at("2025-10-28T20:15:00+01:00"), catchUp: false).delivered.isEmpty)
    }

    @Test func aGlobalPauseIsHonouredAndResumeBringsThemBack() throws {
        let (store, reminder) = try Self.storeWithReminder()
        try store.setRemindersPaused(true, at: Fixture.instant("2025-10-26T19:00:00+01:00"))
        #expect(try store.read(.reminders(env: Self.at("2025-10-26T19:01:00+01:00"))).paused)
        #expect(try store.checkReminders(env: Self.at("2025-10-26T20:01:00+01:00"), catchUp: false).delivered.isEmpty)
        try store.setRemindersPaused(false, at: Fixture.instant("2025-10-26T20:01:30+01:00"))
        #expect(try !store.read(.reminders(env: Self.at("2025-10-26T20:01:40+01:00"))).paused)
        try store.changeReminder(.update(id: reminder.id) { $0.enabled = false })
        #expect(try store.checkReminders(env: Self.at("2025-10-26T20:02:00+01:00"), catchUp: false).delivered.isEmpty)
        try store.changeReminder(.update(id: reminder.id) { $0.enabled = true })
        #expect(try store.checkReminders(env: Self.at("2025-10-26T20:03:00+01:00"), catchUp: false).delivered.count == 1)
    }

    @Test func weekdaysLimitTheOccurrences() throws {
        let store = try HabitStore.inMemory()
        _ = try store.changeReminder(.add(Reminder(title: "W", message: "w", activity: "workout", time: LocalTime("18:00")!,
                                           weekdays: try WeekdaySet(parsing: "mon-fri"), created: Fixture.instant("2025-10-01T00:00:00Z"))))
        // 2025-10-25 is a Saturday, 2025-10-27 a Monday.
        #expect(try store.checkReminders(env: Self.at("2025-10-25T18:01:00+02:00"), catchUp: false).delivered.isEmpty)
        #expect(try store.checkReminders(env: Self.at("2025-10-27T18:01:00+01:00"), catchUp: false).delivered.count == 1)
    }

    struct DSTNight: Sendable, CustomTestStringConvertible {
        let zone: String, day: String, expected: String
        var testDescription: String { "\(zone) \(day)" }
    }

    static let dstNights: [DSTNight] = [
        .init(zone: "Europe/Berlin", day: "2025-03-30", expected: "2025-03-30T03:00:00+02:00"),  // gap: first valid instant
        .init(zone: "Europe/Berlin", day: "2025-10-26", expected: "2025-10-26T02:30:00+02:00"),  // repeated: the first
        .init(zone: "America/New_York", day: "2025-03-09", expected: "2025-03-09T03:00:00-04:00"),
        .init(zone: "America/New_York", day: "2025-11-02", expected: "2025-11-02T02:30:00-05:00"),
    ]

    /// A 02:30 reminder, checked every 5 minutes through the night (as cron would), fires once.
    @Test(arguments: dstNights)
    func aReminderInsideADSTChangeFiresExactlyOnce(_ c: DSTNight) throws {
        let store = try HabitStore.inMemory()
        _ = try store.changeReminder(.add(Reminder(title: "M", message: "m", activity: "meditate", time: LocalTime("02:30")!,
                                           created: Fixture.instant("2025-01-01T00:00:00Z"))))
        let calendar = HabitCalendar(timeZone: Fixture.zone(c.zone))
        let day = Fixture.day(c.day)
        var instant = calendar.start(of: day)
        let end = calendar.instants(of: day).upperBound
        var delivered: [Date] = []
        while instant < end {
            var env = Fixture.env("2025-01-01T00:00:00Z", c.zone)
            env.now = instant
            delivered += try store.checkReminders(env: env, catchUp: false).delivered.map(\.occurrence.at)
            instant = instant.addingTimeInterval(300)
        }
        #expect(delivered.map(calendar.iso8601) == [c.expected])
    }

    @Test(arguments: ["daily", "weekdays", "mon-fri", "sat,sun", "mon,wed-fri", "sat-mon", "Monday"])
    func weekdaySetsParse(_ text: String) throws {
        _ = try WeekdaySet(parsing: text)
    }

    @Test(arguments: ["", "funday", "mon-", "mo", "mon,,tue"])
    func badWeekdaySetsAreRejected(_ text: String) {
        #expect(throws: InputError.self) { try WeekdaySet(parsing: text) }
    }
}
