import GRDB

extension Schema {
    /// Migration v23, registered as `v23-reminder-words-at-delivery`: a reminder's default words
    /// are composed at delivery (``ReminderWordsMigration``).
    enum V23ReminderWordsAtDelivery: SchemaMigration {
        static let identifier = "v23-reminder-words-at-delivery"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            try ReminderWordsMigration.run(db)
            try db.execute(sql: "PRAGMA user_version = 23")
        }
    }
}
