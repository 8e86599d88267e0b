import ArgumentParser
import Foundation
import HabitKit

extension Remind {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "What cron runs: deliver due reminders, each occurrence exactly once.",
            discussion: """
                Handles occurrences due in the last 'grace' minutes (default 15; --catch-up: 24 h) that are
                neither cancelled nor handled. Nothing due: no output, exit 0. A failing notifier is
                reported on stderr and the exit status is 74; the occurrence stays delivered.
                With --notify command, everything after -- is the program and its arguments; the title and
                message are appended as two more arguments (no shell is involved).
                """)

        enum Notifier: String, ExpressibleByArgument, CaseIterable {
            case stdout, notifySend = "notify-send", command
        }

        @Flag(name: .long, help: "Also handle occurrences missed in the last 24 hours.")
        var catchUp = false

        @Option(name: .long, help: "stdout (default), notify-send, or command (see below).")
        var notify: Notifier = .stdout

        @Argument(parsing: .postTerminator, help: "With --notify command: the program and its arguments.")
        var command: [String] = []

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            if notify == .command && command.isEmpty {
                throw ValidationError("--notify command needs the program after --, e.g. -- /usr/bin/logger -t habit")
            }
            if notify != .command && !command.isEmpty {
                throw ValidationError("a program after -- needs --notify command")
            }
        }

        func run() throws {
            let (store, env) = try store.openWithEnvironment()
            let result = try store.checkReminders(env: env, catchUp: catchUp)
            let calendar = env.calendar
            if output.json {
                try Output.printJSON(CheckJSON(
                    delivered: result.delivered.map { .init(reminder: String($0.reminder.id), title: $0.reminder.title, occurrence: calendar.iso8601($0.occurrence.at)) },
                    suppressed: result.suppressed.map { .init(reminder: String($0.reminder.id), title: $0.reminder.title, occurrence: calendar.iso8601($0.occurrence.at)) }))
            } else {
                for h in result.delivered {
                    Output.print("habit reminder #\(h.reminder.id) \(calendar.time(of: h.occurrence.at)): \(h.reminder.title) — \(h.reminder.message)")
                }
            }
            var failures: [String] = []
            if notify != .stdout {
                for h in result.delivered {
                    if let failure = Notification.send(title: h.reminder.title, message: h.reminder.message, via: notify, command: command) {
                        failures.append("reminder #\(h.reminder.id): \(failure)")
                    }
                }
            }
            if !failures.isEmpty {
                HabitCommand.fail("notifier failed (\(failures.joined(separator: "; "))); the reminder stays delivered and is not retried",
                                  code: Output.exitCode(for: .ioError))
            }
        }

        struct CheckJSON: Encodable {
            struct Item: Encodable {
                let reminder: String
                let title: String
                let occurrence: String
            }

            let delivered: [Item]
            let suppressed: [Item]
        }
    }
}

/// Runs a notifier as an argument vector (never through a shell). Returns a failure description or nil.
enum Notification {
    static func send(title: String, message: String, via notifier: Remind.Check.Notifier, command: [String]) -> String? {
        var environment = ProcessInfo.processInfo.environment
        let argv: [String]
        switch notifier {
        case .stdout: return nil
        case .notifySend:
            argv = ["notify-send", "--app-name=habit", title, message]
            if (environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty {
                // From cron there is no session environment: the user's bus lives at a fixed place.
                environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/run/user/\(getuid())/bus"
            }
        case .command:
            argv = command + [title, message]
        }
        guard let executable = resolve(argv[0], path: environment["PATH"]) else {
            return "\(argv[0]) not found"
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
            return "\(argv[0]) could not start: \(error.localizedDescription)"
        }
        return process.terminationStatus == 0 ? nil : "\(argv[0]) exited with status \(process.terminationStatus)"
    }

    static func resolve(_ name: String, path: String?) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for dir in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
