import Foundation
import GRDB

/// What a sync remembers beyond its read offsets (issue 46, point 9): the lines it left out of
/// each file for types this device may not write (``SyncLeftOut``), read again once one of them
/// may be written; and what `habit doctor` reads of all that (``SyncFolderState``).
extension HabitStore {
    static func leftOutKey(_ folder: String, _ peer: String) -> String { "left:" + folder + "\u{1F}" + peer }

    /// Reads what earlier syncs to `folder` left out; a file with left-out lines of a type that may
    /// be written now is read again from where the first of them began (its mark moves back).
    /// This device's own file has no read mark (it is read only from where a line waits, or back
    /// from its own mark): it gets one. A file never read keeps none: it is read from its start.
    static func readAgainWhatMayBeWrittenNow(folder: String, _ progress: inout SyncProgress, _ db: Database) throws {
        let grants = try grants(db)
        for (peer, left) in try leftOut(folder: folder, db) {
            progress.leftOut[peer] = left
            let allowed = left.types.filter(grants.mayWrite)
            guard !allowed.isEmpty else { continue }
            if let mark = progress.marks[peer] {
                if mark.offset > left.mark.offset { progress.marks[peer] = left.mark }
            } else if peer == progress.deviceID {
                progress.marks[peer] = left.mark
            } else {
                continue
            }
            progress.rereading[peer] = allowed
        }
    }

    /// What earlier syncs to `folder` left out, by file key.
    fileprivate static func leftOut(folder: String, _ db: Database) throws -> [(String, SyncLeftOut)] {
        let prefix = leftOutKey(folder, "")
        return try Row.fetchAll(db, sql: "SELECT key, value FROM syncState WHERE substr(key, 1, ?) = ? ORDER BY key",
                                arguments: [prefix.utf8.count, prefix]).compactMap { row in
            let key: String = row[0]
            guard let left = SyncLeftOut(row[1] as String), let peer = String(key.utf8.dropFirst(prefix.utf8.count)) else { return nil }
            return (peer, left)
        }
    }

    /// Keeps, for each file read, what this sync left out of it (`leftOut`, by line) together
    /// with what was left out before — only this run's when the file was read again.
    static func saveLeftOut(_ leftOut: [(tag: InterchangeApplier.Tag, type: String)], peers: [SyncPeer], folder: String,
                            progress: SyncProgress, exchange: SyncExchange, _ db: Database) throws {
        var new: [Int: SyncLeftOut] = [:]
        for (tag, type) in leftOut {
            let one = SyncLeftOut(mark: SyncFolder.Mark(offset: tag.start, tail: ""), count: 1, types: [DataTypes.accessType(of: type)])
            new[tag.peer] = new[tag.peer].map { $0.merged(with: one) } ?? one
        }
        for (i, peer) in peers.enumerated() {
            var fresh = new[i]
            if let offset = fresh?.mark.offset, let mark = exchange.mark(i, offset) { fresh?.mark = mark }
            let key = leftOutKey(folder, peer.device)
            if let kept = SyncLeftOut.after(progress.leftOut[peer.device], reread: progress.rereading[peer.device] != nil, new: fresh) {
                try saveState(key, kept.description, db)
            } else {
                try db.execute(sql: "DELETE FROM syncState WHERE key = ?", arguments: [key])
            }
        }
    }
}

/// One sync folder as this store remembers it, for `habit doctor`: its device id, what its own
/// file held after its last sync there, and what was left out of each file for types this device
/// may not write (with the names `habit access` shows, and those that may be written now).
public struct SyncFolderState: Sendable, Equatable {
    public var folder: String
    public var device: String
    public var own: SyncFolder.Mark?
    public var leftOut: [LeftOut]

    public struct LeftOut: Sendable, Equatable {
        public var file: String
        public var record: SyncLeftOut
        public var names: [String]
        /// The names of the types that may be written now: the next sync reads the lines again.
        public var writableNow: [String]
    }
}

extension StoreRequest where Value == [SyncFolderState] {
    /// Every folder this store has synced with (`own:` is kept for each), as it remembers it.
    public static func syncFolders(env: HabitEnvironment) -> Self {
        Self { db in
            guard let device = try String.fetchOne(db, sql: "SELECT value FROM syncState WHERE key = 'device'") else { return [] }
            let grants = try HabitStore.grants(db)
            let habits = try HabitStore.allHabits(env: env, includingArchived: true, db)
            let prefix = "own:"
            return try Row.fetchAll(db, sql: "SELECT key, value FROM syncState WHERE substr(key, 1, 4) = ? ORDER BY key", arguments: [prefix])
                .map { row in
                    let key: String = row[0]
                    let folder = String(key.dropFirst(prefix.count))
                    let left = try HabitStore.leftOut(folder: folder, db).map { file, record in
                        SyncFolderState.LeftOut(file: file, record: record,
                                                names: record.types.map { HabitStore.displayName(of: $0, habits: habits) },
                                                writableNow: record.types.filter(grants.mayWrite).map { HabitStore.displayName(of: $0, habits: habits) })
                    }
                    return SyncFolderState(folder: folder, device: device, own: SyncFolder.Mark(row[1] as String), leftOut: left)
                }
        }
    }
}
