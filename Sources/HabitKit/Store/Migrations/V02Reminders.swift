import GRDB

extension Schema {
    /// Migration v2, registered as `v2-reminders`: shipped, so never edited.
    enum V02Reminders: SchemaMigration {
        static let identifier = "v2-reminders"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            try db.execute(sql: """
                CREATE TABLE reminder (
                    id INTEGER PRIMARY KEY,
                    title TEXT NOT NULL,
                    message TEXT NOT NULL,
                    activity TEXT NOT NULL CHECK (activity IN ('meditate', 'workout', 'noalc')),
                    hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
                    minute INTEGER NOT NULL CHECK (minute BETWEEN 0 AND 59),
                    weekdays INTEGER NOT NULL CHECK (weekdays BETWEEN 1 AND 127),
                    lookbackHours INTEGER NOT NULL CHECK (lookbackHours BETWEEN 1 AND 24),
                    enabled INTEGER NOT NULL DEFAULT 1,
                    created REAL NOT NULL
                );
                CREATE INDEX reminder_activity ON reminder(activity);

                -- One row per handled occurrence (reminder, local day): the primary key is what
                -- makes "exactly once" hold across concurrent checks.
                CREATE TABLE occurrence (
                    reminderId INTEGER NOT NULL REFERENCES reminder(id) ON DELETE CASCADE,
                    day TEXT NOT NULL,
                    at REAL NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('cancelled', 'delivered', 'suppressed')),
                    handled REAL NOT NULL,
                    PRIMARY KEY (reminderId, day)
                );

                PRAGMA user_version = 2;
                """)
        }
    }
}
