import Foundation
import Testing
@testable import HabitKit

/// The 18:00 rule of NoAlc entries and sleep nights (``EveningCutoff``), without a store.
struct EveningCutoffTests {
    /// Sleep: from 18:00 civil time on, an instant belongs to the next day's night — also on the
    /// days clocks change (New York and Berlin 1 h, Lord Howe 30 min).
    @Test(arguments: [
        ("America/New_York", "2025-11-02T17:59:59-05:00", "2025-11-02"),
        ("America/New_York", "2025-11-02T18:00:00-05:00", "2025-11-03"),
        ("America/New_York", "2025-03-09T01:30:00-05:00", "2025-03-09"),
        ("Europe/Berlin", "2025-03-30T18:00:00+02:00", "2025-03-31"),
        ("Europe/Berlin", "2025-10-26T02:30:00+01:00", "2025-10-26"),
        ("Australia/Lord_Howe", "2025-10-05T17:59:00+11:00", "2025-10-05"),
        ("Australia/Lord_Howe", "2025-04-06T18:00:00+10:30", "2025-04-07"),
    ])
    func sleepCountsForTheDayItEndsInto(_ zone: String, _ iso: String, _ day: String) {
        #expect(EveningCutoff.sleepDay(of: Fixture.instant(iso), timeZone: Fixture.zone(zone)) == Fixture.day(day))
    }

    /// Night D is `[D−1 18:00, D 18:00)`: the starts are 18:00 local each evening, so the night of
    /// a change day (the clocks move at night) lasts 23, 25 or 23.5 h — never a fixed 24 h.
    @Test(arguments: [
        ("America/New_York", "2025-03-09", [82_800.0, 86_400, 86_400]),
        ("Europe/Berlin", "2025-10-26", [90_000.0, 86_400, 86_400]),
        ("Australia/Lord_Howe", "2025-10-05", [84_600.0, 86_400, 86_400]),
    ])
    func nightsFollowTheClockAcrossChanges(_ zone: String, _ changeDay: String, _ lengths: [Double]) {
        let change = Fixture.day(changeDay)
        let days = DayRange(change.adding(days: 0), upTo: change.adding(days: 3))
        let starts = EveningCutoff.nightStarts(of: days, timeZone: Fixture.zone(zone))
        #expect(starts.count == 4)
        #expect(zip(starts, starts.dropFirst()).map { $1.timeIntervalSince($0) } == lengths)
        let civil = HabitCalendar(timeZone: Fixture.zone(zone))
        for start in starts {
            #expect(civil.time(of: start) == EveningCutoff.time)
            #expect(EveningCutoff.sleepDay(of: start, timeZone: Fixture.zone(zone)) == civil.day(containing: start).adding(days: 1))
        }
    }

    /// NoAlc: the cutoff is read on the habit day, so with day-start 04:00 an entry at 02:00 is
    /// still for the evening before.
    @Test(arguments: [("00:00", "2025-10-27T02:00:00+01:00", "2025-10-26"), ("04:00", "2025-10-27T02:00:00+01:00", "2025-10-26"),
                      ("04:00", "2025-10-26T19:00:00+01:00", "2025-10-26"), ("04:00", "2025-10-26T12:00:00+01:00", "2025-10-25")])
    func noAlcDayReadsTheCutoffOnTheHabitDay(_ dayStart: String, _ iso: String, _ day: String) throws {
        let calendar = HabitCalendar(timeZone: Fixture.zone("Europe/Berlin"), dayStart: try #require(LocalTime(dayStart)))
        #expect(EveningCutoff.noAlcDay(enteredAt: Fixture.instant(iso), calendar: calendar) == Fixture.day(day))
    }
}
