import Foundation
import GRDB

/// What `habit doctor` learns about a store from its files and from SQLite, without changing
/// either: the file is opened read-only and never created.
///
/// (A read-only connection to a WAL store creates empty `-wal`/`-shm` files when they are
/// missing, as every SQLite reader does; the store file itself stays byte-for-byte the same.)
public struct StoreDiagnosis: Sendable {
    /// In the order they were checked: store, path, ownership, file-mode, folder-mode, identity,
    /// integrity, foreign-keys, schema, wal.
    public var findings: [Finding] = []
    /// Whether a file is at the store path at all.
    public var exists = false
    /// Enabled reminders in the store; nil when the store could not be read.
    public var enabledReminders: Int?
    /// Whether another process held the store locked past the wait: nothing in it was checked, and
    /// nothing is known to be wrong (a lock is not damage).
    public var locked = false

    /// Examines the store at `path` for the user `user` (a uid). A store missing from the default
    /// place (`named` false) is a fresh install, not a problem: the first log creates it. One
    /// missing where `--db` or `HABIT_DB` names it is a problem (a typo, an unmounted drive).
    public static func examine(path: String, user: UInt32, named: Bool = true) -> StoreDiagnosis {
        var result = StoreDiagnosis()
        let absolute = StorePaths.absolute(path)
        let folder = (absolute as NSString).deletingLastPathComponent
        guard let file = StorePaths.status(absolute, followLinks: true) else {
            var probe = stat()
            if lstat(absolute, &probe) != 0, errno == EACCES {
                // The store may well be there: neither a new store nor a backup is the fix.
                result.findings.append(Finding(check: "folder-mode", status: .problem,
                                               detail: "\(folder) does not let you in (permission denied), so the store in it cannot be opened",
                                               fix: "chmod 700 \(ShellWords.quote(folder)) (and make it yours if it is not)"))
                return result
            }
            let dangling = StorePaths.status(absolute, followLinks: false) != nil
            if !dangling && !named {
                result.findings.append(.ok("store", "no store yet at \(absolute); the first 'habit log' creates it"))
                return result
            }
            result.findings.append(Finding(
                check: "store", status: .problem,
                detail: dangling ? "\(absolute) is a symbolic link to nothing" : "no store at \(absolute)",
                fix: "habit restore BACKUP-FILE --db \(ShellWords.quote(absolute)) (or log something to start a new store)"))
            return result
        }
        result.exists = true
        guard file.isRegular else {
            result.findings.append(Finding(check: "store", status: .problem, detail: "\(absolute) is not a regular file",
                                           fix: "point --db or HABIT_DB at your habit store"))
            return result
        }
        result.findings.append(.ok("store", "\(absolute), \(ByteCountText.bytes(file.size))"))
        result.findings.append(symlinks(in: absolute))

        let sidecars = ["-wal", "-shm"].compactMap { suffix in
            StorePaths.status(absolute + suffix, followLinks: true).map { FileFacts(path: absolute + suffix, mode: $0.mode, owner: $0.owner) }
        }
        let fileFacts = [FileFacts(path: absolute, mode: file.mode, owner: file.owner)] + sidecars
        var owned = fileFacts
        if let f = StorePaths.status(folder, followLinks: true) {
            let folderFacts = FileFacts(path: folder, mode: f.mode, owner: f.owner)
            owned.insert(folderFacts, at: 1)
            result.findings.append(FileRules.ownership(owned, user: user))
            result.findings.append(FileRules.fileMode(fileFacts))
            result.findings.append(FileRules.folderMode(folderFacts))
        } else {
            result.findings.append(FileRules.ownership(owned, user: user))
            result.findings.append(FileRules.fileMode(fileFacts))
        }

        // A disk that is (nearly) full: every write fails (exit 74), and reads of a store whose
        // shared memory cannot grow fail too — which is the disk, not damage (issue 23, point 14).
        let free = Self.freeBytes(folder)
        let diskFull = free.map { $0 < Self.lowDiskBytes } ?? false
        if let free, diskFull {
            result.findings.append(Finding(
                check: "disk", status: .problem,
                detail: "the disk that holds \(folder) has \(ByteCountText.bytes(free)) free: logs, imports and syncs fail until there is more",
                fix: "free some space on that disk, then run habit doctor again"))
        }
        result.examineDatabase(absolute, diskFull: diskFull)

        let wal = StorePaths.status(absolute + "-wal", followLinks: true)?.size ?? 0
        if wal > walWarningBytes {
            result.findings.append(Finding(
                check: "wal", status: .warning,
                detail: "\(absolute)-wal holds \(ByteCountText.bytes(wal)) not yet written back into the store (a process may still have it open)",
                fix: "sqlite3 \(ShellWords.quote(absolute)) 'PRAGMA wal_checkpoint(TRUNCATE);'"))
        } else {
            result.findings.append(.ok("wal", wal == 0 ? "no pending write-ahead log" : "write-ahead log \(ByteCountText.bytes(wal))"))
        }
        let leftovers = RestoreLeftovers.find(store: absolute)
        if !leftovers.isEmpty {
            result.findings.append(Finding(
                check: "leftovers", status: .warning,
                detail: "\(counting(leftovers.count, "temporary copy", plural: "temporary copies")) left beside the store by an interrupted restore: "
                    + leftovers.prefix(3).map { quoted(($0 as NSString).lastPathComponent) }.joined(separator: ", ")
                    + (leftovers.count > 3 ? " (and \(leftovers.count - 3) more)" : ""),
                fix: "rm -- " + leftovers.map { ShellWords.quote($0) }.joined(separator: " ") + " (the next habit restore removes them too)"))
        }
        return result
    }

