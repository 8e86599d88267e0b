import Foundation
import Testing
@testable import HabitKit

/// The `day-start` setting (Standards/habits.md, "Days"): day D is `[D at day-start, D+1 at day-start)`,
/// on DST days too, and everything that asks for a day follows it — except the wall clock.
@Suite struct DayStartTests {
    static let zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe"]
    static let dayStarts = ["00:00", "02:15", "02:30", "04:00", "12:00"]

    static func calendar(_ zone: String, _ dayStart: String) -> HabitCalendar {
        HabitCalendar(timeZone: Fixture.zone(zone), dayStart: LocalTime(dayStart)!)
    }

    /// `Fixture.env(now)` (Berlin) with `dayStart`.
    static func env(_ now: String, dayStart: String) -> HabitEnvironment {
        var env = Fixture.env(now)
        env.dayStart = LocalTime(dayStart)!
        return env
    }

    // MARK: - Day lengths and boundaries

    struct DayCase: CustomTestStringConvertible, Sendable {
        let zone: String, dayStart: String, day: String
        let start: String, hours: Double
        var testDescription: String { "\(zone) day-start \(dayStart): \(day) starts \(start), \(hours) h" }
    }

    static let days: [DayCase] = [
        // Day-start 04:00: the clocks change at 02:00/03:00, so inside the day BEFORE the civil DST date.
        .init(zone: "America/New_York", dayStart: "04:00", day: "2025-03-08", start: "2025-03-08T04:00:00-05:00", hours: 23),
        .init(zone: "America/New_York", dayStart: "04:00", day: "2025-03-09", start: "2025-03-09T04:00:00-04:00", hours: 24),
        .init(zone: "America/New_York", dayStart: "04:00", day: "2025-11-01", start: "2025-11-01T04:00:00-04:00", hours: 25),
        .init(zone: "America/New_York", dayStart: "04:00", day: "2025-11-02", start: "2025-11-02T04:00:00-05:00", hours: 24),
        .init(zone: "Europe/Berlin", dayStart: "04:00", day: "2025-03-29", start: "2025-03-29T04:00:00+01:00", hours: 23),
        .init(zone: "Europe/Berlin", dayStart: "04:00", day: "2025-03-30", start: "2025-03-30T04:00:00+02:00", hours: 24),
        .init(zone: "Europe/Berlin", dayStart: "04:00", day: "2025-10-25", start: "2025-10-25T04:00:00+02:00", hours: 25),
        .init(zone: "Europe/Berlin", dayStart: "04:00", day: "2025-10-26", start: "2025-10-26T04:00:00+01:00", hours: 24),
        // Lord Howe moves its clocks by 30 minutes at 02:00: spring 02:00 -> 02:30, autumn 02:00 -> 01:30.
        .init(zone: "Australia/Lord_Howe", dayStart: "04:00", day: "2025-10-04", start: "2025-10-04T04:00:00+10:30", hours: 23.5),
        .init(zone: "Australia/Lord_Howe", dayStart: "04:00", day: "2025-10-05", start: "2025-10-05T04:00:00+11:00", hours: 24),
        .init(zone: "Australia/Lord_Howe", dayStart: "04:00", day: "2025-04-05", start: "2025-04-05T04:00:00+11:00", hours: 24.5),
        .init(zone: "Australia/Lord_Howe", dayStart: "04:00", day: "2025-04-06", start: "2025-04-06T04:00:00+10:30", hours: 24),
        .init(zone: "Australia/Lord_Howe", dayStart: "00:00", day: "2025-10-05", start: "2025-10-05T00:00:00+10:30", hours: 23.5),
        .init(zone: "Australia/Lord_Howe", dayStart: "00:00", day: "2025-04-06", start: "2025-04-06T00:00:00+11:00", hours: 24.5),
        // A day-start inside the spring gap: the day starts at the first instant after it, and the
        // lost time is shared by the day before and the day itself.
        .init(zone: "America/New_York", dayStart: "02:30", day: "2025-03-08", start: "2025-03-08T02:30:00-05:00", hours: 23.5),
        .init(zone: "America/New_York", dayStart: "02:30", day: "2025-03-09", start: "2025-03-09T03:00:00-04:00", hours: 23.5),
        .init(zone: "America/New_York", dayStart: "02:30", day: "2025-03-10", start: "2025-03-10T02:30:00-04:00", hours: 24),
        .init(zone: "Europe/Berlin", dayStart: "02:30", day: "2025-03-29", start: "2025-03-29T02:30:00+01:00", hours: 23.5),
        .init(zone: "Europe/Berlin", dayStart: "02:30", day: "2025-03-30", start: "2025-03-30T03:00:00+02:00", hours: 23.5),
        .init(zone: "Australia/Lord_Howe", dayStart: "02:15", day: "2025-10-04", start: "2025-10-04T02:15:00+10:30", hours: 23.75),
        .init(zone: "Australia/Lord_Howe", dayStart: "02:15", day: "2025-10-05", start: "2025-10-05T02:30:00+11:00", hours: 23.75),
        // A day-start on the repeated hour: its first occurrence.
        .init(zone: "America/New_York", dayStart: "01:30", day: "2025-11-01", start: "2025-11-01T01:30:00-04:00", hours: 24),
        .init(zone: "America/New_York", dayStart: "01:30", day: "2025-11-02", start: "2025-11-02T01:30:00-04:00", hours: 25),
        .init(zone: "Europe/Berlin", dayStart: "02:30", day: "2025-10-26", start: "2025-10-26T02:30:00+02:00", hours: 25),
        .init(zone: "Australia/Lord_Howe", dayStart: "01:45", day: "2025-04-06", start: "2025-04-06T01:45:00+11:00", hours: 24.5),
        // Noon: DST changes fall inside the day of their civil date's eve.
        .init(zone: "Europe/Berlin", dayStart: "12:00", day: "2025-03-29", start: "2025-03-29T12:00:00+01:00", hours: 23),
        .init(zone: "Europe/Berlin", dayStart: "12:00", day: "2025-03-30", start: "2025-03-30T12:00:00+02:00", hours: 24),
    ]

