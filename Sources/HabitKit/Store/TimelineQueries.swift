import Foundation
import GRDB

extension HabitStore {

    /// The export's heart-rate statistic of workout `w`, else one derived from the heart-rate
    /// samples (any source) that start inside it, `[start, end)`.
    static func heartRate(of w: WorkoutViewRecord, _ grants: AccessGrants, _ db: Database) throws -> WorkoutHeartRate? {
        let type = "HKQuantityTypeIdentifierHeartRate"
        guard grants.mayRead(type) else { return nil }
        if let s = try WorkoutStatisticRecord.filter(WorkoutStatisticRecord.Columns.workoutId == w.id && WorkoutStatisticRecord.Columns.type == type).fetchOne(db),
           let average = s.average {
            return WorkoutHeartRate(average: average, maximum: s.maximum)
        }
        let inside = InstantRange(w.workout.start, upTo: max(w.workout.start, w.workout.end))
        let values = try Double.fetchAll(db, SampleViewRecord.all().ofType(type).starting(in: inside)
            .filter(SampleViewRecord.Columns.value != nil).select(SampleViewRecord.Columns.value))
        return WorkoutHeartRate.derived(from: values)
    }

    static func average(_ type: String, in range: InstantRange, _ grants: AccessGrants, _ db: Database) throws -> Double? {
        guard grants.mayRead(type) else { return nil }
        return try Double.fetchOne(db, SampleViewRecord.all().ofType(type).starting(in: range).select(GRDB.average(SampleViewRecord.Columns.value)))
    }
}

extension StoreRequest where Value == [TimelineDay] {
    /// The timeline of `days` (half-open), newest day first, newest item first: habit's own
    /// entries, workouts (with average heart rate when imported), and imported sleep grouped
    /// into one "Recovery" entry per night (a night belongs to the day it ends), with that day's
    /// resting heart rate and HRV. Other imported samples (steps, heart rate, …) are not listed.
    public static func timeline(days: DayRange, calendar: HabitCalendar) -> Self {
        Self { db in
            let range = calendar.instants(of: days)
            // Sleep that ends inside the range may start the evening before.
            let sleepRange = InstantRange(calendar.start(of: days.lowerBound.adding(days: -1)), upTo: range.upperBound)
            let names = try HabitStore.habitNames(db)
            let grants = try HabitStore.grants(db)  // a type habit may not read is not listed
            var items = try SampleViewRecord.all().ofTypes([SampleType.mindfulSession, SampleType.alcoholicBeverages], orOwnHabits: true)
                .standalone().readable(grants).starting(in: range).chronological().fetchAll(db)
                .map { TimelineItem.entry(.sample(HabitDefinition.labelled($0.sample, names: names))) }
            if grants.mayRead(DataTypes.workout) {
                for w in try WorkoutViewRecord.all().starting(in: range).chronological().fetchAll(db) {
                    items.append(.workout(w.workout, heartRate: try HabitStore.heartRate(of: w, grants, db)))
                }
            }
            let sleep = try SampleViewRecord.all().ofType("HKCategoryTypeIdentifierSleepAnalysis").readable(grants).starting(in: sleepRange)
                .order(SampleViewRecord.Columns.start, SampleViewRecord.Columns.anchor).fetchAll(db).map { row in
                    SleepInterval(start: Date(timeIntervalSince1970: row.start), end: Date(timeIntervalSince1970: row.end),
                                  stage: SleepStage(categoryValue: MetadataCoding.decode(row.metadata)["categoryValue"]))
                }
            var recoveries: [LocalDay: Recovery] = [:]
            for night in TimelineRules.nights(sleep) where days.contains(calendar.day(containing: night.end)) {
                recoveries[calendar.day(containing: night.end)] = night
            }
            for summary in try HabitStore.activitySummaries(in: days, db) where grants.mayRead(DataTypes.activitySummary) {
                items.append(.rings(summary, dayStart: calendar.start(of: summary.day)))
            }
            for (day, var r) in recoveries {
                let dayRange = calendar.instants(of: day)
                r.restingHeartRate = try HabitStore.average("HKQuantityTypeIdentifierRestingHeartRate", in: dayRange, grants, db)
                r.heartRateVariability = try HabitStore.average("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", in: dayRange, grants, db)
                items.append(.recovery(r))
            }
            return TimelineRules.days(items, calendar: calendar)
        }
    }
}
