import Foundation
import GRDB

/// The habit store: one SQLite file, HealthKit-shaped, reached through GRDB.
///
/// Like GRDB's `AppDatabase`, it holds a private writer and exposes only methods that keep the
/// data consistent. Every write is one IMMEDIATE transaction, so concurrent habit processes
/// (cron plus a person) serialise on the store's lock (busy timeout 10 s) and never lose rows.
public struct HabitStore: Sendable {
    private let dbWriter: any DatabaseWriter
    /// Set in the store a ``snapshot(_:)`` hands to its body: every read runs in that transaction.
    private let openSnapshot: StoreTransaction?
    /// Set in the store ``inOneTransaction(_:)`` hands to its body: every read and write joins it.
    private let openBatch: StoreTransaction?
    /// The file path, for error messages (":memory:" for in-memory stores).
    public let path: String
    /// The file itself, links resolved (nil for in-memory stores).
    let filePath: String?

    /// `setupLock` is taken before migrating, when the store is not at the current version.
    init(writer: any DatabaseWriter, path: String, filePath: String? = nil, setupLock: (() throws -> SetupLock)? = nil) throws {
        self.dbWriter = writer
        self.path = path
        self.filePath = filePath
        (openSnapshot, openBatch) = (nil, nil)
        try migrate(setupLock: setupLock)
    }

    /// `store` bound to a transaction in progress: a snapshot's, or a batch's.
    private init(_ store: HabitStore, snapshot: StoreTransaction? = nil, batch: StoreTransaction? = nil) {
        (dbWriter, path, filePath, openSnapshot, openBatch) = (store.dbWriter, store.path, store.filePath, snapshot, batch)
    }

    /// Closes the store's connection now, for a process that ends next: SQLite checkpoints the WAL
    /// into the file and removes it (and its -shm) when this was the last connection, exactly as
    /// when the store is released. The connection object is then kept until the process ends:
    /// releasing a GRDB queue unregisters it from the notification centre and disposes of its
    /// dispatch queue, which starts a worker thread — time an exiting process need not spend
    /// (Benchmarks/README.md has the figure). Every write was committed
    /// before this: a close that fails (it cannot, with no statement running) leaves the WAL for
    /// the next open, as a crash would. The store must not be used afterwards: a closed GRDB
    /// connection is not safe to touch (the process must end next).
    public func closeForExit() {
        try? dbWriter.close()
        _ = Unmanaged.passRetained(dbWriter as AnyObject)
    }

    /// An empty in-memory store, for tests and dry runs.
    static func inMemory(path: String = ":memory:") throws -> HabitStore {
        var config = Configuration()
        config.foreignKeysEnabled = true
        return try HabitStore(writer: DatabaseQueue(configuration: config), path: path)
    }

