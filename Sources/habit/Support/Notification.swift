import Foundation
import HabitKit

/// Where `habit remind check` delivers, besides its line on stdout.
enum Notifier: String, CaseIterable {
    case stdout, notifySend = "notify-send", command
}

/// Runs a notifier as an argument vector (never through a shell). A reminder's title and message
/// are data — typed here, or a sync peer's — so they never land where a program reads options:
/// they come after a `--` argument (notify-send, and a user's command alike) and in the
/// environment as `HABIT_TITLE` and `HABIT_MESSAGE` (Standards/reminders.md).
enum Notification {
    /// Sends one reminder; returns a failure description, or nil when it worked.
    static func send(title: String, message: String, via notifier: Notifier, command: [String]) -> String? {
        var environment = ProcessInfo.processInfo.environment
        environment["HABIT_TITLE"] = title
        environment["HABIT_MESSAGE"] = message
        let argv: [String]
        switch notifier {
        case .stdout: return nil
        case .notifySend:
            // `--` ends notify-send's options: a title starting with '-' stays a title.
            argv = ["notify-send", "--app-name=habit", "--", title, message]
            if (environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty {
                // From cron there is no session environment: the user's bus lives at a fixed place.
                environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/run/user/\(getuid())/bus"
            }
        case .command:
            // `--` ends the options of any program that reads them the usual way (getopt, logger):
            // a title such as `-f/etc/hostname` stays a word to log, never `-f FILE`.
            argv = command + ["--", title, message]
        }
        guard let program = argv.first, let executable = resolve(program, path: environment["PATH"]) else {
            return "\(quoted: argv.first ?? "") not found"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(argv.dropFirst())
        process.environment = environment
        process.standardOutput = FileHandle.standardError
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return "\(quoted: program) could not start: \(error.localizedDescription)"
        }
        return process.terminationStatus == 0 ? nil : "\(quoted: program) exited with status \(process.terminationStatus)"
    }

    /// The executable `name` names: itself when it has a slash, else the first on `path`.
    static func resolve(_ name: String, path: String?) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for dir in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
