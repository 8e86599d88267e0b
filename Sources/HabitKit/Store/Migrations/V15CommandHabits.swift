import GRDB

extension Schema {
    /// Migration v15, registered as `v15-command-habits`: shipped, so never edited.
    enum V15CommandHabits: SchemaMigration {
        static let identifier = "v15-command-habits"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            // Habits that track themselves (Standards/automation.md): the shell command of a
            // command habit, and what each evaluation of a day found. Both per device
            // (Standards/security.md, "Commands stay on their device"): no export, import or sync
            // writes `command` (a sync's update leaves it as it is), and `commandRun` has no
            // trigger sending it to the sync log.
            try db.execute(sql: """
                ALTER TABLE habit ADD COLUMN command TEXT;
                CREATE TABLE commandRun (
                    habitId TEXT NOT NULL,
                    day TEXT NOT NULL,
                    settled INTEGER NOT NULL CHECK (settled IN (0, 1)),
                    value REAL,
                    error TEXT,
                    ran REAL NOT NULL,
                    PRIMARY KEY (habitId, day)
                );
                PRAGMA user_version = 15;
                """)
        }
    }
}
