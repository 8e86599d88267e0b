import GRDB

extension Schema {
    /// Migration v17, registered as `v17-noted-entries`: shipped, so never edited.
    enum V17NotedEntries: SchemaMigration {
        static let identifier = "v17-noted-entries"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            // `habit notes` and the calendar's note marks (Standards/habits.md, "Notes"): the few
            // samples and workouts whose metadata holds a note, by start. Partial indexes, so only
            // those rows are in them, and a store without notes pays nothing to keep them. The
            // metadata is one JSON object with its keys quoted (MetadataCoding): `"note":` is the
            // key, never a value (a value's quotes are escaped).
            try db.execute(sql: """
                CREATE INDEX sample_noted ON sample(start) WHERE instr(metadata, '"note":') > 0;
                CREATE INDEX workout_noted ON workout(start) WHERE instr(metadata, '"note":') > 0;
                PRAGMA user_version = 17;
                """)
        }
    }
}
