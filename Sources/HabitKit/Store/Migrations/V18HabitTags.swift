import GRDB

extension Schema {
    /// Migration v18, registered as `v18-habit-tags`: shipped, so never edited.
    enum V18HabitTags: SchemaMigration {
        static let identifier = "v18-habit-tags"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            // Tags (Standards/habits.md, "Tags"): a habit's tags, comma-separated and sorted
            // (HabitTag), NULL for none; they travel with the definition (export, import, sync). The
            // check keeps the shape; HabitTag.parse(stored:) checks each tag. Adding a column with
            // its default changes no row: v6's sync triggers send nothing.
            try db.execute(sql: """
                ALTER TABLE habit ADD COLUMN tags TEXT CHECK (tags IS NULL OR (length(tags) BETWEEN 1 AND 400
                    AND instr(tags, ',,') = 0 AND substr(tags, 1, 1) <> ',' AND substr(tags, -1, 1) <> ','));
                PRAGMA user_version = 18;
                """)
        }
    }
}
