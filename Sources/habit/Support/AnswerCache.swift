import Foundation
import HabitKit

/// The answers of the last successful `status`, `today`, `streak` and `calendar` (this month),
/// kept so that they can be shown, marked stale, when the store cannot be read (degraded mode,
/// Standards/access.md). One file, `$XDG_CACHE_HOME/habit/answers` (else `~/.cache/habit/answers`):
/// the folder 0700, the file 0600, rewritten in place under its `flock`; any write to any store
/// removes it (``invalidate(in:)``: one unlink).
///
/// The file is an input like the store: it is read only when it is a regular file (never through
/// a link) that belongs to the user (or root) and is not writable by others, in a folder that
/// passes the same checks; anything else is left alone and reads as no answer. Its bytes are
/// checked by ``AnswerFile``: a file that is cut, flipped, caught half rewritten or otherwise not
/// what habit wrote reads as no answer too, never as a wrong one. That check is what lets a keep
/// write in place: readers take no lock, and one that races a rewrite sees no answer.
enum AnswerCache {
    /// `$XDG_CACHE_HOME/habit`, else `~/.cache/habit` (``HabitPaths/cacheFolder``).
    static var folder: String { HabitPaths.live.cacheFolder }

    static var file: String { file(in: folder) }

    static func file(in folder: String) -> String { folder + "/answers" }

    /// Forgets every kept answer: the store is about to change. One unlink; a missing file is fine.
    /// A keep that opened the file before it writes into the unlinked file: nobody sees that.
    static func invalidate(in folder: String = AnswerCache.folder) {
        unlink(file(in: folder))
    }

    /// The answer kept for `key`, when the file is there, trusted and intact.
    static func answer(for key: String) -> AnswerFile.Entry? {
        guard case .entries(let entries) = read() else { return nil }
        return entries.first { $0.key == key }
    }

    /// Keeps `entry` in place of the answer kept for its key (the newest first, at most
    /// ``AnswerFile/maximumEntries``). Best effort: a cache that cannot be written changes nothing
    /// the command does; a file refused as untrusted is left as it is.
    ///
    /// One open (`O_NOFOLLOW`, created 0600 when missing), the file's `flock` (keeps do not
    /// interleave; readers do not take it), the checks on the open file, then the new bytes over
    /// the old and the file cut to their length. No temporary file, rename or fsync: replacing
    /// the file cost milliseconds a command, most of it in the file system (Benchmarks/README.md,
    /// "Keeping an answer in place"). A reader that races the rewrite, or a file a crash left half
    /// written, fails ``AnswerFile``'s lengths and checksums and reads as no answer.
    static func keep(_ entry: AnswerFile.Entry, in folder: String = AnswerCache.folder) {
        guard entry.key.utf8.count <= AnswerFile.maximumKeyBytes, entry.body.utf8.count <= AnswerFile.maximumBodyBytes,
              makeFolder(folder) else { return }  // an answer too long to be read back is not kept
        // A link, a FIFO: left alone; EACCES: root's file, until a write removes it.
        guard let fd = try? OwnFile.open(file(in: folder), O_RDWR | O_CREAT) else { return }
        defer { close(fd) }  // releases the lock
        // Refused: left as it is; so is a file with a second name (a hard link), which a write in
        // place would change too.
        guard lock(fd), let old = contents(fd), old.links == 1 else { return }
        if old.mode & 0o7777 != 0o600 { fchmod(fd, 0o600) }  // made under a narrower umask, or copied in
        // The answers kept for other command lines follow, their bytes copied as they are; a file
        // that is not intact is rewritten whole.
        var bytes = AnswerFile.encode([entry])
        var count = 1
        let intact = AnswerFile.scan(old.bytes[...]) { kept, place in
            guard count < AnswerFile.maximumEntries, kept.key != entry.key else { return }
            bytes += old.bytes[place]
            count += 1
        }
        if !intact { bytes = AnswerFile.encode([entry]) }
        guard bytes.count <= AnswerFile.maximumBytes else { return }
        let written = bytes.withUnsafeBytes { all -> Bool in
            guard let base = all.baseAddress else { return false }
            var offset = 0
            while offset < all.count {
                let n = pwrite(fd, base + offset, all.count - offset, off_t(offset))
                if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return false }
            }
            return true
        }
        if written && bytes.count < old.size { ftruncate(fd, off_t(bytes.count)) }
    }

    enum Reading {
        /// No file, or one that is not intact (cut, changed, another format).
        case none
        /// A link, another user's file, one writable by others, or such a folder: left alone.
        case refused
        case entries([AnswerFile.Entry])
    }

    /// The kept answers, read with the checks of Standards/security.md.
    static func read(in folder: String = AnswerCache.folder) -> Reading {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return .none }
        guard (info.st_mode & S_IFMT) == S_IFDIR, trusted(info) else { return .refused }
        let opened: Int32?
        do { opened = try OwnFile.open(file(in: folder), O_RDONLY) } catch { return .refused }  // a link, a FIFO
        guard let fd = opened else { return .none }
        defer { close(fd) }
        guard let contents = contents(fd) else { return .refused }
        return AnswerFile.decode(contents.bytes[...]).map(Reading.entries) ?? .none
    }

    /// What an open answers file holds.
    private struct Contents {
        /// None when the file is larger than habit writes it.
        var bytes: [UInt8]
        var size: Int
        var mode: mode_t
        var links: Int
    }

    /// The open file's bytes, size, mode and number of names; nil when it is refused (not a
    /// regular file, another user's, writable by others).
    private static func contents(_ fd: Int32) -> Contents? {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, trusted(info) else { return nil }
        let size = Int(info.st_size), links = Int(info.st_nlink)
        guard size <= AnswerFile.maximumBytes else { return Contents(bytes: [], size: size, mode: info.st_mode, links: links) }
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { all in all.baseAddress.map { Glibc.read(fd, $0 + count, all.count - count) } ?? 0 }
            if n > 0 { count += n } else if n < 0 && errno == EINTR { continue } else { break }
        }
        bytes.removeLast(bytes.count - count)
        return Contents(bytes: bytes, size: max(count, size), mode: info.st_mode, links: links)
    }

    /// The file's `flock`, taken without blocking: a keep holds it for microseconds, so a few short
    /// tries; false (nothing kept) when it stays taken.
    private static func lock(_ fd: Int32) -> Bool {
        for _ in 0..<20 {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR else { return false }
            usleep(100)
        }
        return false
    }

    /// The user's (or root's), not writable by group or others: the store's rule (Store/StoreFile.swift).
    private static func trusted(_ info: stat) -> Bool {
        (info.st_uid == geteuid() || info.st_uid == 0) && info.st_mode & 0o022 == 0
    }

    /// Whether the folder is there (made 0700, with `~/.cache`, when missing) and trusted: one
    /// `lstat` when it is there.
    private static func makeFolder(_ folder: String) -> Bool {
        var info = stat()
        if lstat(folder, &info) != 0 {
            guard errno == ENOENT else { return false }
            if let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")), slash > folder.utf8.startIndex {
                mkdir(String(folder[..<slash]), 0o700)  // ~/.cache; EEXIST when it is there
            }
            mkdir(folder, 0o700)
            guard lstat(folder, &info) == 0 else { return false }
        }
        return (info.st_mode & S_IFMT) == S_IFDIR && trusted(info)
    }
}

