import Foundation
import GRDB
import GRDBSQLite

/// Failures of `habit backup` and `habit restore`. Each leaves every file as it was.
public enum BackupError: HabitError {
    case noStore(String)
    case noFile(String)
    case notARegularFile(String)
    case isTheStore(String, store: String)
    case exists(String)
    case isAFolder(String)
    case cannotWrite(String, reason: String)
    case notAHabitStore(String, reason: String)
    case damaged(String, detail: String)
    case newerSchema(String, version: Int, supported: Int)
    case pendingLog(String)
    case storeIsLink(String)
    case busy(String)
    case notReplaceable(String, what: String)
    case unexpectedSchema(String, detail: String)
    case unknownMigrations(String, names: [String])

    public var kind: ErrorKind {
        switch self {
        case .noStore, .noFile, .notARegularFile: .noInput
        case .isTheStore: .usage
        case .exists, .isAFolder, .cannotWrite, .storeIsLink, .notReplaceable: .cantCreate
        case .notAHabitStore, .damaged, .newerSchema, .pendingLog, .unexpectedSchema, .unknownMigrations: .dataError
        case .busy: .unavailable
        }
    }

    public var description: String {
        switch self {
        case .noStore(let path):
            "there is no store at \(path) to back up; check --db or HABIT_DB"
        case .noFile(let path):
            "\(path) does not exist; give the backup file to restore"
        case .notARegularFile(let path):
            "\(path) is not a regular file (a folder, device or pipe); give a backup file"
        case .isTheStore(let path, let store):
            "\(path) is the store \(store) itself (or its -wal/-shm); give another file"
        case .exists(let path):
            "\(path) already exists; choose another name, or add --force to replace it"
        case .isAFolder(let path):
            "\(path) is a folder; give a file name, e.g. \(path)/habit-backup.sqlite"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason); choose a folder you can write to"
        case .notAHabitStore(let path, let reason):
            "\(path) is not a habit store (\(reason)); nothing was changed — give a file made by 'habit backup'"
        case .damaged(let path, let detail):
            "\(path) is damaged (\(detail)); nothing was changed — restore an older backup"
        case .newerSchema(let path, let version, let supported):
            "\(path) has schema version \(version), newer than this habit understands (\(supported)); nothing was changed — update habit"
        case .pendingLog(let path):
            "\(path)-wal beside it holds changes not yet in \(path) (the file is in use or was copied while open); make the copy with 'habit backup' instead"
        case .storeIsLink(let path):
            "the store path \(path) is a symbolic link, which restore does not replace; give the real path with --db"
        case .notReplaceable(let path, let what):
            "\(path) is \(what), not a regular file; habit only replaces a regular file — choose another name"
        case .unexpectedSchema(let path, let detail):
            "\(path) has a schema that habit does not make (\(detail)); nothing was changed — restore another backup"
        case .unknownMigrations(let path, let names):
            "\(path) records migrations this habit does not know (\(names.prefix(3).map { quoted($0) }.joined(separator: ", "))); it was written by a newer habit — nothing was changed; update habit"
        case .busy(let path):
            "the store \(path) stayed busy for 10 s (another habit process is writing); nothing was changed — try again"
        }
    }
}

/// What `habit backup` wrote.
public struct BackupReport: Sendable, Equatable {
    public let file: String
    public let bytes: Int64
    public let schemaVersion: Int
}

/// What `habit restore` did.
public struct RestoreReport: Sendable, Equatable {
    public let file: String
    public let store: String
    /// Where the store that was there before now is; nil when there was none.
    public let kept: String?
    public let schemaVersion: Int
    /// The command habits the backup brought, by name: disarmed unless restored with `trustCommands`.
    public var commands: [RestoredCommand] = []
}

/// A command habit a restored backup brought (Standards/automation.md, "Armed").
public struct RestoredCommand: Sendable, Equatable {
    public let habit: String
    public let command: String
    public let armed: Bool
}

