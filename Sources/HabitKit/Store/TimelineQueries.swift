import Foundation
import GRDB

extension HabitStore {

    static func average(_ type: String, in range: InstantRange, _ grants: AccessGrants, _ db: Database) throws -> Double? {
        guard grants.mayRead(type) else { return nil }
        return try Double.fetchOne(db, SampleViewRecord.all().ofType(type).starting(in: range).select(GRDB.average(SampleViewRecord.Columns.value)))
    }
}

extension StoreRequest where Value == Void {
    /// The timeline of `days` (half-open), newest day first, newest item first: habit's own
    /// entries, workouts (with average heart rate when imported), and imported sleep grouped
    /// into one "Recovery" entry per night (a night belongs to the day it ends), with that day's
    /// resting heart rate and HRV. Other imported samples (steps, heart rate, …) are not listed.
    /// The days are handed to `body` one at a time, newest first
    /// (issue 28: a century needs memory for one day of entries, not for all). Entries and
    /// workouts come from cursors, newest first; nights and rings (one a day at most) and the
    /// entries that name a day (listed under their calendar day, ``DayOrderedSamples``) are
    /// gathered first. A day's items are put in the order the whole list had — entries
    /// (oldest first, ties by UUID), workouts, rings, the night — and then sorted newest first
    /// by the same stable sort. Run it inside one read transaction (a snapshot).
    public static func eachTimelineDay(days: DayRange, calendar: HabitCalendar, _ body: @escaping (TimelineDay) throws -> Void) -> Self {
        Self { db in
            let range = calendar.instants(of: days)
            // Sleep that ends inside the range may start the evening before.
            let sleepRange = InstantRange(calendar.start(of: days.lowerBound.adding(days: -1)), upTo: range.upperBound)
            let names = try HabitStore.habitNames(db)
            let grants = try HabitStore.grants(db)  // a type habit may not read is not listed
            let sleep = try SampleViewRecord.all().ofType("HKCategoryTypeIdentifierSleepAnalysis").readable(grants).starting(in: sleepRange)
                .order(SampleViewRecord.Columns.start, SampleViewRecord.Columns.anchor).fetchAll(db).map { row in
                    SleepInterval(start: Date(timeIntervalSince1970: row.start), end: Date(timeIntervalSince1970: row.end),
                                  stage: SleepStage(categoryValue: MetadataCoding.decode(row.metadata)["categoryValue"]))
                }
            var recoveries: [LocalDay: Recovery] = [:]
            for night in TimelineRules.nights(sleep) where days.contains(calendar.day(containing: night.end)) {
                recoveries[calendar.day(containing: night.end)] = night
            }
            // Rings, then nights: per day in the order the whole list appended them.
            var others: [LocalDay: [TimelineItem]] = [:]
            for summary in try HabitStore.activitySummaries(in: days, db) where grants.mayRead(DataTypes.activitySummary) {
                let item = TimelineItem.rings(summary, dayStart: calendar.start(of: summary.day))
                others[calendar.day(containing: item.start), default: []].append(item)
            }
            for (day, var r) in recoveries {
                let dayRange = calendar.instants(of: day)
                r.restingHeartRate = try HabitStore.average("HKQuantityTypeIdentifierRestingHeartRate", in: dayRange, grants, db)
                r.heartRateVariability = try HabitStore.average("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", in: dayRange, grants, db)
                let item = TimelineItem.recovery(r)
                others[calendar.day(containing: item.start), default: []].append(item)
            }
            let otherDays = others.keys.sorted(by: >)
            var nextOther = 0
            // An entry that names a day is listed under its calendar day (``DayOrderedSamples``).
            var samples = try DayOrderedSamples({ range in
                SampleViewRecord.all().ofTypes([SampleType.mindfulSession, SampleType.alcoholicBeverages], orOwnHabits: true)
                    .standalone().readable(grants).starting(in: range)
                    .order(SampleViewRecord.Columns.start.desc, SampleViewRecord.Columns.uuid.desc)
            }, in: range, entries: calendar.entryInstants(of: days), calendar: calendar, db)
            let heartRates = try HeartRates(grants, db)
            let workouts = grants.mayRead(DataTypes.workout)
                ? heartRates.batches(try WorkoutViewRecord.all().starting(in: range)
                    .order(WorkoutViewRecord.Columns.start.desc, WorkoutViewRecord.Columns.uuid.desc).fetchCursor(db), db)
                : nil
            var finder = HabitCalendar.DayFinder(calendar)
            func day(_ start: Double) -> LocalDay { finder.day(containing: Date(timeIntervalSince1970: start)) }
            var sample = try samples.next()
            var workout = try workouts?.nextWorkout()
            while true {
                let candidates = [sample?.day, workout.map { day($0.0.start) },
                                  nextOther < otherDays.count ? otherDays[nextOther] : nil]
                guard let current = candidates.compactMap({ $0 }).max() else { break }
                // Newest first from the cursors: reversed, a day's rows are oldest first, ties by UUID.
                var entries: [TimelineItem] = []
                while let s = sample, s.day == current {
                    entries.append(.entry(.sample(HabitDefinition.labelled(s.row.sample, names: names))))
                    sample = try samples.next()
                }
                var dayWorkouts: [TimelineItem] = []
                while let (w, statistic) = workout, day(w.start) == current {
                    dayWorkouts.append(.workout(w.workout, heartRate: try heartRates.of(w, statistic: statistic)))
                    workout = try workouts?.nextWorkout()
                }
                var items = Array(entries.reversed()) + dayWorkouts.reversed()
                if nextOther < otherDays.count, otherDays[nextOther] == current {
                    items += others[current] ?? []
                    nextOther += 1
                }
                try body(TimelineDay(day: current, items: items.sorted { $0.start > $1.start }))
            }
        }
    }
}

