import Foundation
import GRDB

/// What changed since an anchor: HealthKit's anchored object query.
public struct Changes: Sendable {
    public var since: Int64
    /// The anchor to ask from next time.
    public var anchor: Int64
    public var samples: [Sample]
    public var workouts: [Workout]
    public var deleted: [HabitStore.Tombstone]
}

/// Errors of the change feed and export.
public enum FeedError: HabitError, Equatable {
    case unknownAnchorName(String)
    case invalidAnchorName(String)
    case anchorInFuture(Int64, current: Int64)

    public var kind: ErrorKind {
        switch self {
        case .unknownAnchorName: .noInput
        default: .usage
        }
    }

    public var description: String {
        switch self {
        case .unknownAnchorName(let name): "no saved anchor named '\(name)'; save one with 'habit changes --since 0 --save \(name)'"
        case .invalidAnchorName(let name): "invalid anchor name '\(name)': use letters, digits, '-', '_' and '.'"
        case .anchorInFuture(let a, let current): "anchor \(a) is newer than the store's \(current); was it saved from another store?"
        }
    }
}

extension HabitStore {
    /// Objects added (samples and workouts still present) and deleted (tombstones) with an anchor
    /// greater than `since`, and the current anchor — all read in one snapshot.
    public func fetchChanges(since: Int64) throws -> Changes {
        try read { db in
            let current = try StoreRows.currentAnchor(db)
            if since > current { throw FeedError.anchorInFuture(since, current: current) }
            let samples = try Row.fetchAll(db, sql: "SELECT \(StoreRows.sampleColumns) FROM \(StoreRows.sampleFrom) WHERE s.anchor > ? ORDER BY s.anchor",
                                           arguments: [since]).map(StoreRows.sample)
            let workouts = try Row.fetchAll(db, sql: "SELECT \(StoreRows.workoutColumns) FROM \(StoreRows.workoutFrom) WHERE w.anchor > ? ORDER BY w.anchor",
                                            arguments: [since]).map(StoreRows.workout)
            let deleted = try Row.fetchAll(db, sql: "SELECT anchor, uuid, kind, type FROM tombstone WHERE anchor > ? ORDER BY anchor",
                                           arguments: [since]).map { Tombstone(anchor: $0[0], uuid: StoreRows.uuid($0[1]), kind: $0[2], type: $0[3]) }
            return Changes(since: since, anchor: current, samples: samples, workouts: workouts, deleted: deleted)
        }
    }

    static func validateAnchorName(_ name: String) throws {
        guard !name.isEmpty, name.count <= 64, name.unicodeScalars.allSatisfy({
            CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)
        }) else { throw FeedError.invalidAnchorName(name) }
    }

    public func saveAnchor(_ anchor: Int64, named name: String) throws {
        try Self.validateAnchorName(name)
        try write { db in
            try db.execute(sql: "INSERT INTO namedAnchor (name, anchor) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET anchor = excluded.anchor",
                           arguments: [name, anchor])
        }
    }

    public func fetchAnchor(named name: String) throws -> Int64 {
        try Self.validateAnchorName(name)
        return try read { db in
            guard let a = try Int64.fetchOne(db, sql: "SELECT anchor FROM namedAnchor WHERE name = ?", arguments: [name]) else {
                throw FeedError.unknownAnchorName(name)
            }
            return a
        }
    }

    /// Calls `sample` for every sample, then `workout` for every workout, whose start lies in
    /// `range` (half-open), optionally of one type (a sample type or a workout activity type),
    /// oldest first. Rows stream from a cursor, so exporting a large store needs little memory.
    public func forEachObject(in range: InstantRange?, type: String?, allSources: Bool,
                              sample: (Sample) throws -> Void, workout: (Workout) throws -> Void) throws {
        /// `alias.start` in range, the app's sources, `alias.typeColumn = type`, as given.
        func filter(_ alias: String, typeColumn: String) -> (sql: String, arguments: StatementArguments) {
            var conditions = ["1"]
            var arguments: StatementArguments = []
            if let range {
                conditions.append("\(alias).start >= ? AND \(alias).start < ?")
                arguments += [range.lowerBound.timeIntervalSince1970, range.upperBound.timeIntervalSince1970]
            }
            if !allSources { conditions.append("src.isApp = 1") }
            if let type {
                conditions.append("\(alias).\(typeColumn) = ?")
                arguments += [type]
            }
            return (conditions.joined(separator: " AND "), arguments)
        }
        try read { db in
            let s = filter("s", typeColumn: "type")
            let samples = try Row.fetchCursor(db, sql: """
                SELECT \(StoreRows.sampleColumns) FROM \(StoreRows.sampleFrom) WHERE \(s.sql) ORDER BY s.start, s.anchor
                """, arguments: s.arguments)
            while let row = try samples.next() { try sample(StoreRows.sample(row)) }
            let w = filter("w", typeColumn: "activityType")
            let workouts = try Row.fetchCursor(db, sql: """
                SELECT \(StoreRows.workoutColumns) FROM \(StoreRows.workoutFrom) WHERE \(w.sql) ORDER BY w.start, w.anchor
                """, arguments: w.arguments)
            while let row = try workouts.next() { try workout(StoreRows.workout(row)) }
        }
    }
}
