import Foundation
import HabitKit

/// Hooks (Standards/automation.md): executables in `$XDG_CONFIG_HOME/habit/hooks/` named after an
/// event — `on-log`, `on-met`, `on-streak`, `on-remind` — run without a shell, the event as one
/// JSON object on stdin, with a timeout. A hook never fails or undoes the command that triggered
/// it: a failure is one line on stderr and a line in the hooks' log, which `doctor` shows. A hook
/// (or its folder) that is a link, another user's, or writable by others is not run.
enum Hooks {
    enum Event: String, CaseIterable {
        case log = "on-log", met = "on-met", streak = "on-streak", remind = "on-remind"
    }

    /// `$XDG_CONFIG_HOME/habit/hooks`, else `~/.config/habit/hooks` (``HabitPaths/hooksFolder``).
    static var folder: String { HabitPaths.live.hooksFolder }

    /// Where failures are kept for `doctor`: `$XDG_STATE_HOME/habit/hooks.log` (else `~/.local/state/habit/`).
    static var failureLog: String { Pending.stateFolder + "/hooks.log" }

    /// The events that have a hook file. Without a hooks folder — the usual case — this is one
    /// `lstat` and nothing else: a `habit log` without hooks pays nothing more.
    static func installed() -> Set<Event> {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return [] }
        return Set(Event.allCases.filter { access(folder + "/" + $0.rawValue, F_OK) == 0 })
    }

    /// Why the hook of `event` is not run (a link, not a regular file, another user's, writable by
    /// others, not executable; the same of its folder), or nil when it may run.
    static func distrust(_ event: Event) -> String? {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return "there is no hooks folder" }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "\(folder) is not a folder (a link is not followed)" }
        if let reason = StoreFile.distrust(info, what: "hooks folder") { return reason }
        let path = folder + "/" + event.rawValue
        guard lstat(path, &info) == 0 else { return "there is no \(event.rawValue)" }
        guard info.st_mode & S_IFMT == S_IFREG else { return "\(path) is not a regular file (a link is not followed)" }
        if let reason = StoreFile.distrust(info, what: "hook") { return reason }
        guard info.st_mode & 0o100 != 0 else { return "\(path) is not executable; run chmod u+x on it" }
        return nil
    }

    /// The timeout: `HABIT_HOOK_TIMEOUT` seconds (0.1 to 600), else 10.
    static var timeout: Double {
        guard let text = Env.get("HABIT_HOOK_TIMEOUT"), let s = Double(text), s.isFinite, (0.1...600).contains(s) else { return 10 }
        return s
    }

    /// Runs the hook of `event` with `payload` (an Encodable event object) on stdin, if there is
    /// one. Never throws: a hook that is refused, cannot start, exits non-zero or outlasts the
    /// timeout gives one line on stderr and one in the hooks' log.
    /// The payload is made only when the hook exists (building the event's JSON values on every
    /// `habit log` cost ~1 M instructions, a tenth of it).
    static func run<Payload: Encodable>(_ event: Event, _ payload: @autoclosure () -> Payload, installed: Set<Event>) {
        guard installed.contains(event) else { return }
        let payload = payload()
        let failure: String?
        if let reason = distrust(event) {
            failure = "not run: " + reason
        } else if let data = try? Output.encode(payload) {
            failure = execute(folder + "/" + event.rawValue, input: data + Data("\n".utf8), event: event)
        } else {
            failure = "its event could not be written as JSON"
        }
        guard let failure else { return }
        let line = "hook \(event.rawValue) \(failure)"
        Output.write("habit: " + escapingControlCharacters(line) + "\n", to: STDERR_FILENO)
        record(line)
    }

    /// Starts `path` (no shell, no arguments; `HABIT_EVENT` in its environment; its stdout goes to
    /// stderr so a command's own output stays as it is) through ``Spawn``: a process group of its
    /// own, `input` on its stdin, ``timeout``. Returns why it failed, or nil.
    private static func execute(_ path: String, input: Data, event: Event) -> String? {
        var environment = ProcessInfo.processInfo.environment
        environment["HABIT_EVENT"] = event.rawValue
        switch Spawn.run(path, arguments: [path], environment: environment, input: input, capture: nil, timeout: timeout).exit {
        case .exited(0): return nil
        case .exited(let code): return "exited with status \(code)"
        case .signalled(let signal): return "was killed by signal \(signal)"
        case .timedOut(let seconds): return "was stopped after \(TextRendering.number(seconds)) s"
        case .couldNotStart(let why): return "could not start: " + why
        }
    }

    /// Appends `line` (with the instant) to the hooks' log; best effort.
    private static func record(_ line: String) {
        writeOwn(failureLog, ISO8601DateFormatter().string(from: Date()) + " " + line + "\n", append: true)
    }

    /// The last failures in the hooks' log (at most 20), oldest first; none without a log, or
    /// with one habit does not trust.
    static func recentFailures() -> [String] {
        guard let text = readOwn(failureLog) else { return [] }
        return Array(text.split(separator: "\n").suffix(20).map(String.init))
    }

    /// Writes (or appends) `text` to a state file of habit's: 0600 in a 0700 folder, never through
    /// a link, never into a FIFO or anything but a regular file (``OwnFile``), and not into a file
    /// habit does not trust (Standards/security.md); best effort.
    static func writeOwn(_ path: String, _ text: String, append: Bool) {
        let folder = (path as NSString).deletingLastPathComponent
        _ = try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard let fd = try? OwnFile.open(path, O_WRONLY | O_CREAT | (append ? O_APPEND : 0)) else { return }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, StoreFile.distrust(info, what: "state file") == nil else { return }
        if !append { _ = ftruncate(fd, 0) }
        _ = text.withCString { write(fd, $0, strlen($0)) }
    }

    /// The last 16 KiB of a state file of habit's, or nil when there is none or habit does not trust it.
    static func readOwn(_ path: String) -> String? {
        guard let fd = try? OwnFile.open(path, O_RDONLY) else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, StoreFile.distrust(info, what: "state file") == nil else { return nil }
        let size = Int(info.st_size), keep = min(size, 16_384)
        var bytes = [UInt8](repeating: 0, count: keep)
        let read = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, keep, off_t(size - keep)) }
        return read >= 0 ? String(decoding: bytes.prefix(read), as: UTF8.self) : nil
    }

    /// Doctor's findings: each hook file and whether it would run; recent failures as a warning.
    static func findings() -> [Finding] {
        let present = installed()
        var findings: [Finding] = present.sorted { $0.rawValue < $1.rawValue }.map { event in
            if let reason = distrust(event) {
                return Finding(check: "hook \(event.rawValue)", status: .problem, detail: "not run: " + reason,
                               fix: "make \(folder)/\(event.rawValue) yours, a regular file, chmod 0700")
            }
            return .ok("hook \(event.rawValue)", "\(folder)/\(event.rawValue) runs on \(event.rawValue.dropFirst(3))")
        }
        let failures = recentFailures()
        if let last = failures.last {
            findings.append(Finding(check: "hooks", status: .warning,
                                    detail: "\(counting(failures.count, "recent failure")), the last: \(last)",
                                    fix: "fix the hook, then remove \(failureLog)"))
        }
        return findings
    }
}
