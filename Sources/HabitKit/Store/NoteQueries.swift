import Foundation
import GRDB

extension StoreRequest where Value == [Note] {
    /// The notes of the entries that start in `range` (nil: all), newest first, each with the day
    /// it belongs to in `calendar`: of `habit`'s entries only when one is given, from the app's
    /// sources unless `allSources`. An entry that names a day (``DayEntry``) is kept when it starts
    /// in `entries` (its calendar days' instants, ``HabitCalendar/entryInstants(of:)``) when that
    /// is given, and is listed under its calendar day. A type habit may not read is left out
    /// (Standards/access.md), as every listing leaves it out.
    public static func notes(in range: InstantRange?, entries: InstantRange?, of habit: HabitDefinition?, allSources: Bool,
                             calendar: HabitCalendar) -> Self {
        Self { db in
            let names = try HabitStore.habitNames(db)
            let grants = try HabitStore.grants(db)
            let type = habit.map(DataTypes.read(by:))
            // The rows with a note, found through the partial indexes of v17 (only noted rows are
            // in them): the same term as the indexes', so that SQLite uses them.
            func noted(_ table: String, _ range: InstantRange?) -> SQL {
                let lower = range?.lowerBound.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude
                let upper = range?.upperBound.timeIntervalSince1970 ?? Double.greatestFiniteMagnitude
                return SQL(sql: "id IN (SELECT id FROM \(table) WHERE instr(metadata, '\"note\":') > 0 AND start >= ? AND start < ?)",
                           arguments: [lower, upper])
            }
            var notes: [Note] = []
            if type != DataTypes.workout {
                var samples = SampleViewRecord.all().standalone().readable(grants).fromSources(all: allSources)
                if let range, let entries {
                    let either = InstantRange(min(range.lowerBound, entries.lowerBound), upTo: max(range.upperBound, entries.upperBound))
                    samples = samples.filter(noted("sample", either)).filter(literal: DayEntry.startsInSQL(range, entries: entries))
                } else {
                    samples = samples.filter(noted("sample", range))
                }
                if let type { samples = samples.ofType(type) }
                for row in try samples.fetchAll(db) {
                    let sample = row.sample
                    guard let text = sample.metadata[NoteRules.key] else { continue }
                    notes.append(Note(uuid: sample.uuid, habit: NoteRules.habit(ofType: sample.type, names: names), start: sample.start,
                                      day: DayEntry.day(of: sample, in: calendar), text: text, source: sample.source))
                }
            }
            if type == nil || type == DataTypes.workout, grants.mayRead(DataTypes.workout) {
                let workouts = WorkoutViewRecord.all().fromSources(all: allSources).filter(noted("workout", range))
                for row in try workouts.fetchAll(db) {
                    let workout = row.workout
                    guard let text = workout.metadata[NoteRules.key] else { continue }
                    notes.append(Note(uuid: workout.uuid, habit: Habit.workout.rawValue, start: workout.start,
                                      day: calendar.day(ofEntryAt: workout.start, namesADay: false), text: text, source: workout.source))
                }
            }
            return notes.sorted(by: NoteRules.newestFirst)
        }
    }
}

extension StoreRequest where Value == [LocalDay] {
    /// The day of each note of `days` (its entry's day in `calendar`, ``HabitCalendar/day(ofEntryAt:namesADay:)``):
    /// all the calendar's marks need. The same notes as ``notes(in:entries:of:allSources:calendar:)`` —
    /// rows read as plain columns, not as records, so the calendar pays only for the few noted rows.
    public static func noteDays(in days: DayRange, of habit: HabitDefinition?, allSources: Bool, calendar: HabitCalendar) -> Self {
        noteDays(in: days, of: habit.map { [$0] }, allSources: allSources, calendar: calendar)
    }

    /// The same, of the habits given (nil: of every type).
    public static func noteDays(in days: DayRange, of habits: [HabitDefinition]?, allSources: Bool, calendar: HabitCalendar) -> Self {
        Self { db in
            let grants = try HabitStore.grants(db)
            let sources = try StoreRules.resolvedSources(all: allSources, db)
            let types = habits.map { Set($0.map(DataTypes.read(by:))) }
            let range = calendar.instants(of: days)
            let (lower, upper) = (range.lowerBound.timeIntervalSince1970, range.upperBound.timeIntervalSince1970)
            var result: [LocalDay] = []
            let sampleTypes = types.map { $0.subtracting([DataTypes.workout]).sorted() }
            if sampleTypes.map({ !$0.isEmpty }) ?? true {
                let hidden = grants.unreadable
                let readable: SQL = hidden.isEmpty ? "1" : "typeId NOT IN (SELECT id FROM sampleType WHERE identifier IN \(hidden))"
                let ofType: SQL = sampleTypes.map { "typeId IN (SELECT id FROM sampleType WHERE identifier IN \($0))" } ?? "1"
                // Entries that name a day by their calendar days (``DayEntry``), the others by the habit days.
                let entries = calendar.entryInstants(of: days)
                let starts: SQL = entries.map { entries in
                    let either = InstantRange(min(range.lowerBound, entries.lowerBound), upTo: max(range.upperBound, entries.upperBound))
                    return "start >= \(either.lowerBound.timeIntervalSince1970) AND start < \(either.upperBound.timeIntervalSince1970) AND \(DayEntry.startsInSQL(range, entries: entries))"
                } ?? "start >= \(lower) AND start < \(upper)"
                let rows = try Row.fetchAll(db, SQLRequest<Row>(literal: """
                    SELECT start, \(DayEntry.namesADaySQL) FROM sample WHERE instr(metadata, '"note":') > 0 AND \(starts)
                    AND workoutId IS NULL AND \(readable) AND \(ofType) AND \(sources)
                    """))
                result += rows.map { row in
                    calendar.day(ofEntryAt: Date(timeIntervalSince1970: row[0]), namesADay: row[1])
                }
            }
            if types.map({ $0.contains(DataTypes.workout) }) ?? true, grants.mayRead(DataTypes.workout) {
                result += try Double.fetchAll(db, SQLRequest<Double>(literal: """
                    SELECT start FROM workout WHERE instr(metadata, '"note":') > 0 AND start >= \(lower) AND start < \(upper)
                    AND \(sources)
                    """)).map { calendar.day(ofEntryAt: Date(timeIntervalSince1970: $0), namesADay: false) }
            }
            return result
        }
    }
}
