import GRDB

extension Schema {
    /// Migration v8, registered as `v8-activity-summary`: shipped, so never edited.
    enum V08ActivitySummary: SchemaMigration {
        static let identifier = "v8-activity-summary"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            // The Activity rings of an export's `ActivitySummary`, one row a day (a calendar date as
            // the phone counted it), with the anchor of its last change (issue 13, point 8).
            try db.execute(sql: """
                CREATE TABLE activitySummary (
                    day TEXT PRIMARY KEY CHECK (length(day) = 10),
                    moveKcal REAL, moveGoalKcal REAL, moveMinutes REAL, moveGoalMinutes REAL,
                    exerciseMinutes REAL, exerciseGoalMinutes REAL, standHours REAL, standGoalHours REAL,
                    anchor INTEGER NOT NULL UNIQUE
                );
                PRAGMA user_version = 8;
                """)
        }
    }
}
