import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Runs the built `habit` executable as a user would, with its own environment.
struct HabitProcess {
    static var binary: URL {
        _ = ignoringBrokenPipes
        // HABIT_BINARY runs the suites against another build (e.g. an older release, to see a test fail).
        if let other = ProcessInfo.processInfo.environment["HABIT_BINARY"], !other.isEmpty { return URL(fileURLWithPath: other) }
        // The test bundle sits next to the products it was built with (.build/<triple>/debug/).
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [beside, beside.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("habit")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/habit")
    }

    /// The test process ignores SIGPIPE, as habit does: a child that exits before it reads its
    /// stdin (refused input; the installed release binary is quick to refuse) makes a write to it
    /// fail with EPIPE instead of killing the test process and every suite in it (a CI run ended
    /// with "exited with unexpected signal code 13"). Set before any child is started.
    static let ignoringBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Writes `input` to a child's stdin and closes it; a child that has stopped reading is no
    /// failure here (the test judges its output and status).
    static func feed(_ pipe: Pipe, _ input: Data) {
        _ = ignoringBrokenPipes
        try? pipe.fileHandleForWriting.write(contentsOf: input)
        try? pipe.fileHandleForWriting.close()
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let folder: URL
    var db: String { folder.appendingPathComponent("h.sqlite").path }
    var environment: [String: String] = [:]
    /// The working folder `run` starts habit in (nil: the test process's).
    var directory: URL?

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("habit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String], env extra: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        var env = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "HABIT_DB": db, "TZ": "Europe/Berlin"]
        env.merge(environment) { $1 }
        env.merge(extra) { $1 }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// `habit ARGUMENTS` as a process not yet started, with this environment and no output (to
    /// start, watch and kill).
    func process(_ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        var env = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "HABIT_DB": db, "TZ": "Europe/Berlin"]
        env.merge(environment) { $1 }
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
    }

    func json(_ arguments: [String], env extra: [String: String] = [:]) throws -> [String: Any] {
        let result = try run(arguments + ["--json"], env: extra)
        guard result.status == 0 else { throw CLIFailure(result: result) }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }

    /// `habit --experimental-dump-help`: the command tree as ArgumentParser declares it (its `command` object).
    func dumpHelp() throws -> [String: Any] {
        let dump = try run(["--experimental-dump-help"])
        guard dump.status == 0, let tool = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any],
              let command = tool["command"] as? [String: Any] else { throw CLIFailure(result: dump) }
        return command
    }

    /// Everything a user could see change in the store: row counts and the change anchor.
    func snapshot() throws -> String {
        let store = try HabitStore.open(path: db)
        let c = try store.read(.counts)
        return "\(c.samples)/\(c.workouts)/\(c.tombstones)@\(try store.read(.currentAnchor))"
    }

    /// Every row of every table (settings, reminders, occurrences and anchors included), for
    /// "nothing in the store changed" checks.
    func contents() throws -> String {
        if !FileManager.default.fileExists(atPath: db) { _ = try HabitStore.open(path: db) }  // a new, migrated store
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: db, configuration: configuration)
        return try queue.read { db in
            var out = ""
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
                out += "# \(table)\n"
                for row in try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\" ORDER BY rowid") { out += "\(row)\n" }
            }
            return out
        }
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }
}

struct CLIFailure: Error, CustomStringConvertible {
    let result: HabitProcess.Result
    var description: String { "exit \(result.status): \(result.stderr)" }
}

