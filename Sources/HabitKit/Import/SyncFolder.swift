import Foundation

/// The folder `habit sync DIR` shares with other devices through a file-sync tool
/// (Standards/sync.md): each device appends to its own `habit-<device id>.ndjson` and reads the
/// others'. Trusted like the store's folder: the user's (or root's), not writable by group or
/// others; a link to it is followed only when it is the user's. Files are opened without
/// following links, must be regular files of the user's, and are read only up to their last
/// complete line (a line the sync tool has not finished copying waits for the next run). Copies a
/// sync tool makes in a conflict (`habit-….sync-conflict-….ndjson`, `habit-… (conflicted copy).ndjson`)
/// do not match the name and are never read.
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

    /// The other devices' files: `habit-<uuid>.ndjson`, by device id.
    public func peers(except device: String) throws -> [(device: String, path: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: path)
        return names.sorted().compactMap { name in
            guard name.hasPrefix("habit-"), name.hasSuffix(".ndjson") else { return nil }
            let id = String(name.dropFirst(6).dropLast(7))
            guard id.count == 36, UUID(uuidString: id) != nil, id == id.lowercased(), id != device else { return nil }
            return (id, path + "/" + name)
        }
    }

    /// The complete lines of `file` from byte `offset` on, where each starts, and the offset after
    /// the last one. A file shorter than `offset` was replaced: it is read from the start (what was
    /// read already is known and changes nothing).
    public func read(_ file: String, from offset: Int) throws -> (lines: [[UInt8]], starts: [Int], offset: Int) {
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
        var bytes = [UInt8](repeating: 0, count: size - start)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(fd, base + filled, buffer.count - filled, off_t(start + filled))
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        guard let last = bytes.lastIndex(of: 0x0A) else { return ([], [], start) }
        var lines: [[UInt8]] = [], starts: [Int] = []
        var lineStart = 0
        for i in 0...last where bytes[i] == 0x0A {
            if i > lineStart {
                lines.append(Array(bytes[lineStart..<i]))
                starts.append(start + lineStart)
            }
            lineStart = i + 1
        }
        return (lines, starts, start + last + 1)
    }

    /// Appends `lines` to this device's file and waits until they are on disk. A file that does not
    /// end with a newline (a run that died mid-write) gets one first, so the torn line stays alone.
    public func append(_ lines: [[UInt8]], device: String) throws {
        guard !lines.isEmpty else { return }
        let file = path + "/" + Self.fileName(device: device)
        // O_NONBLOCK: a FIFO put in the file's place fails to open instead of waiting for a reader
        // forever; a regular file is then written blocking as usual.
        let fd = open(file, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.unsafeSyncFile(file, reason: "it cannot be written (\(String(cString: strerror(errno))); links are not followed)") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw StoreError.unsafeSyncFile(file, reason: "it is not a regular file") }
        try Self.checkOwner(info, file, what: "sync file")
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var out: [UInt8] = []
        if info.st_size > 0 {
            var lastByte: UInt8 = 0
            if pread(fd, &lastByte, 1, off_t(info.st_size - 1)) == 1, lastByte != 0x0A { out.append(0x0A) }
        }
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
            guard n > 0 else { throw StoreError.io(file, message: String(cString: strerror(errno))) }
            written += n
        }
        guard fsync(fd) == 0 else { throw StoreError.io(file, message: String(cString: strerror(errno))) }
    }
}
