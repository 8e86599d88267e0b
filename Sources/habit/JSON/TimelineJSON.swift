import Foundation
import HabitKit

/// `habit timeline --json`: `{"days":[{"date","items":[…]}, …]}`, newest first.
struct TimelineJSON: Codable, Equatable {
    let days: [Day]

    struct Day: Codable, Equatable {
        let date: String
        let items: [Item]
    }

    /// `{"kind":"entry","entry":{…},"sourceName"}`, `{"kind":"workout","workout":{…},"sourceName"[,"averageHeartRate","maximumHeartRate"][,"heartRateDerivedFrom"]}`
    /// or `{"kind":"recovery","start","end","asleepSeconds","inBedSeconds","stages"[,"restingHeartRate"][,"heartRateVariability"]}`.
    /// `sourceName` is what the text shows for the source (an imported source's own name); the
    /// entry's and workout's `source` stay the stored id.
    struct Item: Codable, Equatable {
        let kind: String
        var entry: EntryJSON? = nil
        var workout: WorkoutJSON? = nil
        var sourceName: String? = nil
        /// `{"kind":"rings","rings":{"day","moveKcal",…}}`: the day's Activity rings.
        var rings: ActivitySummaryJSON? = nil
        var averageHeartRate: Double? = nil
        var maximumHeartRate: Double? = nil
        /// Present when habit worked the heart rate out from samples: how many.
        var heartRateDerivedFrom: Int? = nil
        var start: String? = nil
        var end: String? = nil
        var asleepSeconds: Double? = nil
        var inBedSeconds: Double? = nil
        var stages: [String: Double]? = nil
        var restingHeartRate: Double? = nil
        var heartRateVariability: Double? = nil
    }

    init(_ timeline: [TimelineDay], calendar: HabitCalendar) {
        days = timeline.map { day in Day(date: day.day.description, items: day.items.map { Item($0, calendar: calendar) }) }
    }
}

extension TimelineJSON.Item {
    init(_ item: TimelineItem, calendar: HabitCalendar) {
        switch item {
        case .entry(let e):
            self.init(kind: "entry", entry: EntryJSON(e, calendar: calendar), sourceName: e.source.displayName)
        case .workout(let w, let hr):
            self.init(kind: "workout", workout: WorkoutJSON(w, calendar: calendar), sourceName: w.source.displayName,
                      averageHeartRate: hr?.average, maximumHeartRate: hr?.maximum, heartRateDerivedFrom: hr?.derivedFrom)
        case .rings(let s, _):
            self.init(kind: "rings", rings: ActivitySummaryJSON(s))
        case .recovery(let r):
            self.init(kind: "recovery", start: calendar.iso8601(r.start), end: calendar.iso8601(r.end), asleepSeconds: r.asleep,
                      inBedSeconds: r.inBed,
                      stages: Dictionary(uniqueKeysWithValues: r.stages.map { ($0.key.rawValue, $0.value) }), restingHeartRate: r.restingHeartRate, heartRateVariability: r.heartRateVariability)
        }
    }
}
