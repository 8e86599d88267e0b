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
    /// `integrity`, `foreign-keys`, `schema`, `wal`, `cron`, `systemd`, `reminders`, `notifier`.
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

/// A command line that runs `habit remind check`, read back from a crontab or a systemd unit.
public struct TriggerCommand: Sendable, Equatable {
    /// `NAME=value` assignments in front of the command (and, for systemd, `Environment=` lines).
    public var environment: [String: String]
    /// The program and its arguments.
    public var arguments: [String]

    public init(environment: [String: String], arguments: [String]) {
        self.environment = environment
        self.arguments = arguments
    }

    /// Whether the command is `… remind check …`.
    public var isReminderCheck: Bool {
        zip(arguments, arguments.dropFirst()).contains { $0 == "remind" && $1 == "check" }
    }

    /// The store the check opens: `--db`, else `HABIT_DB`, else the default path under `home`.
    public func storePath(home: String, inherited: [String: String] = [:]) -> String {
        let env = inherited.merging(environment) { $1 }
        if let i = arguments.firstIndex(of: "--db"), i + 1 < arguments.count { return arguments[i + 1] }
        if let inline = arguments.first(where: { $0.hasPrefix("--db=") }) { return String(inline.dropFirst(5)) }
        if let db = env["HABIT_DB"], !db.isEmpty { return db }
        if let xdg = env["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/habit/habit.sqlite" }
        return (env["HOME"] ?? home) + "/.local/share/habit/habit.sqlite"
    }

    /// The program the check hands reminders to: nil for stdout (the default), `notify-send`, or
    /// the first word after `--` with `--notify command`.
    public var notifierProgram: String? {
        let head = arguments.prefix { $0 != "--" }
        var choice = "stdout"
        if let i = head.firstIndex(of: "--notify"), i + 1 < head.endIndex { choice = head[i + 1] }
        if let inline = head.first(where: { $0.hasPrefix("--notify=") }) { choice = String(inline.dropFirst(9)) }
        switch choice {
        case "notify-send": return "notify-send"
        case "command":
            guard let dash = arguments.firstIndex(of: "--"), dash + 1 < arguments.count else { return nil }
            return arguments[dash + 1]
        default: return nil
        }
    }

    /// Reads one crontab line: five time fields (or `@daily`-style), then a shell command up to
    /// the first unescaped `%`. Nil for blank lines, comments, variable lines and unreadable quoting.
    public static func cron(_ line: String) -> TriggerCommand? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        var rest = Substring(trimmed)
        let fields = trimmed.hasPrefix("@") ? 1 : 5
        for _ in 0..<fields {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard !rest.isEmpty else { return nil }
            rest = rest.drop { $0 != " " && $0 != "\t" }
        }
        // cron turns an unescaped % into a newline (the rest is stdin) and drops the \ of \%.
        var command = ""
        var escaped = false
        for c in rest {
            if escaped {
                command += c == "%" ? "%" : "\\" + String(c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "%" {
                break
            } else {
                command.append(c)
            }
        }
        if escaped { command += "\\" }
        guard let words = ShellWords.split(command) else { return nil }
        return assignments(words, into: [:])
    }

    /// `NAME=value` lines of a crontab (cron passes them to every command).
    public static func cronEnvironment(_ lines: [String]) -> [String: String] {
        var env: [String: String] = [:]
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), let eq = trimmed.firstIndex(of: "=") else { continue }
            let name = trimmed[..<eq].trimmingCharacters(in: .whitespaces)
            guard name.first.map({ $0.isLetter || $0 == "_" }) == true,
                  name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { continue }
            var value = trimmed[trimmed.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let q = value.first, q == "'" || q == "\"", value.last == q {
                value = String(value.dropFirst().dropLast())
            }
            env[name] = value
        }
        return env
    }

    /// Reads a systemd service file: its `Environment=` assignments and `ExecStart=` command
    /// (`%%` is a literal `%`; quoting as systemd reads it). Nil without an `ExecStart=`.
    public static func systemdService(_ text: String) -> TriggerCommand? {
        var env: [String: String] = [:]
        var exec: [String]?
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("Environment=") {
                guard let words = ShellWords.split(unescapePercent(String(line.dropFirst(12)))) else { continue }
                for word in words {
                    if let eq = word.firstIndex(of: "=") { env[String(word[..<eq])] = String(word[word.index(after: eq)...]) }
                }
            } else if line.hasPrefix("ExecStart=") {
                let command = String(line.dropFirst(10).drop { "-@:+!".contains($0) })
                exec = ShellWords.split(unescapePercent(command))
            }
        }
        guard let exec else { return nil }
        return assignments(exec, into: env)
    }

    private static func unescapePercent(_ s: String) -> String { s.replacingOccurrences(of: "%%", with: "%") }

    /// Leading `NAME=value` words (and an `env` in front of them) become the environment.
    private static func assignments(_ words: [String], into base: [String: String]) -> TriggerCommand {
        var env = base
        var index = words.startIndex
        if index < words.endIndex, words[index] == "env" || words[index] == "/usr/bin/env" { index += 1 }
        while index < words.endIndex, let eq = words[index].firstIndex(of: "="),
              words[index][..<eq].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
              eq != words[index].startIndex {
            env[String(words[index][..<eq])] = String(words[index][words[index].index(after: eq)...])
            index += 1
        }
        return TriggerCommand(environment: env, arguments: Array(words[index...]))
    }
}

/// Splitting and quoting words the way `sh` does (no expansion): enough to read back the lines
/// habit writes and the usual hand edits.
public enum ShellWords {
    /// The words of `text`: single quotes, double quotes (with `\"`, `\\`, `\$`, `` \` ``),
    /// backslash escapes; an unquoted `#` at the start of a word begins a comment. Nil when a
    /// quote is not closed.
    public static func split(_ text: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var chars = text.makeIterator()
        while let c = chars.next() {
            switch c {
            case " ", "\t", "\n":
                if inWord { words.append(current); current = ""; inWord = false }
            case "#" where !inWord:
                return words
            case "'":
                inWord = true
                var closed = false
                while let q = chars.next() {
                    if q == "'" { closed = true; break }
                    current.append(q)
                }
                if !closed { return nil }
            case "\"":
                inWord = true
                var closed = false
                while let q = chars.next() {
                    if q == "\"" { closed = true; break }
                    if q == "\\" {
                        guard let next = chars.next() else { return nil }
                        if !"\"\\$`".contains(next) { current.append("\\") }
                        current.append(next)
                    } else {
                        current.append(q)
                    }
                }
                if !closed { return nil }
            case "\\":
                inWord = true
                if let next = chars.next() { current.append(next) }
            default:
                inWord = true
                current.append(c)
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// `s` as one shell word: unchanged when it is plain, else in single quotes.
    public static func quote(_ s: String) -> String {
        let plain = !s.isEmpty && s.unicodeScalars.allSatisfy {
            ($0.isASCII && (CharacterSet.alphanumerics.contains($0))) || "/._-+:=,@".unicodeScalars.contains($0)
        }
        return plain ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