/// Copies of the store: `backup` through SQLite's online backup API, `restore` by an atomic swap.
public enum StoreBackup {
    /// Writes a consistent copy of the store at `store` to `file` (mode 0600).
    ///
    /// The copy is one read transaction of SQLite's online backup API, so other processes go
    /// on writing meanwhile and the copy holds the store as of one instant. It is written to a
    /// temporary file beside `file`, switched to a self-contained rollback journal, checked with
    /// `quick_check`, synced and renamed into place.
    /// - Throws: ``BackupError`` when there is no store, `file` is the store or one of its
    ///   -wal/-shm files, `file` exists (without `force`), or its folder cannot be written.
    public static func backup(store: String, to file: String, force: Bool) throws -> BackupReport {
        let storePath = StorePaths.absolute(store)
        let target = StorePaths.absolute(file)
        guard let storeStatus = StorePaths.status(storePath, followLinks: true), storeStatus.isRegular else {
            throw BackupError.noStore(storePath)
        }
        try refuseStoreFiles(target, store: storePath)
        // Only a regular file (or nothing) is ever replaced: a device, FIFO, socket, folder or
        // link stays as it is, --force or not (the link itself is what rename(2) would replace).
        if let existing = StorePaths.status(target, followLinks: false) {
            if existing.isDirectory { throw BackupError.isAFolder(target) }
            if !existing.isRegular { throw BackupError.notReplaceable(target, what: existing.kindText) }
            if !force { throw BackupError.exists(target) }
        }
        let folder = (target as NSString).deletingLastPathComponent
        guard StorePaths.status(folder, followLinks: true)?.isDirectory == true else {
            throw BackupError.cannotWrite(target, reason: "the folder \(folder) does not exist")
        }

        let source: DatabaseQueue
        do { source = try StorePaths.openReadOnly(storePath) } catch { throw StoreError.from(error, path: storePath) }
        defer { try? source.close() }
        let version: Int
        do {
            version = try source.read { db in
                guard case .habit = try StoreIdentity.of(db) else {
                    throw BackupError.notAHabitStore(storePath, reason: "no habit schema in it")
                }
                return try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            }
        } catch {
            throw StoreError.from(error, path: storePath)
        }

        let temp = try TempFile(beside: target)
        defer { temp.remove() }
        do {
            let destination = try DatabaseQueue(path: temp.path)
            try source.backup(to: destination)
            try destination.writeWithoutTransaction { db in
                // A backup is one file: no -wal to lose on the way (a restored store goes back to WAL).
                try db.execute(sql: "PRAGMA journal_mode = DELETE")
                let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
                if check != ["ok"] { throw BackupError.damaged(storePath, detail: IntegrityReport.summary(check)) }
            }
            try destination.close()
        } catch let error as BackupError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            throw BackupError.busy(storePath)
        } catch {
            throw BackupError.cannotWrite(target, reason: "\(StoreError.from(error, path: target))")
        }
        try temp.sync()
        try temp.install(at: target, replacing: force)
        syncFolder(folder)
        return BackupReport(file: target, bytes: StorePaths.status(target, followLinks: true)?.size ?? 0, schemaVersion: version)
    }

    /// Replaces the store at `store` with the backup `file`, keeping the current store beside it
    /// as `<store>.before-restore-YYYYMMDD-HHMMSS` (local time of `now`).
    ///
    /// `file` is copied to a temporary file (0600) in the store's folder and that copy is checked:
    /// an SQLite database that passes `integrity_check` and `foreign_key_check`, a habit store,
    /// a schema no newer than this binary's (an older one is migrated in the copy). Its command
    /// habits' commands are disarmed in the copy — never run until the person arms them — unless
    /// `trustCommands` (Standards/automation.md, "Armed"). Then,
    /// holding the store's write lock after a checkpoint (so the kept store is complete in one
    /// file), the current store is linked to the kept name, the copy is renamed over the store
    /// (`rename(2)`: atomic), and the old -wal/-shm are removed so SQLite never applies them
    /// to the restored file. When the check fails, nothing is changed.
    public static func restore(_ file: String, into store: String, now: Date, calendar: HabitCalendar,
                               trustCommands: Bool = false) throws -> RestoreReport {
        let source = StorePaths.absolute(file)
        let storePath = StorePaths.absolute(store)
        guard let status = StorePaths.status(source, followLinks: true) else { throw BackupError.noFile(source) }
        guard status.isRegular else { throw BackupError.notARegularFile(source) }
        try refuseStoreFiles(source, store: storePath)
        if let wal = StorePaths.status(source + "-wal", followLinks: true), wal.size > 0 { throw BackupError.pendingLog(source) }
        let current = StorePaths.status(storePath, followLinks: false)
        if current?.isSymlink == true { throw BackupError.storeIsLink(storePath) }
        if let current, !current.isRegular { throw BackupError.cannotWrite(storePath, reason: "it is not a regular file") }
        // The folder rules of every command (exit 77): the store's folder and the store are the
        // user's (or root's) and not writable by others.
        try StoreFile.checkPlace(storePath)

        let folder = (storePath as NSString).deletingLastPathComponent
        let createdFolders = try createFolders(folder, for: storePath)
        var done = false
        defer { if !done { removeFolders(createdFolders) } }

        let temp = try TempFile(beside: storePath)
        defer { temp.remove() }
        try temp.copy(from: source)
        let version = try validate(temp.path, named: source)
        try walMode(temp.path, named: source)
        let commands = try armCommands(temp.path, named: source, trust: trustCommands)
        // Copies left by restores killed part-way (never this run's own: it holds its lock).
        RestoreLeftovers.remove(store: storePath)

        var kept: String?
        if current != nil {
            kept = try swapKeeping(storePath, with: temp, now: now, calendar: calendar)
        } else {
            try temp.install(at: storePath, replacing: false)
        }
        syncFolder(folder)
        done = true
        return RestoreReport(file: source, store: storePath, kept: kept, schemaVersion: version, commands: commands)
    }

    /// Brings the copy at `path` to this habit's schema and disarms every command it holds (arms
    /// them with `trust`), in one transaction, before the copy is the store: no `remind check` or
    /// `refresh` can run one in between. Returns the commands, by habit name.
    private static func armCommands(_ path: String, named name: String, trust: Bool) throws -> [RestoredCommand] {
        defer {
            unlink(path + "-wal")
            unlink(path + "-shm")
        }
        do {
            var config = Configuration()
            config.foreignKeysEnabled = true
            let queue = try DatabaseQueue(path: path, configuration: config)
            // The version it was written at decides what v22 moves, as when a store is opened.
            let written = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
            try Schema.migrator(upgradingFrom: written).migrate(queue)
            let commands = try queue.write { db in
                try db.execute(sql: trust ? "DELETE FROM disarmedCommand"
                               : "INSERT OR IGNORE INTO disarmedCommand (habitId) SELECT id FROM habit WHERE command IS NOT NULL")
                return try Row.fetchAll(db, sql: "SELECT name, command FROM habit WHERE command IS NOT NULL ORDER BY name").map { row in
                    RestoredCommand(habit: row[0], command: row[1], armed: trust)
                }
            }
            try queue.close()  // the last connection: the write-ahead log goes back into the copy
            return commands
        } catch {
            throw BackupError.damaged(name, detail: "it cannot be brought to this habit's schema: " + escapingControlCharacters("\(error)"))
        }
    }

    // MARK: - Restore steps

    /// Checks the copy at `path` (reported as `name`) and returns its schema version.
    private static func validate(_ path: String, named name: String) throws -> Int {
        defer {
            // A read-only connection to a WAL-mode file leaves empty -wal/-shm beside our copy.
            unlink(path + "-wal")
            unlink(path + "-shm")
        }
        let queue: DatabaseQueue
        do { queue = try StorePaths.openReadOnly(path) } catch {
            throw BackupError.notAHabitStore(name, reason: "not an SQLite database")
        }
        defer { try? queue.close() }
        do {
            return try queue.read { db in
                let check = try String.fetchAll(db, sql: "PRAGMA integrity_check(5)")
                if check != ["ok"] { throw BackupError.damaged(name, detail: IntegrityReport.summary(check)) }
                guard case .habit = try StoreIdentity.of(db) else {
                    throw BackupError.notAHabitStore(name, reason: "no habit schema or application id in it")
                }
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                if version > Schema.currentVersion {
                    throw BackupError.newerSchema(name, version: version, supported: Schema.currentVersion)
                }
                // Exactly the schema habit makes at that version: no planted trigger, view, table
                // or index, no migration of a newer habit (SchemaCheck, shared with doctor).
                switch try SchemaCheck.examine(db) {
                case .matches: break
                case .newer(let newer, let unknown):
                    if unknown.isEmpty { throw BackupError.newerSchema(name, version: newer, supported: Schema.currentVersion) }
                    throw BackupError.unknownMigrations(name, names: unknown)
                case .differs(_, let detail):
                    throw BackupError.unexpectedSchema(name, detail: detail)
                }
                if try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") != nil {
                    throw BackupError.damaged(name, detail: "rows point at rows that are gone (foreign_key_check)")
                }
                return version
            }
        } catch let error as BackupError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw BackupError.notAHabitStore(name, reason: "not an SQLite database")
        } catch let error as DatabaseError {
            throw BackupError.damaged(name, detail: error.message ?? "\(error.resultCode)")
        } catch {
            throw BackupError.damaged(name, detail: escapingControlCharacters("\(error)"))
        }
    }

    /// Puts the checked copy in WAL mode, like every habit store, so that a process opening it
    /// shows up in its -shm (see ``SharedMemoryProbe``); its -wal and -shm are gone afterwards.
    ///
    /// The copy is ours, 0600, in a folder we just wrote it to: when it cannot be switched, the
    /// file is at fault (e.g. a header whose write version makes SQLite open it read-only), and
    /// it is refused as damaged (`name`: the backup as the user named it).
    private static func walMode(_ path: String, named name: String) throws {
        do {
            let queue = try DatabaseQueue(path: path)
            let mode = try queue.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
            try queue.close()
            if mode?.lowercased() != "wal" { throw BackupError.damaged(name, detail: "it cannot be switched to WAL mode") }
        } catch let error as BackupError {
            throw error
        } catch let error as DatabaseError {
            throw BackupError.damaged(name, detail: "it cannot be switched to WAL mode: " + escapingControlCharacters(error.message ?? "\(error.resultCode)"))
        } catch {
            throw BackupError.damaged(name, detail: "it cannot be switched to WAL mode: " + escapingControlCharacters("\(error)"))
        }
    }

    /// Swaps `temp` in at `store` and returns where the old store is kept.
    private static func swapKeeping(_ store: String, with temp: TempFile, now: Date, calendar: HabitCalendar) throws -> String {
        let day = calendar.day(containing: now), time = calendar.time(of: now)
        func swap(keepWAL: Bool) throws -> String {
            var attempt = 1
            var kept = FileRules.keptName(store: store, day: day, time: time)
            while link(store, kept) != 0 {
                let code = errno
                guard code == EEXIST, attempt < 100 else {
                    throw BackupError.cannotWrite(kept, reason: String(cString: strerror(code)))
                }
                attempt += 1
                kept = FileRules.keptName(store: store, day: day, time: time, attempt: attempt)
            }
            guard rename(temp.path, store) == 0 else {
                let code = errno
                unlink(kept)
                throw BackupError.cannotWrite(store, reason: String(cString: strerror(code)))
            }
            temp.installed = true
            // The old store's log and index must never meet the restored file.
            if keepWAL, (StorePaths.status(store + "-wal", followLinks: false)?.size ?? 0) > 0 {
                rename(store + "-wal", kept + "-wal")
            } else {
                unlink(store + "-wal")
            }
            unlink(store + "-shm")
            return kept
        }

        // Checkpoint, then take the write lock and make sure the log is still empty and no other
        // process has the store open: the kept file is then the complete store, and no habit
        // process holds the old file, its -wal or -shm across the swap (SQLite would mix them
        // with the restored file's). A busy store is retried for about 10 s.
        let others = SharedMemoryProbe()  // closed after the writer: closing a descriptor drops this process's locks
        defer { others.release() }
        let writer: DatabaseQueue
        do {
            var config = Configuration()
            config.busyMode = .timeout(10)
            writer = try DatabaseQueue(path: store, configuration: config)
        } catch {
            return try swap(keepWAL: true)  // not a database we can open: keep its files as they are
        }
        defer { try? writer.close() }
        do {
            return try writer.writeWithoutTransaction { db in
                // Closing this connection must not delete the -wal/-shm names, which by then
                // belong to the restored store.
                var persist: CInt = 1
                _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
                for _ in 0..<1_000 {
                    _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                    others.attach(store + "-shm")
                    var kept: String?
                    try db.inTransaction(.immediate) {
                        if (StorePaths.status(store + "-wal", followLinks: false)?.size ?? 0) == 0 && !others.inUse {
                            kept = try swap(keepWAL: false)
                        }
                        return .rollback
                    }
                    if let kept { return kept }
                    usleep(10_000)
                }
                throw BackupError.busy(store)
            }
        } catch let error as BackupError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            throw BackupError.busy(store)
        } catch is DatabaseError {
            return try swap(keepWAL: true)  // damaged or foreign: keep it and its log untouched
        }
    }

    /// Creates the store's folder (0700) and any missing parents; returns the ones it created.
    private static func createFolders(_ folder: String, for store: String) throws -> [String] {
        var missing: [String] = []
        var path = folder
        while !path.isEmpty, path != "/", StorePaths.status(path, followLinks: true) == nil {
            missing.append(path)
            path = (path as NSString).deletingLastPathComponent
        }
        if let existing = StorePaths.status(path, followLinks: true), !existing.isDirectory {
            throw BackupError.cannotWrite(store, reason: "\(path) is not a folder")
        }
        for dir in missing.reversed() {
            guard mkdir(dir, 0o700) == 0 else {
                let code = errno
                removeFolders(missing.filter { StorePaths.status($0, followLinks: false) != nil })
                throw BackupError.cannotWrite(store, reason: String(cString: strerror(code)))
            }
        }
        return missing
    }

    private static func removeFolders(_ folders: [String]) {
        for dir in folders { rmdir(dir) }  // deepest first; only empty folders go
    }

    /// Refuses `path` when it names the store or one of SQLite's files beside it, by identity:
    /// the same inode, or the same folder (by inode) and one of the names SQLite derives.
    private static func refuseStoreFiles(_ path: String, store: String) throws {
        let real = StorePaths.realPath(store) ?? store
        let sidecars = ["", "-wal", "-shm", "-journal"]
        if let id = FileIdentity(path: path),
           sidecars.contains(where: { FileIdentity(path: real + $0) == id || FileIdentity(path: store + $0) == id }) {
            throw BackupError.isTheStore(path, store: store)
        }
        let folder = FileIdentity(path: (path as NSString).deletingLastPathComponent)
        let name = (path as NSString).lastPathComponent
        for candidate in Set([real, store]) where folder != nil && folder == FileIdentity(path: (candidate as NSString).deletingLastPathComponent) {
            let storeName = (candidate as NSString).lastPathComponent
            if sidecars.contains(where: { storeName + $0 == name }) { throw BackupError.isTheStore(path, store: store) }
        }
    }

    private static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY)
        if fd >= 0 { fsync(fd); close(fd) }
    }
}

