import Foundation
import HabitKit

/// The crontab line and systemd units that run `habit remind check`.
///
/// Paths end up in two languages. Cron hands the command to `/bin/sh` after turning every
/// unescaped `%` into a newline, so a value is single-quoted for sh, in pieces around each `%`,
/// which is written `\%`. Systemd expands `%` specifiers everywhere, so values are double-quoted
/// with `\\`, `\"` and `%%` (`$` is literal in `Environment=` and in the program path of
/// `ExecStart=`); systemd itself refuses quotes and backslashes in a program path. A control
/// character (a newline above all) cannot be carried safely by either: such a path is refused.
enum Trigger {
    static let marker = "# habit-reminders"

    /// Whether a crontab line is one habit wrote (of any version: they all end with ``marker``;
    /// trailing blanks a hand edit left are no other line).
    static func isHabitLine(_ line: String) -> Bool {
        line.trimmingCharacters(in: .whitespaces).hasSuffix(marker)
    }

    /// The absolute path of this very binary.
    static var binaryPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }

    /// Environment the check needs when cron or systemd runs it: `HABIT_DB` with the store's
    /// absolute path whenever the store is not the default one (chosen by `--db`, `HABIT_DB` or
    /// `XDG_DATA_HOME`, none of which cron or systemd hands the check), and the time zone when
    /// `TZ` is set.
    static func environment(store: StoreOptions) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        let place = store.place
        if !place.isDefault { pairs.append(("HABIT_DB", PathText.absolute(place.path))) }
        // The hooks, the pending journal and the cache are where this command finds them.
        pairs += HabitPaths.live.folderVariables
        if let tz = Env.get("TZ"), !tz.isEmpty { pairs.append(("TZ", tz)) }
        return pairs
    }

    /// `*/5 * * * * HABIT_DB=… TZ=… /path/to/habit remind check # habit-reminders`.
    static func cronLine(store: StoreOptions) throws(TriggerError) -> String {
        var words: [String] = []
        for (name, value) in environment(store: store) {
            words.append(name + "=" + (try cronWord(value, what: name == "HABIT_DB" ? "store path" : name)))
        }
        words.append(try cronWord(binaryPath, what: "habit binary path"))
        return "*/5 * * * * " + words.joined(separator: " ") + " remind check " + marker
    }

    /// `value` as one sh word inside a crontab line (see the type's notes).
    static func cronWord(_ value: String, what: String) throws(TriggerError) -> String {
        try refuseControlCharacters(value, what: what, in: "crontab line (cron ends a line at a newline)")
        if value.unicodeScalars.allSatisfy(isPlain) { return value }
        return value.split(separator: "%", omittingEmptySubsequences: false).map { piece in
            piece.isEmpty ? "" : "'" + piece.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: "\\%")
    }

    /// The user service that runs the check (with notify-send).
    static func systemdService(store: StoreOptions) throws(TriggerError) -> String {
        var lines = ["[Unit]", "Description=habit reminder check", "", "[Service]", "Type=oneshot"]
        for (name, value) in environment(store: store) {
            lines.append("Environment=" + (try systemdWord(name + "=" + value, what: name == "HABIT_DB" ? "store path" : name, program: false)))
        }
        lines.append("ExecStart=" + (try systemdWord(binaryPath, what: "habit binary path", program: true)) + " remind check --notify notify-send")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The timer that starts the service every 5 minutes.
    static let systemdTimer = """
        [Unit]
        Description=Run the habit reminder check every 5 minutes

        [Timer]
        OnCalendar=*:0/5
        Persistent=true

        [Install]
        WantedBy=timers.target

        """

    /// `value` as one word of a unit file setting: plain when it can be, else double-quoted with
    /// `\\` and `\"` escaped and `%%` for a literal `%`. A `program` path may not hold a quote or a
    /// backslash (systemd refuses to run such a file).
    static func systemdWord(_ value: String, what: String, program: Bool) throws(TriggerError) -> String {
        try refuseControlCharacters(value, what: what, in: "systemd unit file (a setting ends at a newline)")
        if program, value.contains(where: { $0 == "\"" || $0 == "'" || $0 == "\\" }) {
            throw .unsafePath(value, what: what, reason: "systemd unit file (systemd refuses quotes and backslashes in a program path)")
        }
        if value.unicodeScalars.allSatisfy(isPlain) { return value }
        var out = "\""
        for ch in value {
            switch ch {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "%": out += "%%"
            default: out.append(ch)
            }
        }
        return out + "\""
    }

    /// Letters, digits and `/._-+:=,@`: safe unquoted for sh, cron and systemd alike.
    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "/._-+:=,@".unicodeScalars.contains(scalar))
    }

    private static func refuseControlCharacters(_ value: String, what: String, in place: String) throws(TriggerError) {
        if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            throw .unsafePath(value, what: what, reason: place)
        }
    }
}

/// The user's crontab, through the `crontab` program.
enum Crontab {
    /// The user's crontab lines (none when there is no crontab yet).
    static func read() throws(TriggerError) -> [String] {
        let (status, output, errors) = try run(["-l"])
        if status != 0 {
            if errors.contains("no crontab") { return [] }
            throw .crontabFailed(arguments: ["-l"], status: status, message: firstLine(errors))
        }
        return output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    /// Replaces the user's crontab with `lines`.
    static func write(_ lines: [String]) throws(TriggerError) {
        let (status, _, errors) = try run(["-"], input: lines.map { $0 + "\n" }.joined())
        if status != 0 { throw .crontabFailed(arguments: ["-"], status: status, message: firstLine(errors)) }
    }

    /// Runs `crontab` with `arguments`, feeding `input`; returns (status, stdout, stderr).
    private static func run(_ arguments: [String], input: String? = nil) throws(TriggerError) -> (Int32, String, String) {
        guard let exe = Notification.resolve("crontab", path: Env.get("PATH")) else { throw .crontabMissing }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: exe)
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input == nil ? FileHandle.nullDevice : inPipe
        do {
            try process.run()
            if let input {
                try inPipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
                try inPipe.fileHandleForWriting.close()
            }
        } catch {
            throw .crontabUnavailable((error as NSError).localizedDescription)
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n").first ?? "")
    }
}
