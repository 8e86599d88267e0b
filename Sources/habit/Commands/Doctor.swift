import ArgumentParser
import Foundation
import HabitKit

struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the store, its files and the reminder set-up; repairs nothing.",
        discussion: """
            One line per finding (ok / warning / problem), each problem with the command that would
            repair it: integrity and foreign keys, habit store identity, schema version, file and folder
            modes and owner (0600, 0700, yours, no symbolic link), the write-ahead log, the cron line or
            systemd timer and whether it checks this store, and the notifier it uses. The store is only
            read, never created. Exit status: 0 when no check finds a problem (warnings are allowed),
            65 when one does, 66 when the store --db or HABIT_DB names is not there (a store missing
            from the default place is a fresh install: the first log creates it).
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let path = store.path
        let diagnosis = StoreDiagnosis.examine(path: path, user: getuid(), named: store.isChosen)
        var findings = diagnosis.findings
        if diagnosis.exists {
            findings += TriggerCheck.findings(store: path, enabledReminders: diagnosis.enabledReminders)
        }
        let problems = findings.filter { $0.status == .problem }.count
        if output.json {
            try Output.printJSON(DoctorJSON(ok: problems == 0, findings: findings))
        } else {
            let style = Style.live
            for finding in findings {
                let label = switch finding.status {
                case .ok: style.green("ok:")
                case .warning: style.yellow("warning:")
                case .problem: style.red("problem:")
                }
                let line = "\(finding.check): \(finding.detail)" + (finding.fix.map { " — fix: \($0)" } ?? "")
                Output.print(label + " " + Self.escapingControls(line))
            }
        }
        if !diagnosis.exists && diagnosis.findings.contains(where: { $0.status == .problem }) { throw DoctorError.noStore(path) }
        if problems > 0 { throw DoctorError.problems(problems) }
    }

    /// One line per finding, whatever a path contains: control characters are shown escaped.
    static func escapingControls(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                out += scalar == "\n" ? "\\n" : "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    struct DoctorJSON: Encodable {
        let ok: Bool
        let findings: [Finding]
    }
}

/// Doctor's own failure: what it found is the reason for the exit status.
enum DoctorError: HabitError {
    case problems(Int)
    case noStore(String)

    var kind: ErrorKind {
        switch self {
        case .problems: .dataError
        case .noStore: .noInput
        }
    }

    var description: String {
        switch self {
        case .problems(let n): "doctor found \(n) problem\(n == 1 ? "" : "s"); each line above says which command repairs it"
        case .noStore(let path): "there is no store at \(path); check --db and HABIT_DB, or restore a backup with 'habit restore FILE'"
        }
    }
}

/// Reads back what runs `habit remind check` (the crontab, the systemd user unit) and judges
/// whether it checks this store with a notifier that exists.
enum TriggerCheck {
    struct Installed {
        let kind: String  // "cron" or "systemd"
        let command: TriggerCommand
        let searchPath: String
        var active: Bool
    }

    static func findings(store: String, enabledReminders: Int?) -> [Finding] {
        let home = Env.get("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        var findings: [Finding] = []
        var installed: [Installed] = []
        let db = ShellWords.quote(absolute(store))
        let hasCron = Notification.resolve("crontab", path: Env.get("PATH")) != nil
        // What works on this machine: cron's line where crontab exists, else a systemd user timer
        // where systemctl does, else cron once it is installed.
        let reinstall = hasCron ? "habit remind install --db \(db)"
            : Notification.resolve("systemctl", path: Env.get("PATH")) != nil ? "habit remind systemd --install --db \(db)"
            : "install cron (e.g. apt-get install cron), then habit remind install --db \(db)"

        // cron: `crontab -l`, its NAME=value lines, and every line that runs `remind check`.
        if !hasCron {
            findings.append(.ok("cron", "crontab is not installed, so there is no cron line to check"))
        } else {
            let lines = (try? Crontab.read()) ?? []
            let cronEnv = TriggerCommand.cronEnvironment(lines)
            let commands = lines.compactMap(TriggerCommand.cron).filter(\.isReminderCheck)
            if commands.isEmpty { findings.append(.ok("cron", "no habit line in your crontab")) }
            for command in commands {
                let searchPath = cronEnv["PATH"] ?? "/usr/bin:/bin"
                let (finding, active) = judge(command, kind: "cron", store: store, home: home, inherited: cronEnv,
                                              searchPath: searchPath, enabled: true, fix: reinstall)
                findings.append(finding)
                installed.append(Installed(kind: "cron", command: command, searchPath: searchPath, active: active))
            }
        }

        // systemd: the user unit `habit remind systemd` prints, and whether its timer is enabled.
        let configHome = Env.get("XDG_CONFIG_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        let unitFolder = configHome + "/systemd/user"
        let servicePath = unitFolder + "/habit-remind.service"
        if let text = try? String(contentsOfFile: servicePath, encoding: .utf8),
           let command = TriggerCommand.systemdService(text), command.isReminderCheck {
            let enabled = FileManager.default.fileExists(atPath: unitFolder + "/timers.target.wants/habit-remind.timer")
            let searchPath = Env.get("PATH") ?? "/usr/bin:/bin"
            let (finding, active) = judge(command, kind: "systemd", store: store, home: home, inherited: [:],
                                          searchPath: searchPath, enabled: enabled, fix: "habit remind systemd --db \(ShellWords.quote(absolute(store))) (into \(servicePath))")
            findings.append(finding)
            installed.append(Installed(kind: "systemd", command: command, searchPath: searchPath, active: active))
        } else {
            findings.append(.ok("systemd", "no habit-remind.service user unit"))
        }

        let active = installed.filter(\.active)
        if let count = enabledReminders {
            let noun = "\(count) enabled reminder\(count == 1 ? "" : "s")"
            if count > 0 && active.isEmpty {
                findings.append(Finding(check: "reminders", status: .problem,
                                        detail: "\(noun), but nothing runs 'habit remind check' for this store, so none will fire",
                                        fix: reinstall))
            } else if count > 0 {
                findings.append(.ok("reminders", "\(noun), checked by \(active.map(\.kind).joined(separator: " and "))"))
            } else {
                findings.append(.ok("reminders", "no enabled reminders"))
            }
        }

        if active.isEmpty {
            findings.append(.ok("notifier", "no trigger for this store, so no notifier to check"))
        }
        for trigger in active {
            guard let program = trigger.command.notifierProgram else {
                findings.append(.ok("notifier", "\(trigger.kind): reminders are printed on stdout" + (trigger.kind == "cron" ? " (cron mails them)" : "")))
                continue
            }
            if let found = Notification.resolve(program, path: trigger.searchPath) {
                findings.append(.ok("notifier", "\(trigger.kind): \(program) is \(found)"))
            } else {
                findings.append(Finding(check: "notifier", status: .problem,
                                        detail: "\(trigger.kind) delivers reminders with \(program), which is not on its PATH (\(trigger.searchPath))",
                                        fix: program == "notify-send" ? "sudo apt-get install libnotify-bin" : "install \(program), or change --notify in the \(trigger.kind) command"))
            }
        }
        return findings
    }

    /// One trigger: does its program exist, is it enabled, does it check this store?
    private static func judge(_ command: TriggerCommand, kind: String, store: String, home: String, inherited: [String: String],
                              searchPath: String, enabled: Bool, fix: String) -> (Finding, active: Bool) {
        let program = command.arguments.first ?? ""
        let target = command.storePath(home: home, inherited: inherited)
        if Notification.resolve(program, path: searchPath) == nil {
            return (Finding(check: kind, status: .problem,
                            detail: "the \(kind) trigger runs \(program), which does not exist or is not executable", fix: fix), false)
        }
        guard sameStore(target, store) else {
            return (Finding(check: kind, status: .warning,
                            detail: "the \(kind) trigger checks another store (\(target)), not this one", fix: fix), false)
        }
        guard enabled else {
            return (Finding(check: kind, status: .warning, detail: "habit-remind.service checks this store but its timer is not enabled",
                            fix: "systemctl --user daemon-reload && systemctl --user enable --now habit-remind.timer"), false)
        }
        return (.ok(kind, kind == "cron" ? "your crontab runs '\(program) remind check' for this store"
                                         : "the systemd timer runs '\(program) remind check' for this store"), true)
    }

    /// The same file (device and inode) when both exist, else the same absolute path.
    static func sameStore(_ a: String, _ b: String) -> Bool {
        if let x = FileIdentity(path: a), let y = FileIdentity(path: b) { return x == y }
        return absolute(a) == absolute(b)
    }

    static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
