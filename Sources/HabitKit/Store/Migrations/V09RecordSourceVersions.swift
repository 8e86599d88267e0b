import GRDB

extension Schema {
    /// Migration v9, registered as `v9-record-source-versions`: shipped, so never edited.
    enum V09RecordSourceVersions: SchemaMigration {
        static let identifier = "v9-record-source-versions"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
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
    }
}
