import Foundation
import Testing
@testable import HabitKit

/// The one log pipeline's pure half (Standards/date-semantics.md, "One log pipeline";
/// Standards/reminders.md, "Cancellation"): ``LogPlanner`` without a store.
@Suite struct LogPlannerTests {
    static let created = Fixture.instant("2026-01-01T08:00:00+01:00")
    static let floss = HabitDefinition(id: "0f0f0f0f-0000-4000-8000-0000000000f1", name: "floss", kind: .yesNo,
                                       since: Fixture.day("2026-01-01"), created: created, modified: created)
    static let reading = HabitDefinition(id: "0f0f0f0f-0000-4000-8000-0000000000f2", name: "reading", kind: .quantity, unit: "min",
                                         since: Fixture.day("2026-01-01"), created: created, modified: created)

    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var zone: String
        var now: String
        var dayStart = LocalTime.midnight
        var request: LogRequest
        /// The day the entry belongs to.
        var day: String
        /// Where the entry starts (an entry that names a day: the first instant of that calendar day).
        var start: String?
        var completion: String?
        var onlyDay: String?
        var replaces: LogPlan.Replacement?
        var hooks: Set<LogHookEvent> = Set(LogHookEvent.allCases)
        var testDescription: String { name }
    }

    static let today = LogRequest.When.date(.daysAgo(0), text: "today")

    static let rows: [Row] = [
        Row(name: "Berlin spring forward: a session across the gap completes when it ends",
            zone: "Europe/Berlin", now: "2026-03-29T03:10:00+02:00", request: LogRequest(.meditation(seconds: 3600)),
            day: "2026-03-29", start: "2026-03-29T01:10:00+01:00", completion: "2026-03-29T03:10:00+02:00"),
        Row(name: "Berlin spring forward: --date today names the day and completes when made",
            zone: "Europe/Berlin", now: "2026-03-29T20:00:00+02:00", request: LogRequest(.habit(floss, amount: nil), when: today),
            day: "2026-03-29", start: "2026-03-29T00:00:00+01:00", completion: "2026-03-29T20:00:00+02:00", onlyDay: "2026-03-29"),
        Row(name: "Berlin fall back: a command's not done replaces the day's result and cancels nothing, no hooks",
            zone: "Europe/Berlin", now: "2026-10-25T02:30:00+01:00",
            request: LogRequest(.commandResult(floss, value: nil), when: .day(Fixture.day("2026-10-24")), source: CommandHabit.source, writer: .quiet),
            day: "2026-10-24", replaces: .sameSourceDay(type: floss.loggedType!, Fixture.day("2026-10-24")), hooks: []),
        Row(name: "Berlin fall back: a command's result names its day and completes when found",
            zone: "Europe/Berlin", now: "2026-10-25T02:30:00+01:00",
            request: LogRequest(.commandResult(floss, value: 1), when: .day(Fixture.day("2026-10-25")), source: CommandHabit.source, writer: .quiet),
            day: "2026-10-25", start: "2026-10-25T00:00:00+02:00", completion: "2026-10-25T02:30:00+01:00", onlyDay: "2026-10-25",
            replaces: .sameSourceDay(type: floss.loggedType!, Fixture.day("2026-10-25")), hooks: []),
        Row(name: "New York fall back: the second 01:30 is an instant of its day",
            zone: "America/New_York", now: "2026-11-01T01:30:00-05:00", request: LogRequest(.habit(floss, amount: nil)),
            day: "2026-11-01", start: "2026-11-01T01:30:00-05:00", completion: "2026-11-01T01:30:00-05:00", onlyDay: "2026-11-01"),
        Row(name: "New York spring forward, day-start 04:00: 03:30 is still the day before",
            zone: "America/New_York", now: "2026-03-08T03:30:00-04:00", dayStart: LocalTime(hour: 4, minute: 0)!,
            request: LogRequest(.habit(floss, amount: nil)),
            day: "2026-03-07", start: "2026-03-08T03:30:00-04:00", completion: "2026-03-08T03:30:00-04:00", onlyDay: "2026-03-07"),
        Row(name: "New York spring forward, day-start 04:00: --date today names the habit day's calendar date",
            zone: "America/New_York", now: "2026-03-08T03:30:00-04:00", dayStart: LocalTime(hour: 4, minute: 0)!,
            request: LogRequest(.habit(floss, amount: nil), when: today),
            day: "2026-03-07", start: "2026-03-07T00:00:00-05:00", completion: "2026-03-08T03:30:00-04:00", onlyDay: "2026-03-07"),
        Row(name: "New York: a duration amount spans from --at and completes at its end",
            zone: "America/New_York", now: "2026-03-08T12:00:00-04:00",
            request: LogRequest(.habit(reading, amount: "90"), when: .at(.local(.daysAgo(0), LocalTime(hour: 1, minute: 0)!, fraction: 0), text: "01:00")),
            day: "2026-03-08", start: "2026-03-08T01:00:00-05:00", completion: "2026-03-08T03:30:00-04:00", onlyDay: "2026-03-08"),
        Row(name: "Lord Howe fall back: NoAlc before 18:00 is yesterday's, replaces that day, completes when made",
            zone: "Australia/Lord_Howe", now: "2026-04-05T01:45:00+10:30", request: LogRequest(.alcohol(.steady, drinks: 0)),
            day: "2026-04-04", start: "2026-04-04T00:00:00+11:00", completion: "2026-04-05T01:45:00+10:30",
            replaces: .noAlcDay(Fixture.day("2026-04-04"))),
        Row(name: "Lord Howe spring forward: a workout across the half-hour gap",
            zone: "Australia/Lord_Howe", now: "2026-10-04T03:00:00+11:00",
            request: LogRequest(.workout(.hiit, seconds: 1800, met: nil), when: .startsAt(Fixture.instant("2026-10-04T01:50:00+10:30"))),
            day: "2026-10-04", start: "2026-10-04T01:50:00+10:30", completion: "2026-10-04T02:50:00+11:00"),
        Row(name: "Lord Howe: the pending journal's replay fires no hooks",
            zone: "Australia/Lord_Howe", now: "2026-10-04T20:00:00+11:00",
            request: LogRequest(.habit(floss, amount: nil), when: .date(.daysAgo(1), text: "yesterday"), writer: .quiet),
            day: "2026-10-03", start: "2026-10-03T00:00:00+10:30", completion: "2026-10-04T20:00:00+11:00", onlyDay: "2026-10-03", hooks: []),
    ]

    @Test(arguments: rows) func thePlanNamesTheDayTheCompletionAndWhatItCancels(_ row: Row) throws {
        var env = Fixture.env(row.now, row.zone)
        env.dayStart = row.dayStart
        let plan = try LogPlanner.plan(row.request, env: env)
        #expect(plan.day == Fixture.day(row.day))
        let (samples, workout) = plan.records(settings: { Settings() }, env: env)
        #expect((workout?.start ?? samples.first?.start) == row.start.map(Fixture.instant))
        if let sample = samples.first, workout == nil {
            #expect(DayEntry.day(of: sample, in: env.calendar) == plan.day)  // the readers put it on the day planned
        }
        #expect(plan.cancels?.completedAt == row.completion.map(Fixture.instant))
        #expect(plan.cancels?.onlyDay == row.onlyDay.map(Fixture.day))
        #expect(plan.replaces == row.replaces)
        #expect(plan.hooks == row.hooks)
    }

    /// The completion instant is one rule: a timed entry when it ends, one that names a day when made.
    @Test func theCompletionInstantIsTheEndOfATimedEntryAndTheMakingOfADayEntry() {
        let made = Fixture.instant("2026-03-29T20:00:00+02:00")
        let r = InstantRange(Fixture.instant("2026-03-29T07:00:00+02:00"), upTo: Fixture.instant("2026-03-29T07:30:00+02:00"))
        #expect(Completion.instant(of: .meditation(r, note: nil), madeAt: made) == r.upperBound)
        #expect(Completion.instant(of: .workout(.hiit, r, met: nil, note: nil), madeAt: made) == r.upperBound)
        #expect(Completion.instant(of: .habit(Self.floss, amount: 1, r, note: nil), madeAt: made) == r.upperBound)
        #expect(Completion.instant(of: .habitDay(Self.floss, amount: 1, day: Fixture.day("2026-03-29"), note: nil), madeAt: made) == made)
        #expect(Completion.instant(of: .alcohol(day: Fixture.day("2026-03-28"), level: .steady, drinks: 0), madeAt: made) == made)
    }

    @Test func aDayAfterTodayOrAnAmountOnAYesNoHabitIsRefusedBeforeAnyStore() {
        let env = Fixture.env("2026-03-29T20:00:00+02:00")
        #expect(throws: InputError.self) {
            try LogPlanner.plan(LogRequest(.habit(Self.floss, amount: nil), when: .date(.date(Fixture.day("2026-03-30")), text: "2026-03-30")), env: env)
        }
        #expect(throws: HabitInputError.amountOnYesNo("floss")) { try LogPlanner.plan(LogRequest(.habit(Self.floss, amount: "2")), env: env) }
    }
}
