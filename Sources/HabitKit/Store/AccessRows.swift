import Foundation
import GRDB

/// One row of `habit access`: a type habit reads or writes, and its grant.
public struct AccessEntry: Sendable, Equatable {
    /// The name `habit access allow|deny` takes for it: a short name, a habit's name, or the identifier.
    public var name: String
    public var type: String
    /// `built-in`, `habit` (an own habit's entries), or `imported`.
    public var origin: Origin
    public var read: Bool
    public var write: Bool

    public enum Origin: String, Sendable { case builtin = "built-in", habit, imported }
}

extension HabitStore {
    /// The store's access grants (everything allowed when none was changed), read now; a
    /// snapshot's rules ask its transaction (``StoreTransaction/grants()``), which read them once.
    static func grants(_ db: Database) throws -> AccessGrants {
        // Plain SQL, one small read: every command that reads or writes data asks.
        let rows = try Row.fetchAll(db, sql: "SELECT type, read, write FROM access")
        return AccessGrants(rows.map { AccessGrant(type: $0[0], read: $0[1], write: $0[2]) })
    }

    /// Refuses, with ``AccessError/writeDenied(type:name:)``, when one of `types` may not be
    /// written — read in the transaction that writes, so a grant changed while a command runs is
    /// obeyed as it stands when the command writes.
    static func requireWrite(_ types: [String], habits: [HabitDefinition] = [], _ db: Database) throws {
        guard let denied = try grants(db).firstNotWritable(types) else { return }
        throw AccessError.writeDenied(type: denied, name: displayName(of: denied, habits: habits))
    }

    /// The name `habit access` uses for `type`.
    static func displayName(of type: String, habits: [HabitDefinition]) -> String {
        if let short = DataTypes.shortName(of: type) { return short }
        if let habit = habits.first(where: { $0.kind != .builtin && DataTypes.read(by: $0) == type }) { return habit.name }
        return type
    }

    /// Allows (`allow`) or denies `read` and/or `write` of `type`, at `instant`; returns the grant
    /// as it stands. A type allowed both ways has no row. Never synced (Standards/sync.md).
    @discardableResult
    public func setAccess(_ type: String, allow: Bool, read: Bool, write: Bool, at instant: Date) throws -> AccessGrant {
        try self.write { db in
            let before = try Self.grants(db)
            let grant = before.changing(type, allow: allow, read: read, write: write)
            // What sync held back while the type could not be read goes out at the next sync.
            if grant.read && !before.mayRead(type) { try Self.sendEverythingAgain(db) }
            if grant.read && grant.write {
                try db.execute(sql: "DELETE FROM access WHERE type = ?", arguments: [type])
            } else {
                try db.execute(sql: "INSERT OR REPLACE INTO access (type, read, write, modified) VALUES (?, ?, ?, ?)",
                               arguments: [type, grant.read, grant.write, instant.timeIntervalSince1970])
            }
            return grant
        }
    }
}

extension StoreRequest where Value == AccessGrants {
    /// The store's access grants.
    public static var accessGrants: Self { Self { db in try HabitStore.grants(db) } }
}

extension StoreRequest where Value == [String] {
    /// Every sample type the store holds data of (for naming a type in `habit access`).
    public static var storedTypes: Self {
        Self { db in try String.fetchAll(db, sql: "SELECT identifier FROM sampleType ORDER BY identifier") }
    }
}

extension StoreRequest where Value == [AccessEntry] {
    /// `habit access`: the built-ins' types, each own habit's (archived too), each imported type
    /// the store holds, and any other type a grant names — each with its read and write state.
    public static func access(env: HabitEnvironment) -> Self {
        Self { db in
            let grants = try HabitStore.grants(db)
            let habits = try HabitStore.allHabits(env: env, includingArchived: true, db).filter { $0.kind != .builtin }
            var seen: Set<String> = []
            var out: [AccessEntry] = []
            func add(_ type: String, _ origin: AccessEntry.Origin, name: String? = nil) {
                guard seen.insert(type).inserted else { return }
                out.append(AccessEntry(name: name ?? HabitStore.displayName(of: type, habits: habits), type: type, origin: origin,
                                       read: grants.mayRead(type), write: grants.mayWrite(type)))
            }
            for t in DataTypes.builtinTypes { add(t, .builtin) }
            for h in habits where h.fromType == nil { add(DataTypes.read(by: h), .habit, name: h.name) }
            var imported = try String.fetchAll(db, sql: "SELECT identifier FROM sampleType ORDER BY identifier")
                .filter { !$0.hasPrefix(HabitDefinition.loggedTypePrefix) }
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM activitySummary)") == true {
                imported.append(DataTypes.activitySummary)
            }
            for h in habits { if let from = h.fromType { imported.append(DataTypes.accessType(of: from)) } }
            for t in imported.sorted() { add(t, .imported) }
            for t in grants.restricted.keys.sorted() {
                add(t, t.hasPrefix(HabitDefinition.loggedTypePrefix) ? .habit : .imported)
            }
            return out
        }
    }
}