    /// Below this, the disk is called full: a log needs a few pages, a checkpoint more.
    static let lowDiskBytes: Int64 = 1 << 20

    /// Bytes an unprivileged process may still write on the file system of `folder`.
    static func freeBytes(_ folder: String) -> Int64? {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }

    /// Above this, a write-ahead log is worth a warning (habit's own processes leave none behind).
    static let walWarningBytes: Int64 = 64 << 20

    /// `path`: a problem when the store or its folder is a symbolic link, a warning for a link
    /// further up.
    static func symlinks(in absolute: String) -> Finding {
        let parts = absolute.split(separator: "/").map(String.init)
        var prefix = ""
        var links: [(path: String, depth: Int)] = []
        for (i, part) in parts.enumerated() {
            prefix += "/" + part
            if StorePaths.status(prefix, followLinks: false)?.isSymlink == true { links.append((prefix, parts.count - 1 - i)) }
        }
        guard !links.isEmpty else { return .ok("path", "no symbolic link in the store path") }
        let real = StorePaths.realPath(absolute) ?? absolute
        let fix = "use the real path: --db \(ShellWords.quote(real)) or HABIT_DB=\(ShellWords.quote(real))"
        let list = links.map(\.path).joined(separator: ", ")
        if links.contains(where: { $0.depth <= 1 }) {
            return Finding(check: "path", status: .problem,
                           detail: "the store path goes through a symbolic link (\(list)); whoever controls a link controls where habit writes", fix: fix)
        }
        return Finding(check: "path", status: .warning, detail: "a folder above the store is a symbolic link (\(list))", fix: fix)
    }

