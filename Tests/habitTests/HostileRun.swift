import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs `habit` with a deadline and measures it: spawned with `posix_spawn`, its peak resident
/// memory read from `/proc/PID/status` (`VmHWM`, the high-water mark of its own address space)
/// while it runs — `wait4`'s `ru_maxrss` would count the test runner's, whose memory a vfork-ed
/// child holds until its exec; stdin is one end of a socket pair fed without blocking (a reader that stops reading,
/// or never starts, cannot hang the test, nor kill it with SIGPIPE); stdout and stderr go to
/// files. Past `timeout` seconds the process is killed and the result says it hung.
enum HostileRun {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The process's peak resident set size as last seen before it ended (`VmHWM`), in KiB.
        var peakKB: Int
        var timedOut: Bool
    }

    /// `habit ARGUMENTS` in `habit`'s environment (as ``HabitProcess/run(_:env:)`` makes it) with
    /// `input` on stdin: each `(chunk, times)` written `times` times, then the end of the input.
    static func run(_ habit: HabitProcess, _ arguments: [String], env extra: [String: String] = [:],
                    input: [(Data, Int)] = [], timeout: Double = 60) throws -> Result {
        var environment = ["PATH": "/usr/bin:/bin", "HOME": habit.folder.path, "HABIT_DB": habit.db, "TZ": "Europe/Berlin"]
        environment.merge(habit.environment) { $1 }
        environment.merge(extra) { $1 }
        let id = UUID().uuidString.prefix(8)
        let outPath = habit.folder.appendingPathComponent(".run-\(id).out").path
        let errPath = habit.folder.appendingPathComponent(".run-\(id).err").path
        defer { unlink(outPath); unlink(errPath) }

        var sockets: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0 else { throw POSIXError(.EMFILE) }
        let (parent, child) = (sockets[0], sockets[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, child, 0)
        posix_spawn_file_actions_addclose(&actions, child)
        posix_spawn_file_actions_addclose(&actions, parent)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv: [UnsafeMutablePointer<CChar>?] = ([HabitProcess.binary.path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, HabitProcess.binary.path, &actions, nil, argv, envp)
        close(child)
        guard spawned == 0 else {
            close(parent)
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
        }
        _ = fcntl(parent, F_SETFL, fcntl(parent, F_GETFL) | O_NONBLOCK)

        var pending = input.filter { $0.1 > 0 && !$0.0.isEmpty }
        var offset = 0, writing = true
        if pending.isEmpty { shutdown(parent, Int32(SHUT_WR)); writing = false }
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        var peak = 0
        while true {
            peak = max(peak, highWaterMark(pid))
            if wait4(pid, &status, WNOHANG, &usage) == pid { break }
            if Date() > deadline {
                kill(pid, SIGKILL)
                wait4(pid, &status, 0, &usage)
                timedOut = true
                break
            }
            var progressed = false
            while writing, let (chunk, times) = pending.first {
                let sent = chunk.withUnsafeBytes { send(parent, $0.baseAddress! + offset, chunk.count - offset, Int32(MSG_NOSIGNAL)) }
                if sent < 0 {
                    if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { break }
                    writing = false  // the reader is gone (EPIPE): nothing more to give it
                    break
                }
                progressed = true
                offset += sent
                if offset == chunk.count {
                    offset = 0
                    if times > 1 { pending[0].1 = times - 1 } else { pending.removeFirst() }
                    if pending.isEmpty { shutdown(parent, Int32(SHUT_WR)); writing = false }
                }
            }
            if !progressed { usleep(2_000) }
        }
        close(parent)
        let exit: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        func text(_ path: String) -> String { String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        return Result(status: exit, stdout: text(outPath), stderr: text(errPath),
                      peakKB: peak, timedOut: timedOut)
    }

    /// `VmHWM` of a running process, in KiB (0 when it cannot be read).
    static func highWaterMark(_ pid: pid_t) -> Int {
        guard let status = FileManager.default.contents(atPath: "/proc/\(pid)/status") else { return 0 }
        let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    }
}
