import Foundation
import HabitKit

/// The JSON shapes of DESIGN.md §8. Field names are a contract: change them only with a
/// migration note.
struct SampleJSON: Encodable {
    let sample: Sample
    let calendar: HabitCalendar

    enum Keys: String, CodingKey { case uuid, type, start, end, value, unit, source, workout, metadata }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(sample.uuid.uuidString.lowercased(), forKey: .uuid)
        try c.encode(sample.type, forKey: .type)
        try c.encode(calendar.iso8601(sample.start), forKey: .start)
        try c.encode(calendar.iso8601(sample.end), forKey: .end)
        try c.encode(sample.value, forKey: .value)
        try c.encode(sample.unit, forKey: .unit)
        try c.encode(sample.source.bundleID, forKey: .source)
        if let w = sample.workout { try c.encode(w.uuidString.lowercased(), forKey: .workout) }
        if !sample.metadata.isEmpty { try c.encode(sample.metadata, forKey: .metadata) }
    }
}

struct WorkoutJSON: Encodable {
    let workout: Workout
    let calendar: HabitCalendar

    enum Keys: String, CodingKey {
        case uuid, activityType, start, end, duration, totalEnergyKcal, totalDistanceMeters, source, metadata
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(workout.uuid.uuidString.lowercased(), forKey: .uuid)
        try c.encode(workout.activityType, forKey: .activityType)
        try c.encode(calendar.iso8601(workout.start), forKey: .start)
        try c.encode(calendar.iso8601(workout.end), forKey: .end)
        try c.encode(workout.duration, forKey: .duration)
        try c.encode(workout.totalEnergyKcal, forKey: .totalEnergyKcal)
        try c.encode(workout.totalDistanceMeters, forKey: .totalDistanceMeters)
        try c.encode(workout.source.bundleID, forKey: .source)
        if !workout.metadata.isEmpty { try c.encode(workout.metadata, forKey: .metadata) }
    }
}

struct CancelledJSON: Encodable {
    let reminder: String
    let title: String
    let occurrence: String
}

/// `habit log … --json`: `{"samples":[…],"workout":{…}|null,"cancelledReminders":[…]}`.
struct LogJSON: Encodable {
    let result: LogResult
    let calendar: HabitCalendar

    enum Keys: String, CodingKey { case samples, workout, replaced, cancelledReminders }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(result.samples.map { SampleJSON(sample: $0, calendar: calendar) }, forKey: .samples)
        try c.encode(result.workout.map { WorkoutJSON(workout: $0, calendar: calendar) }, forKey: .workout)
        try c.encode(result.replaced.map { $0.uuidString.lowercased() }, forKey: .replaced)
        try c.encode(result.cancelledReminders.map {
            CancelledJSON(reminder: String($0.reminderID), title: $0.title, occurrence: calendar.iso8601($0.occurrence))
        }, forKey: .cancelledReminders)
    }
}

/// One listed entry: a sample, or a workout with its samples.
struct EntryJSON: Encodable {
    let entry: Entry
    let calendar: HabitCalendar

    enum Keys: String, CodingKey { case kind, sample, workout, samples }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch entry {
        case .sample(let s):
            try c.encode("sample", forKey: .kind)
            try c.encode(SampleJSON(sample: s, calendar: calendar), forKey: .sample)
        case .workout(let w, let samples):
            try c.encode("workout", forKey: .kind)
            try c.encode(WorkoutJSON(workout: w, calendar: calendar), forKey: .workout)
            try c.encode(samples.map { SampleJSON(sample: $0, calendar: calendar) }, forKey: .samples)
        }
    }
}