    @Test(arguments: days)
    func daysRunFromDayStartToDayStartAcrossDST(_ c: DayCase) {
        let calendar = Self.calendar(c.zone, c.dayStart)
        let day = Fixture.day(c.day)
        #expect(calendar.iso8601(calendar.start(of: day)) == c.start)
        let range = calendar.instants(of: day)
        #expect(range.duration == c.hours * 3600)
        #expect(range.upperBound == calendar.start(of: day.adding(days: 1)))
        #expect(calendar.day(containing: range.lowerBound) == day)
        #expect(calendar.day(containing: range.upperBound.addingTimeInterval(-0.001)) == day)
        #expect(calendar.day(containing: range.upperBound) == day.adding(days: 1))
    }

    struct Placement: CustomTestStringConvertible, Sendable {
        let zone: String, dayStart: String, instant: String, day: String
        var testDescription: String { "\(instant) in \(zone), day-start \(dayStart), is on \(day)" }
    }

    static let placements: [Placement] = [
        .init(zone: "Europe/Berlin", dayStart: "04:00", instant: "2025-10-27T02:00:00+01:00", day: "2025-10-26"),
        .init(zone: "Europe/Berlin", dayStart: "04:00", instant: "2025-10-27T03:59:59+01:00", day: "2025-10-26"),
        .init(zone: "Europe/Berlin", dayStart: "04:00", instant: "2025-10-27T04:00:00+01:00", day: "2025-10-27"),
        // Both 02:30s of Berlin's fall-back night are before 04:00: the evening before.
        .init(zone: "Europe/Berlin", dayStart: "04:00", instant: "2025-10-26T02:30:00+02:00", day: "2025-10-25"),
        .init(zone: "Europe/Berlin", dayStart: "04:00", instant: "2025-10-26T02:30:00+01:00", day: "2025-10-25"),
        // Day-start 01:30 in New York's repeated hour: the first 01:15 is before it, the second after.
        .init(zone: "America/New_York", dayStart: "01:30", instant: "2025-11-02T01:15:00-04:00", day: "2025-11-01"),
        .init(zone: "America/New_York", dayStart: "01:30", instant: "2025-11-02T01:30:00-04:00", day: "2025-11-02"),
        .init(zone: "America/New_York", dayStart: "01:30", instant: "2025-11-02T01:15:00-05:00", day: "2025-11-02"),
        .init(zone: "America/New_York", dayStart: "01:30", instant: "2025-11-02T01:45:00-05:00", day: "2025-11-02"),
        // Day-start 02:30 inside the spring gap: 01:59 is still the day before; 03:00 starts the day.
        .init(zone: "America/New_York", dayStart: "02:30", instant: "2025-03-09T01:59:59-05:00", day: "2025-03-08"),
        .init(zone: "America/New_York", dayStart: "02:30", instant: "2025-03-09T03:00:00-04:00", day: "2025-03-09"),
        .init(zone: "Australia/Lord_Howe", dayStart: "02:15", instant: "2025-10-05T01:59:59+10:30", day: "2025-10-04"),
        .init(zone: "Australia/Lord_Howe", dayStart: "02:15", instant: "2025-10-05T02:30:00+11:00", day: "2025-10-05"),
        // Lord Howe's autumn repeat (01:30–02:00 twice) with day-start 01:45.
        .init(zone: "Australia/Lord_Howe", dayStart: "01:45", instant: "2025-04-06T01:40:00+11:00", day: "2025-04-05"),
        .init(zone: "Australia/Lord_Howe", dayStart: "01:45", instant: "2025-04-06T01:40:00+10:30", day: "2025-04-06"),
        // Day-start 12:00: a whole morning belongs to the day before.
        .init(zone: "America/New_York", dayStart: "12:00", instant: "2025-01-01T11:59:00-05:00", day: "2024-12-31"),
        .init(zone: "America/New_York", dayStart: "12:00", instant: "2025-01-01T12:00:00-05:00", day: "2025-01-01"),
    ]

