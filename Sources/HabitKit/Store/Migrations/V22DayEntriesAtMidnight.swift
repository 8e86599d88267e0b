import GRDB

extension Schema {
    /// Migration v22, registered as `v22-day-entries-at-midnight`: shipped, so never edited.
    enum V22DayEntriesAtMidnight: SchemaMigration {
        static let identifier = "v22-day-entries-at-midnight"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            try DayEntryMigration.run(db, writtenWithNoon: (version ?? 0) >= 10)
            try db.execute(sql: "PRAGMA user_version = 22")
        }
    }
}
