import GRDB

extension Schema {
    /// Migration v5, registered as `v5-own-habits-skips`: shipped, so never edited.
    enum V05OwnHabitsSkips: SchemaMigration {
        static let identifier = "v5-own-habits-skips"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            try db.execute(sql: """
                -- Habits of one's own (Standards/habits.md). The built-ins have no row: they are defined by
                -- the settings. id is a UUID (text), stable across renames and between devices.
                CREATE TABLE habit (
                    id TEXT PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE,
                    kind TEXT NOT NULL CHECK (kind IN ('yes-no', 'quantity')),
                    unit TEXT,
                    goal TEXT CHECK (goal IN ('atLeast', 'atMost')),
                    target REAL CHECK (target > 0),
                    per TEXT NOT NULL CHECK (per IN ('day', 'week', 'month')),
                    times INTEGER NOT NULL DEFAULT 1 CHECK (times BETWEEN 1 AND 31),
                    fromType TEXT,
                    sources TEXT NOT NULL DEFAULT 'app',
                    since TEXT NOT NULL,
                    archived INTEGER NOT NULL DEFAULT 0,
                    created REAL NOT NULL,
                    modified REAL NOT NULL,
                    CHECK ((goal IS NULL) = (target IS NULL))
                );

                -- A skipped day: of one habit (its id, or a built-in's name), or of every habit ('*').
                -- Stored like data: an anchor on insert, a tombstone on delete.
                CREATE TABLE skip (
                    uuid TEXT PRIMARY KEY,
                    habit TEXT NOT NULL,
                    day TEXT NOT NULL,
                    created REAL NOT NULL,
                    anchor INTEGER NOT NULL UNIQUE,
                    UNIQUE (habit, day)
                );
                CREATE INDEX skip_day ON skip(day);
                CREATE TRIGGER skip_tombstone AFTER DELETE ON skip BEGIN
                    UPDATE changeCounter SET value = value + 1 WHERE id = 1;
                    INSERT INTO tombstone (anchor, uuid, kind, type)
                        SELECT value, OLD.uuid, 'skip', OLD.habit FROM changeCounter WHERE id = 1;
                END;

                -- Reminders for every habit: the activity is a built-in's name or an own habit's id.
                CREATE TABLE newReminder (
                    id INTEGER PRIMARY KEY,
                    title TEXT NOT NULL,
                    message TEXT NOT NULL,
                    activity TEXT NOT NULL,
                    hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
                    minute INTEGER NOT NULL CHECK (minute BETWEEN 0 AND 59),
                    weekdays INTEGER NOT NULL CHECK (weekdays BETWEEN 1 AND 127),
                    lookbackHours INTEGER NOT NULL CHECK (lookbackHours BETWEEN 1 AND 24),
                    enabled INTEGER NOT NULL DEFAULT 1,
                    created REAL NOT NULL
                );
                INSERT INTO newReminder SELECT id, title, message, activity, hour, minute, weekdays, lookbackHours, enabled, created
                    FROM reminder;
                DROP TABLE reminder;
                ALTER TABLE newReminder RENAME TO reminder;
                CREATE INDEX reminder_activity ON reminder(activity);

                -- The app-source summary (streaks, calendar, today, status) reads start, "end" and
                -- value of the app's rows: covering, so no table row is fetched per sample.
                DROP INDEX sample_type_source_start;
                CREATE INDEX sample_type_source_start ON sample(typeId, sourceId, start, "end", value);

                PRAGMA user_version = 5;
                """)
        }
    }
}
