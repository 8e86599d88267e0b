import GRDB

extension Schema {
    /// Migration v6, registered as `v6-sync`: shipped, so never edited.
    enum V06Sync: SchemaMigration {
        static let identifier = "v6-sync"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            // Sync between devices (Standards/sync.md). Settings keep their modification instant and
            // an unset value (NULL) so that the latest word wins on every device; reminders get a UUID
            // (the same on every device) and a modification instant; `syncLog` lists, in order, the
            // settings, reminders and occurrences that changed, for the next `habit sync` to send.
            try db.execute(sql: """
                CREATE TABLE newSetting (key TEXT PRIMARY KEY, value TEXT, modified REAL NOT NULL DEFAULT 0);
                INSERT INTO newSetting (key, value) SELECT key, value FROM setting;
                DROP TABLE setting;
                ALTER TABLE newSetting RENAME TO setting;

                ALTER TABLE reminder ADD COLUMN uuid TEXT;
                ALTER TABLE reminder ADD COLUMN modified REAL NOT NULL DEFAULT 0;
                UPDATE reminder SET modified = created;
                """)
            for row in try Row.fetchAll(db, sql: "SELECT id, created, title, activity, hour, minute FROM reminder") {
                var hash = StableHash()
                hash.add("reminder")
                hash.add(Int64(row[0] as Int64))
                hash.add(String(row[1] as Double))
                for i in 2..<6 { hash.add(String(describing: row[i] as DatabaseValue)) }
                try db.execute(sql: "UPDATE reminder SET uuid = ? WHERE id = ?", arguments: [hash.uuid().storeText, row[0] as Int64])
            }
            try db.execute(sql: """
                CREATE UNIQUE INDEX reminder_uuid ON reminder(uuid);

                -- A reminder removed: its UUID and the modification instant of what was removed (an
                -- edit made elsewhere after that version wins over the removal).
                CREATE TABLE reminderTombstone (uuid TEXT PRIMARY KEY, modified REAL NOT NULL);

                CREATE TABLE syncLog (seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, key TEXT NOT NULL);
                CREATE TRIGGER setting_sync_insert AFTER INSERT ON setting BEGIN
                    INSERT INTO syncLog (kind, key) VALUES ('setting', NEW.key);
                END;
                CREATE TRIGGER setting_sync_update AFTER UPDATE ON setting BEGIN
                    INSERT INTO syncLog (kind, key) VALUES ('setting', NEW.key);
                END;
                CREATE TRIGGER reminder_sync_insert AFTER INSERT ON reminder BEGIN
                    INSERT INTO syncLog (kind, key) VALUES ('reminder', NEW.uuid);
                END;
                CREATE TRIGGER reminder_sync_update AFTER UPDATE ON reminder BEGIN
                    INSERT INTO syncLog (kind, key) VALUES ('reminder', NEW.uuid);
                END;
                CREATE TRIGGER reminder_sync_delete AFTER DELETE ON reminder BEGIN
                    INSERT OR REPLACE INTO reminderTombstone (uuid, modified) VALUES (OLD.uuid, OLD.modified);
                    INSERT INTO syncLog (kind, key) VALUES ('reminderDeleted', OLD.uuid);
                END;
                CREATE TRIGGER occurrence_sync_insert AFTER INSERT ON occurrence BEGIN
                    INSERT INTO syncLog (kind, key) SELECT 'occurrence', uuid || ' ' || NEW.day FROM reminder WHERE id = NEW.reminderId;
                END;
                CREATE TRIGGER occurrence_sync_update AFTER UPDATE ON occurrence BEGIN
                    INSERT INTO syncLog (kind, key) SELECT 'occurrence', uuid || ' ' || NEW.day FROM reminder WHERE id = NEW.reminderId;
                END;

                -- Habit definitions: every change is sent; a removed habit leaves its id and the
                -- modification instant of what was removed.
                CREATE TABLE habitTombstone (id TEXT PRIMARY KEY, modified REAL NOT NULL);
                CREATE TRIGGER habit_sync_insert AFTER INSERT ON habit BEGIN
                    INSERT INTO syncLog (kind, key) VALUES ('habit', NEW.id);
                END;
                CREATE TRIGGER habit_sync_update AFTER UPDATE ON habit BEGIN
                    INSERT INTO syncLog (kind, key) VALUES ('habit', NEW.id);
                END;
                CREATE TRIGGER habit_sync_delete AFTER DELETE ON habit BEGIN
                    INSERT OR REPLACE INTO habitTombstone (id, modified) VALUES (OLD.id, OLD.modified);
                    INSERT INTO syncLog (kind, key) VALUES ('habitDeleted', OLD.id);
                END;

                -- This store's device id, and per sync folder how far it has sent and read.
                CREATE TABLE syncState (key TEXT PRIMARY KEY, value TEXT NOT NULL);

                PRAGMA user_version = 6;
                """)
        }
    }
}
