import Foundation
import GRDB
import Testing
@testable import HabitKit
@testable import habit

/// Issue 46, point 10: the files habit keeps in its own state, cache and config folders are opened
/// without blocking and only when they are regular files (``OwnFile``); a pending entry is one
/// `log` would write; a hook's event is written inside its timeout.
@Suite struct OwnFilesTests {
    /// `habit ARGUMENTS`, killed when it outlasts `bound` seconds; nil then (it hung).
    static func runBounded(_ habit: HabitProcess, _ arguments: [String], env extra: [String: String] = [:],
                           bound: Double = 20) throws -> HabitProcess.Result? {
        let process = habit.process(arguments)
        process.environment = (process.environment ?? [:]).merging(extra) { $1 }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("own-\(UUID().uuidString)")
        let err = out.appendingPathExtension("err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out); try? FileManager.default.removeItem(at: err) }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        let deadline = Date().addingTimeInterval(bound)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return HabitProcess.Result(status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
                                   stderr: try String(contentsOf: err, encoding: .utf8))
    }

    struct FIFOCase: Sendable, CustomTestStringConvertible {
        /// Where the FIFO goes, under the test's HOME.
        let file: String
        let setup: [[String]]
        let command: [String]
        var hook: String?
        var testDescription: String { "\(file): habit \(command.joined(separator: " "))" }
    }

    static let state = ".local/state/habit/"

    static let fifoCases: [FIFOCase] = [
        FIFOCase(file: state + "pending.jsonl", setup: [["log", "meditate", "10m"]], command: ["status"]),
        FIFOCase(file: state + "pending.jsonl", setup: [["log", "meditate", "10m"]], command: ["today"]),
        FIFOCase(file: state + "pending.jsonl", setup: [["log", "meditate", "10m"]], command: ["doctor"]),
        FIFOCase(file: state + "pending.jsonl", setup: [["log", "meditate", "10m"]], command: ["log", "meditate", "5m"]),
        FIFOCase(file: state + "streaks", setup: [["add", "floss"]], command: ["log", "floss"], hook: "on-streak"),
        FIFOCase(file: state + "streaks", setup: [["add", "floss"], ["log", "floss"]], command: ["remind", "check"], hook: "on-streak"),
        FIFOCase(file: state + "hooks.log", setup: [], command: ["log", "meditate", "10m"], hook: "on-log"),
        FIFOCase(file: state + "hooks.log", setup: [], command: ["doctor"], hook: "on-log"),
        FIFOCase(file: state + "stores", setup: [], command: ["add", "floss"]),
        FIFOCase(file: state + "stores", setup: [], command: ["log", "meditate", "10m"]),
        FIFOCase(file: state + "stores", setup: [], command: ["skip", "meditate", "today"]),
        FIFOCase(file: state + "stores", setup: [["log", "meditate", "10m"]], command: ["remind", "check"]),
        FIFOCase(file: ".cache/habit/answers", setup: [["log", "meditate", "10m"]], command: ["status"]),
        FIFOCase(file: ".config/systemd/user/habit-remind.service", setup: [["log", "meditate", "10m"]], command: ["doctor"]),
    ]

    /// A FIFO in place of any file habit keeps in its own folders hangs nothing: the command
    /// finishes (a FIFO opened to read would wait for a writer for ever), and the FIFO is left as
    /// it was, never read or written.
    @Test(arguments: fifoCases)
    func aFIFOInPlaceOfAFileOfHabitsOwnHangsNothing(_ c: FIFOCase) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-01T19:30:00+02:00", "HABIT_HOOK_TIMEOUT": "5"]
        if let hook = c.hook { _ = try HookTests.install(habit, [hook], script: hook == "on-log" ? "exit 3" : "cat > /dev/null") }
        for setup in c.setup { #expect(try habit.run(setup, env: env).status == 0, "\(setup)") }
        let fifo = habit.folder.appendingPathComponent(c.file)
        try FileManager.default.createDirectory(at: fifo.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try? FileManager.default.removeItem(at: fifo)
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let result = try Self.runBounded(habit, c.command, env: env)
        #expect(result != nil, "habit \(c.command.joined(separator: " ")) hung on the FIFO at \(c.file)")
        var info = stat()
        #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is left in place")
        if c.command == ["doctor"], c.file.hasSuffix("pending.jsonl"), let result {
            #expect(result.stdout.contains("not a regular file"), "\(result.stdout)")
        }
    }

    /// A pending entry is what `log` takes: a note over 4,096 bytes is refused at once (exit 64,
    /// nothing saved) — not saved with "will be added" and set aside at replay. Held here with
    /// the store locked, where it used to wait for the lock and save it (exit 75).
    @Test func aNoteLogWouldRefuseIsNeverSavedForLater() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let long = String(repeating: "é", count: 2_100)  // 4,200 bytes
        let queue = try DatabaseQueue(path: habit.db)
        var locked: HabitProcess.Result?
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE")
            locked = try Self.runBounded(habit, ["log", "meditate", "5m", "--note", long], bound: 30)
            try db.execute(sql: "COMMIT")
        }
        try queue.close()
        #expect(locked?.status == 64, "\(locked?.stderr ?? "hung")")
        #expect(locked?.stderr.contains("4096 bytes") == true && locked?.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: habit.folder.appendingPathComponent(Self.state + "pending.jsonl").path))
        let free = try habit.run(["log", "meditate", "5m", "--note", long])
        #expect(free.status == 64, "the store writable: the same refusal")
        let fits = try habit.run(["log", "meditate", "5m", "--note", String(repeating: "é", count: 2_048)])
        #expect(fits.status == 0, "\(fits.stderr)")
    }

    /// A hook that never reads its stdin is stopped at its timeout however long its event: the
    /// event (here 200 KB, more than a pipe holds) is written as the hook reads it, inside the
    /// timeout, not before it starts.
    @Test func aHookThatDoesNotReadALargeEventIsStoppedAtItsTimeout() {
        let started = Date()
        let result = Spawn.run("/bin/sh", arguments: ["sh", "-c", "sleep 20"], environment: [:],
                               input: Data(repeating: 0x61, count: 200_000), capture: nil, timeout: 0.5)
        #expect(result.exit == .timedOut(0.5))
        #expect(Date().timeIntervalSince(started) < 10, "stopped at its timeout, not after the 20 s it sleeps")
    }

    /// A hook that reads its event gets all of it, however long.
    @Test func aHookThatReadsGetsTheWholeLargeEvent() {
        let result = Spawn.run("/bin/sh", arguments: ["sh", "-c", "wc -c"], environment: [:],
                               input: Data(repeating: 0x61, count: 200_000), capture: 100, timeout: 10)
        #expect(result.exit == .exited(0))
        #expect(String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "200000")
    }
}
