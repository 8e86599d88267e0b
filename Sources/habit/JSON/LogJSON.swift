import Foundation
import HabitKit

/// `habit log … --json`: `{"samples":[…],"workout":{…}|null,"replaced":[…],"cancelledReminders":[…]}`.
struct LogJSON: Codable, Equatable {
    struct Cancelled: Codable, Equatable {
        let reminder: String
        let title: String
        let occurrence: String
    }

    let samples: [SampleJSON]
    @Nullable var workout: WorkoutJSON?
    /// UUIDs of earlier entries this one replaced (NoAlc: the last entry for a day wins).
    let replaced: [String]
    let cancelledReminders: [Cancelled]

    init(_ result: LogResult, calendar: HabitCalendar) {
        samples = result.samples.map { SampleJSON($0, calendar: calendar) }
        workout = result.workout.map { WorkoutJSON($0, calendar: calendar) }
        replaced = result.replaced.map { $0.storeText }
        cancelledReminders = result.cancelledReminders.map {
            Cancelled(reminder: String($0.reminderID), title: $0.title, occurrence: calendar.iso8601($0.occurrence))
        }
    }
}

/// `habit log list --json`: `{"entries":[entry, …]}`, newest first.
struct LogListJSON: Codable, Equatable {
    let entries: [EntryJSON]
}
