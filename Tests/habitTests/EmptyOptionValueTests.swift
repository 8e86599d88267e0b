import Foundation
import Testing
@testable import HabitKit

/// An option written with an empty value (`--db=`) is refused with one line and exit 64, for
/// every option of every command, before the word after it can be taken as its value
/// (`habit streak --db= --json` used to read a store named `--json`). Nothing is created or changed.
@Suite struct EmptyOptionValueTests {
    static let now = "2025-10-26T10:00:00+01:00"

    static let lines: [[String]] = [
        ["streak", "--db=", "--json"], ["streak", "--habit=", "--json"], ["calendar", "--habit=", "meditate"],
        ["log", "meditate", "10m", "--note="], ["log", "meditate", "10m", "--note=", "--json"], ["log", "meditate", "10m", "--at=", "07:00"],
        ["log", "floss", "--date=", "-1"], ["log", "alcohol", "0", "--source=", "dev.habit"], ["log", "workout", "25m", "--met="],
        ["log", "list", "--days="], ["add", "water", "--unit=", "glass"], ["remind", "add", "--time=", "20:00", "--title", "x"],
        ["export", "--format=", "json"], ["export", "--output=", "{folder}/out.json"], ["import", "{folder}/x.ndjson", "--db="],
        ["config", "set", "weight", "70", "--db="], ["changes", "--since=", "0"], ["doctor", "--db="], ["backup", "{folder}/b.sqlite", "--db="],
        ["delete", "00000000", "--db="], ["skip", "floss", "--from=", "-2"], ["timeline", "--days=", "3"],
    ]

    @Test(arguments: lines)
    func anEmptyValueIsRefusedAndNothingChanges(_ line: [String]) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "floss"], env: ["HABIT_NOW": Self.now]).status == 0)
        #expect(try habit.run(["log", "meditate", "10m"], env: ["HABIT_NOW": Self.now]).status == 0)
        let before = try habit.contents()
        let filesBefore = try FileManager.default.contentsOfDirectory(atPath: habit.folder.path).sorted()
        let arguments = line.map { $0.replacingOccurrences(of: "{folder}", with: habit.folder.path) }
        let option = try #require(arguments.first { $0.hasPrefix("--") && $0.hasSuffix("=") })
        for parser in ["", "argument-parser"] {  // the fast `log` path and ArgumentParser alike
            let result = try habit.run(arguments, env: ["HABIT_NOW": Self.now, "HABIT_PARSER": parser])
            #expect(result.status == 64, "\(line): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            let name = String(option.dropLast())
            #expect(result.stderr == "habit: \(option) has an empty value; write \(name)=VALUE or \(name) VALUE, or leave \(name) out\n")
        }
        #expect(try habit.contents() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: habit.folder.path).sorted() == filesBefore)
    }

    /// A missing store stays missing, and a word after `--` (a notifier's own arguments) is not habit's.
    @Test func nothingIsCreatedAndWordsAfterTheEndOfOptionsAreNotChecked() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let refused = try habit.run(["log", "meditate", "10m", "--db=", "--json"], env: ["HABIT_NOW": Self.now])
        #expect(refused.status == 64)
        #expect(try FileManager.default.contentsOfDirectory(atPath: habit.folder.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: habit.folder.appendingPathComponent("--json").path))
        // `--note=` with a value, and an option's value that merely ends in `=`, stay accepted.
        let logged = try habit.run(["log", "meditate", "10m", "--note=a=b=", "--json"], env: ["HABIT_NOW": Self.now])
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(logged.stdout.contains("a=b="))
        let check = try habit.run(["remind", "check", "--notify", "command", "--", "/bin/echo", "--x="], env: ["HABIT_NOW": Self.now])
        #expect(check.status == 0, "\(check.stderr)")
    }

    static let dashPaths: [[String]] = [
        ["streak", "--db", "--json"], ["status", "--db", "--json"], ["today", "--db", "-x"], ["calendar", "--db", "--json"],
        ["log", "meditate", "10m", "--db", "--json"], ["log", "floss", "--db", "-1"], ["streak", "--db=--json"],
        ["export", "--output", "--json"], ["export", "--output=-x.json"], ["add", "water", "--db", "-w.sqlite"],
    ]

    /// Issue 46, point 12: a path option's value that starts with `-` is refused (exit 64, one
    /// line) on every path — the fast `log`, `status` and read paths and ArgumentParser alike —
    /// so that `habit streak --db --json` never reads a store named `--json` and prints text.
    @Test(arguments: dashPaths)
    func aPathValueThatStartsWithADashIsRefused(_ line: [String]) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "floss"], env: ["HABIT_NOW": Self.now]).status == 0)
        let before = try habit.contents()
        let filesBefore = try FileManager.default.contentsOfDirectory(atPath: habit.folder.path).sorted()
        for parser in ["", "argument-parser"] {
            let result = try habit.run(line, env: ["HABIT_NOW": Self.now, "HABIT_PARSER": parser])
            #expect(result.status == 64, "\(line): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("habit: --") && result.stderr.contains("starts with '-'")
                    && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        #expect(try habit.contents() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: habit.folder.path).sorted() == filesBefore)
    }

    /// Written `./-…`, such a path is a path.
    @Test func aPathThatStartsWithADashIsTakenWrittenDotSlash() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let process = habit.process(["log", "meditate", "10m", "--db", "./-x.sqlite"])
        process.currentDirectoryURL = habit.folder
        process.environment?["HABIT_NOW"] = Self.now
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: habit.folder.appendingPathComponent("-x.sqlite").path))
    }
}
