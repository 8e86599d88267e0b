import Foundation
import GRDB

extension StoreRequest where Value == [Note] {
    /// The notes of the entries that start in `range` (nil: all), newest first: of `habit`'s
    /// entries only when one is given, from the app's sources unless `allSources`. A type habit
    /// may not read is left out (Standards/access.md), as every listing leaves it out.
    public static func notes(in range: InstantRange?, of habit: HabitDefinition?, allSources: Bool) -> Self {
        Self { db in
            let names = try HabitStore.habitNames(db)
            let grants = try HabitStore.grants(db)
            let type = habit.map(DataTypes.read(by:))
            // The rows with a note, found through the partial indexes of v17 (only noted rows are
            // in them): the same term as the indexes', so that SQLite uses them.
            let lower = range?.lowerBound.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude
            let upper = range?.upperBound.timeIntervalSince1970 ?? Double.greatestFiniteMagnitude
            func noted(_ table: String) -> SQL {
                SQL(sql: "id IN (SELECT id FROM \(table) WHERE instr(metadata, '\"note\":') > 0 AND start >= ? AND start < ?)",
                    arguments: [lower, upper])
            }
            var notes: [Note] = []
            if type != DataTypes.workout {
                var samples = SampleViewRecord.all().standalone().readable(grants).fromSources(all: allSources).filter(noted("sample"))
                if let type { samples = samples.ofType(type) }
                for row in try samples.fetchAll(db) {
                    let sample = row.sample
                    guard let text = sample.metadata[NoteRules.key] else { continue }
                    notes.append(Note(uuid: sample.uuid, habit: NoteRules.habit(ofType: sample.type, names: names),
                                      start: sample.start, text: text, source: sample.source))
                }
            }
            if type == nil || type == DataTypes.workout, grants.mayRead(DataTypes.workout) {
                let workouts = WorkoutViewRecord.all().fromSources(all: allSources).filter(noted("workout"))
                for row in try workouts.fetchAll(db) {
                    let workout = row.workout
                    guard let text = workout.metadata[NoteRules.key] else { continue }
                    notes.append(Note(uuid: workout.uuid, habit: Habit.workout.rawValue, start: workout.start,
                                      text: text, source: workout.source))
                }
            }
            return notes.sorted(by: NoteRules.newestFirst)
        }
    }
}

extension StoreRequest where Value == [Date] {
    /// When each note of `range` was written (its entry's start): all the calendar's marks need.
    /// The same notes as ``notes(in:of:allSources:)`` — rows read as plain columns, not as
    /// records, so the calendar pays only for the few noted rows.
    public static func noteStarts(in range: InstantRange, of habit: HabitDefinition?, allSources: Bool) -> Self {
        noteStarts(in: range, of: habit.map { [$0] }, allSources: allSources)
    }

    /// The same, of the habits given (nil: of every type).
    public static func noteStarts(in range: InstantRange, of habits: [HabitDefinition]?, allSources: Bool) -> Self {
        Self { db in
            let grants = try HabitStore.grants(db)
            let sources = try StoreRules.resolvedSources(all: allSources, db)
            let types = habits.map { Set($0.map(DataTypes.read(by:))) }
            let (lower, upper) = (range.lowerBound.timeIntervalSince1970, range.upperBound.timeIntervalSince1970)
            var starts: [Double] = []
            let sampleTypes = types.map { $0.subtracting([DataTypes.workout]).sorted() }
            if sampleTypes.map({ !$0.isEmpty }) ?? true {
                let hidden = grants.unreadable
                let readable: SQL = hidden.isEmpty ? "1" : "typeId NOT IN (SELECT id FROM sampleType WHERE identifier IN \(hidden))"
                let ofType: SQL = sampleTypes.map { "typeId IN (SELECT id FROM sampleType WHERE identifier IN \($0))" } ?? "1"
                starts += try Double.fetchAll(db, SQLRequest<Double>(literal: """
                    SELECT start FROM sample WHERE instr(metadata, '"note":') > 0 AND start >= \(lower) AND start < \(upper)
                    AND workoutId IS NULL AND \(readable) AND \(ofType) AND \(sources)
                    """))
            }
            if types.map({ $0.contains(DataTypes.workout) }) ?? true, grants.mayRead(DataTypes.workout) {
                starts += try Double.fetchAll(db, SQLRequest<Double>(literal: """
                    SELECT start FROM workout WHERE instr(metadata, '"note":') > 0 AND start >= \(lower) AND start < \(upper)
                    AND \(sources)
                    """))
            }
            return starts.map { Date(timeIntervalSince1970: $0) }
        }
    }
}
