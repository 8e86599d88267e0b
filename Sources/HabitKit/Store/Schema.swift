import Foundation
import GRDB

/// The store's migrations. Each is named and never edited once shipped; each ends by setting
/// `user_version` to its ordinal, which lets a process skip the migrator when it is up to date.
enum Schema {
    static var migrator: DatabaseMigrator { migrator(upgradingFrom: nil) }

    /// The migrations, for a store at `user_version` `version` before they run (nil: not known; a
    /// fresh store). v22 needs it: an own habit's `--date` entry sits at 12:00 only in a store
    /// a release with v10 wrote (`version` 10 or later); before v10 it sat at its day's start.
    static func migrator(upgradingFrom version: Int?) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-samples-workouts-sources") { db in
            try db.execute(sql: """
                CREATE TABLE changeCounter (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
                INSERT INTO changeCounter (id, value) VALUES (1, 0);

                CREATE TABLE source (
                    id INTEGER PRIMARY KEY,
                    bundleId TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    version TEXT,
                    isApp INTEGER NOT NULL
                );

                CREATE TABLE workout (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    activityType TEXT NOT NULL,
                    start REAL NOT NULL,
                    "end" REAL NOT NULL,
                    duration REAL NOT NULL,
                    totalEnergyKcal REAL,
                    totalDistanceM REAL,
                    sourceId INTEGER NOT NULL REFERENCES source(id),
                    device TEXT,
                    metadata TEXT,
                    created REAL NOT NULL,
                    utcOffset INTEGER NOT NULL,
                    timeZone TEXT NOT NULL,
                    anchor INTEGER NOT NULL UNIQUE,
                    CHECK (start <= "end")
                );
                CREATE INDEX workout_source_start ON workout(sourceId, start);
                CREATE INDEX workout_start ON workout(start);

                CREATE TABLE sample (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    type TEXT NOT NULL,
                    start REAL NOT NULL,
                    "end" REAL NOT NULL,
                    value REAL,
                    unit TEXT,
                    sourceId INTEGER NOT NULL REFERENCES source(id),
                    device TEXT,
                    metadata TEXT,
                    created REAL NOT NULL,
                    utcOffset INTEGER NOT NULL,
                    timeZone TEXT NOT NULL,
                    workoutId INTEGER REFERENCES workout(id) ON DELETE CASCADE,
                    anchor INTEGER NOT NULL UNIQUE,
                    CHECK (start <= "end")
                );
                CREATE INDEX sample_type_source_start ON sample(type, sourceId, start);
                CREATE INDEX sample_type_start ON sample(type, start);
                CREATE INDEX sample_workout ON sample(workoutId) WHERE workoutId IS NOT NULL;

                CREATE TABLE tombstone (
                    anchor INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    type TEXT NOT NULL
                );

                -- Every deletion, cascaded ones included, takes the next anchor and leaves a tombstone.
                CREATE TRIGGER sample_tombstone AFTER DELETE ON sample BEGIN
                    UPDATE changeCounter SET value = value + 1 WHERE id = 1;
                    INSERT INTO tombstone (anchor, uuid, kind, type)
                        SELECT value, OLD.uuid, 'sample', OLD.type FROM changeCounter WHERE id = 1;
                END;
                CREATE TRIGGER workout_tombstone AFTER DELETE ON workout BEGIN
                    UPDATE changeCounter SET value = value + 1 WHERE id = 1;
                    INSERT INTO tombstone (anchor, uuid, kind, type)
                        SELECT value, OLD.uuid, 'workout', OLD.activityType FROM changeCounter WHERE id = 1;
                END;

                CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);

                PRAGMA user_version = 1;
                """)
        }
        migrator.registerMigration("v2-reminders") { db in
            try db.execute(sql: """
                CREATE TABLE reminder (
                    id INTEGER PRIMARY KEY,
                    title TEXT NOT NULL,
                    message TEXT NOT NULL,
                    activity TEXT NOT NULL CHECK (activity IN ('meditate', 'workout', 'noalc')),
                    hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
                    minute INTEGER NOT NULL CHECK (minute BETWEEN 0 AND 59),
                    weekdays INTEGER NOT NULL CHECK (weekdays BETWEEN 1 AND 127),
                    lookbackHours INTEGER NOT NULL CHECK (lookbackHours BETWEEN 1 AND 24),
                    enabled INTEGER NOT NULL DEFAULT 1,
                    created REAL NOT NULL
                );
                CREATE INDEX reminder_activity ON reminder(activity);

                -- One row per handled occurrence (reminder, local day): the primary key is what
                -- makes "exactly once" hold across concurrent checks.
                CREATE TABLE occurrence (
                    reminderId INTEGER NOT NULL REFERENCES reminder(id) ON DELETE CASCADE,
                    day TEXT NOT NULL,
                    at REAL NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('cancelled', 'delivered', 'suppressed')),
                    handled REAL NOT NULL,
                    PRIMARY KEY (reminderId, day)
                );

                PRAGMA user_version = 2;
                """)
        }
        migrator.registerMigration("v3-import-workout-details-named-anchors") { db in
            try db.execute(sql: """
                CREATE TABLE workoutStatistic (
                    id INTEGER PRIMARY KEY,
                    workoutId INTEGER NOT NULL REFERENCES workout(id) ON DELETE CASCADE,
                    type TEXT NOT NULL,
                    start REAL,
                    "end" REAL,
                    average REAL,
                    minimum REAL,
                    maximum REAL,
                    sum REAL,
                    unit TEXT
                );
                CREATE INDEX workoutStatistic_workout ON workoutStatistic(workoutId);

                CREATE TABLE workoutEvent (
                    id INTEGER PRIMARY KEY,
                    workoutId INTEGER NOT NULL REFERENCES workout(id) ON DELETE CASCADE,
                    type TEXT NOT NULL,
                    date REAL,
                    duration REAL,
                    durationUnit TEXT
                );
                CREATE INDEX workoutEvent_workout ON workoutEvent(workoutId);

                -- Anchors a sync script saved by name (habit changes --save NAME).
                CREATE TABLE namedAnchor (name TEXT PRIMARY KEY, anchor INTEGER NOT NULL);

                PRAGMA user_version = 3;
                """)
        }
        migrator.registerMigration("v4-interned-text-store-identity") { db in
            // The text that repeats on every row (type, unit, device) moves into lookup tables, so a
            // row and its indexes hold small integers instead (measured: Standards/data-consistency.md).
            // `device` loses the per-record memory address Apple prints into it (`<<HKDevice: 0x…>`),
            // which identifies nothing and made every row's text unique.
            db.add(function: DatabaseFunction("habit_device", argumentCount: 1, pure: true) { values in
                String.fromDatabaseValue(values[0].databaseValue).map(DeviceDescription.normalised)
            })
            defer { db.remove(function: DatabaseFunction("habit_device", argumentCount: 1, pure: true) { _ in nil }) }
            try db.execute(sql: """
                CREATE TABLE sampleType (id INTEGER PRIMARY KEY, identifier TEXT NOT NULL UNIQUE);
                CREATE TABLE unit (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                CREATE TABLE device (id INTEGER PRIMARY KEY, description TEXT NOT NULL UNIQUE);

                INSERT INTO sampleType (identifier) SELECT DISTINCT type FROM sample ORDER BY type;
                INSERT INTO unit (name) SELECT DISTINCT unit FROM sample WHERE unit IS NOT NULL ORDER BY unit;
                INSERT OR IGNORE INTO device (description)
                    SELECT habit_device(device) FROM sample WHERE device IS NOT NULL
                    UNION SELECT habit_device(device) FROM workout WHERE device IS NOT NULL;

                -- An import that commits in batches: its rows stay invisible (views, summaries, change
                -- feed) until `finished` is set to 1, in one short transaction at the end.
                CREATE TABLE importRun (
                    id INTEGER PRIMARY KEY,
                    firstAnchor INTEGER NOT NULL,      -- the first anchor the run's rows can have
                    sampleRowAfter INTEGER NOT NULL,   -- its rows have rowids above these
                    workoutRowAfter INTEGER NOT NULL,
                    finished INTEGER NOT NULL DEFAULT 0
                );

                CREATE TABLE newSample (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    typeId INTEGER NOT NULL REFERENCES sampleType(id),
                    start REAL NOT NULL,
                    "end" REAL NOT NULL,
                    value REAL,
                    unitId INTEGER REFERENCES unit(id),
                    sourceId INTEGER NOT NULL REFERENCES source(id),
                    deviceId INTEGER REFERENCES device(id),
                    metadata TEXT,
                    created REAL NOT NULL,
                    utcOffset INTEGER NOT NULL,
                    timeZone TEXT NOT NULL,
                    workoutId INTEGER REFERENCES workout(id) ON DELETE CASCADE,
                    anchor INTEGER NOT NULL UNIQUE,
                    importRunId INTEGER REFERENCES importRun(id),
                    CHECK (start <= "end")
                );
                INSERT INTO newSample (id, uuid, typeId, start, "end", value, unitId, sourceId, deviceId, metadata, created,
                                       utcOffset, timeZone, workoutId, anchor)
                    SELECT s.id, s.uuid, t.id, s.start, s."end", s.value, u.id, s.sourceId, d.id, s.metadata, s.created,
                           s.utcOffset, s.timeZone, s.workoutId, s.anchor
                    FROM sample s
                    JOIN sampleType t ON t.identifier = s.type
                    LEFT JOIN unit u ON u.name = s.unit
                    LEFT JOIN device d ON d.description = habit_device(s.device);
                DROP TRIGGER sample_tombstone;
                DROP TABLE sample;
                ALTER TABLE newSample RENAME TO sample;
                CREATE INDEX sample_type_source_start ON sample(typeId, sourceId, start);
                -- Covering for the daily summary over every source: "end" and value come from the
                -- index, so summing a million imported samples reads no table row.
                CREATE INDEX sample_type_start ON sample(typeId, start, "end", value);
                CREATE INDEX sample_workout ON sample(workoutId) WHERE workoutId IS NOT NULL;
                CREATE TRIGGER sample_tombstone AFTER DELETE ON sample
                WHEN OLD.importRunId IS NULL OR OLD.importRunId NOT IN (SELECT id FROM importRun WHERE finished = 0) BEGIN
                    UPDATE changeCounter SET value = value + 1 WHERE id = 1;
                    INSERT INTO tombstone (anchor, uuid, kind, type)
                        SELECT c.value, OLD.uuid, 'sample', t.identifier
                        FROM changeCounter c, sampleType t WHERE c.id = 1 AND t.id = OLD.typeId;
                END;

                ALTER TABLE workout ADD COLUMN deviceId INTEGER REFERENCES device(id);
                UPDATE workout SET deviceId = (SELECT id FROM device WHERE description = habit_device(workout.device))
                    WHERE device IS NOT NULL;
                ALTER TABLE workout DROP COLUMN device;
                ALTER TABLE workout ADD COLUMN importRunId INTEGER REFERENCES importRun(id);
                DROP TRIGGER workout_tombstone;
                CREATE TRIGGER workout_tombstone AFTER DELETE ON workout
                WHEN OLD.importRunId IS NULL OR OLD.importRunId NOT IN (SELECT id FROM importRun WHERE finished = 0) BEGIN
                    UPDATE changeCounter SET value = value + 1 WHERE id = 1;
                    INSERT INTO tombstone (anchor, uuid, kind, type)
                        SELECT value, OLD.uuid, 'workout', OLD.activityType FROM changeCounter WHERE id = 1;
                END;

                -- What reads see: rows with their text joined back.
                CREATE VIEW sampleView AS
                    SELECT s.id, s.uuid, t.identifier AS type, s.typeId, s.start, s."end", s.value, u.name AS unit,
                           s.sourceId, src.bundleId AS source, src.isApp, d.description AS device, s.metadata,
                           s.created, s.utcOffset, s.timeZone, s.workoutId, w.uuid AS workoutUUID, s.anchor
                    FROM sample s
                    JOIN sampleType t ON t.id = s.typeId
                    JOIN source src ON src.id = s.sourceId
                    LEFT JOIN unit u ON u.id = s.unitId
                    LEFT JOIN device d ON d.id = s.deviceId
                    LEFT JOIN workout w ON w.id = s.workoutId
                    WHERE s.importRunId IS NULL OR s.importRunId NOT IN (SELECT id FROM importRun WHERE finished = 0);
                CREATE VIEW workoutView AS
                    SELECT w.id, w.uuid, w.activityType, w.start, w."end", w.duration, w.totalEnergyKcal, w.totalDistanceM,
                           w.sourceId, src.bundleId AS source, src.isApp, d.description AS device, w.metadata, w.created,
                           w.utcOffset, w.timeZone, w.anchor
                    FROM workout w
                    JOIN source src ON src.id = w.sourceId
                    LEFT JOIN device d ON d.id = w.deviceId
                    WHERE w.importRunId IS NULL OR w.importRunId NOT IN (SELECT id FROM importRun WHERE finished = 0);

                -- An entry that a later one replaced (NoAlc: the last entry for a day wins), kept so that
                -- undoing the later entry brings it back (JSON of the replaced row's columns).
                CREATE TABLE replacedSample (
                    sampleId INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    record TEXT NOT NULL
                );
                CREATE INDEX replacedSample_sample ON replacedSample(sampleId);

                PRAGMA application_id = \(Schema.applicationID);
                PRAGMA user_version = 4;
                """)
        }
        migrator.registerMigration("v5-own-habits-skips") { db in
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
        migrator.registerMigration("v6-sync") { db in
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
        migrator.registerMigration("v7-recorded-zones") { db in
            // A stored zone is an IANA identifier with that zone's offset at the start, or "" —
            // unknown — with offset 0 (RecordedZone, issue 13 point 7). Imports before kept the
            // exporting phone's offset at export time, wrong half of the year, and any
            // `HKTimeZone` text: zones no identifier names become unknown, known ones get their
            // offset at each start, and unknown ones lose the offset that was never theirs.
            for table in ["sample", "workout"] {
                let zones = try String.fetchAll(db, sql: "SELECT DISTINCT timeZone FROM \(table) WHERE timeZone != ''")
                for id in zones {
                    guard RecordedZone.resolve(id, at: 0).zoneID == id else {
                        try db.execute(sql: "UPDATE \(table) SET timeZone = '' WHERE timeZone = ?", arguments: [id])
                        continue
                    }
                    let update = try db.makeStatement(sql: "UPDATE \(table) SET utcOffset = ? WHERE id = ?")
                    let rows = try Row.fetchCursor(db, sql: "SELECT id, start, utcOffset FROM \(table) WHERE timeZone = ?", arguments: [id])
                    var changes: [(Int64, Int)] = []
                    while let row = try rows.next() {
                        let offset = RecordedZone.resolve(id, at: row[1]).offset
                        if offset != row[2] as Int { changes.append((row[0], offset)) }
                    }
                    for (rowID, offset) in changes { try update.execute(arguments: [offset, rowID]) }
                }
                try db.execute(sql: "UPDATE \(table) SET utcOffset = 0 WHERE timeZone = '' AND utcOffset != 0")
            }
            try db.execute(sql: "PRAGMA user_version = 7")
        }
        migrator.registerMigration("v8-activity-summary") { db in
            // The Activity rings of an export's `ActivitySummary`, one row a day (a calendar date as
            // the phone counted it), with the anchor of its last change (issue 13, point 8).
            try db.execute(sql: """
                CREATE TABLE activitySummary (
                    day TEXT PRIMARY KEY CHECK (length(day) = 10),
                    moveKcal REAL, moveGoalKcal REAL, moveMinutes REAL, moveGoalMinutes REAL,
                    exerciseMinutes REAL, exerciseGoalMinutes REAL, standHours REAL, standGoalHours REAL,
                    anchor INTEGER NOT NULL UNIQUE
                );
                PRAGMA user_version = 8;
                """)
        }
        migrator.registerMigration("v9-record-source-versions") { db in
            // Each record and workout keeps the version of the software that wrote it (issue 22,
            // point 5): a source row holds the first version seen; a row whose own version differs
            // points at it in the lookup table `sourceVersion` (whose NULL text is "no version").
            // NULL: the source row's version — every row stored before, so nothing is rewritten.
            try db.execute(sql: """
                CREATE TABLE sourceVersion (id INTEGER PRIMARY KEY, version TEXT UNIQUE);
                ALTER TABLE sample ADD COLUMN sourceVersionId INTEGER REFERENCES sourceVersion(id);
                ALTER TABLE workout ADD COLUMN sourceVersionId INTEGER REFERENCES sourceVersion(id);

                -- The views as v4 made them, and each row's version.
                DROP VIEW sampleView;
                CREATE VIEW sampleView AS
                    SELECT s.id, s.uuid, t.identifier AS type, s.typeId, s.start, s."end", s.value, u.name AS unit,
                           s.sourceId, src.bundleId AS source, src.isApp, d.description AS device, s.metadata,
                           s.created, s.utcOffset, s.timeZone, s.workoutId, w.uuid AS workoutUUID, s.anchor,
                           CASE WHEN s.sourceVersionId IS NULL THEN src.version ELSE v.version END AS sourceVersion
                    FROM sample s
                    JOIN sampleType t ON t.id = s.typeId
                    JOIN source src ON src.id = s.sourceId
                    LEFT JOIN unit u ON u.id = s.unitId
                    LEFT JOIN device d ON d.id = s.deviceId
                    LEFT JOIN workout w ON w.id = s.workoutId
                    LEFT JOIN sourceVersion v ON v.id = s.sourceVersionId
                    WHERE s.importRunId IS NULL OR s.importRunId NOT IN (SELECT id FROM importRun WHERE finished = 0);
                DROP VIEW workoutView;
                CREATE VIEW workoutView AS
                    SELECT w.id, w.uuid, w.activityType, w.start, w."end", w.duration, w.totalEnergyKcal, w.totalDistanceM,
                           w.sourceId, src.bundleId AS source, src.isApp, d.description AS device, w.metadata, w.created,
                           w.utcOffset, w.timeZone, w.anchor,
                           CASE WHEN w.sourceVersionId IS NULL THEN src.version ELSE v.version END AS sourceVersion
                    FROM workout w
                    JOIN source src ON src.id = w.sourceId
                    LEFT JOIN device d ON d.id = w.deviceId
                    LEFT JOIN sourceVersion v ON v.id = w.sourceVersionId
                    WHERE w.importRunId IS NULL OR w.importRunId NOT IN (SELECT id FROM importRun WHERE finished = 0);

                PRAGMA user_version = 9;
                """)
        }
        migrator.registerMigration("v10-noalc-entries-at-noon") { db in
            // A NoAlc entry names a day. It sat at the start of that day, so a later `day-start`
            // moved it to the day before (04:00 makes midnight the previous evening); from now on
            // it sits at 12:00, inside its day whatever day-start is (issue 22, point 2). The app's
            // NoAlc entries at 00:00, or at the day-start now set, in the zone they were logged in,
            // move to 12:00 on the same date, and so do the copies `undo` keeps of entries they
            // replaced. Anchors stay: the entry is the same, only where it sits changed.
            let dayStart = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'day-start'") ?? "00:00"
            let startParts = dayStart.split(separator: ":").compactMap { Int($0) }
            let setStart = startParts.count == 2 ? startParts[0] * 3600 + startParts[1] * 60 : 0
            let rows = try Row.fetchAll(db, sql: """
                SELECT s.id, s.start, s.timeZone FROM sample s
                JOIN sampleType t ON t.id = s.typeId JOIN source src ON src.id = s.sourceId
                WHERE t.identifier = 'HKQuantityTypeIdentifierNumberOfAlcoholicBeverages' AND src.isApp = 1
                  AND s.start = s."end"
                """)
            for row in rows {
                let id: Int64 = row[0], start: Double = row[1], zoneID: String = row[2]
                guard let zone = TimeZone(identifier: zoneID.isEmpty ? "UTC" : zoneID) else { continue }
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = zone
                let date = Date(timeIntervalSince1970: start)
                let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
                guard let hour = c.hour, let minute = c.minute, let second = c.second, (c.nanosecond ?? 0) == 0 else { continue }
                let secondsIntoDay = hour * 3600 + minute * 60 + second
                guard secondsIntoDay == 0 || secondsIntoDay == setStart,
                      let noon = calendar.date(from: DateComponents(year: c.year, month: c.month, day: c.day, hour: 12)) else { continue }
                let moved = noon.timeIntervalSince1970
                try db.execute(sql: #"UPDATE sample SET start = ?, "end" = ?, utcOffset = ? WHERE id = ?"#,
                               arguments: [moved, moved, zoneID.isEmpty ? 0 : zone.secondsFromGMT(for: noon), id])
                try db.execute(sql: """
                    UPDATE replacedSample SET record = json_set(record, '$.start', ?, '$.end', ?)
                    WHERE sampleId = ? AND json_extract(record, '$.start') = ?
                    """, arguments: [moved, moved, id, start])
            }
            try db.execute(sql: "PRAGMA user_version = 10")
        }
        migrator.registerMigration("v11-habits-that-never-ask") { db in
            // A habit that records but never asks (harsh's frequency 0; Standards/habits.md): 0 here.
            // Every habit of an older store asks.
            try db.execute(sql: """
                ALTER TABLE habit ADD COLUMN asks INTEGER NOT NULL DEFAULT 1 CHECK (asks IN (0, 1));
                PRAGMA user_version = 11;
                """)
        }
        migrator.registerMigration("v12-access-per-type") { db in
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
        migrator.registerMigration("v13-periods-of-days") { db in
            // N days in any D (Loop's "N times in D days"; Standards/habits.md): per 'days' with D in
            // `days`, and times up to D. SQLite cannot change a CHECK, so the table is made again
            // (SQLite's "other kinds of table schema changes"): every row copied as it was (days
            // NULL), then the triggers and indexes on `habit` — v6's sync triggers — made again
            // from the very SQL the store holds for them. Filling the new table fires none of them:
            // nothing is sent for a habit that did not change.
            let dependents = try String.fetchAll(db, sql: """
                SELECT sql FROM sqlite_master WHERE tbl_name = 'habit' AND type IN ('trigger', 'index') AND sql IS NOT NULL
                ORDER BY type, name
                """)
            try db.execute(sql: """
                CREATE TABLE newHabit (
                    id TEXT PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE,
                    kind TEXT NOT NULL CHECK (kind IN ('yes-no', 'quantity')),
                    unit TEXT,
                    goal TEXT CHECK (goal IN ('atLeast', 'atMost')),
                    target REAL CHECK (target > 0),
                    per TEXT NOT NULL CHECK (per IN ('day', 'week', 'month', 'days')),
                    times INTEGER NOT NULL DEFAULT 1 CHECK (times BETWEEN 1 AND 365),
                    fromType TEXT,
                    sources TEXT NOT NULL DEFAULT 'app',
                    since TEXT NOT NULL,
                    archived INTEGER NOT NULL DEFAULT 0,
                    created REAL NOT NULL,
                    modified REAL NOT NULL,
                    asks INTEGER NOT NULL DEFAULT 1 CHECK (asks IN (0, 1)),
                    days INTEGER CHECK (days BETWEEN 2 AND 365),
                    CHECK ((goal IS NULL) = (target IS NULL)),
                    CHECK ((per = 'days') = (days IS NOT NULL)),
                    CHECK (days IS NULL OR times <= days)
                );
                INSERT INTO newHabit (id, name, kind, unit, goal, target, per, times, fromType, sources, since, archived,
                                      created, modified, asks)
                    SELECT id, name, kind, unit, goal, target, per, times, fromType, sources, since, archived,
                           created, modified, asks FROM habit;
                DROP TABLE habit;
                ALTER TABLE newHabit RENAME TO habit;
                """)
            for sql in dependents { try db.execute(sql: sql) }
            try db.execute(sql: "PRAGMA user_version = 13")
        }
        migrator.registerMigration("v14-weekday-schedules") { db in
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
        migrator.registerMigration("v15-command-habits") { db in
            // Habits that track themselves (Standards/automation.md): the shell command of a
            // command habit, and what each evaluation of a day found. Both per device
            // (Standards/security.md, "Commands stay on their device"): no export, import or sync
            // writes `command` (a sync's update leaves it as it is), and `commandRun` has no
            // trigger sending it to the sync log.
            try db.execute(sql: """
                ALTER TABLE habit ADD COLUMN command TEXT;
                CREATE TABLE commandRun (
                    habitId TEXT NOT NULL,
                    day TEXT NOT NULL,
                    settled INTEGER NOT NULL CHECK (settled IN (0, 1)),
                    value REAL,
                    error TEXT,
                    ran REAL NOT NULL,
                    PRIMARY KEY (habitId, day)
                );
                PRAGMA user_version = 15;
                """)
        }
        migrator.registerMigration("v16-answers") { db in
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
        migrator.registerMigration("v17-noted-entries") { db in
            // `habit notes` and the calendar's note marks (Standards/habits.md, "Notes"): the few
            // samples and workouts whose metadata holds a note, by start. Partial indexes, so only
            // those rows are in them, and a store without notes pays nothing to keep them. The
            // metadata is one JSON object with its keys quoted (MetadataCoding): `"note":` is the
            // key, never a value (a value's quotes are escaped).
            try db.execute(sql: """
                CREATE INDEX sample_noted ON sample(start) WHERE instr(metadata, '"note":') > 0;
                CREATE INDEX workout_noted ON workout(start) WHERE instr(metadata, '"note":') > 0;
                PRAGMA user_version = 17;
                """)
        }
        migrator.registerMigration("v18-habit-tags") { db in
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
        migrator.registerMigration("v19-day-totals") { db in
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
        migrator.registerMigration("v20-builtin-day-totals") { db in
            // The built-ins' kept day totals (BuiltinDayTotals): their workout series are kept
            // under the type -1, which no sample has. A deleted or changed workout leaves its start
            // in `dayTotalDirty` under that type while such a series is kept, as a sample of a
            // kept type does (v19); new workouts are found by their anchors.
            try db.execute(sql: """
                CREATE TRIGGER workout_dayTotal_delete AFTER DELETE ON workout
                WHEN EXISTS (SELECT 1 FROM dayTotal WHERE typeId = -1) BEGIN
                    INSERT INTO dayTotalDirty (typeId, start) VALUES (-1, OLD.start);
                END;
                CREATE TRIGGER workout_dayTotal_update AFTER UPDATE ON workout
                WHEN EXISTS (SELECT 1 FROM dayTotal WHERE typeId = -1) BEGIN
                    INSERT INTO dayTotalDirty (typeId, start) VALUES (-1, OLD.start), (-1, NEW.start);
                END;
                PRAGMA user_version = 20;
                """)
        }
        migrator.registerMigration("v21-disarmed-commands") { db in
            // Command habits a restored backup brought (Standards/automation.md, "Armed"): their
            // commands are never run until the person arms them (`habit edit NAME --command …`, or
            // `habit restore --trust-commands`). Per device like `habit.command`: no trigger sends
            // it to the sync log. A store upgraded to it keeps every command it had armed.
            try db.execute(sql: """
                CREATE TABLE disarmedCommand (habitId TEXT PRIMARY KEY);
                PRAGMA user_version = 21;
                """)
        }
        migrator.registerMigration("v22-day-entries-at-midnight") { db in
            try DayEntryMigration.run(db, writtenWithNoon: (version ?? 0) >= 10)
            try db.execute(sql: "PRAGMA user_version = 22")
        }
        migrator.registerMigration("v23-reminder-words-at-delivery") { db in
            try ReminderWordsMigration.run(db)
            try db.execute(sql: "PRAGMA user_version = 23")
        }
        return migrator
    }

    /// `user_version` after the last migration.
    static let currentVersion = 23

    /// `PRAGMA application_id` of every habit store from v4 on ("HBIT"): how habit tells its own
    /// store from another program's SQLite file without changing it. Stores made before v4 have
    /// 0 and are recognised by their migration table.
    static let applicationID: Int32 = 0x4842_4954
}
