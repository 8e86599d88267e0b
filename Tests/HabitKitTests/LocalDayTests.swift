import Foundation
import Testing
@testable import HabitKit

@Suite struct LocalDayTests {
    @Test(arguments: ["2025-02-30", "2025-13-01", "2025-00-10", "2023-02-29", "2025-04-31", "2025-1-01", "20250101", "2025-01-01x", ""])
    func rejectsDaysThatDoNotExist(_ text: String) {
        #expect(LocalDay(text) == nil)
    }

    @Test(arguments: ["2024-02-29", "2000-02-29", "1970-01-01", "2025-12-31", "1969-12-31"])
    func ordinalRoundTrips(_ text: String) {
        let day = Fixture.day(text)
        #expect(LocalDay(ordinal: day.ordinal) == day)
        #expect(day.description == text)
    }

    @Test func nextDayCrossesMonthAndYearEndsAndLeapDays() {
        #expect(Fixture.day("2024-02-28").adding(days: 1) == Fixture.day("2024-02-29"))
        #expect(Fixture.day("2025-02-28").adding(days: 1) == Fixture.day("2025-03-01"))
        #expect(Fixture.day("2025-12-31").adding(days: 1) == Fixture.day("2026-01-01"))
        #expect(Fixture.day("1970-01-01").ordinal == 0)
    }

    @Test(arguments: [("2025-10-26", 7), ("2025-10-27", 1), ("2024-02-29", 4), ("1970-01-01", 4)])
    func isoWeekday(_ text: String, _ expected: Int) {
        #expect(Fixture.day(text).isoWeekday == expected)
    }

    @Test func monthRangeEndsAtTheFirstOfTheNextMonth() {
        let october = DayRange.month(containing: Fixture.day("2025-10-17"))
        #expect(october.lowerBound == Fixture.day("2025-10-01"))
        #expect(october.upperBound == Fixture.day("2025-11-01"))
        #expect(october.count == 31)
        #expect(!october.contains(Fixture.day("2025-11-01")))
        #expect(DayRange.month(containing: Fixture.day("2024-12-05")).upperBound == Fixture.day("2025-01-01"))
        #expect(DayRange.month(containing: Fixture.day("2024-02-05")).count == 29)
    }
}