/// The bytes of the answers file, written and read back without trusting them (pure: no files).
///
///     habit answers 1
///     <kind> <asOf> <key bytes> <body bytes> <checksum>
///     <key><body>
///     …
///
/// `kind` is how the body is marked stale (``Kind``), `asOf` the instant it was printed (ISO 8601
/// with its offset), the counts are decimal, the checksum is FNV-1a 64 over the kind, the instant,
/// the key and the body, in 16 lowercase hex digits. Any line that is not exactly this — a count
/// out of bounds, a bad instant, text that is not UTF-8, a checksum that differs, bytes after the
/// last entry — makes the whole file read as nothing.
enum AnswerFile {
    static let header = "habit answers 1\n"
    static let maximumEntries = 16
    static let maximumKeyBytes = 8 * 1024
    static let maximumBodyBytes = 256 * 1024
    static let maximumBytes = 1024 * 1024

    /// How a kept answer is marked when it is shown stale.
    enum Kind: String, CaseIterable {
        /// Text: the mark at the end of a one-line answer, on its own last line otherwise.
        case text
        /// A JSON object: a `stale` member is added.
        case json
        /// `status --format waybar`: the mark in text and tooltip, class `stale`.
        case waybar
        /// `status --format i3blocks`: the mark on the full text, `(stale)` on the short text, grey.
        case i3blocks
        /// `status --format tmux`: the mark at the end, grey.
        case tmux
    }

    struct Entry: Equatable {
        /// Which store and which command line (``DegradedMode/key(_:)``).
        var key: String
        var kind: Kind
        /// When it was printed: ISO 8601 with its offset, in the zone of that answer.
        var asOf: String
        var body: String
    }

    static func encode(_ entries: [Entry]) -> [UInt8] {
        entries.reduce(into: Array(header.utf8)) { out, entry in append(entry, to: &out) }
    }

    /// One entry's bytes: its line, key, body and newline.
    static func append(_ entry: Entry, to out: inout [UInt8]) {
        let kind = Array(entry.kind.rawValue.utf8), asOf = Array(entry.asOf.utf8), key = Array(entry.key.utf8), body = Array(entry.body.utf8)
        out += kind + [0x20] + asOf
        out += " \(key.count) \(body.count) ".utf8
        out += hex(checksum(kind, asOf, key, body))
        out.append(0x0A)
        out += key
        out += body
        out.append(0x0A)
    }

