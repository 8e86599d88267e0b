import Foundation
@testable import HabitKit
import HabitTestSupport

/// Test helpers: fixed environments and fresh stores.
enum Fixture {
    /// One sequence for the whole test process, so stores written through several environments never collide.
    static let uuids = SequentialUUIDs()

    static func zone(_ id: String) -> TimeZone { TimeZone(identifier: id)! }

    /// An environment at `iso` (ISO 8601 with offset) in time zone `tz`, with sequential UUIDs.
    static func env(_ iso: String, _ tz: String = "Europe/Berlin") -> HabitEnvironment {
        HabitEnvironment(now: instant(iso), timeZone: zone(tz), makeUUID: { uuids.next() })
    }

    static func instant(_ iso: String) -> Date {
        guard let d = Timestamp.parse(iso)?.instant else { fatalError("bad fixture instant \(iso)") }
        return d
    }

    static func day(_ text: String) -> LocalDay {
        guard let d = LocalDay(text) else { fatalError("bad fixture day \(text)") }
        return d
    }

    /// A fresh on-disk store in its own temporary folder (WAL needs a file).
    static func fileStore() throws -> (HabitStore, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habit-test-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("store/habit.sqlite").path
        return (try HabitStore.open(path: path), folder)
    }
}


extension HabitReport {
    /// The score of a report evaluated with it (NaN otherwise: every comparison with it fails).
    var strength: Double { score ?? .nan }
}

extension StoreRequest where Value == [TimelineDay] {
    /// The timeline of `days` all at once, as `habit timeline` streams it (``eachTimelineDay(days:calendar:_:)``).
    static func timeline(days: DayRange, calendar: HabitCalendar) -> Self {
        Self { db in
            var timeline: [TimelineDay] = []
            try StoreRequest<Void>.eachTimelineDay(days: days, calendar: calendar) { timeline.append($0) }.fetch(db)
            return timeline
        }
    }
}
