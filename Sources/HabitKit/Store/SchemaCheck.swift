import Foundation
import GRDB

/// Whether a database's schema is exactly the one habit makes: the one place `restore` (before
/// it replaces anything) and `doctor` decide it (Standards/security.md, "Files that are not the store").
///
/// The file's `sqlite_master` (type, name, table, SQL text of every table, index, view and
/// trigger) must equal that of a fresh store migrated in memory to the file's own
/// `user_version`; its `grdb_migrations` must list exactly the migrations of that version,
/// all known to this binary; its `application_id` must be habit's from v4 on (0 before).
/// A backup is hostile input: names read from it are only compared with the fresh store's and
/// quoted in messages; no SQL is ever built from them.
enum SchemaCheck {
    enum Outcome: Equatable {
        /// Exactly as habit makes it at `version` (which may be older than the current one).
        case matches(version: Int)
        /// Written by a newer habit: a higher version, or migrations this binary does not know.
        case newer(version: Int, unknownMigrations: [String])
        /// Anything else: extra or missing objects, changed SQL, migrations that do not match.
        case differs(version: Int, detail: String)
    }

    struct Object: Hashable, Comparable {
        var type: String
        var name: String
        var table: String
        var sql: String?

        static func < (a: Object, b: Object) -> Bool { (a.type, a.name) < (b.type, b.name) }
    }

    static func examine(_ db: Database) throws -> Outcome {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        do {
            return try examine(db, version: version)
        } catch is SchemaMismatch {
            return .differs(version: version, detail: "a value that is not text in sqlite_master or grdb_migrations")
        }
    }

    private static func examine(_ db: Database, version: Int) throws -> Outcome {
        let actual = try objects(db)
        let migrationsTable = actual.first { $0.name == "grdb_migrations" }
        let known = Schema.migrator.migrations
        if version > Schema.currentVersion {
            let applied = migrationsTable?.type == "table" ? (try? identifiers(db)) ?? [] : []
            return .newer(version: version, unknownMigrations: applied.subtracting(known).sorted())
        }
        guard version >= 1 else { return .differs(version: version, detail: "schema version \(version): no habit migration ran") }

        let expected = try fresh(version: version)
        if actual != expected {
            return .differs(version: version, detail: describe(extra: actual.subtracting(expected), missing: expected.subtracting(actual)))
        }
        let applied = try identifiers(db)
        let unknown = applied.subtracting(known)
        if !unknown.isEmpty { return .newer(version: version, unknownMigrations: unknown.sorted()) }
        if applied != Set(known.prefix(version)) {
            return .differs(version: version, detail: "its migrations (\(applied.count)) do not match schema version \(version)")
        }
        let applicationID = try Int64.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let wanted: Int64 = version >= 4 ? Int64(Schema.applicationID) : 0
        if applicationID != wanted {
            return .differs(version: version, detail: "application_id \(applicationID), want \(wanted) for schema version \(version)")
        }
        return .matches(version: version)
    }

    /// `grdb_migrations` identifiers; any value that is not text makes the schema differ.
    private static func identifiers(_ db: Database) throws -> Set<String> {
        var out: Set<String> = []
        for value in try DatabaseValue.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") {
            guard case .string(let text) = value.storage else { throw SchemaMismatch() }
            out.insert(text)
        }
        return out
    }

    /// A name or identifier that is not text: `examine` answers `.differs`.
    private struct SchemaMismatch: Error {}

    private static func objects(_ db: Database) throws -> Set<Object> {
        var out: Set<Object> = []
        for row in try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master") {
            let values: [DatabaseValue] = [row[0], row[1], row[2], row[3]]
            func text(_ v: DatabaseValue) -> String? { if case .string(let s) = v.storage { return s } else { return nil } }
            guard let type = text(values[0]), let name = text(values[1]), let table = text(values[2]) else { throw SchemaMismatch() }
            out.insert(Object(type: type, name: name, table: table, sql: text(values[3])))
        }
        return out
    }

    private static func describe(extra: Set<Object>, missing: Set<Object>) -> String {
        let extraNames = Set(extra.map { [$0.type, $0.name] }), missingNames = Set(missing.map { [$0.type, $0.name] })
        var parts: [String] = []
        for o in extra.sorted() {
            parts.append(missingNames.contains([o.type, o.name]) ? "\(o.type) \(quoted(o.name)) differs" : "an extra \(o.type) \(quoted(o.name))")
        }
        for o in missing.sorted() where !extraNames.contains([o.type, o.name]) { parts.append("no \(o.type) \(quoted(o.name))") }
        let shown = parts.prefix(3).joined(separator: ", ")
        return shown + (parts.count > 3 ? " (and \(parts.count - 3) more)" : "")
    }

    /// `sqlite_master` of a fresh store migrated in memory to `version`, computed once per version.
    static func fresh(version: Int) throws -> Set<Object> {
        if let cached = cache.get(version) { return cached }
        let queue = try DatabaseQueue()
        try Schema.migrator.migrate(queue, upTo: Schema.migrator.migrations[version - 1])
        let result = try queue.read { try objects($0) }
        cache.set(version, result)
        return result
    }

    private static let cache = Cache()

    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int: Set<Object>] = [:]
        func get(_ version: Int) -> Set<Object>? { lock.lock(); defer { lock.unlock() }; return values[version] }
        func set(_ version: Int, _ value: Set<Object>) { lock.lock(); values[version] = value; lock.unlock() }
    }
}