/// Tells whether another process has a WAL store open: every SQLite connection holds a shared
/// lock on the "DMS" byte (offset 128) of the -shm file while it is open (sqlite.org/walformat.html).
/// Opened once and closed only after this process's own connection is closed, because closing
/// any descriptor of a file drops all of the process's POSIX locks on it.
private final class SharedMemoryProbe {
    private var fd: Int32 = -1

    func attach(_ path: String) {
        if fd < 0 { fd = open(path, O_RDONLY) }
    }

    /// True when another process holds a lock that conflicts with a write lock on the DMS byte.
    var inUse: Bool {
        guard fd >= 0 else { return false }
        var query = flock()
        query.l_type = Int16(F_WRLCK)
        query.l_whence = Int16(SEEK_SET)
        query.l_start = 128
        query.l_len = 1
        guard fcntl(fd, F_GETLK, &query) == 0 else { return true }
        return query.l_type != Int16(F_UNLCK)
    }

    func release() {
        if fd >= 0 { close(fd) }
        fd = -1
    }
}

/// A temporary file (0600, from `mkstemp`) beside its destination, removed unless installed.
private final class TempFile {
    let path: String
    /// Set once the file has been moved into place: `remove()` then leaves it alone.
    var installed = false
    /// Holds `flock(LOCK_EX)` on the file while this process lives, so that a restore cleaning
    /// up the copies of killed runs (``RestoreLeftovers``) never takes a running one's.
    private var lockFD: Int32 = -1

