import Foundation
import Testing

/// A tmux server of its own (`-L`) with one pane running `command` in `sh`: keys are sent with
/// `send-keys`, the screen read with `capture-pane` (habit ask and habit ui on a real terminal).
/// tmux runs through posix_spawn and waitpid, its output in a file: the server `new-session`
/// starts keeps every descriptor it was given, which Foundation's Process waits on.
struct TmuxPane {
    static let available = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

    let session: String
    /// Where a tmux command's output is written, then read back.
    let captured: String

    /// Starts the pane (`width` × `height`) running `command`, with `TERM` set for it (the
    /// terminfo entry `tmux-256color` comes with ncurses-base).
    init(name: String, folder: URL, command: String, width: Int = 100, height: Int = 30) throws {
        session = "habit-\(name)-\(UUID().uuidString.prefix(8))"
        captured = folder.appendingPathComponent("pane-\(session).txt").path
        run(["new-session", "-d", "-s", session, "-x", String(width), "-y", String(height), command])
    }

    @discardableResult
    func run(_ arguments: [String]) -> String {
        let line = (["/usr/bin/tmux", "-L", session] + arguments).map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }
            .joined(separator: " ") + " >'\(captured)' 2>/dev/null </dev/null"
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(line), nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 else { return "" }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return (try? String(contentsOfFile: captured, encoding: .utf8)) ?? ""
    }

    /// `send-keys`: each a key name (`Left`, `Enter`, `Space`, `C-c`) or text.
    func send(_ keys: String...) { run(["send-keys", "-t", session] + keys) }

    var screen: String { run(["capture-pane", "-p", "-t", session]) }

    /// The screen once it holds `text`. After 10 s without it, the test records an issue at the
    /// caller (a wait is a check: a screen that never shows what the test waits for fails it,
    /// never passes silently) and gets the screen as it is then.
    func screen(until text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        for _ in 0..<100 {
            let s = screen
            if s.contains(text) { return s }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let last = screen
        Issue.record("the screen never showed \(text.debugDescription) in 10 s; it shows:\n\(last)", sourceLocation: sourceLocation)
        return last
    }

    func kill() { run(["kill-server"]) }
}