    /// Opens the store at `path`: WAL mode, foreign keys on, a 10 s busy timeout, migrations applied.
    /// `lockWait` shortens that wait for a reader that has something else to answer with when the
    /// store stays locked (`habit status` and its cached answer, Standards/access.md): it waits that
    /// long (to the millisecond), and then fails with ``StoreError/busy(_:)`` as after 10 s.
    ///
    /// The path is checked first (``StoreFile``: owner, mode, links, that an existing file is a
    /// habit store of a schema this binary reads): a refused path is left exactly as it was. With
    /// `.create`, a missing store is created (the folder 0700, the file 0600); with `.read`, a
    /// missing store opens as an empty in-memory one and nothing is created.
    public static func open(path: String, access: StoreAccess = .create, lockWait: Duration = .seconds(10)) throws -> HabitStore {
        let target: String
        let isNew: Bool
        switch try StoreFile.inspect(path) {
        case .missing(let p):
            if access == .read { return try inMemory(path: p) }
            (target, isNew) = (p, true)
        case .empty(let p): (target, isNew) = (p, true)
        case .store(let p, _): (target, isNew) = (p, false)
        }
        let folder = StoreFile.folder(of: target)
        try createFolder(folder)
        let (writable, empty) = try createFile(target)
        // Setting up a store is not safe to race (SQLite cannot switch a file to WAL while
        // another process has it open; GRDB's migrator reads what is applied before it locks),
        // so processes that find it new or outdated take turns on a lock of the folder. A new
        // file is locked before the first open, which sets its page size and WAL mode.
        let newStoreLock = writable && empty ? try SetupLock(folder: folder, store: target) : nil
        var config = Configuration()
        config.foreignKeysEnabled = true
        // Wait up to 10 s (`lockWait`) for another writer, looking again every millisecond (SQLite's
        // own timeout backs off to 100 ms between looks, which can miss the short gaps a batched
        // import leaves between its transactions).
        let looks = max(1, Int(lockWait.components.seconds) * 1_000 + Int(lockWait.components.attoseconds / 1_000_000_000_000_000))
        config.busyMode = .callback { tries in
            if DayTotals.waitsForNoOne { return false }
            usleep(1_000)
            return tries < looks
        }
        if writable && (isNew || empty) {
            // WAL is persistent in the file: this pragma is a no-op once set. Unlike GRDB's
            // `journalMode = .wal`, it leaves `synchronous` at SQLite's default FULL, so a commit
            // habit reported is on disk (fsync of the WAL), and it skips GRDB's extra file checks.
            // A new file gets 16 KiB pages first (ignored for an existing one, and impossible to
            // change once in WAL mode): a 1 M-record import writes a quarter of the pages and runs
            // faster (Standards/data-consistency.md has the figures).
            // Only a new file gets them: an existing store is already in WAL mode, and a file habit
            // did not make is never switched (StoreFile refuses it before this point).
            config.prepareDatabase { db in try db.execute(sql: "PRAGMA page_size = 16384; PRAGMA journal_mode = WAL") }
        } else if !writable {
            // A store the OS will not let us write (read-only mount, immutable file): reads still
            // work; any write fails with StoreError.readOnly and changes nothing.
            config.readonly = true
        }
        do {
            return try withExtendedLifetime(newStoreLock) {
                try HabitStore(writer: DatabaseQueue(path: target, configuration: config), path: path, filePath: target,
                               setupLock: { try newStoreLock ?? SetupLock(folder: folder, store: target) })
            }
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    private static func createFolder(_ folder: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            if !isDirectory.boolValue { throw StoreError.cannotCreateFolder(folder, reason: "a file is in the way") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.cannotCreateFolder(folder, reason: (error as NSError).localizedDescription)
        }
    }

    /// Creates the file with mode 0600 when missing; returns whether it can be opened for writing
    /// and whether it is empty (a store yet to be set up).
    private static func createFile(_ path: String) throws -> (writable: Bool, empty: Bool) {
        // O_CREAT with mode 0600 so the file never exists with wider permissions; SQLite gives
        // its -wal and -shm files the same mode.
        let fd = Glibc_open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd >= 0 {
            var info = stat()
            let empty = fstat(fd, &info) == 0 && info.st_size == 0
            close(fd)
            return (true, empty)
        }
        let code = errno
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue { throw StoreError.cannotCreateFile(path, reason: "it is a folder") }
        if exists && (code == EACCES || code == EROFS || code == EPERM) { return (false, false) }
        if code == EACCES || code == EPERM { throw StoreError.permissionDenied(path) }
        throw StoreError.cannotCreateFile(path, reason: String(cString: strerror(code)))
    }

    private func migrate(setupLock: (() throws -> SetupLock)?) throws {
        func version() throws -> Int {
            try dbWriter.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
        }
        if try version() == Schema.currentVersion { return }  // the fast path: no lock
        // Another process may be migrating this store right now: take turns, then look again.
        let lock = try setupLock?()
        try withExtendedLifetime(lock) {
            let current = try version()
            if current == Schema.currentVersion { return }
            try StoreError.refuseNewer(current, path: path)
            if dbWriter.configuration.readonly { throw StoreError.readOnly(path) }
            try Schema.migrator(upgradingFrom: current).migrate(dbWriter)
        }
    }

    // MARK: - Reading

    /// Fetches `request` in one read transaction (a consistent snapshot); inside ``snapshot(_:)``,
    /// in the snapshot's.
    public func read<Value>(_ request: StoreRequest<Value>) throws -> Value {
        try reading(request.fetch)
    }

    /// Runs `body` with one read transaction open, so that everything a command shows comes from
    /// one state of the store: `body` gets a store whose reads (``read(_:)``) all run in that
    /// transaction, and the settings, read once when it began. The store handed to `body` is
    /// valid only inside it and cannot write.
    public func snapshot<T>(_ body: (HabitStore, Settings) throws -> T) throws -> T {
        if let openSnapshot { return try body(self, try openSnapshot.settings()) }
        return try reading { transaction in
            let open = try transaction.knowingSettingsAndGrants()
            return try body(HabitStore(self, snapshot: open), try open.settings())
        }
    }

    // MARK: - Access for the store's own extensions

    /// Runs `updates` in one IMMEDIATE transaction, mapping SQLite errors to ``StoreError``.
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        try refuseInSnapshot()
        do {
            if let db = openBatch?.db {
                // Inside ``inOneTransaction(_:)``: a savepoint, so a write that fails undoes only itself.
                var result: T?
                try db.inSavepoint {
                    result = try updates(db)
                    return .commit
                }
                guard let result else { throw StoreError.corrupt("a write inside a batch returned nothing") }
                return result
            }
            return try dbWriter.write(updates)
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Runs `body` in one IMMEDIATE transaction: every read and write of the store handed to
    /// `body` joins that transaction (each write in a savepoint of its own), and it commits when
    /// `body` returns. For the pending journal (``applyJournal(_:read:setAside:)``): its entries and
    /// their reminder cancellations are applied together, or not at all. The store handed to `body`
    /// is valid only inside it. Internal: the executable writes through the store's methods, each
    /// its own transaction.
    func inOneTransaction<T>(_ body: (HabitStore) throws -> T) throws -> T {
        try refuseInSnapshot()
        do {
            return try dbWriter.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(HabitStore(self, batch: StoreTransaction(db)))
                    return .commit
                }
                guard let result else { throw StoreError.corrupt("a batch returned nothing") }
                return result
            }
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Runs `updates` in one IMMEDIATE transaction that is rolled back when `rollback` is true
    /// (dry runs see exactly what would change, and change nothing).
    func write<T>(rollback: Bool, _ updates: (Database) throws -> T) throws -> T {
        try refuseInSnapshot()
        do {
            return try dbWriter.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try updates(db)
                    return rollback ? .rollback : .commit
                }
                return result!
            }
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Runs `body` on the store's connection outside any transaction (it manages its own), mapping
    /// SQLite errors to ``StoreError``.
    func withConnection<T>(_ body: (Database) throws -> T) throws -> T {
        try refuseInSnapshot()
        do { return try dbWriter.writeWithoutTransaction(body) } catch { throw StoreError.from(error, path: path) }
    }

    /// Runs `value` in one read transaction (a consistent snapshot).
    func read<T>(_ value: (Database) throws -> T) throws -> T {
        try reading { try value($0.db) }
    }

    /// Runs `value` in one read transaction (a consistent snapshot), handed to it: inside a
    /// ``snapshot(_:)`` the snapshot's, inside ``inOneTransaction(_:)`` the batch's (what it reads
    /// is not kept there: the write may still change the data). The day totals a read computed are
    /// kept once it is over.
    func reading<T>(_ value: (StoreTransaction) throws -> T) throws -> T {
        do {
            if let open = openSnapshot ?? openBatch { return try value(open) }
            let keeps = DayTotals.Outbox()
            let result = try dbWriter.read { db in try value(StoreTransaction(db, keeps: keeps)) }
            keepDayTotals(keeps.batches)
            return result
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Keeps the day totals a read computed, once its snapshot is over (``DayTotals``): in a
    /// transaction of its own that waits for no other writer and writes only if the store is
    /// as the read saw it. A store that cannot be written, or is busy, keeps nothing; nothing
    /// here fails the command.
    private func keepDayTotals(_ batches: [DayTotals.Batch]) {
        guard !batches.isEmpty, !dbWriter.configuration.readonly else { return }
        try? dbWriter.writeWithoutTransaction { db in
            // Derived data: its commit need not wait for the disk (in WAL mode, synchronous
            // NORMAL: a power cut may lose it, never corrupt anything); the store's own writes
            // stay FULL.
            let synchronous = try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? 2
            let wal = try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal"
            if wal { try db.execute(sql: "PRAGMA synchronous = NORMAL") }
            defer { if wal { try? db.execute(sql: "PRAGMA synchronous = \(synchronous)") } }
            try DayTotals.withoutWaiting {
                try db.inTransaction(.immediate) {
                    try DayTotals.keep(batches, db)
                    return .commit
                }
            }
        }
    }

    /// A write inside a read snapshot is a mistake of the code, never of input: it would wait on
    /// the snapshot's own connection.
    private func refuseInSnapshot() throws {
        if openSnapshot != nil { throw StoreError.readOnly(path) }
    }
}

/// One read of the store as a value, in the manner of GRDB's requests: made where its rule lives
/// (`.settings`, `.entries(in:)`, `.overview(…)` in the files of `Store/`) and fetched by
/// ``HabitStore/read(_:)``. The executable builds requests and never sees the connection.
public struct StoreRequest<Value> {
    let fetch: (StoreTransaction) throws -> Value

    /// A request that reads through the connection alone.
    init(_ fetch: @escaping (Database) throws -> Value) { self.fetch = { try fetch($0.db) } }

    /// A request handed the whole transaction it runs in (its settings, grants and kept totals).
    init(transaction fetch: @escaping (StoreTransaction) throws -> Value) { self.fetch = fetch }
}

/// The transaction in progress, passed down to the rules that read in it — never found by its
/// connection in a registry (issue 48). A snapshot's knows the settings and access grants read
/// when it began, so that a command reads them once however many rules ask; a read's collects the
/// day totals it computed (``DayTotals``), kept by the store once the read is over.
struct StoreTransaction: @unchecked Sendable {
    let db: Database
    /// The settings and grants read when a snapshot began; nil: read when asked.
    private let known: (settings: Settings, grants: AccessGrants)?
    /// Where the day totals computed in a read go; nil inside a write, which may still change what
    /// was read (they are dropped).
    let keeps: DayTotals.Outbox?

    init(_ db: Database, keeps: DayTotals.Outbox? = nil) {
        (self.db, self.keeps, self.known) = (db, keeps, nil)
    }

    private init(_ db: Database, keeps: DayTotals.Outbox?, known: (settings: Settings, grants: AccessGrants)?) {
        (self.db, self.keeps, self.known) = (db, keeps, known)
    }

    /// The store's settings in this transaction.
    func settings() throws -> Settings { try known?.settings ?? HabitStore.settings(db) }

    /// The store's access grants in this transaction.
    func grants() throws -> AccessGrants { try known?.grants ?? HabitStore.grants(db) }

    /// This transaction with its settings and grants read now, once, for every rule after.
    func knowingSettingsAndGrants() throws -> StoreTransaction {
        StoreTransaction(db, keeps: keeps, known: (try settings(), try grants()))
    }

    /// The same settings and grants on `other`, a connection that reads the same state of the
    /// store (``SideReader``): read here, once, never again there.
    func on(_ other: Database) throws -> StoreTransaction {
        StoreTransaction(other, keeps: nil, known: (try settings(), try grants()))
    }
}

/// An exclusive `flock` on the store's folder, held while a store is created or migrated, so
/// that processes set a store up one after another. Released when the object goes away. (The
/// folder, not the database file: closing any descriptor of the database would drop SQLite's
/// own POSIX locks in this process.) Waits up to about 10 s, like the store's busy timeout.
final class SetupLock {
    private let fd: Int32

    init(folder: String, store: String) throws {
        fd = Glibc_open(folder, O_RDONLY | O_DIRECTORY, 0)
        guard fd >= 0 else { throw StoreError.cannotCreateFile(store, reason: String(cString: strerror(errno))) }
        var waits = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, waits < 1_000 else {
                close(fd)
                throw StoreError.busy(store)
            }
            waits += 1
            usleep(10_000)
        }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

#if canImport(Glibc)
import Glibc
private func Glibc_open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }
#elseif canImport(Darwin)
import Darwin
private func Glibc_open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Darwin.open(path, flags, mode) }
#endif