    @Test(arguments: placements)
    func instantsFallOnTheirHabitDay(_ c: Placement) {
        let calendar = Self.calendar(c.zone, c.dayStart)
        let instant = Fixture.instant(c.instant)
        let day = Fixture.day(c.day)
        #expect(calendar.day(containing: instant) == day)
        #expect(calendar.instants(of: day).contains(instant))
        #expect(!calendar.instants(of: day.adding(days: -1)).contains(instant))
        #expect(!calendar.instants(of: day.adding(days: 1)).contains(instant))
    }

    struct Combination: CustomTestStringConvertible, Sendable {
        let zone: String, dayStart: String
        var testDescription: String { "\(zone), day-start \(dayStart)" }
    }

    static let combinations = zones.flatMap { z in dayStarts.map { Combination(zone: z, dayStart: $0) } }

    /// For every day of two years: start(D) < start(D+1), and `day(containing:)` gives D back for
    /// D's first instant and its last millisecond.
    @Test(arguments: combinations)
    func dayContainingUndoesStartOfForEveryDayOfTwoYears(_ c: Combination) {
        let calendar = Self.calendar(c.zone, c.dayStart)
        var failures: [String] = []
        for day in DayRange(Fixture.day("2025-01-01"), upTo: Fixture.day("2027-01-01")) {
            let start = calendar.start(of: day), next = calendar.start(of: day.adding(days: 1))
            let hours = next.timeIntervalSince(start) / 3600
            if !(22.5...25.5).contains(hours) { failures.append("\(day): \(hours) h") }
            if calendar.day(containing: start) != day { failures.append("\(day): start is on \(calendar.day(containing: start))") }
            let last = next.addingTimeInterval(-0.001)
            if calendar.day(containing: last) != day { failures.append("\(day): last instant is on \(calendar.day(containing: last))") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    /// The law: start(day(containing: t)) <= t < start(next day), for random instants over two
    /// years (seeded, so a failure reproduces).
    @Test(arguments: combinations)
    func everyInstantLiesInTheDayThatContainsIt(_ c: Combination) {
        let calendar = Self.calendar(c.zone, c.dayStart)
        var rng = SeededRandom(seed: 0x5EED_DA75 ^ UInt64(c.testDescription.utf8.reduce(0) { $0 &* 31 &+ Int($1) } & 0xFFFF))
        let lower = Fixture.instant("2025-01-01T00:00:00Z").timeIntervalSince1970
        var failures: [String] = []
        for _ in 0..<3000 {
            let t = Date(timeIntervalSince1970: lower + Double(rng.next() % (2 * 366 * 86400 * 1000)) / 1000)
            let day = calendar.day(containing: t)
            if !(calendar.start(of: day) <= t && t < calendar.start(of: day.adding(days: 1))) {
                failures.append("\(calendar.iso8601(t)) -> \(day)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func theCivilCalendarKeepsMidnightAndTheWallClockStaysCivil() {
        let calendar = Self.calendar("Europe/Berlin", "04:00")
        let t = Fixture.instant("2025-10-27T02:00:00+01:00")
        #expect(calendar.day(containing: t) == Fixture.day("2025-10-26"))
        #expect(calendar.civil.day(containing: t) == Fixture.day("2025-10-27"))
        #expect(calendar.civil.dayStart == .midnight)
        #expect(calendar.time(of: t) == LocalTime("02:00"))
        #expect(calendar.firstInstant(Fixture.day("2025-10-27"), LocalTime("01:00")!) == Fixture.instant("2025-10-27T01:00:00+01:00"))
        #expect(HabitCalendar(timeZone: Fixture.zone("Europe/Berlin")).dayStart == .midnight)
    }

    // MARK: - The setting

    @Test(arguments: [("04:00", "04:00"), ("4:00", "04:00"), ("00:00", "00:00"), ("12:00", "12:00"), (" 02:15 ", "02:15")])
    func dayStartAcceptsWholeMinutesFromMidnightToNoon(_ text: String, _ stored: String) throws {
        var settings = Settings()
        #expect(try settings.apply(.dayStart, text) == stored)
        #expect(settings.dayStart == LocalTime(stored))
        #expect(settings.value(of: .dayStart) == stored)
        #expect(Settings(stored: ["day-start": stored]).dayStart == LocalTime(stored))
    }

    @Test(arguments: ["12:01", "13:00", "23:59", "24:00", "04:00:30", "04:00:00", "4", "0400", "-1:00", "04:60", "", "noon"])
    func dayStartRefusesAnythingElse(_ text: String) {
        var settings = Settings()
        #expect(throws: InputError.invalidSetting(key: "day-start", value: text, expected: Settings.Key.dayStart.expected)) {
            try settings.apply(.dayStart, text)
        }
        #expect(settings.dayStart == .midnight)
        #expect(Settings().value(of: .dayStart) == "00:00")
    }

    @Test func theEnvironmentCarriesTheDayStartIntoCalendarAndToday() {
        var env = Fixture.env("2025-10-27T02:00:00+01:00")
        #expect(env.dayStart == .midnight)
        #expect(env.today == Fixture.day("2025-10-27"))
        env.dayStart = LocalTime("04:00")!
        #expect(env.calendar.dayStart == LocalTime("04:00"))
        #expect(env.today == Fixture.day("2025-10-26"))
    }

    // MARK: - NoAlc

    struct NoAlcCase: CustomTestStringConvertible, Sendable {
        let now: String, dayStart: String, day: String
        var testDescription: String { "at \(now) with day-start \(dayStart): for \(day)" }
    }

    static let noAlcCases: [NoAlcCase] = [
        // Day-start 04:00: 02:00 is still the evening before, so the entry is for that evening.
        .init(now: "2025-10-27T02:00:00+01:00", dayStart: "04:00", day: "2025-10-26"),
        .init(now: "2025-10-27T05:00:00+01:00", dayStart: "04:00", day: "2025-10-26"),
        .init(now: "2025-10-27T19:00:00+01:00", dayStart: "04:00", day: "2025-10-27"),
        .init(now: "2025-10-27T17:59:59+01:00", dayStart: "04:00", day: "2025-10-26"),
        .init(now: "2025-10-27T18:00:00+01:00", dayStart: "04:00", day: "2025-10-27"),
        .init(now: "2025-10-27T03:59:59+01:00", dayStart: "04:00", day: "2025-10-26"),
        .init(now: "2025-10-27T04:00:00+01:00", dayStart: "04:00", day: "2025-10-26"),
        // Noon: until 18:00 the entry is still for the evening before.
        .init(now: "2025-10-27T11:00:00+01:00", dayStart: "12:00", day: "2025-10-26"),
        .init(now: "2025-10-27T13:00:00+01:00", dayStart: "12:00", day: "2025-10-26"),
        // Midnight: as it always was.
        .init(now: "2025-10-27T02:00:00+01:00", dayStart: "00:00", day: "2025-10-26"),
        .init(now: "2025-10-27T19:00:00+01:00", dayStart: "00:00", day: "2025-10-27"),
    ]

    @Test(arguments: noAlcCases)
    func noAlcCutoffIsReadOnTheHabitDay(_ c: NoAlcCase) {
        let env = Self.env(c.now, dayStart: c.dayStart)
        #expect(EveningCutoff.noAlcDay(enteredAt: env.now, calendar: env.calendar) == Fixture.day(c.day))
    }

    @Test func noAlcSampleSitsAtTheFirstInstantOfItsDay() throws {
        let store = try HabitStore.inMemory()
        let env = Self.env("2025-10-27T02:00:00+01:00", dayStart: "04:00")
        let day = EveningCutoff.noAlcDay(enteredAt: env.now, calendar: env.calendar)
        let logged = try store.logAlcohol(day: day, level: .steady, drinks: 0, source: .app, env: env)
        #expect(logged.samples[0].start == Fixture.instant("2025-10-26T00:00:00+02:00"))
        let summary = try store.read(.dailySummary(in: DayRange(day: day), calendar: env.calendar))
        #expect(summary.summaries.first?.alcoholTotal == 0)
        // Not on the calendar date the entry was typed on.
        #expect(try store.read(.dailySummary(in: DayRange(day: day.adding(days: 1)), calendar: env.calendar)).summaries.first?.alcoholTotal == nil)
    }

    // MARK: - What follows day-start and what stays civil

    @Test func aSessionBeforeDayStartCountsForTheEveningBeforeInTheStreak() throws {
        let store = try HabitStore.inMemory()
        let env = Self.env("2025-10-27T02:00:00+01:00", dayStart: "04:00")
        _ = try store.logMeditation(InstantRange(env.now.addingTimeInterval(-600), upTo: env.now), source: .app, note: nil, env: env)
        let overview = try store.read(.overview(env: env))
        let meditate = try #require(overview.reports.first { $0.definition.builtin == .meditate })
        #expect(overview.asOf == Fixture.day("2025-10-26"))
        #expect(meditate.current == 1)
        #expect(meditate.today == .done)
        let summary = try store.read(.dailySummary(in: DayRange(Fixture.day("2025-10-26"), upTo: Fixture.day("2025-10-28")), calendar: env.calendar))
        #expect(summary.summaries.map(\.meditateMinutes) == [10, 0])
    }

    @Test func timelineGroupsByHabitDay() {
        let calendar = Self.calendar("Europe/Berlin", "04:00")
        let at = Fixture.instant("2025-10-27T02:00:00+01:00")
        let sample = Sample(uuid: Fixture.uuids.next(), type: SampleType.mindfulSession, start: at, end: at.addingTimeInterval(600),
                            value: nil, unit: nil, source: .app, created: at, utcOffset: 3600, timeZoneID: "Europe/Berlin")
        let days = TimelineRules.days([.entry(.sample(sample))], calendar: calendar)
        #expect(days.map(\.day) == [Fixture.day("2025-10-26")])
    }

    struct Typed: CustomTestStringConvertible, Sendable {
        let now: String, dayStart: String, text: String, expected: String
        var testDescription: String { "'\(text)' at \(now), day-start \(dayStart)" }
    }

    static let typed: [Typed] = [
        // A bare time is the one inside today's habit day: at 01:00 with day-start 04:00, 23:30 is
        // the one that just passed (the civil day before) and 00:30 the one half an hour ago.
        .init(now: "2025-10-27T01:00:00+01:00", dayStart: "04:00", text: "23:30", expected: "2025-10-26T23:30:00+01:00"),
        .init(now: "2025-10-27T01:00:00+01:00", dayStart: "04:00", text: "00:30", expected: "2025-10-27T00:30:00+01:00"),
        .init(now: "2025-10-27T01:00:00+01:00", dayStart: "04:00", text: "07:30", expected: "2025-10-26T07:30:00+01:00"),
        .init(now: "2025-10-27T01:00:00+01:00", dayStart: "04:00", text: "yesterday 23:30", expected: "2025-10-25T23:30:00+02:00"),
        .init(now: "2025-10-27T01:00:00+01:00", dayStart: "04:00", text: "yesterday 01:30", expected: "2025-10-26T01:30:00+02:00"),
        // A written date is the calendar date, whatever the day-start.
        .init(now: "2025-10-27T01:00:00+01:00", dayStart: "04:00", text: "2025-10-27 00:30", expected: "2025-10-27T00:30:00+01:00"),
        // After the day-start, today is the calendar date.
        .init(now: "2025-10-27T09:00:00+01:00", dayStart: "04:00", text: "07:30", expected: "2025-10-27T07:30:00+01:00"),
        // Midnight: as it always was.
        .init(now: "2025-10-27T01:00:00+01:00", dayStart: "00:00", text: "00:30", expected: "2025-10-27T00:30:00+01:00"),
        .init(now: "2025-10-27T09:00:00+01:00", dayStart: "00:00", text: "07:30", expected: "2025-10-27T07:30:00+01:00"),
    ]

    @Test(arguments: typed)
    func typedTimesAreInsideTheHabitDay(_ c: Typed) throws {
        let env = Self.env(c.now, dayStart: c.dayStart)
        #expect(env.calendar.iso8601(try InputParsing.instant(c.text, in: env)) == c.expected)
    }

    @Test func aTimeAfterNowInsideTodayIsStillInTheFuture() throws {
        // At 01:00 with day-start 04:00, 02:00 is later tonight: not yesterday's 02:00.
        let env = Self.env("2025-10-27T01:00:00+01:00", dayStart: "04:00")
        #expect(try InputParsing.instant("02:00", in: env) == Fixture.instant("2025-10-27T02:00:00+01:00"))
    }

    @Test func relativeDaysAreHabitDays() throws {
        let env = Self.env("2025-10-27T01:00:00+01:00", dayStart: "04:00")
        #expect(try InputParsing.day("today", today: env.today) == Fixture.day("2025-10-26"))
        #expect(try InputParsing.day("-1", today: env.today) == Fixture.day("2025-10-25"))
    }

    /// Reminder occurrences are civil: a Monday 00:30 reminder, seen at Monday 01:00 with
    /// day-start 04:00 (still Sunday's habit day), next fires the following Monday at 00:30.
    @Test func reminderOccurrencesStayOnTheCalendarDate() {
        let calendar = Self.calendar("Europe/Berlin", "04:00")
        let reminder = Reminder(id: 1, title: "t", message: "m", activity: "meditate", time: LocalTime("00:30")!,
                                weekdays: WeekdaySet([1]), created: Fixture.instant("2025-01-01T00:00:00Z"))
        let next = reminder.nextOccurrence(atOrAfter: Fixture.instant("2025-10-27T01:00:00+01:00"), calendar: calendar)
        #expect(next?.day == Fixture.day("2025-11-03"))
        #expect(next?.at == Fixture.instant("2025-11-03T00:30:00+01:00"))
        let due = reminder.occurrences(after: Fixture.instant("2025-10-27T00:20:00+01:00"),
                                       through: Fixture.instant("2025-10-27T00:35:00+01:00"), calendar: calendar)
        #expect(due.map(\.day) == [Fixture.day("2025-10-27")])
    }
}

/// `start(of:)` takes a shortcut on days far from a clock change; it must agree with the exact
/// resolution (`firstInstant`) on every day, in zones with half-hour shifts, odd offsets and a
/// skipped calendar day (Apia, 2011-12-30).
@Suite struct DayStartShortcutTests {
    @Test(arguments: ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kathmandu",
                      "America/St_Johns", "Europe/Moscow"])
    func theShortcutAgreesWithTheExactStartOnEveryDay(_ zone: String) throws {
        let tz = try #require(TimeZone(identifier: zone))
        for time in ["00:00", "02:30", "04:00"] {
            let calendar = HabitCalendar(timeZone: tz, dayStart: try #require(LocalTime(time)))
            var day = try #require(LocalDay(year: 1990, month: 1, day: 1))
            let end = try #require(LocalDay(year: 2031, month: 1, day: 1))
            var disagreements: [String] = []
            while day < end {
                if calendar.start(of: day) != calendar.firstInstant(day, calendar.dayStart) { disagreements.append("\(day) \(time)") }
                day = day.adding(days: 1)
            }
            #expect(disagreements.isEmpty, "\(zone): \(disagreements.prefix(5))")
            // The batch of a whole range agrees with the exact start of each of its days.
            let range = DayRange(try #require(LocalDay(year: 1990, month: 1, day: 1)), upTo: end)
            let batch = calendar.starts(of: range)
            #expect(batch.count == range.count + 1)
            let wrong = (0...range.count).filter { batch[$0] != calendar.firstInstant(range.lowerBound.adding(days: $0), calendar.dayStart) }
            #expect(wrong.isEmpty, "\(zone) \(time): \(wrong.prefix(5).map { range.lowerBound.adding(days: $0) })")
        }
    }
}
