import GRDB

extension Schema {
    /// Migration v16, registered as `v16-answers`: shipped, so never edited.
    enum V16Answers: SchemaMigration {
        static let identifier = "v16-answers"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            // `habit ask` (Standards/ask.md): an answer that writes no entry — "no", and the note
            // of a skip — per habit and day. Per device: no trigger sends it to the sync log.
            try db.execute(sql: """
                CREATE TABLE answer (
                    habit TEXT NOT NULL,
                    day TEXT NOT NULL,
                    answer TEXT NOT NULL CHECK (answer IN ('no', 'skip')),
                    note TEXT,
                    created REAL NOT NULL,
                    PRIMARY KEY (habit, day)
                );
                PRAGMA user_version = 16;
                """)
        }
    }
}
