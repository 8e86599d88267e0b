import Foundation
import Testing
@testable import HabitKit

/// The bounds on dates a person can give (issue 11, cases 6, 15, 20): 1970-01-01 up to, not
/// including, 2101-01-01 — one constant, ``SupportedDates/days``.
@Suite struct SupportedDatesTests {
    @Test func theBoundsAreHalfOpenFrom1970To2101() {
        #expect(SupportedDates.days.lowerBound.description == "1970-01-01")
        #expect(SupportedDates.days.upperBound.description == "2101-01-01")
        #expect(SupportedDates.years == 1970...2100)
        #expect(SupportedDates.contains(Fixture.day("1970-01-01")))
        #expect(SupportedDates.contains(Fixture.day("2100-12-31")))
        #expect(!SupportedDates.contains(Fixture.day("1969-12-31")))
        #expect(!SupportedDates.contains(Fixture.day("2101-01-01")))
        #expect(SupportedDates.contains(Fixture.instant("1970-01-01T00:00:00Z")))
        #expect(!SupportedDates.contains(Fixture.instant("1969-12-31T23:59:59Z")))
        #expect(SupportedDates.contains(Fixture.instant("2100-12-31T23:59:59Z")))
        #expect(!SupportedDates.contains(Fixture.instant("2101-01-01T00:00:00Z")))
    }

    @Test(arguments: ["1969-12-31", "0001-01-01", "2101-01-01", "9999-12-31", "-36500", "-9999999", "-99999999999999999999"])
    func daysOutsideTheBoundsAreRefused(_ text: String) {
        #expect(throws: InputError.unsupportedDate(text)) { try InputParsing.day(text, today: Fixture.day("2025-10-26")) }
    }

    @Test(arguments: [("1970-01-01", "1970-01-01"), ("2100-12-31", "2100-12-31"), ("-20387", "1970-01-01")])
    func daysAtTheBoundsAreAccepted(_ text: String, _ expected: String) throws {
        #expect(try InputParsing.day(text, today: Fixture.day("2025-10-26")) == Fixture.day(expected))
    }

    @Test(arguments: ["1900-01-01T07:00", "0001-01-01T07:00:00+14:00", "1969-12-31T23:00:00Z", "2101-01-01T00:00:00Z",
                      "9999-12-31 23:59", "1969-12-31 23:00"])
    func instantsOutsideTheBoundsAreRefused(_ text: String) {
        let env = Fixture.env("2025-10-26T10:00:00+01:00")
        #expect(throws: InputError.unsupportedDate(text)) { try InputParsing.instant(text, in: env) }
    }

    @Test func aRelativeTimeIsBoundedWhenItIsResolved() throws {
        // "-20387 00:30" from 2025-10-26 is 1970-01-01 00:30 in Berlin: 1969-12-31T23:30Z, before the bound.
        let expression = try InputParsing.timeExpression("-20387 00:30")
        #expect(throws: InputError.unsupportedDate("-20387 00:30")) {
            try expression.resolve(in: Fixture.env("2025-10-26T10:00:00+01:00"), text: "-20387 00:30")
        }
        #expect(try InputParsing.instant("-20387 01:30", in: Fixture.env("2025-10-26T10:00:00+01:00"))
                == Fixture.instant("1970-01-01T00:30:00Z"))
    }

    @Test(arguments: ["9999-12-15T10:00:00+00:00", "0001-01-01T00:00:00+14:00", "2101-01-01T00:00:00Z", "1969-12-31T23:59:59Z"])
    func habitNowOutsideTheBoundsIsRefused(_ text: String) {
        #expect(throws: InputError.inArgument("HABIT_NOW", .unsupportedDate(text))) { try InputParsing.now(text) }
    }

    @Test func monthAndYearArithmeticNeverTrapsAtTheEndsOfTheCalendar() {
        #expect(Fixture.day("9999-12-31").firstOfNextMonth.description == "10000-01-01")
        #expect(Fixture.day("9999-12-31").firstOfNextYear.description == "10000-01-01")
        #expect(LocalDay(ordinal: -719_528).firstOfMonth.year == 0)  // year 0 exists only as arithmetic
        let calendar = HabitCalendar(timeZone: Fixture.zone("Pacific/Kiritimati"))
        _ = calendar.time(of: Date(timeIntervalSince1970: -62_135_596_800))  // 0001-01-01T00:00Z
        _ = calendar.iso8601(Date(timeIntervalSince1970: 253_402_300_799))  // 9999-12-31T23:59:59Z
    }
}

