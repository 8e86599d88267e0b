import GRDB

extension Schema {
    /// Migration v4, registered as `v4-interned-text-store-identity`: shipped, so never edited.
    enum V04InternedTextStoreIdentity: SchemaMigration {
        static let identifier = "v4-interned-text-store-identity"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
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
    }
}
