import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pending journal that habit will not use, or could not write.
public enum PendingJournalError: HabitError {
    case unsafe(String, reason: String)
    case io(String, message: String)

    public var kind: ErrorKind {
        switch self {
        case .unsafe: .permission
        case .io: .ioError
        }
    }

    public var description: String {
        switch self {
        case .unsafe(let path, let reason): "will not use the pending journal \(path): \(reason)"
        case .io(let path, let message): "cannot write the pending journal \(path): \(message); nothing was saved"
        }
    }
}

/// The pending journal on disk: `FOLDER/pending.jsonl` (the executable passes the folder,
/// `$XDG_STATE_HOME/habit`). The folder is made 0700, the file 0600; the journal is refused like
/// the store when it is a link, another user's or writable by others (``StoreFile/distrust(_:what:)``).
///
/// The protocol (Standards/access.md): an append takes the file's `flock`, checks that the file it
/// opened is still the journal (not one an applier has just removed), writes one line and fsyncs.
/// An applier takes the same lock, reads, applies, and then removes the file — or, when its last
/// line is torn, leaves that line alone in it — before it lets go: appends wait, and no line is
/// read twice by two appliers or lost between the read and the removal. An applier that dies
/// after the store's commit leaves the journal whole; the next one finds its entries stored (by
/// UUID) and applies nothing twice.
public struct PendingJournalFile: Sendable {
    public let folder: String

    public init(folder: String) { self.folder = folder }

    public var path: String { folder + "/pending.jsonl" }
    /// Lines that can never be applied (not a well-formed entry, or refused when applied), kept for the person to see.
    public var setAsidePath: String { folder + "/set-aside.jsonl" }

    /// The stores habit created, one a line: the device (`st_dev`, decimal) their folder was on when
    /// the store was made, a space, and the store's absolute path (a line of an older habit is the
    /// path alone: its device is not known). A store whose folder is missing is an unmounted drive
    /// only when it is listed here with a device other than the one its nearest existing folder is
    /// on now (Standards/access.md, "Missing").
    public var storesPath: String { folder + "/stores" }

    /// Lists `store` with `device` (replacing a line that names it with another device).
    public func remember(store: String, device: UInt64) throws {
        let line = Array("\(device) \(store)".utf8)
        switch remembered(store: store) {
        case .listed(device)?: return
        case nil: try append(lines: [line + [0x0A]], to: storesPath)
        case .listed?: try rewriteStores { lines in lines.filter { Self.store(in: $0) != store } + [line] }
        }
    }

    /// Takes `store` off the list (a store habit itself removed, or made by a command that failed).
    public func forget(store: String) throws {
        guard remembered(store: store) != nil else { return }
        try rewriteStores { lines in lines.filter { Self.store(in: $0) != store } }
    }

    /// How ``storesPath`` lists `store`: nil when it does not (or cannot be read); `.listed(nil)` for
    /// a line without a device.
    public enum Remembered: Equatable, Sendable { case listed(UInt64?) }

    public func remembered(store: String) -> Remembered? {
        guard let fd = try? openJournal(storesPath, flags: O_RDONLY) else { return nil }
        defer { close(fd) }
        flock(fd, LOCK_SH)
        guard let bytes = try? readAll(fd) else { return nil }
        for line in bytes.split(separator: 0x0A) where Self.store(in: Array(line)) == store {
            return .listed(Self.device(in: Array(line)))
        }
        return nil
    }

    /// The store a line of ``storesPath`` names.
    private static func store(in line: [UInt8]) -> String {
        if line.first == UInt8(ascii: "/") { return String(decoding: line, as: UTF8.self) }
        guard let space = line.firstIndex(of: 0x20) else { return "" }
        return String(decoding: line[(space + 1)...], as: UTF8.self)
    }

    private static func device(in line: [UInt8]) -> UInt64? {
        guard line.first != UInt8(ascii: "/"), let space = line.firstIndex(of: 0x20) else { return nil }
        return UInt64(String(decoding: line[..<space], as: UTF8.self))
    }

    /// Replaces ``storesPath`` with `change` of its lines, under its lock, through a new file renamed
    /// over it (an append waiting for the lock then finds the new file: ``isStillTheJournal(_:at:)``).
    private func rewriteStores(_ change: ([[UInt8]]) -> [[UInt8]]) throws {
        for _ in 0..<100 {
            guard let fd = try openJournal(storesPath, flags: O_RDWR) else { return }
            defer { close(fd) }
            flock(fd, LOCK_EX)
            guard isStillTheJournal(fd, at: storesPath) else { continue }  // another rewrite replaced it meanwhile
            return try replaceStores(with: change(try readAll(fd).split(separator: 0x0A).map(Array.init)))
        }
        throw PendingJournalError.io(storesPath, message: "it kept being replaced while habit wrote to it")
    }

    private func replaceStores(with lines: [[UInt8]]) throws {
        let temp = storesPath + ".new"
        unlink(temp)
        let out = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard out >= 0 else { throw PendingJournalError.io(temp, message: String(cString: strerror(errno))) }
        let written = writeAll(out, lines.flatMap { $0 + [0x0A] }) && fsync(out) == 0
        close(out)
        guard written, rename(temp, storesPath) == 0 else {
            unlink(temp)
            throw PendingJournalError.io(storesPath, message: String(cString: strerror(errno)))
        }
        syncFolder()
    }