/// User text in messages (issue 11, case 21): quoted, control characters escaped, one line.
@Suite struct MessageQuotingTests {
    @Test(arguments: [("plain", "'plain'"), ("a\nb\nc", "'a\\nb\\nc'"), ("\u{1B}[31mred", "'\\u{1B}[31mred'"),
                      ("tab\there", "'tab\\there'"), ("cr\r", "'cr\\r'"), ("nul\u{0}", "'nul\\u{0}'"),
                      ("del\u{7F}", "'del\\u{7F}'"), ("c1\u{9B}", "'c1\\u{9B}'"), ("line\u{2028}sep", "'line\\u{2028}sep'"),
                      ("Alex’s iPhone ✓", "'Alex’s iPhone ✓'")])
    func quotedTextHasItsControlCharactersEscaped(_ text: String, _ expected: String) {
        #expect(quoted(text) == expected)
        #expect("x \(quoted: text) y" == "x \(expected) y")
    }

    static let hostile = "a\nb\u{1B}[2J"

    @Test(arguments: [
        InputError.invalidDuration(hostile, reason: "it is negative"), .invalidTime(hostile), .invalidDay(hostile),
        .inFuture(hostile, now: "2025-10-26T10:00:00+01:00"), .unknownActivity(hostile, suggestion: nil),
        .invalidDrinks(hostile), .invalidSource(hostile),
        .invalidSetting(key: hostile, value: hostile, expected: "a number"), .unknownSetting(hostile, suggestion: nil),
        .invalidMET(hostile), .invalidUUID(hostile), .invalidTimeZone(hostile), .invalidNow(hostile), .invalidWeekdays(hostile),
        .invalidClockTime(hostile), .invalidLookback(hostile), .unsupportedDate(hostile), .invalidMonth(hostile),
        .invalidYear(hostile), .invalidReminderID(hostile), .invalidDayCount(hostile), .invalidAnchor(hostile),
        .invalidAnchorName(hostile), .inArgument("--at", .invalidTime(hostile)),
    ])
    func everyInputErrorEchoesTextOnOneLine(_ error: InputError) {
        #expect(!error.description.contains("\n"))
        #expect(!error.description.contains("\u{1B}"))
        #expect(error.description.contains("'a\\nb\\u{1B}[2J'") || error.description.contains("HABIT_NOW='a\\nb"))
        #expect(!error.explanation.isEmpty && !error.explanation.contains("\n"))
    }
}

/// Weekday sets as people write them (issue 11, case 13): understood whole, or refused.
@Suite struct WeekdaySetParsingTests {
    @Test(arguments: [("monday tuesday", [1, 2]), ("mon-fri", [1, 2, 3, 4, 5]), ("mon,wed,fri", [1, 3, 5]),
                      ("mon, wed  fri", [1, 3, 5]), ("tues thurs", [2, 4]), ("Saturday,Sunday", [6, 7]), ("sat-mon", [1, 6, 7]),
                      ("weekdays sat", [1, 2, 3, 4, 5, 6]), ("every day", [1, 2, 3, 4, 5, 6, 7]), ("weekends", [6, 7])])
    func listsRangesAndNamesAreAllKept(_ text: String, _ days: [Int]) throws {
        #expect(try WeekdaySet(parsing: text) == WeekdaySet(days))
    }

    @Test(arguments: ["monday funday", "mon,,tue", "mon,", ",mon", "mo tu", "mon-", "-fri", "mon-tue-wed", "mondays", "", "   ",
                      "mon\ntue", "mon;tue"])
    func anythingNotUnderstoodIsRefused(_ text: String) {
        #expect(throws: InputError.invalidWeekdays(text)) { try WeekdaySet(parsing: text) }
    }
}
