import ArgumentParser
import Foundation
import HabitKit

/// The crontab line and systemd units that run `habit remind check`.
enum Trigger {
    static let marker = "# habit-reminders"

    /// The absolute path of this very binary.
    static var binaryPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }

    /// Environment the check needs when cron runs it: the store and the time zone, when set.
    static func environmentAssignments(store: StoreOptions) -> [String] {
        var parts: [String] = []
        if store.db != nil || Env.get("HABIT_DB") != nil { parts.append("HABIT_DB=\(shellQuoted(store.path))") }
        if let tz = Env.get("TZ"), !tz.isEmpty { parts.append("TZ=\(shellQuoted(tz))") }
        return parts
    }

    static func cronLine(store: StoreOptions) -> String {
        let env = environmentAssignments(store: store)
        return "*/5 * * * * " + (env.isEmpty ? "" : env.joined(separator: " ") + " ") + shellQuoted(binaryPath) + " remind check " + marker
    }

    /// Single-quotes a value for the crontab/unit file when it needs it.
    static func shellQuoted(_ s: String) -> String {
        let safe = s.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "/._-+:=,@".unicodeScalars.contains($0) }
        return safe ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs `crontab` with `arguments`, feeding `input`; returns (status, stdout).
    static func crontab(_ arguments: [String], input: String? = nil) throws -> (Int32, String) {
        guard let exe = Notification.resolve("crontab", path: Env.get("PATH")) else {
            throw ValidationError("crontab not found; install cron (apt-get install cron) or use 'habit remind systemd'")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: exe)
        process.arguments = arguments
        let out = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        if input != nil { process.standardInput = inPipe }
        try process.run()
        if let input {
            inPipe.fileHandleForWriting.write(Data(input.utf8))
            try inPipe.fileHandleForWriting.close()
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The user's crontab lines (none when there is no crontab yet).
    static func currentCrontab() throws -> [String] {
        let (status, text) = try crontab(["-l"])
        guard status == 0 else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    static func writeCrontab(_ lines: [String]) throws {
        let (status, _) = try crontab(["-"], input: lines.map { $0 + "\n" }.joined())
        if status != 0 { throw ValidationError("crontab refused the new table (exit \(status)); nothing was changed") }
    }
}

extension Remind {
    struct CronLine: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "cron", abstract: "Print the crontab line (every 5 minutes).")
        @OptionGroup var store: StoreOptions
        func run() throws { Output.print(Trigger.cronLine(store: store)) }
    }

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "install", abstract: "Add the line to your crontab (idempotent).")
        @OptionGroup var store: StoreOptions

        func run() throws {
            let line = Trigger.cronLine(store: store)
            var lines = try Trigger.currentCrontab()
            if lines.contains(line) {
                Output.print("already installed: \(line)")
                return
            }
            lines.removeAll { $0.hasSuffix(Trigger.marker) }  // an older habit line is replaced
            lines.append(line)
            try Trigger.writeCrontab(lines)
            Output.print("installed: \(line)")
        }
    }

    struct Uninstall: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "uninstall", abstract: "Remove habit's line from your crontab.")

        func run() throws {
            let lines = try Trigger.currentCrontab()
            let kept = lines.filter { !$0.hasSuffix(Trigger.marker) }
            if kept.count == lines.count {
                Output.print("nothing to remove: no habit line in your crontab")
                return
            }
            try Trigger.writeCrontab(kept)
            Output.print("removed habit's line from your crontab")
        }
    }

    struct Systemd: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "systemd",
            abstract: "Print a systemd user service + timer pair (~/.config/systemd/user/).")
        @OptionGroup var store: StoreOptions

        func run() throws {
            let env = Trigger.environmentAssignments(store: store).map { "Environment=\($0)" }.joined(separator: "\n")
            Output.print("""
                # ~/.config/systemd/user/habit-remind.service
                [Unit]
                Description=habit reminder check

                [Service]
                Type=oneshot
                \(env.isEmpty ? "" : env + "\n")ExecStart=\(Trigger.shellQuoted(Trigger.binaryPath)) remind check --notify notify-send

                # ~/.config/systemd/user/habit-remind.timer
                [Unit]
                Description=Run the habit reminder check every 5 minutes

                [Timer]
                OnCalendar=*:0/5
                Persistent=true

                [Install]
                WantedBy=timers.target

                # then: systemctl --user daemon-reload && systemctl --user enable --now habit-remind.timer
                """)
        }
    }
}
