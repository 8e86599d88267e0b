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
            modes and owner (0600, 0700, yours, no symbolic link), the write-ahead log, the kept day totals
            against the samples they are summed from, the cron line or
            systemd timer and whether it checks this store, and the notifier it uses. The store is only
            read, never created. Exit status: 0 when no check finds a problem (warnings are allowed),
            65 when one does, 66 when the store --db or HABIT_DB names is not there (a store missing
            from the default place is a fresh install: the first log creates it), 69 when another
            program held the store locked for 10 s, or when the store's folder is missing where habit
            made a store before on another drive (a drive that is not mounted): it was not checked;
            wait for the lock or mount the drive, and run doctor again.
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let path = store.path
        let diagnosis = StoreDiagnosis.examine(path: path, user: getuid(), named: store.place.isNamed)
        // A store on a drive that is not mounted is neither a first run nor a typo: writes are refused.
        let unmounted = diagnosis.exists ? nil : store.location.missingFolder.map(StoreFolderMissing.init)
        var findings = unmounted.map { [$0.finding] } ?? diagnosis.findings
        // Only a sound store of the current schema: any other is reported above, and opening it
        // to read could migrate it.
        if diagnosis.findings.contains(where: { $0.check == "schema" && $0.status == .ok }),
           !diagnosis.findings.contains(where: { $0.status == .problem }) {
            findings.append(keptTotals())
            findings += SyncFindings.findings(store)
        }
        if diagnosis.exists {
            findings += TriggerFactsReader.findings(store: path, enabledReminders: diagnosis.enabledReminders)
            if !diagnosis.locked { findings += CommandHabits.findings(storePath: path) }  // it would wait for the lock again
        }
        findings += Pending.findings()
        findings += Hooks.findings()
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
                Output.print(label + " " + escapingControlCharacters(line))  // one line, whatever a path holds
            }
        }
        if let unmounted { throw DoctorError.unmounted(unmounted.folder) }
        if !diagnosis.exists && diagnosis.findings.contains(where: { $0.check == "store" && $0.status == .problem }) { throw DoctorError.noStore(path) }
        if diagnosis.locked { throw DoctorError.locked(path) }
        if problems > 0 { throw DoctorError.problems(problems) }
    }

    /// `kept-totals`: what reads show from the kept day totals against the samples summed again
    /// (``KeptTotalsCheck``), in this command's zone and day start. The check keeps nothing.
    private func keptTotals() -> Finding {
        do {
            return try store.snapshot { opened, env in try opened.read(.keptTotalsCheck(env: env)) }.finding(store: store.path)
        } catch {
            return Finding(check: "kept-totals", status: .warning, detail: "not checked: \(error)")
        }
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
    case locked(String)
    case unmounted(String)

    var kind: ErrorKind {
        switch self {
        case .problems: .dataError
        case .noStore: .noInput
        case .locked, .unmounted: .unavailable
        }
    }

    var description: String {
        switch self {
        case .problems(let n): "doctor found \(counting(n, "problem")); each line above says which command repairs it"
        case .noStore(let path): "there is no store at \(path); check --db and HABIT_DB, or restore a backup with 'habit restore FILE'"
        case .locked(let path):
            "the store \(path) is locked by another program, so doctor could not check it; wait for it to finish and run habit doctor again"
        case .unmounted(let folder):
            "the store's folder \(quoted: folder) is missing (a drive that is not mounted?), so doctor could not check the store; "
                + "mount it and run habit doctor again"
        }
    }
}

/// The facts ``TriggerCheck`` judges, read from this machine: the crontab (through `crontab -l`),
/// the systemd user unit and its timer link, programs on PATH.
enum TriggerFactsReader {
    static func findings(store: String, enabledReminders: Int?) -> [Finding] {
        let home = HabitPaths.live.home
        let searchPath = Env.get("PATH")
        let unitFolder = HabitPaths.live.systemdUserFolder
        let servicePath = unitFolder + "/" + RemindSystemd.serviceName
        let hasCron = Notification.resolve("crontab", path: searchPath) != nil
        let facts = TriggerFacts(
            home: home, searchPath: searchPath, crontab: hasCron ? ((try? Crontab.read()) ?? []) : nil,
            servicePath: servicePath, serviceText: ownText(servicePath),
            timerEnabled: FileManager.default.fileExists(atPath: unitFolder + "/timers.target.wants/habit-remind.timer"),
            resolve: { Notification.resolve($0, path: $1) }, sameStore: sameStore)
        return TriggerCheck.findings(store: absolute(store), enabledReminders: enabledReminders, facts: facts)
    }

    /// The reminder unit's text (its first 64 KiB), read through ``OwnFile`` (a link is followed,
    /// as `systemctl link` makes one; a FIFO in its place is not waited on); nil without one.
    static func ownText(_ path: String) -> String? {
        guard let fd = try? OwnFile.open(path, O_RDONLY, followLink: true) else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 65_536)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        return n >= 0 ? String(decoding: bytes.prefix(n), as: UTF8.self) : nil
    }

    /// The same file (device and inode) when both exist, else the same absolute path.
    @Sendable static func sameStore(_ a: String, _ b: String) -> Bool {
        if let x = FileIdentity(path: a), let y = FileIdentity(path: b) { return x == y }
        return absolute(a) == absolute(b)
    }

    static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
