import Foundation
import HabitKit

/// The JSON shapes of Standards/json.md shared by several commands: a sample, a workout, an entry.
/// Field names are a contract: change them only with a migration note.

/// `{"uuid","type","start","end","value","unit","source"[,"workout"][,"metadata"]}`.
struct SampleJSON: Codable, Equatable {
    let uuid: String
    let type: String
    let start: String
    let end: String
    @Nullable var value: Double?
    @Nullable var unit: String?
    let source: String
    /// The workout this sample belongs to; left out when none.
    let workout: String?
    /// Left out when empty.
    let metadata: [String: String]?
}

/// `{"uuid","activityType","start","end","duration","totalEnergyKcal","totalDistanceMeters","source"[,"metadata"]}`.
struct WorkoutJSON: Codable, Equatable {
    let uuid: String
    let activityType: String
    let start: String
    let end: String
    let duration: Double
    @Nullable var totalEnergyKcal: Double?
    @Nullable var totalDistanceMeters: Double?
    let source: String
    /// Left out when empty.
    let metadata: [String: String]?
}

/// One listed entry: `{"kind":"sample","sample":{…}}` or `{"kind":"workout","workout":{…},"samples":[…]}`.
struct EntryJSON: Codable, Equatable {
    let kind: String
    let sample: SampleJSON?
    let workout: WorkoutJSON?
    let samples: [SampleJSON]?

    init(_ entry: Entry, calendar: HabitCalendar) {
        switch entry {
        case .sample(let s):
            kind = "sample"
            sample = SampleJSON(s, calendar: calendar)
            workout = nil
            samples = nil
        case .workout(let w, let associated):
            kind = "workout"
            sample = nil
            workout = WorkoutJSON(w, calendar: calendar)
            samples = associated.map { SampleJSON($0, calendar: calendar) }
        }
    }
}

/// `habit delete --json`, `habit undo --json`: `{"deleted":{entry}}`.
struct DeletedJSON: Codable, Equatable {
    let deleted: EntryJSON
}

// The memberwise initialisers (Swift's, kept by writing these in extensions) are what the quick
// reader (``InterchangeLineReader``) makes them with.
extension SampleJSON {
    init(_ s: Sample, calendar: HabitCalendar) { self.init(s, instant: calendar.iso8601) }

    /// With the instants written by `instant` (the interchange format keeps their microseconds).
    init(_ s: Sample, instant: (Date) -> String) {
        self.init(uuid: s.uuid.storeText, type: s.type, start: instant(s.start), end: instant(s.end), value: s.value, unit: s.unit,
                  source: s.source.bundleID, workout: s.workout?.storeText, metadata: s.metadata.isEmpty ? nil : s.metadata)
    }
}

extension WorkoutJSON {
    init(_ w: Workout, calendar: HabitCalendar) { self.init(w, instant: calendar.iso8601) }

    /// With the instants written by `instant` (the interchange format keeps their microseconds).
    init(_ w: Workout, instant: (Date) -> String) {
        self.init(uuid: w.uuid.storeText, activityType: w.activityType, start: instant(w.start), end: instant(w.end),
                  duration: w.duration, totalEnergyKcal: w.totalEnergyKcal, totalDistanceMeters: w.totalDistanceMeters,
                  source: w.source.bundleID, metadata: w.metadata.isEmpty ? nil : w.metadata)
    }
}
