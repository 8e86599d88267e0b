import Foundation
import Testing
@testable import HabitKit

@Suite struct InputParsingTests {
    @Test(arguments: [("10m", 600.0), ("1h30m", 5400), ("90s", 90), ("1.5h", 5400), ("10", 600), ("2h", 7200),
                      ("45min", 2700), ("1h", 3600), ("24h", 86400), ("0.5", 30), (" 10m ", 600), ("1h5m30s", 3930)])
    func acceptsDurationsPeopleType(_ text: String, _ seconds: Double) throws {
        #expect(try InputParsing.duration(text) == seconds)
    }

    @Test(arguments: ["0", "0m", "-5m", "-10", "25h", "24h1s", "1000000", "abc", "", "10x", "m", "30m1h", "1h1h",
                      "25:61", "10:00", "1e3", "inf", "nan", ".", "1..5h", "1h30"])
    func rejectsBadDurations(_ text: String) {
        #expect(throws: InputError.self) { try InputParsing.duration(text) }
    }

    @Test(arguments: [("07:30", "2025-10-26T07:30:00+01:00"),
                      ("yesterday 21:00", "2025-10-25T21:00:00+02:00"),
                      ("today 09:15", "2025-10-26T09:15:00+01:00"),
                      ("2025-10-01T07:30", "2025-10-01T07:30:00+02:00"),
                      ("2025-10-01 07:30", "2025-10-01T07:30:00+02:00"),
                      ("2025-10-01T07:30:00-04:00", "2025-10-01T13:30:00+02:00"),
                      ("-2 08:00", "2025-10-24T08:00:00+02:00")])
    func parsesTimes(_ text: String, _ expected: String) throws {
        let env = Fixture.env("2025-10-26T10:00:00+01:00")
        let instant = try InputParsing.instant(text, in: env)
        #expect(env.calendar.iso8601(instant) == expected)
    }

    @Test(arguments: ["25:61", "24:00", "7:3", "2025-02-30T10:00", "2025-10-01T25:00", "tomorrowish 10:00", "10:00 pm", "noon"])
    func rejectsMalformedTimes(_ text: String) {
        let env = Fixture.env("2025-10-26T10:00:00+01:00")
        #expect(throws: InputError.self) { try InputParsing.instant(text, in: env) }
    }

    @Test func rejectsATimeInsideTheSpringGapNamingTheNextValidTime() {
        let env = Fixture.env("2025-03-30T12:00:00+02:00")
        #expect(throws: InputError.nonexistentLocalTime("02:30", timeZone: "Europe/Berlin", nextValid: "2025-03-30T03:00:00+02:00")) {
            try InputParsing.instant("02:30", in: env)
        }
    }

    @Test func rejectsARepeatedTimeWithoutOffsetButAcceptsItWithOne() throws {
        let env = Fixture.env("2025-11-02T12:00:00-05:00", "America/New_York")
        #expect(throws: InputError.ambiguousLocalTime("01:30", timeZone: "America/New_York",
                                                      first: "2025-11-02T01:30:00-04:00", second: "2025-11-02T01:30:00-05:00")) {
            try InputParsing.instant("01:30", in: env)
        }
        #expect(try InputParsing.instant("2025-11-02T01:30:00-05:00", in: env) == Fixture.instant("2025-11-02T06:30:00Z"))
    }

    @Test(arguments: [("today", "2025-10-26"), ("yesterday", "2025-10-25"), ("-2", "2025-10-24"), ("-0", "2025-10-26"),
                      ("2024-02-29", "2024-02-29")])
    func parsesDays(_ text: String, _ expected: String) throws {
        #expect(try InputParsing.day(text, today: Fixture.day("2025-10-26")) == Fixture.day(expected))
    }

    @Test(arguments: ["2025-02-30", "tomorrow", "+1", "-x", "2025-10-1"])
    func rejectsBadDays(_ text: String) {
        #expect(throws: InputError.self) { try InputParsing.day(text, today: Fixture.day("2025-10-26")) }
    }

    @Test(arguments: [("0", NoAlcLevel.steady), ("1", .steady), ("2", .easy), ("5", .easy), ("6", .wild), ("12", .wild),
                      ("steady", .steady), ("EASY", .easy), ("wild", .wild)])
    func mapsDrinksToLevels(_ text: String, _ level: NoAlcLevel) throws {
        #expect(try InputParsing.noAlcLevel(text).level == level)
    }

    @Test(arguments: ["-1", "2.5", "two", "", "1e2", "99999"])
    func rejectsDrinkCountsThatAreNotWholeNonNegativeNumbers(_ text: String) {
        #expect(throws: InputError.self) { try InputParsing.noAlcLevel(text) }
    }

    @Test func sourceIDsHaveADotBoundary() throws {
        #expect(try SourceID("dev.habit").isApp)
        #expect(try SourceID("dev.habit.watch").isApp)
        #expect(try !SourceID("dev.habitual").isApp)
        #expect(try !SourceID("com.example.app").isApp)
        #expect(throws: InputError.self) { try SourceID("not a bundle id") }
        #expect(throws: InputError.self) { try SourceID("dev..habit") }
    }

    @Test func suggestsTheClosestName() {
        #expect(InputParsing.suggestion(for: "meditat", in: ["meditate", "workout", "alcohol"]) == "meditate")
        #expect(throws: InputError.unknownActivity("hitt", suggestion: "hiit")) { try Activity(parsing: "hitt") }
    }
}
