import Foundation
import GRDB


extension StoreRequest where Value == HabitRemoval {
    /// What `removeHabit(named:env:)` would delete with the own habit `definition` — its
    /// entries, its skips, its reminders — counted without writing anything.
    public static func removalCounts(of definition: HabitDefinition) -> Self {
        Self { db in
            var entries = 0
            if let type = definition.loggedType, let typeID = try Lookup.sampleType.existingID(type, db) {
                entries = try Int.fetchOne(db, SQLRequest<Int>(literal: "SELECT count(*) FROM sample WHERE typeId = \(typeID)")) ?? 0
            }
            let skips = try Int.fetchOne(db, SQLRequest<Int>(literal: "SELECT count(*) FROM skip WHERE habit = \(definition.id)")) ?? 0
            let reminders = try Int.fetchOne(db, SQLRequest<Int>(literal: "SELECT count(*) FROM reminder WHERE activity = \(definition.id)")) ?? 0
            return HabitRemoval(entries: entries, skips: skips, reminders: reminders)
        }
    }
}