    private mutating func examineDatabase(_ path: String, diskFull: Bool) {
        // A store that cannot be read on a full disk is not known to be damaged: free space first.
        let restoreFix = diskFull ? "free some space on the disk first (a full disk makes reads fail too), then run habit doctor again"
            : "habit restore BACKUP-FILE (a backup from before the damage)"
        let queue: DatabaseQueue
        do {
            queue = try StorePaths.openReadOnly(path)
        } catch {
            if Self.isLock(error) { return lockFound(path) }
            findings.append(Finding(check: "identity", status: .problem,
                                    detail: "\(path) cannot be read as an SQLite database: \(Self.message(error, path))",
                                    fix: "point --db or HABIT_DB at your habit store, or \(restoreFix)"))
            return
        }
        do {
            try queue.read { db in
                let identity = try StoreIdentity.of(db)
                switch identity {
                case .habit(let stamped):
                    findings.append(.ok("identity", stamped ? "a habit store (application_id HBIT)" : "a habit store (recognised by its migrations)"))
                case .foreign(let id):
                    findings.append(Finding(check: "identity", status: .problem,
                                            detail: "\(path) belongs to another program (application_id \(id)), not to habit",
                                            fix: "point --db or HABIT_DB at your habit store"))
                case .unknown:
                    findings.append(Finding(check: "identity", status: .problem,
                                            detail: "\(path) is an SQLite database without habit's tables or migrations",
                                            fix: "point --db or HABIT_DB at your habit store"))
                }

                let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check(20)")
                if integrity == ["ok"] {
                    findings.append(.ok("integrity", "no damage found (integrity_check)"))
                } else {
                    findings.append(Finding(check: "integrity", status: .problem,
                                            detail: "damaged: " + IntegrityReport.summary(integrity), fix: restoreFix))
                }

                let orphans = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
                if orphans.isEmpty {
                    findings.append(.ok("foreign-keys", "every reference points at a row (foreign_key_check)"))
                } else {
                    let tables = Set(orphans.compactMap { $0[0] as String? }).sorted().joined(separator: ", ")
                    findings.append(Finding(check: "foreign-keys", status: .problem,
                                            detail: "\(counting(orphans.count, "row")) in \(tables) point at rows that are gone",
                                            fix: restoreFix))
                }

                guard case .habit = identity else { return }
                findings.append(try Self.schema(db))
                if try db.tableExists("reminder") {
                    enabledReminders = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM reminder WHERE enabled") ?? 0
                }
            }
        } catch {
            if Self.isLock(error) {
                try? queue.close()
                return lockFound(path)
            }
            // One integrity finding: a damaged store already reported by integrity_check often
            // fails the reads after it too.
            if !findings.contains(where: { $0.check == "integrity" && $0.status == .problem }) {
                findings.append(Finding(check: "integrity", status: .problem,
                                        detail: "reading \(path) failed: \(Self.message(error, path))", fix: restoreFix))
            }
        }
        try? queue.close()
    }

    /// Whether `error` is another process's lock (SQLite's busy or locked), not damage.
    static func isLock(_ error: any Error) -> Bool {
        guard let code = (error as? DatabaseError)?.resultCode else { return false }
        return code == .SQLITE_BUSY || code == .SQLITE_LOCKED
    }

    /// `lock`: the store stayed locked past the wait — who may hold it and what to do; never the
    /// advice to restore a backup (that would replace today's data with older data).
    private mutating func lockFound(_ path: String) {
        locked = true
        let file = ShellWords.quote(path)
        findings.append(Finding(
            check: "lock", status: .problem,
            detail: "\(path) stayed locked by another program for 10 s (another habit process, an import, a sync, "
                + "or a program that has it open), so it was not checked; a lock is not damage",
            fix: "wait for it to finish and run habit doctor again; 'fuser -v \(file)' or 'lsof \(file)' shows who holds it"))
    }

    /// `schema`: the schema exactly as habit makes it (``SchemaCheck``, the same check `restore`
    /// makes), and `user_version` against the migrations this binary knows.
    private static func schema(_ db: Database) throws -> Finding {
        let version: Int
        switch try SchemaCheck.examine(db) {
        case .newer(let newer, let unknown):
            return Finding(check: "schema", status: .problem,
                           detail: "schema version \(newer)" + (unknown.isEmpty ? "" : " (migrations \(unknown.prefix(3).map { quoted($0) }.joined(separator: ", ")))")
                               + " is newer than this habit understands (\(Schema.currentVersion))",
                           fix: "update habit to the version that wrote this store")
        case .differs(let found, let detail):
            return Finding(check: "schema", status: .problem,
                           detail: "schema version \(found) is not as habit makes it: \(detail)",
                           fix: "habit restore BACKUP-FILE (a backup from before the change)")
        case .matches(let found):
            version = found
        }
        if version < Schema.currentVersion {
            return Finding(check: "schema", status: .warning,
                           detail: "schema version \(version), older than this habit's \(Schema.currentVersion); the next habit command migrates it",
                           fix: "habit backup BACKUP-FILE, then any habit command (e.g. habit today)")
        }
        return .ok("schema", "schema version \(version), current")
    }

