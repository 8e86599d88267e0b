import Foundation
import GRDB

extension StoreRequest where Value == Bool {
    /// Whether the store holds, or once held, a record with `uuid`: a sample, a workout or a skip,
    /// or a tombstone of one (deleted, or replaced by a later NoAlc entry). A pending entry whose
    /// UUID this finds was applied before and is not applied again (Standards/access.md).
    public static func hasEverHeld(_ uuid: UUID) -> Self {
        Self { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM sample WHERE uuid = ?1) OR EXISTS (SELECT 1 FROM workout WHERE uuid = ?1)
                    OR EXISTS (SELECT 1 FROM skip WHERE uuid = ?1) OR EXISTS (SELECT 1 FROM tombstone WHERE uuid = ?1)
                """, arguments: [uuid.storeText]) ?? false
        }
    }
}
