import GRDB

extension Schema {
    /// Migration v14, registered as `v14-weekday-schedules`: shipped, so never edited.
    enum V14WeekdaySchedules: SchemaMigration {
        static let identifier = "v14-weekday-schedules"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            // Weekday schedules (Standards/habits.md, "Weekday schedules"): the days a daily habit is
            // due on, a bitmask of ISO weekdays — bit 0 Monday … bit 6 Sunday (WeekdaySet's, as a
            // reminder's `weekdays`); NULL every day. A full week is stored as NULL, so 1–126, and
            // only for `per` 'day'. Every habit of an older store is due every day. Adding a column
            // with its default changes no row: v6's sync triggers send nothing.
            try db.execute(sql: """
                ALTER TABLE habit ADD COLUMN weekdays INTEGER CHECK (weekdays IS NULL OR (weekdays BETWEEN 1 AND 126 AND per = 'day'));
                PRAGMA user_version = 14;
                """)
        }
    }
}
