import Foundation
import GRDB
import Testing
@testable import HabitKit

/// The command-line conventions of Standards/cli.md that no other suite holds, run against the
/// real binary: colour and progress only on a terminal, `--json` on every command that prints
/// data, quiet on success, where the store is, the time zone, and "store unavailable" (69).
@Suite struct CLIConventionsTests {
    static let now = "2025-10-26T10:00:00+01:00"

    // MARK: - A terminal, or not

    struct Colour: Sendable, CustomTestStringConvertible {
        let terminal: Bool
        let noColor: String?
        let coloured: Bool
        var testDescription: String {
            (terminal ? "a terminal" : "a pipe") + (noColor.map { ", NO_COLOR='\($0)'" } ?? "") + (coloured ? ": colour" : ": plain")
        }
    }

    /// Colour only when stdout is a terminal and NO_COLOR is unset or empty (no-color.org).
    @Test(arguments: [Colour(terminal: true, noColor: nil, coloured: true), Colour(terminal: true, noColor: "1", coloured: false),
                      Colour(terminal: true, noColor: "", coloured: true), Colour(terminal: false, noColor: nil, coloured: false)])
    func colourOnlyOnATerminalAndNeverWithNoColor(_ c: Colour) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        var env = ["HABIT_NOW": Self.now]
        env["NO_COLOR"] = c.noColor
        let result = try Terminal.run(habit, ["calendar"], terminal: c.terminal ? .stdout : nil, env: env)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("October 2025"))
        #expect(result.stdout.contains("\u{1B}[") == c.coloured, "\(result.stdout)")
    }

    /// `habit import` draws its progress bar on stderr only when stderr is a terminal and the
    /// output is text; piped, or with --json, stderr stays empty.
    @Test(arguments: [(true, false), (true, true), (false, false)])
    func theImportProgressBarIsDrawnOnlyOnATerminal(stderrIsATerminal: Bool, json: Bool) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let export = try Self.writeExport(in: habit)
        let result = try Terminal.run(habit, ["import", export] + (json ? ["--json"] : []),
                                      terminal: stderrIsATerminal ? .stderr : nil, env: ["HABIT_NOW": Self.now])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(json ? "\"samples\":1" : "imported 1 records"), "\(result.stdout)")
        let drawn = stderrIsATerminal && !json
        #expect(result.stderr.contains("records/s") == drawn, "\(result.stderr)")
        #expect(result.stderr.contains("\r\u{1B}[K") == drawn, "\(result.stderr)")
        if !drawn { #expect(result.stderr.isEmpty, "\(result.stderr)") }
    }

    /// Quiet when piped: a command that succeeds writes its answer on stdout and nothing on stderr.
    @Test(arguments: [["log", "meditate", "10m"], ["streak"], ["calendar"], ["overview"], ["today"], ["timeline"], ["log", "list"],
                      ["export"], ["changes", "--since", "0"], ["config", "list"], ["remind", "add", "meditate", "20:00"],
                      ["remind", "list"], ["doctor"]])
    func aCommandThatSucceedsWritesNothingOnStderr(_ arguments: [String]) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "alcohol", "0"], env: ["HABIT_NOW": Self.now]).status == 0)
        for json in arguments == ["export"] ? [false] : [false, true] {  // export's format is --format
            // A second reminder at the same time would repeat the first (refused): the JSON run adds another.
            let command = arguments.starts(with: ["remind", "add"]) && json ? ["remind", "add", "meditate", "20:05"] : arguments
            let result = try habit.run(command + (json ? ["--json"] : []), env: ["HABIT_NOW": Self.now])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains("\u{1B}"), "\(arguments): \(result.stdout)")
        }
    }

    @Test(arguments: [["--help"], ["--version"], ["log", "--help"], ["remind", "add", "--help"], ["help", "streak"]])
    func helpAndVersionGoToStdoutAndExitZero(_ arguments: [String]) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let result = try habit.run(arguments)
        #expect(result.status == 0)
        #expect(!result.stdout.isEmpty)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }

    // MARK: - --json everywhere

    /// The commands that take no `--json`, and what they print instead. Everything else that the
    /// help shows takes it; a new command either takes `--json` or is added here with its reason.
    static let withoutJSON: [String: String] = [
        "export": "its data in --format csv|json|ndjson",
        "status": "one line for a bar in --format plain|json|waybar|i3blocks|tmux",
        "demo": "one confirmation line",
        "config get": "the bare value (config list --json has every setting)",
        "config set": "one confirmation line",
        "config unset": "one confirmation line",
        "remind edit": "one confirmation line with the changed reminder (remind list --json has it)",
        "remind remove": "one confirmation line",
        "remind pause": "one confirmation line",
        "remind resume": "one confirmation line",
        "remind cron": "the crontab line itself",
        "remind systemd": "the unit files themselves",
        "remind install": "one confirmation line",
        "remind uninstall": "one confirmation line",
        "access allow": "one confirmation line with the type's grant (access --json lists every grant)",
        "access deny": "one confirmation line with the type's grant (access --json lists every grant)",
        "ui": "a full screen on a terminal, nothing printed (calendar --json has its days)",
    ]

    @Test func everyCommandThatPrintsDataTakesJSON() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        var leaves: [String: Bool] = [:]  // command path → takes --json
        func walk(_ command: [String: Any], _ path: [String]) {
            guard command["shouldDisplay"] as? Bool != false, command["commandName"] as? String != "help" else { return }
            let subcommands = command["subcommands"] as? [[String: Any]] ?? []
            if subcommands.isEmpty {
                let arguments = command["arguments"] as? [[String: Any]] ?? []
                leaves[path.joined(separator: " ")] = arguments.contains { argument in
                    (argument["names"] as? [[String: Any]] ?? []).contains { $0["kind"] as? String == "long" && $0["name"] as? String == "json" }
                }
            }
            for sub in subcommands { walk(sub, path + [sub["commandName"] as? String ?? "?"]) }
        }
        walk(try habit.dumpHelp(), [])
        #expect(leaves.count > 20)
        #expect(leaves["streak"] == true && leaves["log meditate"] == true && leaves["doctor"] == true)
        let without = Set(leaves.filter { !$0.value }.keys)
        #expect(without == Set(Self.withoutJSON.keys),
                "take no --json but are not listed: \(without.subtracting(Self.withoutJSON.keys).sorted()); listed but take it: \(Set(Self.withoutJSON.keys).subtracting(without).sorted())")
    }

    // MARK: - Where files go

    struct StoreChoice: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let env: [String: String]
        /// Relative to the test's folder, which is also HOME.
        let expected: String
        var testDescription: String { "\(arguments.joined(separator: " ")) \(env.sorted { $0.key < $1.key }.map { "\($0)='\($1)'" }.joined(separator: " ")) → \(expected)" }
    }

    /// `--db`, then `HABIT_DB`, then `$XDG_DATA_HOME/habit/habit.sqlite` (an absolute
    /// XDG_DATA_HOME only), then `~/.local/share/habit/habit.sqlite`; an empty variable is unset.
    /// A new store's folder is 0700, the file 0600.
    @Test(arguments: [
        StoreChoice(arguments: ["--db", "{folder}/a/h.sqlite"], env: ["HABIT_DB": "{folder}/b/h.sqlite", "XDG_DATA_HOME": "{folder}/xdg"],
                    expected: "a/h.sqlite"),
        StoreChoice(arguments: [], env: ["HABIT_DB": "{folder}/b/h.sqlite", "XDG_DATA_HOME": "{folder}/xdg"], expected: "b/h.sqlite"),
        StoreChoice(arguments: ["--db", ""], env: ["HABIT_DB": "", "XDG_DATA_HOME": "{folder}/xdg"], expected: "xdg/habit/habit.sqlite"),
        StoreChoice(arguments: [], env: ["HABIT_DB": "", "XDG_DATA_HOME": "relative/xdg"], expected: ".local/share/habit/habit.sqlite"),
        StoreChoice(arguments: [], env: ["HABIT_DB": ""], expected: ".local/share/habit/habit.sqlite"),
    ])
    func theStoreIsDbThenHabitDbThenXDGDataHomeThenHome(_ choice: StoreChoice) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let fill = { (s: String) in s.replacingOccurrences(of: "{folder}", with: habit.folder.path) }
        let result = try habit.run(["log", "meditate", "10m"] + choice.arguments.map(fill), env: choice.env.mapValues(fill))
        #expect(result.status == 0, "\(result.stderr)")
        let store = habit.folder.appendingPathComponent(choice.expected)
        let stores = try Self.files(named: "h.sqlite", "habit.sqlite", under: habit.folder)
        #expect(stores == [store.resolvingSymlinksInPath().path], "\(stores)")
        #expect(try Self.mode(store.path) == 0o600)
        #expect(try Self.mode(store.deletingLastPathComponent().path) == 0o700)
    }

    /// A command that only reads prints the empty answer for a missing store and creates nothing,
    /// not even the store's folder.
    @Test(arguments: [["streak"], ["calendar"], ["overview"], ["today"], ["timeline"], ["log", "list"], ["remind", "list"], ["config", "list"],
                      ["changes", "--since", "0"], ["export", "--format", "json"], ["config", "get", "weight"]])
    func aReadingCommandOnAMissingStoreCreatesNothing(_ arguments: [String]) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let folder = habit.folder.appendingPathComponent("not-yet")
        let result = try habit.run(arguments, env: ["HABIT_NOW": Self.now, "HABIT_DB": folder.appendingPathComponent("h.sqlite").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    // MARK: - Time

    /// Days are cut in `TZ` (also `:Zone` and a zoneinfo path); when TZ is unset or empty, the
    /// store's `timezone` setting decides.
    @Test(arguments: [("", "America/New_York", "2025-10-26"), ("Asia/Tokyo", "Asia/Tokyo", "2025-10-27"),
                      (":Asia/Tokyo", "Asia/Tokyo", "2025-10-27"), ("/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo", "2025-10-27")])
    func theTimeZoneIsTZThenTheTimezoneSetting(tz: String, zone: String, asOf: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["config", "set", "timezone", "America/New_York"]).status == 0)
        let streak = try habit.json(["streak"], env: ["TZ": tz, "HABIT_NOW": "2025-10-26T23:30:00Z"])
        #expect(streak["timeZone"] as? String == zone)
        #expect(streak["asOf"] as? String == asOf)
    }

    // MARK: - 69: the store is unavailable

    /// A second `habit import` into a store while a (batched) import runs is refused at once.
    @Test func anImportWhileAnotherRunsIsUnavailable() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let export = try Self.writeExport(in: habit, padding: ImportRun.stagedFromBytes)  // large enough to import in batches
        let before = try habit.contents()
        let lock = open(habit.db + ".import-lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let refused = try habit.run(["import", export])
        flock(lock, LOCK_UN)
        close(lock)
        #expect(refused.status == 69, "\(refused.stderr)")
        #expect(refused.stderr.contains("another habit import"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(try habit.contents() == before)
        #expect(try habit.run(["import", export]).status == 0)
    }

    /// A store another process keeps locked for writing: habit waits (10 s; `HABIT_LOCK_WAIT` sets
    /// it, never below 1 s: the 0.01 asked here waits 1 s), then gives up with 69 and writes nothing. A
    /// log is saved for later instead (exit 75:
    /// `PendingJournalTests.eightLogsWhileTheStoreIsLockedAreAddedOnceEachAfterwards`).
    @Test func aStoreLockedPastTheLockWaitIsUnavailable() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let before = try habit.contents()
        var result: HabitProcess.Result?
        let other = try DatabaseQueue(path: habit.db)
        try other.inTransaction(.immediate) { _ in
            let started = Date()
            result = try habit.run(["config", "set", "weight", "70"], env: ["HABIT_LOCK_WAIT": "0.01"])
            #expect(Date().timeIntervalSince(started) >= 0.9)  // it waited 1 s, the shortest wait, before it gave up
            return .rollback
        }
        try other.close()
        let refused = try #require(result)
        #expect(refused.status == 69, "\(refused.stderr)")
        #expect(refused.stderr.contains("locked"), "\(refused.stderr)")
        #expect(try habit.contents() == before)
    }

    // MARK: - Helpers

    /// An Apple Health export with one step-count record, padded with `padding` bytes of blanks.
    static func writeExport(in habit: HabitProcess, padding: Int = 0) throws -> String {
        let path = habit.folder.appendingPathComponent("export.xml").path
        var xml = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n".utf8)
        xml.append(Data(repeating: UInt8(ascii: " "), count: padding))
        xml.append(Data("""
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2025-10-25 08:00:00 +0200" endDate="2025-10-25 08:10:00 +0200" value="3"/>
            </HealthData>

            """.utf8))
        try xml.write(to: URL(fileURLWithPath: path))
        return path
    }

    static func mode(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
    }

    static func files(named names: String..., under folder: URL) throws -> [String] {
        let found = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return found.filter { names.contains(URL(fileURLWithPath: $0).lastPathComponent) }
            .map { folder.appendingPathComponent($0).resolvingSymlinksInPath().path }.sorted()
    }
}

