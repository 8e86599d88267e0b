import Foundation

/// What `habit doctor` knows of the triggers that run `habit remind check` on this machine,
/// gathered by the executable (it runs `crontab -l`, reads the unit files, looks programs up on
/// PATH and compares files); ``TriggerCheck`` judges it without touching anything.
public struct TriggerFacts: Sendable {
    /// The home folder a trigger's default store lies under.
    public var home: String
    /// This process's PATH (a systemd user unit inherits it).
    public var searchPath: String?
    /// The user's crontab lines; nil when `crontab` is not installed.
    public var crontab: [String]?
    /// `…/systemd/user/habit-remind.service` and its text (nil when there is none).
    public var servicePath: String
    public var serviceText: String?
    /// Whether `timers.target.wants/habit-remind.timer` is there.
    public var timerEnabled: Bool
    /// The executable `name` names on a search path (nil: the default PATH), if any.
    public var resolve: @Sendable (_ name: String, _ searchPath: String?) -> String?
    /// Whether two store paths name the same file.
    public var sameStore: @Sendable (String, String) -> Bool

    public init(home: String, searchPath: String?, crontab: [String]?, servicePath: String, serviceText: String?, timerEnabled: Bool,
                resolve: @escaping @Sendable (String, String?) -> String?, sameStore: @escaping @Sendable (String, String) -> Bool) {
        self.home = home
        self.searchPath = searchPath
        self.crontab = crontab
        self.servicePath = servicePath
        self.serviceText = serviceText
        self.timerEnabled = timerEnabled
        self.resolve = resolve
        self.sameStore = sameStore
    }
}

/// Doctor's judgement of the reminder triggers: does a cron line or the systemd unit check this
/// store, with a program and a notifier that exist, and do enabled reminders have one that does.
public enum TriggerCheck {
    /// The `cron`, `systemd`, `reminders` and `notifier` findings for the store at `store` (an
    /// absolute path); `enabledReminders` nil when the store could not be read.
    public static func findings(store: String, enabledReminders: Int?, facts: TriggerFacts) -> [Finding] {
        var findings: [Finding] = []
        var installed: [Installed] = []
        let db = ShellWords.quote(store)
        // What works on this machine: cron's line where crontab exists, else a systemd user timer
        // where systemctl does, else cron once it is installed.
        let reinstall = facts.crontab != nil ? "habit remind install --db \(db)"
            : facts.resolve("systemctl", facts.searchPath) != nil ? "habit remind systemd --install --db \(db)"
            : "install cron (e.g. apt-get install cron), then habit remind install --db \(db)"

        // cron: the crontab's NAME=value lines, and every line that runs `remind check`.
        if let lines = facts.crontab {
            let cronEnv = TriggerCommand.cronEnvironment(lines)
            let commands = lines.compactMap(TriggerCommand.cron).filter(\.isReminderCheck)
            if commands.isEmpty { findings.append(.ok("cron", "no habit line in your crontab")) }
            for command in commands {
                let trigger = Installed(kind: "cron", command: command, searchPath: cronEnv["PATH"] ?? "/usr/bin:/bin")
                let (finding, active) = judge(trigger, store: store, inherited: cronEnv, enabled: true, fix: reinstall, facts)
                findings.append(finding)
                if active { installed.append(trigger) }
            }
        } else {
            findings.append(.ok("cron", "crontab is not installed, so there is no cron line to check"))
        }

        // systemd: the user unit `habit remind systemd` prints, and whether its timer is enabled.
        if let text = facts.serviceText, let command = TriggerCommand.systemdService(text), command.isReminderCheck {
            let trigger = Installed(kind: "systemd", command: command, searchPath: facts.searchPath ?? "/usr/bin:/bin")
            let (finding, active) = judge(trigger, store: store, inherited: [:], enabled: facts.timerEnabled,
                                          fix: "habit remind systemd --db \(db) (into \(facts.servicePath))", facts)
            findings.append(finding)
            if active { installed.append(trigger) }
        } else {
            findings.append(.ok("systemd", "no habit-remind.service user unit"))
        }

        if let count = enabledReminders {
            let noun = counting(count, "enabled reminder")
            if count > 0 && installed.isEmpty {
                findings.append(Finding(check: "reminders", status: .problem,
                                        detail: "\(noun), but nothing runs 'habit remind check' for this store, so none will fire",
                                        fix: reinstall))
            } else if count > 0 {
                findings.append(.ok("reminders", "\(noun), checked by \(installed.map(\.kind).joined(separator: " and "))"))
            } else {
                findings.append(.ok("reminders", "no enabled reminders"))
            }
        }

        if installed.isEmpty {
            findings.append(.ok("notifier", "no trigger for this store, so no notifier to check"))
        }
        for trigger in installed {
            findings.append(notifier(trigger, facts))
        }
        return findings
    }

    /// A trigger found: `cron` or `systemd`, its command, and the PATH it runs with.
    struct Installed {
        let kind: String
        let command: TriggerCommand
        let searchPath: String
    }

    /// One trigger: does its program exist, is it enabled, does it check this store?
    private static func judge(_ trigger: Installed, store: String, inherited: [String: String], enabled: Bool, fix: String,
                              _ facts: TriggerFacts) -> (Finding, active: Bool) {
        let kind = trigger.kind
        let program = trigger.command.arguments.first ?? ""
        let target = trigger.command.storePath(home: facts.home, inherited: inherited)
        if facts.resolve(program, trigger.searchPath) == nil {
            return (Finding(check: kind, status: .problem,
                            detail: "the \(kind) trigger runs \(program), which does not exist or is not executable", fix: fix), false)
        }
        guard facts.sameStore(target, store) else {
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

    /// The notifier an active trigger hands reminders to: stdout, or a program on its PATH.
    private static func notifier(_ trigger: Installed, _ facts: TriggerFacts) -> Finding {
        guard let program = trigger.command.notifierProgram else {
            return .ok("notifier", "\(trigger.kind): reminders are printed on stdout" + (trigger.kind == "cron" ? " (cron mails them)" : ""))
        }
        if let found = facts.resolve(program, trigger.searchPath) {
            return .ok("notifier", "\(trigger.kind): \(program) is \(found)")
        }
        return Finding(check: "notifier", status: .problem,
                       detail: "\(trigger.kind) delivers reminders with \(program), which is not on its PATH (\(trigger.searchPath))",
                       fix: program == "notify-send" ? "sudo apt-get install libnotify-bin" : "install \(program), or change --notify in the \(trigger.kind) command")
    }
}