@Suite struct LogCommandTests {
    @Test func logMeditatePrintsTheSampleAndListFindsIt() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let logged = try habit.json(["log", "meditate", "10m"])
        let samples = try #require(logged["samples"] as? [[String: Any]])
        #expect(samples.count == 1)
        #expect(samples[0]["type"] as? String == "HKCategoryTypeIdentifierMindfulSession")
        #expect(samples[0]["source"] as? String == "dev.habit")
        #expect(logged["workout"] is NSNull)
        #expect((logged["cancelledReminders"] as? [Any])?.isEmpty == true)
        let listed = try habit.json(["log", "list"])
        let entries = try #require(listed["entries"] as? [[String: Any]])
        #expect((entries.first?["sample"] as? [String: Any])?["uuid"] as? String == samples[0]["uuid"] as? String)
        let mode = try FileManager.default.attributesOfItem(atPath: habit.db)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func alcoholBeforeSixIsForYesterdayAndASecondEntryReplacesIt() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-26T10:00:00+01:00", "TZ": "Europe/Berlin"]
        let first = try habit.json(["log", "alcohol", "3"], env: env)
        let sample = try #require((first["samples"] as? [[String: Any]])?.first)
        #expect(sample["start"] as? String == "2025-10-25T00:00:00+02:00")
        #expect(sample["value"] as? Double == 4)
        let second = try habit.json(["log", "alcohol", "0"], env: env)
        #expect(second["replaced"] as? [String] == [sample["uuid"] as! String])
        #expect(try habit.snapshot().hasPrefix("1/0/1@"))
    }

    @Test func workoutDeleteLeavesTombstonesForBoth() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-26T10:00:00+01:00"]
        let logged = try habit.json(["log", "workout", "hiit", "30m"], env: env)
        let workout = try #require(logged["workout"] as? [String: Any])
        #expect(workout["totalEnergyKcal"] as? Double == 245)
        let deleted = try habit.run(["delete", workout["uuid"] as! String], env: env)
        #expect(deleted.status == 0)
        #expect(try habit.snapshot() == "0/0/2@4")
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let status: Int32
        init(_ arguments: [String], _ status: Int32) { self.arguments = arguments; self.status = status }
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badInputs: [BadInput] = [
        BadInput(["log", "meditate", "0m"], 64),
        BadInput(["log", "meditate", "-5m"], 64),
        BadInput(["log", "meditate", "25h"], 64),
        BadInput(["log", "meditate", "abc"], 64),
        BadInput(["log", "meditate", "10m", "--at", "25:61"], 64),
        BadInput(["log", "meditate", "10m", "--at", "2025-02-30T07:00"], 64),
        BadInput(["log", "meditate", "10m", "--at", "2025-03-30 02:30"], 64),   // DST gap in Berlin
        BadInput(["log", "meditate", "10m", "--at", "2025-10-26 02:30"], 64),   // repeated hour in Berlin
        BadInput(["log", "meditate", "10m", "--at", "11:00"], 64),              // starts in the future
        BadInput(["log", "meditate", "10m", "--at", "09:55"], 64),              // would end in the future
        BadInput(["log", "meditate", "10m", "--at", "07:00", "--end", "08:00"], 64),
        BadInput(["log", "meditat", "10m"], 64),
        BadInput(["log", "workout", "hitt", "10m"], 64),
        BadInput(["log", "workout", "hiit", "10m", "--met", "0.5"], 64),
        BadInput(["log", "alcohol", "-1"], 64),
        BadInput(["log", "alcohol", "2.5"], 64),
        BadInput(["log", "alcohol", "lots"], 64),
        BadInput(["log", "alcohol", "2", "--date", "2025-02-30"], 64),
        BadInput(["log", "alcohol", "2", "--date", "2025-10-27"], 64),           // a future day
        BadInput(["log", "meditate", "10m", "--source", "not a source"], 64),
        BadInput(["delete", "00000000-0000-4000-8000-000000000999"], 66),
        BadInput(["config", "set", "weight", "-70"], 64),
        BadInput(["config", "set", "colour", "blue"], 64),
    ]

    /// Each bad input: a non-zero exit, one line on stderr, and nothing in the store changed.
    @Test(arguments: badInputs)
    func badInputFailsWithOneLineAndChangesNothing(_ bad: BadInput) throws {
        let arguments = bad.arguments, status = bad.status
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-26T10:00:00+01:00"]
        #expect(try habit.run(["log", "meditate", "5m", "--at", "08:00"], env: env).status == 0)
        let before = try habit.contents()
        let result = try habit.run(arguments, env: env)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("habit: "))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try habit.contents() == before)
    }

    @Test func anUnwritableStoreLocationIsACleanError() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let blocker = habit.folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let result = try habit.run(["log", "meditate", "10m", "--db", blocker.path + "/sub/h.sqlite"])
        #expect(result.status == 73)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aFileThatIsNoDatabaseIsBadData() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: habit.db))
        let result = try habit.run(["log", "meditate", "10m"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("not a habit store"))
    }
}
