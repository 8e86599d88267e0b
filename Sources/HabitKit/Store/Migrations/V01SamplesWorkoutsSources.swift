import GRDB

extension Schema {
    /// Migration v1, registered as `v1-samples-workouts-sources`: shipped, so never edited.
    enum V01SamplesWorkoutsSources: SchemaMigration {
        static let identifier = "v1-samples-workouts-sources"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
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
    }
}
