import Foundation
import GRDBSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a command may create the store.
public enum StoreAccess: Sendable {
    /// Logging, settings, imports: a missing store is created (folder 0700, file 0600).
    case create
    /// Reading commands: a missing store reads as an empty one, and nothing is created.
    case read
}

/// What habit checks about a store path before SQLite ever opens it (Standards/security.md).
///
/// In the spirit of ssh's StrictModes: the store file and its folder must belong to the user who
/// runs habit (or to root) and must not be writable by group or others; a symbolic link is
/// followed only when the link itself is the user's and leads to an existing file that passes
/// the same checks — a dangling link never creates anything. An existing file must be a habit
/// store (SQLite header, `application_id`, or a pre-v4 store's migration table) and of a schema
/// this binary understands: anything else is refused before it is opened, so it stays
/// byte-for-byte as it was.
public enum StoreFile {
    /// What the path leads to.
    enum State {
        /// No file: `path` is where a new store goes.
        case missing(path: String)
        /// An empty file (a store another process is creating right now).
        case empty(path: String)
        /// A habit store at `path` (links resolved), with its header's schema version.
        case store(path: String, version: Int)
    }

    static func inspect(_ path: String) throws -> State {
        guard !path.isEmpty, !path.utf8.contains(0) else { throw StoreError.unsafePath(path, reason: "it is empty or contains a NUL byte") }
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw unreachable(path, errno: errno) }
            try checkFolder(of: path)
            return .missing(path: path)
        }
        var target = path
        if (info.st_mode & S_IFMT) == S_IFLNK {
            guard info.st_uid == geteuid() || info.st_uid == 0 else {
                throw StoreError.unsafePath(path, reason: "it is a symbolic link owned by another user (uid \(info.st_uid))")
            }
            guard let resolved = realpath(path, nil) else {
                throw StoreError.unsafePath(path, reason: "it is a symbolic link to a file that does not exist; habit never creates a store through a link")
            }
            target = String(cString: resolved)
            free(resolved)
            guard stat(target, &info) == 0 else { throw StoreError.unsafePath(path, reason: "its link target cannot be read") }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw StoreError.cannotCreateFile(path, reason: "it is a folder")
        default: throw StoreError.unsafePath(path, reason: "it is not a regular file")
        }
        try checkOwnerAndMode(info, of: target, what: "store")
        try checkFolder(of: target)
        if info.st_size == 0 { return .empty(path: target) }
        return .store(path: target, version: try identify(target))
    }

    /// Why the store at `path` cannot be looked at when its `lstat` failed with `code` (not ENOENT):
    /// a folder that does not let the user in is said as such — the store may be there, and neither
    /// another place (`--db`) nor a backup is the fix — anything else as a store that cannot be made.
    static func unreachable(_ path: String, errno code: Int32) -> StoreError {
        if code == EACCES { return .folderDenied(folder(of: path)) }
        return .cannotCreateFile(path, reason: String(cString: strerror(code)))
    }

    /// The rules of ``inspect(_:)`` for a path that `restore` replaces, without identifying the
    /// file there (a damaged or foreign store may be replaced): the file, when it is a regular
    /// one, and its folder, when it exists, are the user's or root's and not writable by others.
    static func checkPlace(_ path: String) throws {
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { try checkOwnerAndMode(info, of: path, what: "store") }
        try checkFolder(of: path)
    }

    /// Why the store at `path` (links resolved) or its folder is not one habit trusts — the rules
    /// of ``inspect(_:)`` — or nil. Command habits run nothing from such a store
    /// (Standards/security.md).
    public static func distrust(storeAt path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return "it cannot be found" }
        let file = String(cString: resolved)
        free(resolved)
        do {
            try checkPlace(file)
            return nil
        } catch StoreError.unsafePath(_, let reason) {
            return reason
        } catch {
            return "\(error)"
        }
    }

    /// The folder of `path`, if it exists: the user's or root's, not writable by group or others.
    private static func checkFolder(of path: String) throws {
        let folder = folder(of: path)
        var info = stat()
        guard stat(folder, &info) == 0 else { return }  // created later, 0700
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw StoreError.cannotCreateFolder(folder, reason: "a file is in the way") }
        try checkOwnerAndMode(info, of: folder, what: "store folder")
    }

    /// The folder `path` names its file in, as written (its `..` are left for the kernel to walk):
    /// what `URL(fileURLWithPath:).deletingLastPathComponent().path` gives (`StoreFileFolderTests`),
    /// without Foundation's URL for an absolute path — every command opens a store and every read
    /// checks its folder, and `URL.path`'s first use costs the runtime a conformance scan (0.3 M
    /// instructions of a `habit log`). A relative path still goes through `URL` (the working directory).
    public static func folder(of path: String) -> String {
        guard path.hasPrefix("/") else { return URL(fileURLWithPath: path).deletingLastPathComponent().path }
        var end = path.endIndex  // trailing slashes are not a part
        while end > path.index(after: path.startIndex), path[path.index(before: end)] == "/" { end = path.index(before: end) }
        guard var cut = path[..<end].lastIndex(of: "/") else { return "/" }
        while cut > path.startIndex, path[path.index(before: cut)] == "/" { cut = path.index(before: cut) }  // nor the slashes before it
        return cut == path.startIndex ? "/" : String(path[..<cut])
    }

    private static func checkOwnerAndMode(_ info: stat, of path: String, what: String) throws {
        if let reason = distrust(info, what: what) { throw StoreError.unsafePath(path, reason: reason) }
    }

    /// Why habit will not trust a file or folder with `info` (another user's; writable by group or
    /// others), or nil: the store's rule, also the pending journal's (``PendingJournalFile``).
    public static func distrust(_ info: stat, what: String) -> String? {
        guard info.st_uid == geteuid() || info.st_uid == 0 else {
            return "the \(what) belongs to another user (uid \(info.st_uid)); habit only opens its own files"
        }
        guard info.st_mode & 0o022 == 0 else {
            let mode = String(info.st_mode & 0o7777, radix: 8)
            return "the \(what) is writable by others (mode \(mode)); run chmod go-w on it"
        }
        return nil
    }

    /// The schema version of the habit store at `path`, read without changing anything.
    ///
    /// - Throws: ``StoreError/notAHabitStore(_:reason:)`` for any other file;
    ///   ``StoreError/newerSchema(_:version:supported:)`` for a store this binary cannot read.
    static func identify(_ path: String) throws -> Int {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == EACCES { throw StoreError.permissionDenied(path) }
            throw StoreError.io(path, message: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 100, 0) }
        guard count == 100, header[0..<16].elementsEqual(Array("SQLite format 3\0".utf8)) else {
            throw StoreError.notAHabitStore(path, reason: "it is not an SQLite database")
        }
        func int32(at offset: Int) -> Int32 {
            Int32(bitPattern: header[offset..<(offset + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
        let applicationID = int32(at: 68)
        let version = Int(int32(at: 60))
        if applicationID == Schema.applicationID {
            try StoreError.refuseNewer(version, path: path)
            return version
        }
        guard applicationID == 0 else {
            throw StoreError.notAHabitStore(path, reason: "its application id says it belongs to another program")
        }
        // Before v4 a habit store had no application id: it is the one with habit's first migration.
        // A store that another habit process is setting up right now shows neither yet: its setup
        // holds the folder's lock, so wait for that and look again.
        if try hasHabitMigrations(path) { return version }
        let lock = try SetupLock(folder: folder(of: path), store: path)
        let found = try withExtendedLifetime(lock) { try hasHabitMigrations(path) }
        guard found else { throw StoreError.notAHabitStore(path, reason: "it is an SQLite database of another program") }
        return try currentVersion(path) ?? version
    }

    /// `user_version` as SQLite reads it (the WAL included), for a store whose header lags.
    private static func currentVersion(_ path: String) throws -> Int? {
        try withProbe(path) { handle in
            var statement: OpaquePointer?
            defer { sqlite3_finalize(statement) }
            guard sqlite3_prepare_v2(handle, "PRAGMA user_version", -1, &statement, nil) == SQLITE_OK,
                  sqlite3_step(statement) == SQLITE_ROW else { return nil }
            let version = Int(sqlite3_column_int64(statement, 0))
            try StoreError.refuseNewer(version, path: path)
            return version
        }
    }

    /// Whether GRDB's migration table in the file lists habit's first migration.
    private static func hasHabitMigrations(_ path: String) throws -> Bool {
        try withProbe(path) { handle in
            var statement: OpaquePointer?
            defer { sqlite3_finalize(statement) }
            let sql = "SELECT 1 FROM grdb_migrations WHERE identifier = 'v1-samples-workouts-sources'"
            guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { return false }
            return sqlite3_step(statement) == SQLITE_ROW
        } ?? false
    }

    /// Runs `body` on a read-only SQLite handle of `path` that changes nothing beside the file:
    /// `immutable` (no lock, no -wal or -shm made) when the file has no WAL; through SQLite's
    /// ordinary read-only path when a `-wal` exists (its newest pages may be there, and its
    /// -shm exists while it is in use). Nil when SQLite cannot open it.
    private static func withProbe<T>(_ path: String, _ body: (OpaquePointer?) throws -> T?) throws -> T? {
        var handle: OpaquePointer?
        defer { sqlite3_close(handle) }
        let hasWAL = access(path + "-wal", F_OK) == 0
        let uri = "file:" + percentEncoded(path) + (hasWAL ? "?mode=ro" : "?immutable=1")
        guard sqlite3_open_v2(uri, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK else { return nil }
        sqlite3_busy_timeout(handle, 10_000)
        return try body(handle)
    }

    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for b in path.utf8 {
            let safe = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || "/-._~".utf8.contains(b)
            out += safe ? String(UnicodeScalar(b)) : String(format: "%%%02X", b)
        }
        return out
    }
}
