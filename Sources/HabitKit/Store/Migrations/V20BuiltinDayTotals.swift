import GRDB

extension Schema {
    /// Migration v20, registered as `v20-builtin-day-totals`: shipped, so never edited.
    enum V20BuiltinDayTotals: SchemaMigration {
        static let identifier = "v20-builtin-day-totals"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            // The built-ins' kept day totals (BuiltinDayTotals): their workout series are kept
            // under the type -1, which no sample has. A deleted or changed workout leaves its start
            // in `dayTotalDirty` under that type while such a series is kept, as a sample of a
            // kept type does (v19); new workouts are found by their anchors.
            try db.execute(sql: """
                CREATE TRIGGER workout_dayTotal_delete AFTER DELETE ON workout
                WHEN EXISTS (SELECT 1 FROM dayTotal WHERE typeId = -1) BEGIN
                    INSERT INTO dayTotalDirty (typeId, start) VALUES (-1, OLD.start);
                END;
                CREATE TRIGGER workout_dayTotal_update AFTER UPDATE ON workout
                WHEN EXISTS (SELECT 1 FROM dayTotal WHERE typeId = -1) BEGIN
                    INSERT INTO dayTotalDirty (typeId, start) VALUES (-1, OLD.start), (-1, NEW.start);
                END;
                PRAGMA user_version = 20;
                """)
        }
    }
}
