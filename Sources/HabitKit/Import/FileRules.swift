import Foundation

/// One result of `habit doctor`: what was checked, how it stands, and the command that would
/// repair it (doctor itself repairs nothing).
public struct Finding: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable, Comparable {
        case ok, warning, problem

        private var rank: Int { self == .ok ? 0 : self == .warning ? 1 : 2 }
        public static func < (a: Status, b: Status) -> Bool { a.rank < b.rank }
    }

    /// A short stable name: `store`, `path`, `file-mode`, `folder-mode`, `ownership`, `identity`,
    /// `integrity`, `foreign-keys`, `schema`, `kept-totals`, `wal`, `cron`, `systemd`, `reminders`, `notifier`, `sync`.
    public let check: String
    public let status: Status
    public let detail: String
    /// A command that repairs a problem or warning; nil when there is nothing to do.
    public let fix: String?

    public init(check: String, status: Status, detail: String, fix: String? = nil) {
        self.check = check
        self.status = status
        self.detail = detail
        self.fix = fix
    }

    public static func ok(_ check: String, _ detail: String) -> Finding { Finding(check: check, status: .ok, detail: detail) }

    private enum CodingKeys: String, CodingKey { case check, status, detail, fix }

    /// `fix` is always present, `null` when there is nothing to do.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(check, forKey: .check)
        try c.encode(status, forKey: .status)
        try c.encode(detail, forKey: .detail)
        try c.encode(fix, forKey: .fix)
    }
}

/// What `stat` says about one file or folder, as plain values, so the rules below stay pure.
public struct FileFacts: Sendable, Equatable {
    public var path: String
    /// The permission bits (`st_mode & 0o7777`).
    public var mode: UInt32
    public var owner: UInt32

    public init(path: String, mode: UInt32, owner: UInt32) {
        self.path = path
        self.mode = mode
        self.owner = owner
    }

    /// `0644`-style text.
    public var modeText: String {
        let octal = String(mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - octal.count)) + octal
    }
}

/// The rules for the store's files, in the spirit of ssh's StrictModes: the store (and its -wal
/// and -shm) 0600, its folder 0700, both owned by the person running habit.
public enum FileRules {
    /// `file-mode`: a problem when anyone but the owner may read or write a file (health data);
    /// a warning when the owner cannot read and write it.
    public static func fileMode(_ files: [FileFacts]) -> Finding {
        let open = files.filter { $0.mode & 0o077 != 0 }
        if !open.isEmpty {
            let list = open.map { "\($0.path) is \($0.modeText)" }.joined(separator: ", ")
            return Finding(check: "file-mode", status: .problem,
                           detail: "\(list): others may read or change your data (want 0600)",
                           fix: "chmod 600 " + open.map { ShellWords.quote($0.path) }.joined(separator: " "))
        }
        let closed = files.filter { $0.mode & 0o600 != 0o600 }
        if !closed.isEmpty {
            let list = closed.map { "\($0.path) is \($0.modeText)" }.joined(separator: ", ")
            return Finding(check: "file-mode", status: .warning,
                           detail: "\(list): habit cannot write it (want 0600)",
                           fix: "chmod 600 " + closed.map { ShellWords.quote($0.path) }.joined(separator: " "))
        }
        return .ok("file-mode", files.map { "\($0.path) \($0.modeText)" }.joined(separator: ", "))
    }

    /// `folder-mode`: a problem when group or others may write the folder (they could swap the
    /// store or plant a link); a warning when they may list or enter it.
    public static func folderMode(_ folder: FileFacts) -> Finding {
        let fix = "chmod 700 " + ShellWords.quote(folder.path)
        if folder.mode & 0o022 != 0 {
            return Finding(check: "folder-mode", status: .problem,
                           detail: "\(folder.path) is \(folder.modeText): others may replace the store or plant a link in it (want 0700)", fix: fix)
        }
        if folder.mode & 0o055 != 0 {
            return Finding(check: "folder-mode", status: .warning,
                           detail: "\(folder.path) is \(folder.modeText): others may see which files are in it (want 0700)", fix: fix)
        }
        return .ok("folder-mode", "\(folder.path) \(folder.modeText)")
    }

    /// `ownership`: the store's files and its folder belong to `user`.
    public static func ownership(_ items: [FileFacts], user: UInt32) -> Finding {
        let foreign = items.filter { $0.owner != user }
        if foreign.isEmpty { return .ok("ownership", "owned by you (uid \(user))") }
        return Finding(check: "ownership", status: .problem,
                       detail: foreign.map { "\($0.path) belongs to uid \($0.owner)" }.joined(separator: ", ") + ", not to you (uid \(user))",
                       fix: "sudo chown \(user) " + foreign.map { ShellWords.quote($0.path) }.joined(separator: " "))
    }

    /// The name a restore keeps the current store under: `habit.sqlite.before-restore-20251026-101500`
    /// (local time), with `-2`, `-3`, … when that name is taken.
    public static func keptName(store: String, day: LocalDay, time: LocalTime, attempt: Int = 1) -> String {
        func pad(_ n: Int, _ width: Int) -> String {
            let text = String(n)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let stamp = pad(day.year, 4) + pad(day.month, 2) + pad(day.day, 2) + "-" + pad(time.hour, 2) + pad(time.minute, 2) + pad(time.second, 2)
        return store + ".before-restore-" + stamp + (attempt > 1 ? "-\(attempt)" : "")
    }
}
