import GRDB

extension Schema {
    /// Migration v3, registered as `v3-import-workout-details-named-anchors`: shipped, so never edited.
    enum V03ImportWorkoutDetailsNamedAnchors: SchemaMigration {
        static let identifier = "v3-import-workout-details-named-anchors"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
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
    }
}
