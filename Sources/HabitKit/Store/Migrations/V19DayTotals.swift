import GRDB

extension Schema {
    /// Migration v19, registered as `v19-day-totals`: shipped, so never edited.
    enum V19DayTotals: SchemaMigration {
        static let identifier = "v19-day-totals"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            // Kept day totals (Standards/data-consistency.md, "Kept day totals"): an own habit's
            // amount per day, derived from its samples and kept so that a read does not sum every
            // sample of ten years again. Derived data, per device: nothing exports, imports or
            // syncs them. `dayTotal` is each habit's state: what the totals were computed from
            // (`fingerprint`), the change anchor and the last dirty row they include, the days
            // they are exact for (`[spanStart, spanEnd)`, day ordinals) and the day of their first
            // value; `dayTotalDays` the values (one little-endian double a day, from the first day
            // with an entry to the last; the span's other days have none).
            // New samples are found by their anchors; a deleted or changed sample of a type that
            // has totals leaves its type and start in `dayTotalDirty` (its newest row is never
            // pruned, so a row's number is never used again and "rows after N" stays exact; not
            // AUTOINCREMENT, whose bookkeeping writes `sqlite_sequence` whenever the trigger's
            // statement runs, even when it inserts nothing); a change counter set back drops
            // every kept total.
            try db.execute(sql: """
                CREATE TABLE dayTotal (
                    habitId TEXT PRIMARY KEY,
                    typeId INTEGER NOT NULL,
                    fingerprint TEXT NOT NULL,
                    anchor INTEGER NOT NULL,
                    dirtySeq INTEGER NOT NULL,
                    spanStart INTEGER NOT NULL,
                    spanEnd INTEGER NOT NULL,
                    firstDay INTEGER NOT NULL
                );
                CREATE TABLE dayTotalDays (habitId TEXT PRIMARY KEY, days BLOB NOT NULL);
                CREATE TABLE dayTotalDirty (seq INTEGER PRIMARY KEY, typeId INTEGER NOT NULL, start REAL NOT NULL);
                CREATE TRIGGER sample_dayTotal_delete AFTER DELETE ON sample
                WHEN OLD.typeId IN (SELECT typeId FROM dayTotal) BEGIN
                    INSERT INTO dayTotalDirty (typeId, start) VALUES (OLD.typeId, OLD.start);
                END;
                CREATE TRIGGER sample_dayTotal_update AFTER UPDATE ON sample
                WHEN OLD.typeId IN (SELECT typeId FROM dayTotal) OR NEW.typeId IN (SELECT typeId FROM dayTotal) BEGIN
                    INSERT INTO dayTotalDirty (typeId, start) VALUES (OLD.typeId, OLD.start), (NEW.typeId, NEW.start);
                END;
                -- A counter set back (a broken import gives its anchors back) would let new rows
                -- take anchors that kept totals count as seen: they are all dropped.
                CREATE TRIGGER changeCounter_dayTotal_back AFTER UPDATE ON changeCounter
                WHEN NEW.value < OLD.value BEGIN
                    DELETE FROM dayTotal;
                    DELETE FROM dayTotalDays;
                END;
                PRAGMA user_version = 19;
                """)
        }
    }
}