/// A workout's heart rate for the timeline: the export's heart-rate statistic of the workout, else
/// one derived from the heart-rate samples (any source) that start inside it, `[start, end)`. A
/// timeline asks it of every workout: the statistics come a batch of workouts at a time
/// (``WorkoutBatches``), the samples' statement is prepared once and not run at all when the
/// snapshot holds no heart-rate value.
private struct HeartRates {
    static let type = "HKQuantityTypeIdentifierHeartRate"
    let mayRead: Bool
    let values: Statement?

    init(_ grants: AccessGrants, _ db: Database) throws {
        mayRead = grants.mayRead(Self.type)
        let valuesSQL = "FROM sampleView WHERE typeId = (SELECT id FROM sampleType WHERE identifier = ?) AND value IS NOT NULL"
        let any = mayRead ? try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 \(valuesSQL))", arguments: [Self.type]) ?? true : false
        values = any ? try db.makeStatement(sql: "SELECT value \(valuesSQL) AND start >= ? AND start < ?") : nil
    }

    /// The workouts of `cursor`, each with its first heart-rate statistic (by row), if any.
    func batches(_ cursor: RecordCursor<WorkoutViewRecord>, _ db: Database) -> WorkoutBatches<WorkoutStatisticRecord?> {
        let mayRead = mayRead
        return WorkoutBatches(cursor, db, empty: nil) { ids, db in
            guard mayRead else { return [:] }
            var first: [Int64: WorkoutStatisticRecord?] = [:]
            let sql = "SELECT * FROM workoutStatistic WHERE workoutId IN (\(databaseQuestionMarks(count: ids.count))) AND type = ? ORDER BY workoutId, rowid"
            for s in try WorkoutStatisticRecord.fetchAll(db.cachedStatement(sql: sql), arguments: StatementArguments(ids) + [Self.type])
            where first[s.workoutId] == nil {
                first[s.workoutId] = s
            }
            return first
        }
    }

    func of(_ w: WorkoutViewRecord, statistic: WorkoutStatisticRecord?) throws -> WorkoutHeartRate? {
        guard mayRead else { return nil }
        if let s = statistic, let average = s.average {
            return WorkoutHeartRate(average: average, maximum: s.maximum)
        }
        guard let values else { return nil }
        let inside = InstantRange(w.workout.start, upTo: max(w.workout.start, w.workout.end))
        values.arguments = [Self.type, inside.lowerBound.timeIntervalSince1970, inside.upperBound.timeIntervalSince1970]
        return WorkoutHeartRate.derived(from: try Double.fetchAll(values))
    }
}
