import Foundation

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

    /// The store the check opens, as an absolute path: ``HabitPaths/store(option:)`` with the
    /// line's `--db` and its environment over `inherited` (a crontab's `NAME=value` lines), `home`
    /// when neither sets `HOME`. A relative path is taken from `home`: cron and systemd's user
    /// manager run a command in the home folder.
    public func storePath(home: String, inherited: [String: String] = [:]) -> String {
        var option: String?  // the last one given, as the parser takes it; none after `--` (the notifier's words)
        let words = Array(arguments.prefix { $0 != "--" })
        for (i, word) in words.enumerated() {
            if word == "--db", i + 1 < words.count { option = words[i + 1] }
            if word.hasPrefix("--db=") { option = String(word.dropFirst(5)) }
        }
        let paths = HabitPaths(environment: inherited.merging(environment) { $1 }, accountHome: home)
        let path = paths.store(option: option).path
        return path.hasPrefix("/") ? path : paths.home + "/" + path
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
