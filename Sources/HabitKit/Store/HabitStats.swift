import Foundation
import GRDB


extension StatsSource {
    /// Calls `body` with the day and the amount of every sample whose day is in `days`.
    func forEachSample(in days: DayRange, env: HabitEnvironment, _ db: Database,
                       _ body: (LocalDay, Double) throws -> Void) throws {
        let bounds = env.calendar.starts(of: days).map(\.timeIntervalSince1970)
        func day(_ t: Double) -> LocalDay? { HabitStore.dayIndex(t, bounds).map { days.lowerBound.adding(days: $0) } }
        switch rows {
        case .workouts(let all):
            let sources = try StoreRules.resolvedSources(all: all, db)
            let rows = try Row.fetchCursor(db, SQLRequest<Row>(literal: """
                SELECT start, duration FROM workout WHERE start >= \(bounds[0]) AND start < \(bounds[days.count]) AND \(sources)
                """))
            while let row = try rows.next() {
                if let d = day(row[0]) { try body(d, (row[1] as Double? ?? 0) / 60) }
            }
        case .samples(let definition):
            guard let source = try HabitSamples(definition, db) else { return }
            try source.forEachAmount(days: days, bounds: bounds, env: env, db) { i, amount in
                try body(days.lowerBound.adding(days: i), amount)
            }
        }
    }
}

extension StoreRequest where Value == HabitStatistics {
    /// The samples of `subject` in buckets of `per` covering `days` (widened to whole periods).
    ///
    /// A sample is counted on its day as everywhere in habit — the day its start falls in
    /// (`[D at day-start, D+1 at day-start)`), sleep on the night's day — so a `--per day`
    /// bucket's sum is the calendar's value for that day. An own habit is read in its unit from
    /// its sources; built-ins and data types from the app's sources unless `allSources`
    /// (meditate: mindful minutes; workout: minutes, one sample a workout; noalc: the stored values).
    public static func statistics(of subject: StatsSubject, per: HabitDefinition.Period, days: DayRange, allSources: Bool,
                           env: HabitEnvironment) -> Self {
        Self { db in
            let source = StatsSource(subject, allSources: allSources)
            if case let grants = try HabitStore.grants(db), !grants.mayRead(source.type) {
                let name = if case .habit(let d) = subject { d.accessName } else { DataTypes.shortName(of: source.type) ?? source.type }
                throw AccessError.readDenied(type: source.type, name: name)
            }
            let settings = try HabitStore.settings(db)
            var buckets = StatsBuckets(per: per, covering: days, weekStartsOnSunday: settings.weekStartsOnSunday)
            try source.forEachSample(in: buckets.days, env: env, db) { buckets.add($1, on: $0) }
            var others = 0
            if let wider = source.everySource, buckets.buckets.allSatisfy({ $0.count == 0 }) {
                try wider.forEachSample(in: buckets.days, env: env, db) { _, _ in others += 1 }
            }
            return HabitStatistics(habit: source.habit, type: source.type, unit: source.unit, per: per, sources: source.sources,
                                   buckets: buckets.buckets, otherSourceCount: others)
        }
    }
}
