import Foundation
import HabitKit

/// The answers of the last successful `status`, `today`, `streak` and `calendar` (this month),
/// kept so that they can be shown, marked stale, when the store cannot be read (degraded mode,
/// Standards/access.md). One file, `$XDG_CACHE_HOME/habit/answers` (else `~/.cache/habit/answers`):
/// the folder 0700, the file 0600, replaced with a temporary file and a rename; any write to any
/// store removes it (``invalidate()``: one unlink).
///
/// The file is an input like the store: it is read only when it is a regular file (never through
/// a link) that belongs to the user (or root) and is not writable by others, in a folder that
/// passes the same checks; anything else is left alone and reads as no answer. Its bytes are
/// checked by ``AnswerFile``: a file that is cut, flipped or otherwise not what habit wrote reads
/// as no answer too, never as a wrong one.
enum AnswerCache {
    /// `$XDG_CACHE_HOME/habit` (an absolute XDG_CACHE_HOME only), else `$HOME/.cache/habit`; nil without either.
    static var folder: String? {
        if let xdg = Env.get("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg + "/habit" }
        guard let home = Env.get("HOME"), !home.isEmpty else { return nil }
        return home + "/.cache/habit"
    }

    static var file: String? { folder.map { $0 + "/answers" } }

    /// Forgets every kept answer: the store is about to change. One unlink; a missing file is fine.
    static func invalidate() {
        if let file { unlink(file) }
    }

    /// The answer kept for `key`, when the file is there, trusted and intact.
    static func answer(for key: String) -> AnswerFile.Entry? {
        guard case .entries(let entries) = read() else { return nil }
        return entries.first { $0.key == key }
    }

    /// Keeps `entry` in place of the answer kept for its key (the newest first, at most
    /// ``AnswerFile/maximumEntries``). Best effort: a cache that cannot be written changes nothing
    /// the command does; a file refused as untrusted is left as it is.
    static func keep(_ entry: AnswerFile.Entry) {
        guard let folder, let file, makeFolder(folder) else { return }
        let kept: [AnswerFile.Entry]
        switch read() {
        case .refused: return
        case .entries(let entries): kept = entries
        case .none: kept = []
        }
        let entries = [entry] + kept.filter { $0.key != entry.key }.prefix(AnswerFile.maximumEntries - 1)
        let bytes = AnswerFile.encode(entries)
        guard bytes.count <= AnswerFile.maximumBytes else { return }
        var template = Array((folder + "/.answers.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }  // 0600
        guard fd >= 0 else { return }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let written = bytes.withUnsafeBytes { all -> Bool in
            guard let base = all.baseAddress else { return false }
            var offset = 0
            while offset < all.count {
                let n = Glibc.write(fd, base + offset, all.count - offset)
                if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return false }
            }
            return true
        }
        close(fd)
        if !written || rename(temporary, file) != 0 { unlink(temporary) }
    }

    enum Reading {
        /// No file, or one that is not intact (cut, changed, another format).
        case none
        /// A link, another user's file, one writable by others, or such a folder: left alone.
        case refused
        case entries([AnswerFile.Entry])
    }

    /// The kept answers, read with the checks of Standards/security.md.
    static func read() -> Reading {
        guard let folder, let file else { return .none }
        var info = stat()
        guard lstat(folder, &info) == 0 else { return .none }
        guard (info.st_mode & S_IFMT) == S_IFDIR, trusted(info) else { return .refused }
        let fd = open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return errno == ENOENT ? .none : .refused }  // ELOOP: a link
        defer { close(fd) }
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, trusted(info) else { return .refused }
        guard info.st_size <= AnswerFile.maximumBytes else { return .none }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { all in all.baseAddress.map { Glibc.read(fd, $0 + count, all.count - count) } ?? 0 }
            if n > 0 { count += n } else if n < 0 && errno == EINTR { continue } else { break }
        }
        guard count <= AnswerFile.maximumBytes, let entries = AnswerFile.decode(bytes[0..<count]) else { return .none }
        return .entries(entries)
    }

    /// The user's (or root's), not writable by group or others: the store's rule (Store/StoreFile.swift).
    private static func trusted(_ info: stat) -> Bool {
        (info.st_uid == geteuid() || info.st_uid == 0) && info.st_mode & 0o022 == 0
    }

    /// Creates the folder (and `~/.cache`) 0700 when missing; whether it is there and trusted.
    private static func makeFolder(_ folder: String) -> Bool {
        let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
        if access(parent, F_OK) != 0 { mkdir(parent, 0o700) }
        mkdir(folder, 0o700)
        var info = stat()
        return lstat(folder, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && trusted(info)
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
        var out = Array(header.utf8)
        for entry in entries {
            let key = Array(entry.key.utf8), body = Array(entry.body.utf8)
            let line = "\(entry.kind.rawValue) \(entry.asOf) \(key.count) \(body.count) \(checksum(entry.kind, entry.asOf, key, body))\n"
            out += Array(line.utf8) + key + body + [0x0A]
        }
        return out
    }

    /// The entries of `bytes`, or nil when they are not exactly what ``encode(_:)`` writes.
    static func decode(_ bytes: ArraySlice<UInt8>) -> [Entry]? {
        guard bytes.count <= maximumBytes, bytes.starts(with: header.utf8) else { return nil }
        var i = bytes.startIndex + header.utf8.count
        var entries: [Entry] = []
        while i < bytes.endIndex {
            guard entries.count < maximumEntries, let newline = bytes[i...].firstIndex(of: 0x0A) else { return nil }
            let fields = bytes[i..<newline].split(separator: 0x20, omittingEmptySubsequences: false)
            guard fields.count == 5, let kind = Kind(rawValue: String(decoding: fields[0], as: UTF8.self)),
                  let asOf = String(validating: fields[1], as: UTF8.self), isInstant(asOf),
                  let keyCount = count(fields[2], max: maximumKeyBytes), let bodyCount = count(fields[3], max: maximumBodyBytes)
            else { return nil }
            let keyStart = newline + 1
            guard bytes.endIndex - keyStart > keyCount + bodyCount, bytes[keyStart + keyCount + bodyCount] == 0x0A else { return nil }
            let key = Array(bytes[keyStart..<(keyStart + keyCount)])
            let body = Array(bytes[(keyStart + keyCount)..<(keyStart + keyCount + bodyCount)])
            guard Array(fields[4]) == Array(checksum(kind, asOf, key, body).utf8),
                  let keyText = String(validating: key, as: UTF8.self), let bodyText = String(validating: body, as: UTF8.self)
            else { return nil }
            entries.append(Entry(key: keyText, kind: kind, asOf: asOf, body: bodyText))
            i = keyStart + keyCount + bodyCount + 1
        }
        return entries
    }

    /// A decimal count of at most `max`, digits only (no sign, no leading zero but "0").
    private static func count(_ digits: ArraySlice<UInt8>, max: Int) -> Int? {
        guard (1...7).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }),
              digits.count == 1 || digits.first != 0x30 else { return nil }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return value <= max ? value : nil
    }

    /// An instant with its offset, as ``Timestamp`` writes it.
    static func isInstant(_ text: String) -> Bool {
        text.utf8.count <= 40 && Timestamp.parse(text).map { $0.offsetSeconds != nil && $0.instant != nil } == true
    }

    static func checksum(_ kind: Kind, _ asOf: String, _ key: [UInt8], _ body: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in [Array(kind.rawValue.utf8), Array(asOf.utf8), key, body] {
            for byte in part + [0x1F] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
