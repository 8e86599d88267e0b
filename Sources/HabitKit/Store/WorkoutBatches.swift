import Foundation
import GRDB

/// Workouts read from a cursor together with rows that hang off each of them (their samples, or
/// their statistics and events), the latter fetched for a batch of workouts in one statement
/// instead of one statement a workout: a listing or export of 100,000 entries ran ~14,000 such
/// statements (issue 28). Memory: one batch of workouts and their rows at a time.
final class WorkoutBatches<Details> {
    /// How many workouts one statement asks for (well under SQLite's 32,766 bound parameters).
    static var batchSize: Int { 256 }

    private let cursor: RecordCursor<WorkoutViewRecord>
    private let db: Database
    private let empty: Details
    private let details: ([Int64], Database) throws -> [Int64: Details]
    private var batch: [WorkoutViewRecord] = []
    private var found: [Int64: Details] = [:]
    private var next = 0

    /// `details` reads the rows of the workouts with the ids given (bound parameters, never text
    /// in the SQL); a workout it says nothing of gets `empty`.
    init(_ cursor: RecordCursor<WorkoutViewRecord>, _ db: Database, empty: Details,
         details: @escaping ([Int64], Database) throws -> [Int64: Details]) {
        self.cursor = cursor
        self.db = db
        self.empty = empty
        self.details = details
    }

    /// The next workout of the cursor (in its order) with its rows, or nil at the end.
    func nextWorkout() throws -> (WorkoutViewRecord, Details)? {
        if next == batch.count {
            batch.removeAll(keepingCapacity: true)
            while batch.count < Self.batchSize, let row = try cursor.next() { batch.append(row) }
            next = 0
            guard !batch.isEmpty else { return nil }
            found = try details(batch.map(\.id), db)
        }
        let row = batch[next]
        next += 1
        return (row, found[row.id] ?? empty)
    }
}

extension WorkoutBatches where Details == [Sample] {
    /// Each workout with its associated samples in anchor order (``HabitStore/samples(ofWorkout:_:)``'s).
    convenience init(samplesOf cursor: RecordCursor<WorkoutViewRecord>, _ db: Database) {
        self.init(cursor, db, empty: []) { ids, db in
            // No ORDER BY: the rows come grouped through the `sample_workout` index, and each
            // workout's few are put in anchor order here rather than the whole batch's rows, metadata
            // and all, going through SQLite's sorter (issue 28).
            let sql = "SELECT \(SampleViewRecord.selectedColumns), workoutId FROM sampleView WHERE workoutId IN (\(databaseQuestionMarks(count: ids.count)))"
            var records: [Int64: [SampleViewRecord]] = [:]
            let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: StatementArguments(ids))
            while let row = try rows.next() {
                records[row[SampleViewRecord.columnNames.count], default: []].append(try SampleViewRecord(row: row))
            }
            return records.mapValues { $0.sorted { $0.anchor < $1.anchor }.map(\.sample) }
        }
    }
}

extension WorkoutBatches where Details == ([WorkoutStatistic], [WorkoutEvent]) {
    /// Each workout with its statistics and events, each in the order they were stored (rowid).
    convenience init(detailsOf cursor: RecordCursor<WorkoutViewRecord>, _ db: Database) {
        self.init(cursor, db, empty: ([], [])) { ids, db in
            let marks = databaseQuestionMarks(count: ids.count)
            var details: [Int64: ([WorkoutStatistic], [WorkoutEvent])] = [:]
            for s in try WorkoutStatisticRecord.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM workoutStatistic WHERE workoutId IN (\(marks)) ORDER BY workoutId, rowid"), arguments: StatementArguments(ids)) {
                details[s.workoutId, default: ([], [])].0.append(s.statistic)
            }
            for e in try WorkoutEventRecord.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM workoutEvent WHERE workoutId IN (\(marks)) ORDER BY workoutId, rowid"), arguments: StatementArguments(ids)) {
                details[e.workoutId, default: ([], [])].1.append(e.event)
            }
            return details
        }
    }
}
