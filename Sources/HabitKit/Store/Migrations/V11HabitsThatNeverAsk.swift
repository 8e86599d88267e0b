import GRDB

extension Schema {
    /// Migration v11, registered as `v11-habits-that-never-ask`: shipped, so never edited.
    enum V11HabitsThatNeverAsk: SchemaMigration {
        static let identifier = "v11-habits-that-never-ask"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            // A habit that records but never asks (harsh's frequency 0; Standards/habits.md): 0 here.
            // Every habit of an older store asks.
            try db.execute(sql: """
                ALTER TABLE habit ADD COLUMN asks INTEGER NOT NULL DEFAULT 1 CHECK (asks IN (0, 1));
                PRAGMA user_version = 11;
                """)
        }
    }
}
