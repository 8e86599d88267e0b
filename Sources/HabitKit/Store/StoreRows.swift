import Foundation
import GRDB

/// The SQL that reads and writes samples, workouts, sources and anchors. Only the store's files
/// hold SQL; this one holds the row mapping shared by all of them.
enum StoreRows {
    /// The next value of the store's one change sequence (inserts and deletions share it).
    static func nextAnchor(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "UPDATE changeCounter SET value = value + 1 WHERE id = 1 RETURNING value")!
    }

    static func currentAnchor(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT value FROM changeCounter WHERE id = 1") ?? 0
    }

    /// The row id of `source`, inserting it on first use.
    static func sourceRowID(_ db: Database, _ source: SourceID, name: String? = nil, version: String? = nil) throws -> Int64 {
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM source WHERE bundleId = ?", arguments: [source.bundleID]) {
            return id
        }
        try db.execute(sql: "INSERT INTO source (bundleId, name, version, isApp) VALUES (?, ?, ?, ?)",
                       arguments: [source.bundleID, name ?? source.defaultName, version, source.isApp])
        return db.lastInsertedRowID
    }

    static func encode(_ metadata: [String: String]) -> String? {
        guard !metadata.isEmpty,
              let data = try? JSONSerialization.data(withJSONObject: metadata, options: [.sortedKeys]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func decode(_ json: String?) -> [String: String] {
        guard let json, let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return [:] }
        return object.mapValues { "\($0)" }
    }

    static func uuid(_ text: String) -> UUID { UUID(uuidString: text) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }

    @discardableResult
    static func insert(_ s: Sample, workoutRowID: Int64?, _ db: Database) throws -> Int64 {
        let sourceID = try sourceRowID(db, s.source)
        let anchor = try nextAnchor(db)
        try db.execute(sql: """
            INSERT INTO sample (uuid, type, start, "end", value, unit, sourceId, device, metadata, created,
                                utcOffset, timeZone, workoutId, anchor)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [s.uuid.uuidString.lowercased(), s.type, s.start.timeIntervalSince1970, s.end.timeIntervalSince1970,
                             s.value, s.unit, sourceID, s.device, encode(s.metadata), s.created.timeIntervalSince1970,
                             s.utcOffset, s.timeZoneID, workoutRowID, anchor])
        return db.lastInsertedRowID
    }

    @discardableResult
    static func insert(_ w: Workout, _ db: Database) throws -> Int64 {
        let sourceID = try sourceRowID(db, w.source)
        let anchor = try nextAnchor(db)
        try db.execute(sql: """
            INSERT INTO workout (uuid, activityType, start, "end", duration, totalEnergyKcal, totalDistanceM, sourceId,
                                 device, metadata, created, utcOffset, timeZone, anchor)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [w.uuid.uuidString.lowercased(), w.activityType, w.start.timeIntervalSince1970,
                             w.end.timeIntervalSince1970, w.duration, w.totalEnergyKcal, w.totalDistanceMeters, sourceID,
                             w.device, encode(w.metadata), w.created.timeIntervalSince1970, w.utcOffset, w.timeZoneID,
                             anchor])
        return db.lastInsertedRowID
    }

    static let sampleColumns = """
        s.uuid, s.type, s.start, s."end", s.value, s.unit, src.bundleId, s.device, s.metadata, s.created,
        s.utcOffset, s.timeZone, w.uuid AS workoutUUID, s.anchor
        """
    static let sampleFrom = "sample s JOIN source src ON src.id = s.sourceId LEFT JOIN workout w ON w.id = s.workoutId"

    static func sample(_ row: Row) -> Sample {
        Sample(uuid: uuid(row[0]), type: row[1], start: Date(timeIntervalSince1970: row[2]),
               end: Date(timeIntervalSince1970: row[3]), value: row[4], unit: row[5],
               source: SourceID(unchecked: row[6]), device: row[7], metadata: decode(row[8]),
               created: Date(timeIntervalSince1970: row[9]), utcOffset: row[10], timeZoneID: row[11],
               workout: (row[12] as String?).map(uuid))
    }

    static let workoutColumns = """
        w.uuid, w.activityType, w.start, w."end", w.duration, w.totalEnergyKcal, w.totalDistanceM, src.bundleId,
        w.device, w.metadata, w.created, w.utcOffset, w.timeZone, w.anchor
        """
    static let workoutFrom = "workout w JOIN source src ON src.id = w.sourceId"

    static func workout(_ row: Row) -> Workout {
        Workout(uuid: uuid(row[0]), activityType: row[1], start: Date(timeIntervalSince1970: row[2]),
                end: Date(timeIntervalSince1970: row[3]), duration: row[4], totalEnergyKcal: row[5],
                totalDistanceMeters: row[6], source: SourceID(unchecked: row[7]), device: row[8],
                metadata: decode(row[9]), created: Date(timeIntervalSince1970: row[10]), utcOffset: row[11],
                timeZoneID: row[12])
    }

    static func fetchSample(_ db: Database, uuid: UUID) throws -> Sample? {
        try Row.fetchOne(db, sql: "SELECT \(sampleColumns) FROM \(sampleFrom) WHERE s.uuid = ?",
                         arguments: [uuid.uuidString.lowercased()]).map(sample)
    }

    static func fetchWorkout(_ db: Database, uuid: UUID) throws -> Workout? {
        try Row.fetchOne(db, sql: "SELECT \(workoutColumns) FROM \(workoutFrom) WHERE w.uuid = ?",
                         arguments: [uuid.uuidString.lowercased()]).map(workout)
    }

    static func fetchWorkoutSamples(_ db: Database, workout: UUID) throws -> [Sample] {
        try Row.fetchAll(db, sql: "SELECT \(sampleColumns) FROM \(sampleFrom) WHERE w.uuid = ? ORDER BY s.anchor",
                         arguments: [workout.uuidString.lowercased()]).map(sample)
    }
}
