import Foundation
import GRDB

/// What changed since an anchor: HealthKit's anchored object query.
public struct Changes: Sendable {
    public var since: Int64
    /// The anchor to ask from next time.
    public var anchor: Int64
    public var samples: [Sample]
    public var workouts: [Workout]
    /// Days skipped since (Standards/habits.md: skips are data like any other).
    public var skips: [SkippedDay]
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

    /// The anchor the change feed hands back when asked from `since`: the current one, except
    /// that it never passes an import that has not finished — its rows appear later with the
    /// anchors they have now, so the next call must ask from before them (objects logged
    /// meanwhile come again then; consumers identify objects by uuid).
    static func feedAnchor(since: Int64, _ db: Database) throws -> Int64 {
        let current = try ChangeCounter.current(db)
        if since > current { throw FeedError.anchorInFuture(since, current: current) }
        guard let pending = try ImportRun.firstPendingAnchor(db) else { return current }
        return min(current, max(since, pending - 1))
    }

    public func saveAnchor(_ anchor: Int64, named name: String) throws {
        try AnchorName.validate(name)
        try write { db in try NamedAnchorRecord(name: name, anchor: anchor).upsert(db) }
    }

}

extension StoreRequest where Value == Changes {
    /// Objects added (samples and workouts still present) and deleted (tombstones) with an anchor
    /// greater than `since`, and the current anchor — all read in one snapshot.
    public static func changes(since: Int64) -> Self {
        Self { db in
            let current = try HabitStore.feedAnchor(since: since, db)
            // Types habit may not read are absent, their deletions too (Standards/access.md).
            let grants = try HabitStore.grants(db)
            let samples = try SampleViewRecord.all().readable(grants).changed(after: since).fetchAll(db).map(\.sample)
            let workouts = grants.mayRead(DataTypes.workout) ? try WorkoutViewRecord.all().changed(after: since).fetchAll(db).map(\.workout) : []
            let deleted = try HabitStore.tombstones(since: since, db).filter { t in
                switch t.kind {
                case .sample: grants.mayRead(t.type)
                case .workout: grants.mayRead(DataTypes.workout)
                case .skip: true
                }
            }
            return Changes(since: since, anchor: current, samples: samples, workouts: workouts,
                           skips: try HabitStore.skips(after: since, db).filter { $0.anchor <= current }, deleted: deleted)
        }
    }
}

extension StoreRequest where Value == Int64 {
    public static func anchor(named name: String) -> Self {
        Self { db in
            try AnchorName.validate(name)
            guard let saved = try NamedAnchorRecord.fetchOne(db, key: name) else { throw FeedError.unknownAnchorName(name) }
            return saved.anchor
        }
    }
}
