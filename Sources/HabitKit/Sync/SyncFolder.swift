import Foundation

/// The folder `habit sync DIR` shares with other devices through a file-sync tool
/// (Standards/sync.md): each device appends to its own `habit-<device id>.ndjson` and reads the
/// others'. Trusted like the store's folder: the user's (or root's), not writable by group or
/// others; a link to it is followed only when it is the user's. Files are opened without
/// following links, must be regular files of the user's, and are read only up to their last
/// complete line (a line the sync tool has not finished copying waits for the next run). Copies a
/// sync tool makes in a conflict (`habit-….sync-conflict-….ndjson`, `habit-… (conflicted copy).ndjson`)
/// are read as lines of the device they copy; a replaced file is told by its content (``Mark``).
public struct SyncFolder: Sendable {
    /// The folder with links resolved: the key the store keeps its progress under.
    public let path: String

    public init(path given: String) throws {
        guard !given.isEmpty, !given.utf8.contains(0) else { throw StoreError.unsafeSyncFile(given, reason: "it is empty or contains a NUL byte") }
        var info = stat()
        guard lstat(given, &info) == 0 else {
            throw StoreError.unsafeSyncFile(given, reason: errno == ENOENT ? "no such folder; create it (or let the sync tool create it) first"
                                                                      : String(cString: strerror(errno)))
        }
        if (info.st_mode & S_IFMT) == S_IFLNK, info.st_uid != geteuid(), info.st_uid != 0 {
            throw StoreError.unsafeSyncFile(given, reason: "it is a symbolic link owned by another user (uid \(info.st_uid))")
        }
        guard let resolved = realpath(given, nil) else { throw StoreError.unsafeSyncFile(given, reason: "it cannot be resolved") }
        path = String(cString: resolved)
        free(resolved)
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw StoreError.unsafeSyncFile(given, reason: "it is not a folder")
        }
        try Self.checkOwner(info, path, what: "sync folder")
    }

    private static func checkOwner(_ info: stat, _ path: String, what: String) throws {
        guard info.st_uid == geteuid() || info.st_uid == 0 else {
            throw StoreError.unsafeSyncFile(path, reason: "the \(what) belongs to another user (uid \(info.st_uid)); habit only reads its own files")
        }
        guard info.st_mode & 0o022 == 0 else {
            throw StoreError.unsafeSyncFile(path, reason: "the \(what) is writable by others (mode \(String(info.st_mode & 0o7777, radix: 8))); run chmod go-w on it")
        }
    }

    public static func fileName(device: String) -> String { "habit-\(device).ndjson" }

    /// A file to read: another device's own file (`key` is its device id), or a copy a sync tool
    /// made in a conflict (`key` is the copy's name, `conflictOf` the device whose file it copies).
    public struct PeerFile: Sendable, Equatable {
        public var key: String
        public var path: String
        public var conflictOf: String?
    }

    /// The other devices' files (`habit-<uuid>.ndjson`), and every conflict copy of any device's
    /// file (`habit-<uuid>.sync-conflict-….ndjson`, `habit-<uuid> (conflicted copy ….ndjson`):
    /// a copy holds lines of that device that its file may have lost, so it is read like a peer
    /// (applying a line twice changes nothing). This device's own copies are listed too.
    public func peers(except device: String) throws -> [PeerFile] {
        let names = try FileManager.default.contentsOfDirectory(atPath: path)
        return names.sorted().compactMap { name in
            guard name.hasPrefix("habit-"), name.hasSuffix(".ndjson"), name.utf8.count >= 6 + 36 + 7 else { return nil }
            let id = String(name.dropFirst(6).prefix(36))
            guard UUID(uuidString: id)?.storeText == id else { return nil }
            let rest = name.dropFirst(6 + 36).dropLast(7)
            if rest.isEmpty { return id == device ? nil : PeerFile(key: id, path: path + "/" + name, conflictOf: nil) }
            guard rest.hasPrefix(".sync-conflict-") || rest.hasPrefix(" (conflicted copy") || rest.hasPrefix(" (Conflicted copy") else { return nil }
            return PeerFile(key: name, path: path + "/" + name, conflictOf: id)
        }
    }

    /// What a reader remembers of a file it has read up to `offset`: the offset and a hash of the
    /// (at most) 4 KiB before it. A file whose bytes there changed was replaced (a sync tool kept
    /// another copy of it) and is read from its start again: its size alone cannot tell.
    public struct Mark: Sendable, Equatable, CustomStringConvertible {
        public var offset: Int
        public var tail: String

        public init(offset: Int, tail: String) {
            self.offset = offset
            self.tail = tail
        }

        /// `"OFFSET TAIL"`, or a bare offset as releases before kept it (no tail: trusted).
        public init?(_ text: String) {
            let parts = text.split(separator: " ", maxSplits: 1)
            guard let first = parts.first, let offset = Int(first), offset >= 0 else { return nil }
            self.offset = offset
            tail = parts.count > 1 ? String(parts[1]) : ""
        }

        public var description: String { tail.isEmpty ? String(offset) : "\(offset) \(tail)" }
    }

    /// The mark of `file` at `offset`: nil when the file is shorter or cannot be read.
    public func mark(_ file: String, at offset: Int) -> Mark? {
        let fd = open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return offset == 0 ? Mark(offset: 0, tail: Self.tail([])) : nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) >= offset else { return nil }
        let from = max(0, offset - 4096)
        let bytes = Self.bytes(fd, from: from, count: offset - from)
        return bytes.count == offset - from ? Mark(offset: offset, tail: Self.tail(bytes)) : nil
    }

    /// How many bytes this device's own `file` holds beyond `own` (what the store knows it wrote
    /// after its last sync), when the file still holds that mark: nil when it holds no more, or
    /// not that (a replaced file: ``Mark``). More is a store behind its own file — a backup copied
    /// back over it in place, or a sync cut off after it appended (issue 46, point 9).
    public func ownBehind(_ file: String, own: Mark) -> Int? {
        let size = size(file)
        guard size > own.offset, mark(file, at: own.offset) == own else { return nil }
        return size - own.offset
    }

    /// The size of `file` in bytes (0 when it is not there or not a regular file).
    public func size(_ file: String) -> Int {
        var info = stat()
        guard lstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return 0 }
        return Int(info.st_size)
    }

    /// Up to `count` bytes of `fd` from `from` (fewer when the file ends or a read fails).
    static func bytes(_ fd: Int32, from: Int, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(fd, base + filled, buffer.count - filled, off_t(from + filled))
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    static func tail(_ bytes: [UInt8]) -> String {
        var hash = StableHash()
        hash.add(Int64(bytes.count))
        bytes.withUnsafeBufferPointer { hash.add($0) }
        return hash.uuid().storeText
    }

    /// The complete lines of `file` after `mark`, where each starts, and the offset after the last
    /// one. A file that no longer has the bytes `mark` remembers (shorter, or other bytes before
    /// the offset) was replaced: it is read from the start (what was read already is known and
    /// changes nothing).
    public func read(_ file: String, after mark: Mark?) throws -> (lines: [[UInt8]], starts: [Int], offset: Int) {
        var offset = mark?.offset ?? 0
        if let mark, !mark.tail.isEmpty, self.mark(file, at: mark.offset) != mark { offset = 0 }
        return try read(file, from: offset)
    }

    func read(_ file: String, from offset: Int) throws -> (lines: [[UInt8]], starts: [Int], offset: Int) {
        let fd = open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw StoreError.unsafeSyncFile(file, reason: "it cannot be opened (\(String(cString: strerror(errno))); links are not followed)") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw StoreError.unsafeSyncFile(file, reason: "it is not a regular file") }
        guard info.st_uid == geteuid() || info.st_uid == 0 else {
            throw StoreError.unsafeSyncFile(file, reason: "it belongs to another user (uid \(info.st_uid))")
        }
        let size = Int(info.st_size)
        let start = size < offset ? 0 : offset
        let bytes = Self.bytes(fd, from: start, count: size - start)
        guard let last = bytes.lastIndex(of: 0x0A) else { return ([], [], start) }
        var lines: [[UInt8]] = [], starts: [Int] = []
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            var lineStart = 0
            // memchr from newline to newline (a byte-by-byte loop cost a sync of many lines, issue 28).
            while lineStart <= last, let hit = memchr(base + lineStart, 0x0A, last + 1 - lineStart) {
                let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if i > lineStart {
                    lines.append(Array(b[lineStart..<i]))
                    starts.append(start + lineStart)
                }
                lineStart = i + 1
            }
        }
        return (lines, starts, start + last + 1)
    }

    /// Appends `lines` to this device's file and waits until they are on disk. A torn last line (a
    /// sync that died, or hit a full disk, while it wrote) is cut off first: its sync did not
    /// commit, so the sent anchor did not move and its rows are among `lines` again; peers read only
    /// complete lines, so none ever saw it. A write that fails cuts the file back to where it began.
    public func append(_ lines: [[UInt8]], device: String) throws {
        guard !lines.isEmpty else { return }
        let file = path + "/" + Self.fileName(device: device)
        // O_NONBLOCK: a FIFO put in the file's place fails to open instead of waiting for a reader
        // forever; a regular file is then written blocking as usual. Read-write: the tail is read.
        let fd = open(file, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.unsafeSyncFile(file, reason: "it cannot be written (\(String(cString: strerror(errno))); links are not followed)") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw StoreError.unsafeSyncFile(file, reason: "it is not a regular file") }
        try Self.checkOwner(info, file, what: "sync file")
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let start = try Self.completeLength(fd, size: Int(info.st_size), file: file)
        if start < Int(info.st_size) { try Self.cut(fd, to: start, file: file) }
        var out: [UInt8] = []
        for line in lines {
            out += line
            out.append(0x0A)
        }
        var written = 0
        while written < out.count {
            let n = out.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(fd, base + written, buffer.count - written)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let error = StoreError.io(file, message: String(cString: strerror(errno)))
                try? Self.cut(fd, to: start, file: file)  // no torn line left behind (the next append cuts it too)
                throw error
            }
            written += n
        }
        guard fsync(fd) == 0 else {
            let error = StoreError.io(file, message: String(cString: strerror(errno)))
            try? Self.cut(fd, to: start, file: file)
            throw error
        }
    }

    /// The length of `fd`'s complete lines: the offset after its last newline (0 when it has none).
    static func completeLength(_ fd: Int32, size: Int, file: String) throws -> Int {
        var end = size
        while end > 0 {
            let from = max(0, end - 4096)
            let bytes = bytes(fd, from: from, count: end - from)
            guard bytes.count == end - from else { throw StoreError.io(file, message: "it cannot be read back (\(String(cString: strerror(errno))))") }
            if let last = bytes.lastIndex(of: 0x0A) { return from + last + 1 }
            end = from
        }
        return 0
    }

    private static func cut(_ fd: Int32, to length: Int, file: String) throws {
        guard ftruncate(fd, off_t(length)) == 0, fsync(fd) == 0 else { throw StoreError.io(file, message: String(cString: strerror(errno))) }
    }
}