    private static func message(_ error: any Error, _ path: String) -> String {
        if let db = error as? DatabaseError { return db.message ?? "\(db.resultCode)" }
        return "\(StoreError.from(error, path: path))"
    }
}

/// `integrity_check` output as one line: its first message and how many more there are.
enum IntegrityReport {
    static func summary(_ rows: [String]) -> String {
        let lines = rows.flatMap { $0.split(whereSeparator: \.isNewline) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("***") }
        guard let first = lines.first else { return "integrity_check failed" }
        return first + (lines.count > 1 ? " (and \(lines.count - 1) more)" : "")
    }
}

/// Whose database a file is: habit's (stamped with `Schema.applicationID`, or from before that,
/// recognised by habit's first migration in `grdb_migrations`), another program's, or unknown.
enum StoreIdentity: Equatable {
    case habit(stamped: Bool)
    case foreign(applicationID: Int64)
    case unknown

    static func of(_ db: Database) throws -> StoreIdentity {
        let id = try Int64.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if id == Int64(Schema.applicationID) { return .habit(stamped: true) }
        if id != 0 { return .foreign(applicationID: id) }
        guard let first = Schema.migrator.migrations.first, try db.tableExists("grdb_migrations") else { return .unknown }
        return try Schema.migrator.appliedIdentifiers(db).contains(first) ? .habit(stamped: false) : .unknown
    }
}

/// File-system helpers shared by doctor, backup and restore.
enum StorePaths {
    struct Status {
        var mode: UInt32
        var owner: UInt32
        var size: Int64
        var type: UInt32
        var device: UInt64
        var inode: UInt64

        var isRegular: Bool { type == 0o100000 }
        var isDirectory: Bool { type == 0o040000 }
        var isSymlink: Bool { type == 0o120000 }
        /// What the file is, for a message: "a folder", "a device", …
        var kindText: String {
            switch type {
            case 0o100000: "a regular file"
            case 0o040000: "a folder"
            case 0o120000: "a symbolic link"
            case 0o020000, 0o060000: "a device"
            case 0o010000: "a named pipe (FIFO)"
            case 0o140000: "a socket"
            default: "not a regular file"
            }
        }
        var identity: FileIdentity { FileIdentity(device: device, inode: inode) }
    }

    /// `stat` (or `lstat`), nil when nothing is there.
    static func status(_ path: String, followLinks: Bool) -> Status? {
        var info = stat()
        let rc = followLinks ? stat(path, &info) : lstat(path, &info)
        guard rc == 0 else { return nil }
        return Status(mode: UInt32(info.st_mode) & 0o7777, owner: UInt32(info.st_uid), size: Int64(info.st_size),
                      type: UInt32(info.st_mode) & 0o170000,
                      device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
    }

    /// `path` made absolute against the working folder, with `.` and `..` removed as text (links
    /// are not resolved).
    static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A read-only connection that never creates the file and waits up to 10 s for a lock.
    static func openReadOnly(_ path: String) throws -> DatabaseQueue {
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(10)
        return try DatabaseQueue(path: path, configuration: config)
    }
}

/// A file's identity (device and inode): the same file whatever path or link names it.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    /// The identity of the file `path` names (links followed), nil when there is none.
    public init?(path: String) {
        guard let status = StorePaths.status(path, followLinks: true) else { return nil }
        self = status.identity
    }

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

/// Sizes for people: `512 bytes`, `1.5 MiB`.
enum ByteCountText {
    static func bytes(_ n: Int64) -> String {
        if n < 1024 { return counting(n, "byte") }
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(n) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 { value /= 1024; unit += 1 }
        return String(format: "%.1f", value) + " " + units[unit]
    }
}
