import GRDB

/// The store's migrations. Each is named and never edited once shipped; each ends by setting
/// `user_version` to its ordinal, which lets a process skip the migrator when it is up to date.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-samples-workouts-sources") { db in
            try db.execute(sql: """
                CREATE TABLE changeCounter (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
                INSERT INTO changeCounter (id, value) VALUES (1, 0);

                CREATE TABLE source (
                    id INTEGER PRIMARY KEY,
                    bundleId TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    version TEXT,
                    isApp INTEGER NOT NULL
                );

                CREATE TABLE workout (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    activityType TEXT NOT NULL,
                    start REAL NOT NULL,
                    "end" REAL NOT NULL,
                    duration REAL NOT NULL,
                    totalEnergyKcal REAL,
                    totalDistanceM REAL,
                    sourceId INTEGER NOT NULL REFERENCES source(id),
                    device TEXT,
                    metadata TEXT,
                    created REAL NOT NULL,
                    utcOffset INTEGER NOT NULL,
                    timeZone TEXT NOT NULL,
                    anchor INTEGER NOT NULL UNIQUE,
                    CHECK (start <= "end")
                );
                CREATE INDEX workout_source_start ON workout(sourceId, start);
                CREATE INDEX workout_start ON workout(start);

                CREATE TABLE sample (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    type TEXT NOT NULL,
                    start REAL NOT NULL,
                    "end" REAL NOT NULL,
                    value REAL,
                    unit TEXT,
                    sourceId INTEGER NOT NULL REFERENCES source(id),
                    device TEXT,
                    metadata TEXT,
                    created REAL NOT NULL,
                    utcOffset INTEGER NOT NULL,
                    timeZone TEXT NOT NULL,
                    workoutId INTEGER REFERENCES workout(id) ON DELETE CASCADE,
                    anchor INTEGER NOT NULL UNIQUE,
                    CHECK (start <= "end")
                );
                CREATE INDEX sample_type_source_start ON sample(type, sourceId, start);
                CREATE INDEX sample_type_start ON sample(type, start);
                CREATE INDEX sample_workout ON sample(workoutId) WHERE workoutId IS NOT NULL;

                CREATE TABLE tombstone (
                    anchor INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    type TEXT NOT NULL
                );

                -- Every deletion, cascaded ones included, takes the next anchor and leaves a tombstone.
                CREATE TRIGGER sample_tombstone AFTER DELETE ON sample BEGIN
                    UPDATE changeCounter SET value = value + 1 WHERE id = 1;
                    INSERT INTO tombstone (anchor, uuid, kind, type)
                        SELECT value, OLD.uuid, 'sample', OLD.type FROM changeCounter WHERE id = 1;
                END;
                CREATE TRIGGER workout_tombstone AFTER DELETE ON workout BEGIN
                    UPDATE changeCounter SET value = value + 1 WHERE id = 1;
                    INSERT INTO tombstone (anchor, uuid, kind, type)
                        SELECT value, OLD.uuid, 'workout', OLD.activityType FROM changeCounter WHERE id = 1;
                END;

                CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);

                PRAGMA user_version = 1;
                """)
        }
        migrator.registerMigration("v2-reminders") { db in
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
        migrator.registerMigration("v3-import-workout-details-named-anchors") { db in
            try db.execute(sql: """
                CREATE TABLE workoutStatistic (
                    id INTEGER PRIMARY KEY,
                    workoutId INTEGER NOT NULL REFERENCES workout(id) ON DELETE CASCADE,
                    type TEXT NOT NULL,
                    start REAL,
                    "end" REAL,
                    average REAL,
                    minimum REAL,
                    maximum REAL,
                    sum REAL,
                    unit TEXT
                );
                CREATE INDEX workoutStatistic_workout ON workoutStatistic(workoutId);

                CREATE TABLE workoutEvent (
                    id INTEGER PRIMARY KEY,
                    workoutId INTEGER NOT NULL REFERENCES workout(id) ON DELETE CASCADE,
                    type TEXT NOT NULL,
                    date REAL,
                    duration REAL,
                    durationUnit TEXT
                );
                CREATE INDEX workoutEvent_workout ON workoutEvent(workoutId);

                -- Anchors a sync script saved by name (habit changes --save NAME).
                CREATE TABLE namedAnchor (name TEXT PRIMARY KEY, anchor INTEGER NOT NULL);

                PRAGMA user_version = 3;
                """)
        }
        return migrator
    }

    /// `user_version` after the last migration.
    static let currentVersion = 3

    static let applicationID: Int32 = 0x48424954
}