    /// The entries of `bytes`, or nil when they are not exactly what ``encode(_:)`` writes.
    static func decode(_ bytes: ArraySlice<UInt8>) -> [Entry]? {
        var entries: [Entry] = []
        return scan(bytes) { entry, _ in entries.append(entry) } ? entries : nil
    }

    /// Reads `bytes` entry by entry, each checked (its line, lengths, instant, UTF-8 and checksum)
    /// before `each` is given it, with where it is in `bytes` (its line, key, body and newline:
    /// ``AnswerCache/keep(_:in:)`` copies those as they are). Stops at the first thing that is not
    /// exactly what ``encode(_:)`` writes; whether it got to the end.
    static func scan(_ bytes: ArraySlice<UInt8>, _ each: (Entry, Range<Int>) -> Void) -> Bool {
        guard bytes.count <= maximumBytes, bytes.starts(with: header.utf8) else { return false }
        return bytes.withUnsafeBufferPointer { b in
            var i = header.utf8.count, count = 0
            while i < b.count {
                guard count < maximumEntries, let newline = b[i...].firstIndex(of: 0x0A) else { return false }
                // The line's five fields, parted by four spaces.
                var spaces = (0, 0, 0, 0), found = 0
                for j in i..<newline where b[j] == 0x20 {
                    switch found {
                    case 0: spaces.0 = j
                    case 1: spaces.1 = j
                    case 2: spaces.2 = j
                    case 3: spaces.3 = j
                    default: return false
                    }
                    found += 1
                }
                guard found == 4, let kind = Kind(rawValue: String(decoding: b[i..<spaces.0], as: UTF8.self)),
                      let keyCount = number(b[(spaces.1 + 1)..<spaces.2], max: maximumKeyBytes),
                      let bodyCount = number(b[(spaces.2 + 1)..<spaces.3], max: maximumBodyBytes)
                else { return false }
                let keyStart = newline + 1, end = newline + 1 + keyCount + bodyCount  // end: the entry's closing newline
                guard end < b.count, b[end] == 0x0A else { return false }
                let asOf = UnsafeBufferPointer(rebasing: b[(spaces.0 + 1)..<spaces.1])
                let key = UnsafeBufferPointer(rebasing: b[keyStart..<(keyStart + keyCount)])
                let body = UnsafeBufferPointer(rebasing: b[(keyStart + keyCount)..<end])
                guard b[(spaces.3 + 1)..<newline].elementsEqual(hex(checksum(Array(kind.rawValue.utf8), asOf, key, body))),
                      isInstant(asOf), let keyText = text(key), let bodyText = text(body)
                else { return false }
                each(Entry(key: keyText, kind: kind, asOf: String(decoding: asOf, as: UTF8.self), body: bodyText),
                     (bytes.startIndex + i)..<(bytes.startIndex + end + 1))
                count += 1
                i = end + 1
            }
            return true
        }
    }

    /// A decimal count of at most `max`, digits only (no sign, no leading zero but "0").
    private static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>, max: Int) -> Int? {
        guard (1...7).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }),
              digits.count == 1 || digits.first != 0x30 else { return nil }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return value <= max ? value : nil
    }

    /// An instant with its offset, as ``Timestamp`` writes it (ASCII only, so UTF-8).
    private static func isInstant(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count <= 40 && Timestamp.parse(bytes: bytes).map { $0.offsetSeconds != nil && $0.instant != nil } == true
    }

    /// `bytes` as text, when they are UTF-8: decoding them changed nothing.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        let same = text.withUTF8 { decoded in
            guard let a = decoded.baseAddress, let b = bytes.baseAddress else { return decoded.count == bytes.count }
            return decoded.count == bytes.count && memcmp(a, b, decoded.count) == 0
        }
        return same ? text : nil
    }

    /// FNV-1a 64 over the kind, the instant, the key and the body, each followed by 0x1F.
    static func checksum(_ kind: [UInt8], _ asOf: some Collection<UInt8>, _ key: some Collection<UInt8>, _ body: some Collection<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ part: some Collection<UInt8>) {
            for byte in part { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            hash = (hash ^ 0x1F) &* 0x0000_0100_0000_01B3
        }
        add(kind)
        add(asOf)
        add(key)
        add(body)
        return hash
    }

    /// 16 lowercase hex digits.
    static func hex(_ value: UInt64) -> [UInt8] {
        (0..<16).map { i in
            let digit = UInt8(truncatingIfNeeded: value >> (60 - 4 * i)) & 0xF
            return digit < 10 ? 0x30 + digit : 0x57 + digit
        }
    }
}
