import Foundation
import Testing
@testable import HabitKit

@Suite struct HabitCalendarTests {
    struct DayLength: CustomTestStringConvertible, Sendable {
        let zone: String, day: String, hours: Double
        var testDescription: String { "\(zone) \(day) = \(hours) h" }
    }

    static let dayLengths: [DayLength] = [
        .init(zone: "America/New_York", day: "2025-03-09", hours: 23),
        .init(zone: "America/New_York", day: "2025-11-02", hours: 25),
        .init(zone: "America/New_York", day: "2025-03-08", hours: 24),
        .init(zone: "Europe/Berlin", day: "2025-03-30", hours: 23),
        .init(zone: "Europe/Berlin", day: "2025-10-26", hours: 25),
        .init(zone: "Europe/Berlin", day: "2025-10-27", hours: 24),
        .init(zone: "UTC", day: "2025-03-30", hours: 24),
    ]

    @Test(arguments: dayLengths)
    func daysAre23Or25HoursAcrossDST(_ c: DayLength) {
        let calendar = HabitCalendar(timeZone: Fixture.zone(c.zone))
        let range = calendar.instants(of: Fixture.day(c.day))
        #expect(range.duration == c.hours * 3600)
        // The range ends exactly where the next day starts: adjacent days share no instant.
        #expect(range.upperBound == calendar.instants(of: Fixture.day(c.day).adding(days: 1)).lowerBound)
    }

    struct Placement: CustomTestStringConvertible, Sendable {
        let zone: String, instant: String, day: String
        var testDescription: String { "\(instant) in \(zone) is on \(day)" }
    }

    static let placements: [Placement] = [
        // Exactly midnight belongs to the new day, never to both.
        .init(zone: "Europe/Berlin", instant: "2025-10-27T00:00:00+01:00", day: "2025-10-27"),
        .init(zone: "Europe/Berlin", instant: "2025-10-26T23:59:59+01:00", day: "2025-10-26"),
        // A session at 23:30 local on a DST day stays on its day.
        .init(zone: "Europe/Berlin", instant: "2025-10-26T23:30:00+01:00", day: "2025-10-26"),
        .init(zone: "Europe/Berlin", instant: "2025-03-30T23:30:00+02:00", day: "2025-03-30"),
        .init(zone: "America/New_York", instant: "2025-03-09T23:30:00-04:00", day: "2025-03-09"),
        .init(zone: "America/New_York", instant: "2025-11-02T23:30:00-05:00", day: "2025-11-02"),
        .init(zone: "America/New_York", instant: "2025-11-03T00:00:00-05:00", day: "2025-11-03"),
        // The repeated hour: both 01:30s are on the same day.
        .init(zone: "America/New_York", instant: "2025-11-02T01:30:00-04:00", day: "2025-11-02"),
        .init(zone: "America/New_York", instant: "2025-11-02T01:30:00-05:00", day: "2025-11-02"),
        // Month and year ends.
        .init(zone: "Europe/Berlin", instant: "2025-11-01T00:00:00+01:00", day: "2025-11-01"),
        .init(zone: "America/New_York", instant: "2025-01-01T04:59:59Z", day: "2024-12-31"),
        .init(zone: "America/New_York", instant: "2025-01-01T05:00:00Z", day: "2025-01-01"),
    ]

    @Test(arguments: placements)
    func instantsFallOnTheirLocalDay(_ c: Placement) {
        let calendar = HabitCalendar(timeZone: Fixture.zone(c.zone))
        let instant = Fixture.instant(c.instant)
        #expect(calendar.day(containing: instant) == Fixture.day(c.day))
        #expect(calendar.instants(of: Fixture.day(c.day)).contains(instant))
        #expect(!calendar.instants(of: Fixture.day(c.day).adding(days: 1)).contains(instant))
        #expect(!calendar.instants(of: Fixture.day(c.day).adding(days: -1)).contains(instant))
    }

    @Test func monthQueryEndsAtTheNextMonthsFirstInstant() {
        let calendar = HabitCalendar(timeZone: Fixture.zone("Europe/Berlin"))
        let october = calendar.instants(of: DayRange.month(containing: Fixture.day("2025-10-01")))
        #expect(october.lowerBound == Fixture.instant("2025-10-01T00:00:00+02:00"))
        #expect(october.upperBound == Fixture.instant("2025-11-01T00:00:00+01:00"))
        #expect(!october.contains(Fixture.instant("2025-11-01T00:00:00+01:00")))
        #expect(october.contains(Fixture.instant("2025-10-31T23:59:59.999+01:00")))
        #expect(october.duration == 31 * 86400 + 3600)  // 31 days plus the extra fall-back hour
    }

    struct Wall: CustomTestStringConvertible, Sendable {
        let zone: String, day: String, time: String
        let expected: String  // "unique ISO", "gap ISO-of-next-valid", "repeated ISO1 ISO2"
        var testDescription: String { "\(day) \(time) in \(zone)" }
    }

    static let walls: [Wall] = [
        .init(zone: "Europe/Berlin", day: "2025-03-30", time: "02:30", expected: "gap 2025-03-30T03:00:00+02:00"),
        .init(zone: "Europe/Berlin", day: "2025-10-26", time: "02:30",
              expected: "repeated 2025-10-26T02:30:00+02:00 2025-10-26T02:30:00+01:00"),
        .init(zone: "America/New_York", day: "2025-03-09", time: "02:30", expected: "gap 2025-03-09T03:00:00-04:00"),
        .init(zone: "America/New_York", day: "2025-11-02", time: "01:30",
              expected: "repeated 2025-11-02T01:30:00-04:00 2025-11-02T01:30:00-05:00"),
        .init(zone: "America/New_York", day: "2025-11-02", time: "02:30", expected: "unique 2025-11-02T02:30:00-05:00"),
        .init(zone: "Europe/Berlin", day: "2025-03-30", time: "03:00", expected: "unique 2025-03-30T03:00:00+02:00"),
        .init(zone: "Europe/Berlin", day: "2025-03-30", time: "01:59", expected: "unique 2025-03-30T01:59:00+01:00"),
    ]

    @Test(arguments: walls)
    func wallClockTimesResolveAcrossDST(_ c: Wall) {
        let calendar = HabitCalendar(timeZone: Fixture.zone(c.zone))
        let result = calendar.resolve(Fixture.day(c.day), LocalTime(c.time)!)
        let rendered: String = switch result {
        case .unique(let d): "unique \(calendar.iso8601(d))"
        case .skipped(let next): "gap \(calendar.iso8601(next))"
        case .repeated(let a, let b): "repeated \(calendar.iso8601(a)) \(calendar.iso8601(b))"
        }
        #expect(rendered == c.expected)
    }

    @Test func iso8601UsesTheOffsetInForceAtThatInstant() {
        let calendar = HabitCalendar(timeZone: Fixture.zone("Europe/Berlin"))
        #expect(calendar.iso8601(Fixture.instant("2025-07-01T10:00:00Z")) == "2025-07-01T12:00:00+02:00")
        #expect(calendar.iso8601(Fixture.instant("2025-12-01T10:00:00Z")) == "2025-12-01T11:00:00+01:00")
    }

    @Test(arguments: ["2023-01-01 08:00:00 -0800", "2023-01-01T16:00:00Z", "2023-01-01T17:00:00+01:00", "2023-01-01T16:00Z"])
    func timestampsWithOffsetsNameTheSameInstant(_ text: String) {
        #expect(Timestamp.parse(text)?.instant == Date(timeIntervalSince1970: 1_672_588_800))
    }
}
