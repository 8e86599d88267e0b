import GRDB

extension Schema {
    /// Migration v21, registered as `v21-disarmed-commands`: shipped, so never edited.
    enum V21DisarmedCommands: SchemaMigration {
        static let identifier = "v21-disarmed-commands"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            // Command habits a restored backup brought (Standards/automation.md, "Armed"): their
            // commands are never run until the person arms them (`habit edit NAME --command …`, or
            // `habit restore --trust-commands`). Per device like `habit.command`: no trigger sends
            // it to the sync log. A store upgraded to it keeps every command it had armed.
            try db.execute(sql: """
                CREATE TABLE disarmedCommand (habitId TEXT PRIMARY KEY);
                PRAGMA user_version = 21;
                """)
        }
    }
}