/// Runs habit with its stdout or its stderr on a pseudo-terminal, as at a person's terminal; the
/// other streams are pipes (stdin: /dev/null). The terminal does no output processing, so what
/// habit wrote arrives as it was.
enum Terminal {
    enum Stream { case stdout, stderr }

    static func run(_ habit: HabitProcess, _ arguments: [String], terminal: Stream?, env extra: [String: String]) throws -> HabitProcess.Result {
        guard let terminal else { return try habit.run(arguments, env: extra) }
        var master: Int32 = -1, slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw TerminalError.unavailable(String(cString: strerror(errno))) }
        defer { close(master) }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        var settings = termios()
        tcgetattr(slave, &settings)
        settings.c_oflag &= ~tcflag_t(OPOST)
        tcsetattr(slave, TCSANOW, &settings)

        let process = Process()
        process.executableURL = HabitProcess.binary
        process.arguments = arguments
        var env = ["PATH": "/usr/bin:/bin", "HOME": habit.folder.path, "HABIT_DB": habit.db, "TZ": "Europe/Berlin"]
        env.merge(habit.environment) { $1 }
        env.merge(extra) { $1 }
        process.environment = env
        let tty = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        let pipe = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = terminal == .stdout ? tty : pipe
        process.standardError = terminal == .stderr ? tty : pipe
        do { try process.run() } catch { close(slave); throw error }
        close(slave)

        // The pipe is read on its own thread and the terminal here, while habit runs, so that
        // neither fills up and blocks it.
        let fromPipe = PipeContents()
        let pipeRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            fromPipe.data = pipe.fileHandleForReading.readDataToEndOfFile()
            pipeRead.signal()
        }
        var fromTerminal = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        func drain(waiting milliseconds: Int32) -> Bool {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, milliseconds) > 0 else { return false }
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { return false }  // EIO: habit has exited and closed the terminal
            fromTerminal.append(contentsOf: buffer[0..<n])
            return true
        }
        while process.isRunning { _ = drain(waiting: 20) }
        while drain(waiting: 0) {}
        process.waitUntilExit()
        pipeRead.wait()
        let (out, err) = terminal == .stdout ? (fromTerminal, fromPipe.data) : (fromPipe.data, fromTerminal)
        return HabitProcess.Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                                   stderr: String(decoding: err, as: UTF8.self))
    }

    enum TerminalError: Error { case unavailable(String) }

    /// What the pipe's reader thread read; read here only after its semaphore.
    final class PipeContents: @unchecked Sendable {
        var data = Data()
    }
}