    /// Whether there is a journal (one `lstat`: the fast path of every write).
    public var exists: Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Appends `entry` as one line, fsynced.
    public func append(_ entry: PendingEntry) throws {
        try append(lines: [try PendingJournal.line(entry)], to: path)
    }

    /// The journal's contents, read under a shared lock (for doctor and status); empty when there is none.
    public func peek() throws -> PendingJournal.Contents {
        guard let fd = try openJournal(path, flags: O_RDONLY) else { return PendingJournal.Contents() }
        defer { close(fd) }
        flock(fd, LOCK_SH)
        return PendingJournal.read(try readAll(fd))
    }

    /// Takes the journal: `apply` runs with its contents while the journal is locked, and returns
    /// the entries it refused (set aside with the unreadable lines). When `apply` returns, the
    /// journal is removed (or keeps only its torn last line); when it throws, the journal stays as
    /// it was. Nil when there is no journal.
    @discardableResult
    public func take(_ apply: (PendingJournal.Contents) throws -> [PendingEntry]) throws -> PendingJournal.Contents? {
        for _ in 0..<100 {
            guard let fd = try openJournal(path, flags: O_RDWR) else { return nil }
            defer { close(fd) }
            flock(fd, LOCK_EX)
            guard isStillTheJournal(fd) else { continue }  // another process applied it meanwhile
            let contents = PendingJournal.read(try readAll(fd))
            let refused = try apply(contents)
            let aside = contents.unreadable + (try refused.map { Array(try PendingJournal.line($0).dropLast()) })
            if !aside.isEmpty { try append(lines: aside.map { $0 + [0x0A] }, to: setAsidePath) }
            if contents.torn.isEmpty {
                guard unlink(path) == 0 || errno == ENOENT else { throw PendingJournalError.io(path, message: String(cString: strerror(errno))) }
            } else {
                guard ftruncate(fd, 0) == 0, writeAll(fd, contents.torn), fsync(fd) == 0 else {
                    throw PendingJournalError.io(path, message: String(cString: strerror(errno)))
                }
            }
            syncFolder()
            return contents
        }
        return nil
    }

    // MARK: - Files

    private func append(lines: [[UInt8]], to file: String) throws {
        try makeFolder()
        for _ in 0..<100 {
            guard let fd = try openJournal(file, flags: O_RDWR | O_APPEND | O_CREAT) else { continue }  // read: its last byte
            defer { close(fd) }
            flock(fd, LOCK_EX)
            guard isStillTheJournal(fd, at: file) else { continue }
            var info = stat()
            var bytes = lines.flatMap { $0 }
            if fstat(fd, &info) == 0, info.st_size > 0 {
                // A torn last line (a writer that died) ends here, so this line stays a line of its own.
                var last: UInt8 = 0
                if pread(fd, &last, 1, off_t(info.st_size - 1)) == 1, last != 0x0A { bytes.insert(0x0A, at: 0) }
            }
            guard writeAll(fd, bytes), fsync(fd) == 0 else { throw PendingJournalError.io(file, message: String(cString: strerror(errno))) }
            if info.st_size == 0 { syncFolder() }
            return
        }
        throw PendingJournalError.io(file, message: "it kept being replaced while habit wrote to it")
    }

    /// Opens `file` without following a link and checks it; nil when it is missing (and not created).
    private func openJournal(_ file: String, flags: Int32) throws -> Int32? {
        try checkFolder()
        let fd: Int32
        do {
            guard let opened = try OwnFile.open(file, flags) else { return nil }  // never blocks on a FIFO in its place
            fd = opened
        } catch {
            switch error {
            case .link, .notRegularFile: throw PendingJournalError.unsafe(file, reason: error.reason)
            case .failed: throw PendingJournalError.io(file, message: error.reason)
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else { close(fd); throw PendingJournalError.io(file, message: String(cString: strerror(errno))) }
        if let reason = StoreFile.distrust(info, what: "journal") {
            close(fd)
            throw PendingJournalError.unsafe(file, reason: reason)
        }
        return fd
    }

    private func isStillTheJournal(_ fd: Int32, at file: String? = nil) -> Bool {
        var opened = stat(), now = stat()
        guard fstat(fd, &opened) == 0, lstat(file ?? path, &now) == 0 else { return false }
        return opened.st_ino == now.st_ino && opened.st_dev == now.st_dev
    }

    private func checkFolder() throws {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw PendingJournalError.unsafe(folder, reason: "it is not a folder (a link or a file is in the way)")
        }
        if let reason = StoreFile.distrust(info, what: "journal folder") { throw PendingJournalError.unsafe(folder, reason: reason) }
    }

    private func makeFolder() throws {
        var info = stat()
        if lstat(folder, &info) == 0 { return try checkFolder() }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw PendingJournalError.io(folder, message: (error as NSError).localizedDescription)
        }
    }

    private func syncFolder() {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    private func readAll(_ fd: Int32) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var offset: off_t = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw PendingJournalError.io(path, message: String(cString: strerror(errno)))
            }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
            offset += off_t(n)
        }
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            done += n
        }
        return true
    }
}