    init(beside destination: String) throws {
        let folder = (destination as NSString).deletingLastPathComponent
        let name = (destination as NSString).lastPathComponent
        var template = Array((folder + "/." + name + ".habit-tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else { throw BackupError.cannotWrite(destination, reason: String(cString: strerror(errno))) }
        fchmod(fd, 0o600)
        flock(fd, LOCK_EX | LOCK_NB)
        lockFD = fd
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Fills the file with the bytes of `source`, synced to disk.
    func copy(from source: String) throws {
        let input = open(source, O_RDONLY)
        guard input >= 0 else { throw BackupError.noFile(source) }
        defer { close(input) }
        let output = open(path, O_WRONLY | O_TRUNC)
        guard output >= 0 else { throw BackupError.cannotWrite(path, reason: String(cString: strerror(errno))) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n == 0 { break }
            guard n > 0 else { throw BackupError.cannotWrite(path, reason: "reading \(source): " + String(cString: strerror(errno))) }
            var written = 0
            while written < n {
                let w = buffer.withUnsafeBytes { write(output, $0.baseAddress.map { $0 + written }, n - written) }
                guard w > 0 else { throw BackupError.cannotWrite(path, reason: String(cString: strerror(errno))) }
                written += w
            }
        }
        guard fsync(output) == 0 else { throw BackupError.cannotWrite(path, reason: String(cString: strerror(errno))) }
    }

    func sync() throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0, fsync(fd) == 0 else {
            if fd >= 0 { close(fd) }
            throw BackupError.cannotWrite(path, reason: String(cString: strerror(errno)))
        }
        close(fd)
    }

    /// Moves the file to `destination`: `rename(2)` when replacing, else `link(2)` so that a
    /// file that appeared meanwhile is never overwritten.
    func install(at destination: String, replacing: Bool) throws {
        if replacing {
            guard rename(path, destination) == 0 else {
                throw BackupError.cannotWrite(destination, reason: String(cString: strerror(errno)))
            }
        } else {
            guard link(path, destination) == 0 else {
                let code = errno
                if code == EEXIST { throw BackupError.exists(destination) }
                throw BackupError.cannotWrite(destination, reason: String(cString: strerror(code)))
            }
            unlink(path)
        }
        installed = true
    }

    /// Removes the file (unless installed) and any journal SQLite left beside it.
    func remove() {
        if !installed { unlink(path) }
        for suffix in ["-journal", "-wal", "-shm"] { unlink(path + suffix) }
        if lockFD >= 0 { close(lockFD) }
        lockFD = -1
    }
}

/// Temporary copies that a `restore` killed part-way left beside the store (the store itself is
/// whole, old or new: the swap is one rename): `.<store name>.habit-tmp-XXXXXX` (mkstemp's six
/// letters and digits) and SQLite's `-journal`, `-wal`, `-shm` of it. Only regular files of this
/// user that no running habit holds (a live restore keeps an `flock` on its copy) count.
/// `restore` removes them; `doctor` names them.
enum RestoreLeftovers {
    static func find(store: String) -> [String] {
        let folder = (store as NSString).deletingLastPathComponent
        let prefix = "." + (store as NSString).lastPathComponent + ".habit-tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var found: [String] = []
        var busy: [String: Bool] = [:]
        for name in names.sorted() where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let unique = rest.prefix(6)
            guard unique.count == 6, unique.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }),
                  ["", "-journal", "-wal", "-shm"].contains(String(rest.dropFirst(6))) else { continue }
            let path = folder + "/" + name
            guard let status = StorePaths.status(path, followLinks: false), status.isRegular, status.owner == geteuid() else { continue }
            let base = folder + "/" + prefix + unique
            if busy[base] == nil { busy[base] = inUse(base) }
            if busy[base] == false { found.append(path) }
        }
        return found
    }

    static func remove(store: String) {
        for path in find(store: store) { unlink(path) }
    }

    /// Whether a running process holds the copy's lock (a missing copy is not in use).
    private static func inUse(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 { return errno == EWOULDBLOCK }
        flock(fd, LOCK_UN)
        return false
    }
}
