import Foundation

/// What `habit stats` counts: a habit (built-in or own) or a data type.
public enum StatsSubject: Sendable, Equatable {
    case habit(HabitDefinition)
    case type(HabitDataType)
}

/// `habit stats`: a subject's samples in buckets.
public struct HabitStatistics: Sendable, Equatable {
    /// The habit's name; nil for a data type.
    public var habit: String?
    /// The sample type read: a HealthKit identifier, an own habit's entry type, or
    /// `HKWorkoutTypeIdentifier` for the workout built-in.
    public var type: String
    public var unit: String
    public var per: HabitDefinition.Period
    /// Whose samples were read: the app's, every source's (`--all-sources`, or a `--from` habit
    /// that counts all sources), or the sources a `--from` habit names.
    public var sources: HabitDefinition.SourceFilter
    public var buckets: [StatsBucket]
    /// When every bucket is empty: how many samples other sources have in the buckets' days
    /// (0 when the subject already reads every source).
    public var otherSourceCount: Int
}

/// Where the samples of a `habit stats` subject are, and how each becomes an amount.
struct StatsSource {
    enum Rows {
        /// Samples read as the habit reads them (``HabitSamples``).
        case samples(HabitDefinition)
        /// Workouts, each one sample of its minutes.
        case workouts(allSources: Bool)
    }

    var habit: String?
    var type: String
    var unit: String
    var rows: Rows

    init(_ subject: StatsSubject, allSources: Bool) {
        let filter: HabitDefinition.SourceFilter = allSources ? .all : .app
        switch subject {
        case .type(let t):
            (habit, type, unit) = (nil, t.identifier, t.defaultUnit)
            rows = .samples(Self.reading(t.identifier, unit: t.defaultUnit, sources: filter))
        case .habit(let d):
            habit = d.name
            switch d.builtin {
            case .meditate?:
                (type, unit) = (SampleType.mindfulSession, "min")
                rows = .samples(Self.reading(type, unit: unit, sources: filter))
            case .noalc?:
                (type, unit) = (SampleType.alcoholicBeverages, "count")
                rows = .samples(Self.reading(type, unit: unit, sources: filter))
            case .workout?:
                (type, unit) = (DataTypes.workout, "min")
                rows = .workouts(allSources: allSources)
            case nil:
                var own = d
                if allSources, own.fromType != nil { own.sources = .all }
                type = d.loggedType ?? d.fromType ?? ""
                // A yes/no habit counts days done, 1 each (a ring habit without a target: closed
                // rings), never amounts in its type's unit.
                unit = d.kind == .yesNo ? "count" : d.unit ?? d.fromType.map { HabitDataType.stored($0).defaultUnit } ?? "count"
                rows = .samples(own)
            }
        }
    }

    /// A definition that reads `identifier` in `unit` from `sources`, as a `--from` habit does.
    static func reading(_ identifier: String, unit: String, sources: HabitDefinition.SourceFilter) -> HabitDefinition {
        let epoch = Date(timeIntervalSince1970: 0)
        return HabitDefinition(id: "", name: "", kind: .quantity, unit: unit, fromType: identifier, sources: sources,
                               since: LocalDay(ordinal: 0), created: epoch, modified: epoch)
    }

    /// Whose samples are read.
    var sources: HabitDefinition.SourceFilter {
        switch rows {
        case .workouts(let all): all ? .all : .app
        case .samples(let d): d.loggedType != nil ? .app : d.sources
        }
    }

    /// The same subject read from every source; nil when it reads every source already (or,
    /// like an own habit's entries, has no other sources).
    var everySource: StatsSource? {
        var wider = self
        switch rows {
        case .workouts(let all):
            if all { return nil }
            wider.rows = .workouts(allSources: true)
        case .samples(var d):
            if d.loggedType != nil || d.sources == .all { return nil }
            d.sources = .all
            wider.rows = .samples(d)
        }
        return wider
    }
}
