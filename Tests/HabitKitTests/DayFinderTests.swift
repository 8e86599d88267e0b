import Foundation
import Testing
@testable import HabitKit

/// ``HabitCalendar/DayFinder`` remembers the last day's `[start, next start)`: its answers are
/// ``HabitCalendar/day(containing:)``'s for every instant, on 23-, 24- and 25-hour days, with the
/// half-hour shift of Lord Howe and day starts inside a gap or a repeated hour, whatever order the
/// instants come in.
@Suite struct DayFinderTests {
    /// Weeks around each zone's 2025 transitions and an ordinary week.
    static let windows: [(zone: String, from: String)] = [
        ("America/New_York", "2025-03-05T00:00:00-05:00"), ("America/New_York", "2025-10-29T00:00:00-04:00"),
        ("Europe/Berlin", "2025-03-26T00:00:00+01:00"), ("Europe/Berlin", "2025-10-22T00:00:00+02:00"),
        ("Australia/Lord_Howe", "2025-04-02T00:00:00+11:00"), ("Australia/Lord_Howe", "2025-10-01T00:00:00+10:30"),
        ("Europe/Berlin", "2025-06-10T00:00:00+02:00"),
    ]

    @Test(arguments: DayStartTests.dayStarts)
    func answersAreDayContainingInEveryOrder(dayStart: String) {
        var random = SeededRandom(seed: 28)
        for window in Self.windows {
            let calendar = DayStartTests.calendar(window.zone, dayStart)
            let first = Fixture.instant(window.from)
            // Every 7 minutes for 10 days, each day boundary and a second either side of it.
            var instants = stride(from: 0.0, to: 10 * 86_400, by: 420).map { first.addingTimeInterval($0) }
            let firstDay = calendar.day(containing: first)
            for k in 0...10 {
                let start = calendar.start(of: firstDay.adding(days: k))
                instants += [start.addingTimeInterval(-1), start, start.addingTimeInterval(1)]
            }
            var shuffled = instants
            shuffled.shuffle(using: &random)
            for (order, list) in [("ascending", instants.sorted()), ("descending", instants.sorted(by: >)), ("shuffled", shuffled)] {
                var finder = HabitCalendar.DayFinder(calendar)
                for instant in list {
                    #expect(finder.day(containing: instant) == calendar.day(containing: instant),
                            "\(window.zone) day-start \(dayStart) \(order): \(calendar.iso8601(instant))")
                }
            }
        }
    }
}
