import Foundation
import HabitKit

/// The one place habit starts a program of the user's: hooks (``Hooks``) and command habits
/// (``CommandHabits``). The program runs in a process group of its own, with `input` on its
/// stdin (nil: `/dev/null`), its stdout either captured (up to `capture` bytes; the rest is read
/// and dropped) or sent to habit's stderr, and a timeout past which its whole group is killed (a
/// shell script's children too).
enum Spawn {
    struct Result {
        var exit: CommandExit
        /// What it printed on stdout, up to the cap (empty when not captured).
        var output: [UInt8] = []
        /// It printed more than the cap.
        var truncated = false
    }

    static func run(_ path: String, arguments: [String], environment: [String: String], input: Data?,
                    capture: Int?, timeout: Double) -> Result {
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1]
        if input != nil { guard pipe(&inPipe) == 0 else { return Result(exit: .couldNotStart("no pipe")) } }
        if capture != nil {
            guard pipe(&outPipe) == 0 else {
                [inPipe[0], inPipe[1]].filter { $0 >= 0 }.forEach { close($0) }
                return Result(exit: .couldNotStart("no pipe"))
            }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input != nil {
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
            posix_spawn_file_actions_addclose(&actions, inPipe[0])
            posix_spawn_file_actions_addclose(&actions, inPipe[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if capture != nil {
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
            posix_spawn_file_actions_addclose(&actions, outPipe[0])
            posix_spawn_file_actions_addclose(&actions, outPipe[1])
        } else {
            posix_spawn_file_actions_adddup2(&actions, 2, 1)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        if input != nil { close(inPipe[0]) }
        if capture != nil { close(outPipe[1]) }
        guard spawned == 0 else {
            if input != nil { close(inPipe[1]) }
            if capture != nil { close(outPipe[0]) }
            return Result(exit: .couldNotStart(String(cString: strerror(spawned))))
        }
        // `input` goes in as the program reads it, inside the timeout: a program that does not read
        // its stdin must not stop habit (a pipe holds 64 KiB; a write past that would wait for
        // ever), and a closed pipe's write fails quietly.
        var pending = input.map { Array($0)[...] } ?? []
        var inputOpen = input != nil
        if inputOpen {
            signal(SIGPIPE, SIG_IGN)
            _ = fcntl(inPipe[1], F_SETFL, fcntl(inPipe[1], F_GETFL) | O_NONBLOCK)
        }
        func closeInput() {
            if inputOpen { close(inPipe[1]) }
            inputOpen = false
        }
        defer { closeInput() }
        /// Writes what of `input` the pipe takes now, without waiting; closes it when all is in (or the program closed its end).
        func feed() {
            while inputOpen {
                if pending.isEmpty { return closeInput() }
                let n = pending.withUnsafeBytes { write(inPipe[1], $0.baseAddress, $0.count) }
                if n > 0 {
                    pending = pending.dropFirst(n)
                } else if n < 0 && errno == EINTR {
                    continue
                } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    return
                } else {
                    return closeInput()  // EPIPE: it closed its stdin
                }
            }
        }
        feed()
        var result = Result(exit: .exited(0))
        var buffer = [UInt8](repeating: 0, count: 16_384)
        /// Reads what stdout holds now, without waiting; false at its end.
        func drain() -> Bool {
            guard let cap = capture else { return false }
            while true {
                let n = buffer.withUnsafeMutableBytes { read(outPipe[0], $0.baseAddress, $0.count) }
                if n > 0 {
                    let room = cap - result.output.count
                    result.output.append(contentsOf: buffer.prefix(min(n, max(room, 0))))
                    if n > room { result.truncated = true }
                    continue
                }
                return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
            }
        }
        if capture != nil { _ = fcntl(outPipe[0], F_SETFL, fcntl(outPipe[0], F_GETFL) | O_NONBLOCK) }
        defer { if capture != nil { close(outPipe[0]) } }
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            feed()
            _ = drain()
            guard Date() < deadline else {
                kill(-pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                result.exit = .timedOut(timeout)
                return result
            }
            usleep(2_000)
        }
        _ = drain()  // what it wrote before it ended (a child it left running may hold the pipe: no waiting for it)
        let signalled = status & 0x7f
        result.exit = signalled != 0 ? .signalled(signalled) : .exited((status >> 8) & 0xff)
        return result
    }
}
