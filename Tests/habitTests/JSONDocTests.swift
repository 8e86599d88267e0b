import ArgumentParser
import Foundation
import Testing
@testable import habit

/// Standards/json.md is the `--json` contract users' clones carry: every command that takes
/// `--json` is named there, every test it cites exists, and the shapes no other suite pins
/// exactly are pinned here.
@Suite struct JSONDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let env = ["HABIT_NOW": "2026-11-22T20:00:00+01:00", "TZ": "Europe/Berlin"]

    static func contract() throws -> String {
        try String(contentsOf: root.appendingPathComponent("Standards/json.md"), encoding: .utf8)
    }

    /// Hidden commands a user reaches by another name: `habit log floss` runs `log _habit`.
    static let hiddenNames = ["log _habit": "log NAME"]

    /// Every command of the tree (`help` is ArgumentParser's, not in the tree) with its path and
    /// whether its options include `--json`.
    static func commands() -> [(path: String, hidden: Bool, json: Bool)] {
        var found: [(String, Bool, Bool)] = []
        func walk(_ command: any ParsableCommand.Type, _ path: [String]) {
            let help = HabitCommand.helpMessage(for: command, includeHidden: true, columns: 10_000)
            let json = help.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--json ") }
            if !path.isEmpty { found.append((path.joined(separator: " "), !command.configuration.shouldDisplay, json)) }
            for sub in command.configuration.subcommands { walk(sub, path + [sub._commandName]) }
        }
        walk(HabitCommand.self, [])
        return found
    }

    @Test func everyCommandTakingJSONIsInThisFile() throws {
        let text = try Self.contract()
        let commands = Self.commands()
        let withJSON = commands.filter(\.json)
        #expect(withJSON.count > 25)  // the walk found the tree
        #expect(withJSON.contains { $0.path == "streak" } && withJSON.contains { $0.path == "remind check" })
        #expect(!commands.contains { $0.path == "status" && $0.json })  // status has --format instead
        for command in withJSON {
            if command.hidden {
                let name = try #require(Self.hiddenNames[command.path], "hidden command '\(command.path)' takes --json: add how users call it to hiddenNames")
                let named = text.contains("`habit \(name)")
                #expect(named, "Standards/json.md does not name 'habit \(name)'")
            } else {
                // "`habit remind add`", or one of a group: "`habit log meditate|workout|…`" is not enough.
                let named = text.contains("`habit \(command.path)`") || text.contains("`habit \(command.path) ")
                #expect(named, "Standards/json.md does not name 'habit \(command.path)', which takes --json")
            }
        }
    }

    /// The tests the contract cites as pinning a shape exist (a renamed test leaves no stale name).
    @Test func everyTestTheFileCitesExists() throws {
        let text = try Self.contract()
        let tests = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Tests/habitTests").path)
            .filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: Self.root.appendingPathComponent("Tests/habitTests/\($0)"), encoding: .utf8) }
            .joined()
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `habit ") }
        #expect(rows.count > 20)
        var cited = 0
        for row in rows {
            guard let pinned = row.split(separator: "|").last else { continue }
            for match in pinned.matches(of: /`(?:[A-Z][A-Za-z]*Tests\.)?([a-z][A-Za-z0-9_]*)`/) {
                cited += 1
                let defined = tests.contains("func \(match.1)(")
                #expect(defined, "Standards/json.md cites \(match.1), which no test in Tests/habitTests defines")
            }
        }
        #expect(cited > 20)
    }

    // MARK: - Shapes no other suite pins key by key

    static func keys(_ value: Any?) -> Set<String> { Set((value as? [String: Any])?.keys.map { $0 } ?? []) }

    @Test func logOfAnOwnHabitHasTheLogShape() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "floss"], env: Self.env).status == 0)
        for parser in ["fast", "argument-parser"] {  // both readings of a log line print the same shape
            let json = try habit.json(["log", "floss", "--date", "-1"], env: Self.env.merging(["HABIT_PARSER": parser]) { $1 })
            #expect(Self.keys(json) == ["samples", "workout", "replaced", "cancelledReminders"])
            #expect(json["workout"] is NSNull)
            let sample = try #require((json["samples"] as? [[String: Any]])?.first)
            #expect(Self.keys(sample) == ["uuid", "type", "start", "end", "value", "unit", "source", "metadata"])
            // An entry that names a day: at its first instant, marked (Standards/date-semantics.md).
            #expect(sample["start"] as? String == "2026-11-21T00:00:00+01:00")
            #expect((sample["metadata"] as? [String: String]) == ["habit": "floss", "dayEntry": "1"])
            #expect((sample["type"] as? String)?.hasPrefix("dev.habit.habit.") == true)
        }
    }

    @Test func remindAddPrintsTheReminderAsRemindListDoes() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let add = try habit.run(["remind", "add", "meditate", "21:00", "--days", "mon-fri", "--json"], env: Self.env)
        #expect(add.status == 0, "\(add.stderr)")
        let added = try #require(try JSONSerialization.jsonObject(with: Data(add.stdout.utf8)) as? [String: Any])
        #expect(Self.keys(added) == ["id", "title", "message", "activity", "time", "days", "lookbackHours", "enabled", "nextOccurrence",
                                     "nextCancelled", "willFire", "doneAlready"])
        #expect(added["nextOccurrence"] as? String == "2026-11-23T21:00:00+01:00")  // a Sunday: next on Monday
        // The same object, byte for byte, as the one reminder of `remind list --json`.
        let list = try habit.run(["remind", "list", "--json"], env: Self.env)
        #expect(list.stdout == #"{"paused":false,"reminders":["# + add.stdout.trimmingCharacters(in: .newlines) + "]}\n")
    }

    @Test func statsNumbersHaveAtMostSixDecimals() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "water", "--unit", "glass", "--at-least", "8"], env: Self.env).status == 0)
        for _ in 0..<3 { #expect(try habit.run(["log", "water", "0.1"], env: Self.env).status == 0) }
        let r = try habit.run(["stats", "water", "--per", "day", "--from", "2026-11-22", "--to", "2026-11-23", "--json"], env: Self.env)
        #expect(r.status == 0, "\(r.stderr)")
        let bucket = try #require(((try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])?["buckets"] as? [[String: Any]])?.last)
        #expect(bucket["sum"] as? Double == 0.3 && bucket["avg"] as? Double == 0.1, "\(r.stdout)")  // not 0.30000000000000004
        #expect(!r.stdout.contains("0000000"), "\(r.stdout)")
    }

    @Test func backupRestoreAndSyncNameEveryKey() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"], env: Self.env).status == 0)
        let file = habit.folder.appendingPathComponent("b.sqlite").path
        let backup = try habit.json(["backup", file], env: Self.env)
        #expect(Self.keys(backup) == ["file", "store", "bytes", "schemaVersion"])
        #expect(backup["file"] as? String == file && backup["store"] as? String == habit.db)
        let restore = try habit.json(["restore", file], env: Self.env)
        #expect(Self.keys(restore) == ["restored", "store", "kept", "schemaVersion", "commands"])
        #expect(restore["kept"] as? String == habit.db + ".before-restore-20261122-200000")
        let folder = habit.folder.appendingPathComponent("sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let sync = try habit.json(["sync", folder.path], env: Self.env)
        #expect(Self.keys(sync) == ["device", "sent", "applied", "unchanged", "devices", "renamed", "skipped", "waiting", "notKept", "notes"])
        #expect(sync["sent"] as? Int ?? 0 > 0 && sync["renamed"] as? [String] == [] && sync["skipped"] as? [String] == [])
    }
}
