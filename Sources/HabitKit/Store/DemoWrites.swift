import Foundation
import GRDB

extension HabitStore {

    /// Inserts a demo batch in one transaction.
    public func insert(_ batch: DemoGenerator.Batch) throws {
        try write { db in
            // Every type the batch writes must be writable, or nothing is written (Standards/access.md).
            let types = Set(batch.samples.map(\.type) + batch.workouts.flatMap { [DataTypes.workout, $0.1.type] })
            try Self.requireWrite(types.sorted(), db)
            for sample in batch.samples { try Self.insert(sample, workoutId: nil, db) }
            for (workout, energy) in batch.workouts {
                let rowID = try Self.insert(workout, db)
                try Self.insert(energy, workoutId: rowID, db)
            }
        }
    }
}

extension StoreRequest where Value == Bool {
    /// Whether the store holds any sample or workout.
    public static var isEmpty: Self {
        Self { db in
            try SampleRecord.all().isEmpty(db) && WorkoutRecord.all().isEmpty(db)
        }
    }
}
