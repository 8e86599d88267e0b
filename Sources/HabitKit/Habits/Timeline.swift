import Foundation

/// A night of imported sleep, grouped into one entry with its stages, plus the day's recovery metrics.
public struct Recovery: Sendable, Equatable {
    public var start: Date
    public var end: Date
    /// Seconds per stage: the time its samples cover, each instant once (two sources, or two
    /// overlapping samples of one, never count twice).
    public var stages: [SleepStage: TimeInterval]
    /// Time asleep: the time covered by samples of any stage but awake and in-bed, each instant once.
    public var asleep: TimeInterval
    public var restingHeartRate: Double?
    public var heartRateVariability: Double?

    public init(start: Date, end: Date, stages: [SleepStage: TimeInterval], asleep: TimeInterval? = nil) {
        self.start = start
        self.end = end
        self.stages = stages
        self.asleep = asleep ?? stages.filter { $0.key.isAsleep }.values.reduce(0, +)
    }

    /// Time in bed as the "in bed" samples say (older watches and phones write only these).
    public var inBed: TimeInterval { stages[.inBed] ?? 0 }
}

/// A workout's heart rate: from the export's `WorkoutStatistics` or, for exports without them
/// (before about 2022), derived from the heart-rate samples that start inside the workout.
public struct WorkoutHeartRate: Sendable, Equatable {
    public var average: Double
    public var maximum: Double?
    /// Worked out by habit from `samples` heart-rate samples, not said by the export.
    public var derivedFrom: Int?

    public init(average: Double, maximum: Double?, derivedFrom: Int? = nil) {
        self.average = average
        self.maximum = maximum
        self.derivedFrom = derivedFrom
    }

    /// The mean and the maximum of the samples' values (each sample counts once, whatever its
    /// length: a watch writes them every few seconds during a workout); nil without samples.
    public static func derived(from values: [Double]) -> WorkoutHeartRate? {
        let finite = values.filter(\.isFinite)
        guard let maximum = finite.max() else { return nil }
        return WorkoutHeartRate(average: finite.reduce(0, +) / Double(finite.count), maximum: maximum, derivedFrom: finite.count)
    }
}

/// One line of the timeline.
public enum TimelineItem: Sendable {
    case entry(Entry)
    case workout(Workout, heartRate: WorkoutHeartRate?)
    /// The day's Activity rings; shown at the day's start (the end of the day's list).
    case rings(ActivitySummary, dayStart: Date)
    case recovery(Recovery)

    public var start: Date {
        switch self {
        case .entry(let e): e.start
        case .workout(let w, _): w.start
        case .recovery(let r): r.end  // a night is shown where it ends: the morning
        case .rings(_, let dayStart): dayStart
        }
    }
}

public struct TimelineDay: Sendable {
    public var day: LocalDay
    public var items: [TimelineItem]

    public init(day: LocalDay, items: [TimelineItem]) {
        self.day = day
        self.items = items
    }
}

/// A stage of an imported `HKCategoryTypeIdentifierSleepAnalysis` sample.
public enum SleepStage: String, Sendable, CaseIterable, Codable {
    case awake, rem, core, deep, asleep, inBed

    /// The stage of a sample's category value. Apple's older "asleep" and the unspecified one are
    /// `asleep`; a value this habit does not know counts as `asleep` too (it is a sleep sample).
    public init(categoryValue: String?) {
        switch categoryValue {
        case "HKCategoryValueSleepAnalysisAwake": self = .awake
        case "HKCategoryValueSleepAnalysisAsleepREM": self = .rem
        case "HKCategoryValueSleepAnalysisAsleepCore": self = .core
        case "HKCategoryValueSleepAnalysisAsleepDeep": self = .deep
        case "HKCategoryValueSleepAnalysisInBed": self = .inBed
        default: self = .asleep
        }
    }

    /// Time in this stage counts as asleep: every stage but awake and in bed.
    public var isAsleep: Bool { self != .awake && self != .inBed }

    /// The category values of the stages that are not asleep (for a filter in SQL).
    static let notAsleepCategoryValues = ["HKCategoryValueSleepAnalysisAwake", "HKCategoryValueSleepAnalysisInBed"]
}

/// One imported sleep sample: `[start, end)` in one stage.
public struct SleepInterval: Sendable, Equatable {
    public var start: Date
    public var end: Date
    public var stage: SleepStage

    public init(start: Date, end: Date, stage: SleepStage) {
        self.start = start
        self.end = end
        self.stage = stage
    }
}

/// The timeline's rules, over values.
public enum TimelineRules {
    /// How far after a night's end so far a sample may start and still belong to that night.
    public static let nightGap: TimeInterval = 3 * 3600

    /// Clusters sleep samples, sorted by start, into nights: a sample starting within
    /// ``nightGap`` of the night's end so far belongs to it.
    public static func nights(_ intervals: [SleepInterval]) -> [Recovery] {
        var groups: [(end: Date, intervals: [SleepInterval])] = []
        for i in intervals {
            if let last = groups.last, i.start <= last.end.addingTimeInterval(nightGap) {
                groups[groups.count - 1].end = max(last.end, i.end)
                groups[groups.count - 1].intervals.append(i)
            } else {
                groups.append((i.end, [i]))
            }
        }
        return groups.map { group in
            var stages: [SleepStage: TimeInterval] = [:]
            for stage in Set(group.intervals.map(\.stage)) {
                stages[stage] = covered(group.intervals.filter { $0.stage == stage })
            }
            return Recovery(start: group.intervals[0].start, end: group.end, stages: stages,
                            asleep: covered(group.intervals.filter { $0.stage.isAsleep }))
        }
    }

    /// The time `intervals` cover, each instant once: the Health app shows a night recorded by
    /// a phone and a watch as one night, not as both added up.
    static func covered(_ intervals: [SleepInterval]) -> TimeInterval {
        covered(intervals.map { ($0.start.timeIntervalSince1970, $0.end.timeIntervalSince1970) })
    }

    /// The length of the union of `spans` (`(start, end)` in seconds, any order, overlaps allowed).
    public static func covered(_ spans: [(Double, Double)]) -> Double {
        var total = 0.0
        var current: (Double, Double)?
        for span in spans.sorted(by: { $0.0 < $1.0 }) {
            if let c = current, span.0 <= c.1 {
                current = (c.0, max(c.1, span.1))
            } else {
                if let c = current { total += c.1 - c.0 }
                current = span
            }
        }
        if let c = current { total += c.1 - c.0 }
        return total
    }

    /// Items grouped by the local day of their ``TimelineItem/start``: newest day first, newest item first.
    public static func days(_ items: [TimelineItem], calendar: HabitCalendar) -> [TimelineDay] {
        var byDay: [LocalDay: [TimelineItem]] = [:]
        for item in items { byDay[calendar.day(containing: item.start), default: []].append(item) }
        return byDay.sorted { $0.key > $1.key }.map { day, items in
            TimelineDay(day: day, items: items.sorted { $0.start > $1.start })
        }
    }
}
