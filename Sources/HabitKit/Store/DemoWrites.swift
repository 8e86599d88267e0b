import Foundation
import GRDB

extension HabitStore {
    /// Whether the store holds any sample or workout.
    public func isEmpty() throws -> Bool {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM (SELECT 1 FROM sample LIMIT 1)) + (SELECT count(*) FROM (SELECT 1 FROM workout LIMIT 1))") == 0
        }
    }

    /// Inserts a demo batch in one transaction.
    public func insert(_ batch: DemoGenerator.Batch) throws {
        try write { db in
            for sample in batch.samples { try StoreRows.insert(sample, workoutRowID: nil, db) }
            for (workout, energy) in batch.workouts {
                let rowID = try StoreRows.insert(workout, db)
                try StoreRows.insert(energy, workoutRowID: rowID, db)
            }
        }
    }
}
