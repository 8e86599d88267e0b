import Foundation
import HabitKit

/// A skipped day: `{"uuid","habit":name|null,"habitId":id|null,"day","created"}` (null: every habit).
struct SkippedDayJSON: Codable, Equatable {
    let uuid: String
    @Nullable var habit: String?
    @Nullable var habitId: String?
    let day: String
    let created: String
}

/// `habit export --format json`: `{"objects":[…]}`. Written as a stream: the envelope comes
/// from encoding this shape with no objects, and each object is encoded on its own line.
struct ExportJSON: Codable, Equatable {
    let objects: [InterchangeLineJSON]
}

/// `habit changes --json`: `{"since","anchor","added":{"samples","workouts"},"deleted":[…]}`.
struct ChangesJSON: Codable, Equatable {
    struct Added: Codable, Equatable {
        let samples: [SampleJSON]
        let workouts: [WorkoutJSON]
        let skips: [SkippedDayJSON]
    }

    struct Deleted: Codable, Equatable {
        let uuid: String
        let kind: String
        let type: String
        let anchor: Int64
    }

    let since: Int64
    let anchor: Int64
    let added: Added
    let deleted: [Deleted]

    init(_ changes: Changes, calendar: HabitCalendar) {
        since = changes.since
        anchor = changes.anchor
        added = Added(samples: changes.samples.map { SampleJSON($0, calendar: calendar) },
                      workouts: changes.workouts.map { WorkoutJSON($0, calendar: calendar) },
                      skips: changes.skips.map { SkippedDayJSON($0, calendar: calendar) })
        deleted = changes.deleted.map { Deleted(uuid: $0.uuid.storeText, kind: $0.kind.rawValue, type: $0.type, anchor: $0.anchor) }
    }
}

/// Its memberwise initialiser (Swift's, kept by writing this in an extension) is what the quick
/// reader (``InterchangeLineReader``) makes it with.
extension SkippedDayJSON {
    init(_ s: SkippedDay, calendar: HabitCalendar) {
        self.init(uuid: s.uuid.storeText, habit: s.habitName, habitId: s.habitID, day: s.day.description,
                  created: calendar.iso8601(s.created))
    }
}
