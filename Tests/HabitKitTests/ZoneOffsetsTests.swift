import Foundation
import Testing
@testable import HabitKit

/// The offsets a calendar remembers between a zone's transitions (``ZoneOffsets``) are the zone's
/// own, at every instant: across DST in the three zones of the date tests, in zones whose
/// standard offset changed (Moscow, Caracas, Apia's skipped day, Casablanca's Ramadan breaks),
/// in zones without transitions — asked in order, in reverse and at random, and one second
/// either side of each transition.
@Suite struct ZoneOffsetsTests {
    static let zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Europe/Moscow", "America/Caracas",
                        "Pacific/Apia", "Africa/Casablanca", "America/Sao_Paulo", "Asia/Kolkata", "UTC"]
    static let first = Fixture.instant("1965-01-01T00:00:00Z").timeIntervalSince1970
    static let last = Fixture.instant("2045-01-01T00:00:00Z").timeIntervalSince1970

    /// Every transition of `zone` between the two instants.
    static func transitions(_ zone: TimeZone) -> [Double] {
        var found: [Double] = []
        var cursor = Date(timeIntervalSince1970: first)
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < last {
            found.append(next.timeIntervalSince1970)
            cursor = next
        }
        return found
    }

    @Test(arguments: zones)
    func rememberedOffsetsAreTheZones(_ id: String) throws {
        let zone = try #require(TimeZone(identifier: id))
        // An irregular step (5 h 17 min 13 s), so instants fall at every time of day.
        let step = 19_033.0
        let walk = Array(stride(from: Self.first, to: Self.last, by: step))
        var near: [Double] = []
        for t in Self.transitions(zone) { near += [t - 1, t, t + 1, t - 1_800, t + 1_800] }
        var rng = SystemRandomNumberGenerator()
        for order in [walk + near, (walk + near).reversed(), (walk + near).shuffled(using: &rng)] {
            let offsets = ZoneOffsets(zone)
            for t in order {
                let date = Date(timeIntervalSince1970: t)
                let expected = zone.secondsFromGMT(for: date)
                let got = offsets.offset(at: date)
                if got != expected {
                    Issue.record("\(id) at \(date): \(got) remembered, the zone says \(expected)")
                    return
                }
            }
        }
        if !["UTC", "Asia/Kolkata"].contains(id) { #expect(!Self.transitions(zone).isEmpty) }  // Kolkata: none since 1945
    }

    /// A calendar's days and times come out as they do without remembered offsets: the day
    /// containing an instant and its ISO 8601 text around each transition of the DST zones.
    @Test(arguments: ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe"])
    func daysAndTimesAroundTransitionsAreTheZones(_ id: String) throws {
        let zone = try #require(TimeZone(identifier: id))
        let calendar = HabitCalendar(timeZone: zone, dayStart: LocalTime(hour: 4, minute: 0)!)
        for t in Self.transitions(zone) {
            for d in stride(from: -7_200.0, through: 7_200, by: 600) {
                let date = Date(timeIntervalSince1970: t + d)
                let offset = zone.secondsFromGMT(for: date)
                #expect(calendar.utcOffset(at: date) == offset)
                #expect(calendar.iso8601(date) == Timestamp.format(date, offsetSeconds: offset))
                let day = calendar.day(containing: date)
                #expect(calendar.start(of: day) <= date && date < calendar.start(of: day.adding(days: 1)), "\(id) \(date)")
            }
        }
    }

    /// An environment keeps one calendar (so its remembered offsets serve a whole command) and
    /// makes it again when its zone or day-start changes.
    @Test func anEnvironmentsCalendarFollowsItsZoneAndDayStart() throws {
        var env = Fixture.env("2025-10-26T10:00:00+01:00")
        let day = env.calendar.day(containing: env.now)
        env.dayStart = try #require(LocalTime(hour: 12, minute: 0))
        #expect(env.calendar.dayStart == env.dayStart)
        #expect(env.calendar.day(containing: env.now) == day.adding(days: -1))
        env.timeZone = try #require(TimeZone(identifier: "America/New_York"))
        #expect(env.calendar.timeZone.identifier == "America/New_York")
        #expect(env.calendar.iso8601(env.now) == "2025-10-26T05:00:00-04:00")
    }
}
