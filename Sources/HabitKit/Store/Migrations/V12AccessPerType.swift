import GRDB

extension Schema {
    /// Migration v12, registered as `v12-access-per-type`: shipped, so never edited.
    enum V12AccessPerType: SchemaMigration {
        static let identifier = "v12-access-per-type"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            // Access per data type (Standards/access.md): a row only for a type not allowed both
            // ways; no row, allowed. Per device: no trigger sends it to the sync log.
            try db.execute(sql: """
                CREATE TABLE access (
                    type TEXT PRIMARY KEY,
                    read INTEGER NOT NULL CHECK (read IN (0, 1)),
                    write INTEGER NOT NULL CHECK (write IN (0, 1)),
                    modified REAL NOT NULL
                );
                PRAGMA user_version = 12;
                """)
        }
    }
}
