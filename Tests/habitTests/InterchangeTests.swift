import Foundation
import GRDB
import Testing
@testable import HabitKit

/// The interchange format (issue 13, point 9): `habit export --format ndjson --all-sources` of a
/// store, imported into an empty store and exported again, gives the same lines; importing it
/// into a store that has the data adds nothing; nothing deleted comes back.
@Suite struct InterchangeTests {
    static let exports = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/exports")
    static let now = ["HABIT_NOW": "2026-11-22T20:00:00+01:00"]

    static func run(_ habit: HabitProcess, _ arguments: [String]) throws -> String {
        let result = try habit.run(arguments, env: now)
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    /// A store with every kind of object: both Apple Health fixtures, a harsh log (own habits,
    /// entries with notes, a skip), the three built-ins logged, an edited habit, a vacation for all.
    static func fullStore(_ habit: HabitProcess) throws {
        for fixture in ["apple-health-small-a/export.xml", "apple-health-small-b/export.xml"] {
            _ = try run(habit, ["import", exports.appendingPathComponent(fixture).path])
        }
        _ = try run(habit, ["import", TrackerImportTests.fixtures.appendingPathComponent("harsh/log").path])
        for command in [["log", "meditate", "10m", "--note", "long \"quiet\" one"], ["log", "workout", "hiit", "25m"],
                        ["log", "alcohol", "2"], ["add", "water", "--unit", "glass", "--at-least", "8"], ["log", "water", "3"],
                        ["edit", "gym", "--times", "2"], ["skip", "--all", "--from", "2026-12-24", "--to", "2026-12-27"],
                        ["archive", "called-mom"]] {
            _ = try run(habit, command)
        }
    }

    @Test func anExportImportedIntoAnEmptyStoreExportsTheSameLines() throws {
        let a = try HabitProcess(), b = try HabitProcess()
        defer { a.cleanUp(); b.cleanUp() }
        try Self.fullStore(a)
        let file = a.folder.appendingPathComponent("a.ndjson").path
        _ = try Self.run(a, ["export", "--format", "ndjson", "--all-sources", "--output", file])
        let lines = try String(contentsOfFile: file, encoding: .utf8)
        let kinds = Set(lines.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"] as? String
        })
        #expect(kinds == ["habit", "sample", "workout", "skip", "activitySummary"])  // fixture a has two days of rings
        #expect(lines.contains("\"sourceVersion\"") && lines.contains("\"device\"") && lines.contains("\"created\""))

        let imported = try b.json(["import", file], env: Self.now)
        #expect(imported["known"] as? Int == 0)
        #expect(imported["habits"] as? Int == 6)
        #expect(try Self.run(b, ["export", "--format", "ndjson", "--all-sources"]) == lines)
        // What the person sees is the same too.
        for command in [["streak", "--json"], ["calendar", "2026-11", "--json"], ["habits", "--archived", "--json"],
                        ["timeline", "--json"]] {
            #expect(try Self.run(b, command) == Self.run(a, command), "\(command)")
        }

        // Into the store that has it all: nothing added, not a row or an anchor.
        let before = try a.contents()
        let again = try a.json(["import", file], env: Self.now)
        #expect(again["samples"] as? Int == 0 && again["workouts"] as? Int == 0 && again["habits"] as? Int == 0
                && again["skips"] as? Int == 0)
        #expect(again["known"] as? Int == lines.split(separator: "\n").count)
        #expect(try a.contents() == before)
    }

    /// The generated export (100,000 records with workout statistics and events, correlations,
    /// sleep) through the same round trip.
    @Test func aGeneratedHundredThousandRecordExportRoundTrips() throws {
        let a = try HabitProcess(), b = try HabitProcess()
        defer { a.cleanUp(); b.cleanUp() }
        let xml = a.folder.appendingPathComponent("export.xml").path
        let generate = Process()
        generate.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/generate-export.py").path
        generate.arguments = ["python3", script, "--records", "100000", "--out", xml, "--seed", "3"]
        try generate.run()
        generate.waitUntilExit()
        try #require(generate.terminationStatus == 0)
        _ = try Self.run(a, ["import", xml])
        let file = a.folder.appendingPathComponent("a.ndjson").path
        _ = try Self.run(a, ["export", "--format", "ndjson", "--all-sources", "--output", file])
        let lines = try String(contentsOfFile: file, encoding: .utf8)
        #expect(lines.contains("\"statistics\":[") && lines.contains("\"events\":["))
        _ = try Self.run(b, ["import", file])
        #expect(try Self.run(b, ["export", "--format", "ndjson", "--all-sources"]) == lines)
        let again = try a.json(["import", file], env: Self.now)
        #expect(again["samples"] as? Int == 0 && again["workouts"] as? Int == 0)
    }

    @Test func nothingDeletedComesBackAndANewerHabitDefinitionWins() throws {
        let a = try HabitProcess(), b = try HabitProcess()
        defer { a.cleanUp(); b.cleanUp() }
        _ = try Self.run(a, ["add", "floss"])
        let logged = try a.json(["log", "meditate", "10m"], env: Self.now)
        let uuid = try #require(((logged["samples"] as? [[String: Any]])?.first?["uuid"]) as? String)
        let old = a.folder.appendingPathComponent("old.ndjson").path
        _ = try Self.run(a, ["export", "--format", "ndjson", "--output", old])
        _ = try Self.run(b, ["import", old])

        // Deleted after the file was made: importing the file does not bring it back.
        _ = try Self.run(a, ["delete", uuid])
        let result = try a.json(["import", old], env: Self.now)
        #expect(result["samples"] as? Int == 0)
        #expect(!(try Self.run(a, ["export", "--format", "ndjson"])).contains(uuid))

        // An edit is newer than the definition in b: it replaces it; the older one does not come back.
        _ = try a.run(["edit", "floss", "--name", "flossing"], env: ["HABIT_NOW": "2026-11-23T08:00:00+01:00"])
        let new = a.folder.appendingPathComponent("new.ndjson").path
        _ = try Self.run(a, ["export", "--format", "ndjson", "--output", new])
        let updated = try b.json(["import", new], env: Self.now)
        #expect(updated["habitsUpdated"] as? Int == 1)
        #expect(try Self.run(b, ["habits"]).contains("flossing"))
        let stale = try b.json(["import", old], env: Self.now)
        #expect(stale["habitsUpdated"] as? Int == 0)
        #expect(try Self.run(b, ["habits"]).contains("flossing"))
    }

    /// A good first line, so that a bad second one shows the file is refused whole.
    static let weight72 = "{\"kind\":\"setting\",\"setting\":{\"key\":\"weight\",\"value\":\"72\",\"modified\":\"2026-11-01T00:00:00Z\"}}\n"

    /// A bad line anywhere refuses the whole file before the store is opened: exit 65, one line
    /// naming the line, no store made.
    @Test(arguments: [
        ("{\"kind\":\"sample\"}\n", "line 1"),
        ("{\"kind\":\"skip\",\"skip\":{\"uuid\":\"x\",\"habit\":null,\"habitId\":null,\"day\":\"2026-11-01\",\"created\":\"2026-11-01T00:00:00Z\"}}\n", "UUID"),
        ("{\"kind\":\"habit\",\"habit\":{\"id\":\"7a1c0e4e-8d6b-4f8e-9a51-1d2c3b4a5f60\",\"name\":\"list\",\"kind\":\"yes-no\",\"unit\":null,\"goal\":null,\"target\":null,\"per\":\"day\",\"times\":1,\"from\":null,\"sources\":\"app\",\"since\":\"2026-11-01\",\"archived\":false,\"created\":\"2026-11-01T00:00:00Z\",\"modified\":\"2026-11-01T00:00:00Z\"}}\n", "command word"),
        ("{\"kind\":\"skip\",\"skip\":{\"uuid\":\"7a1c0e4e-8d6b-4f8e-9a51-1d2c3b4a5f60\",\"habit\":null,\"habitId\":null,\"day\":\"2026-11-01\",\"created\":\"2026-11-01T00:00:00Z\"}}\n{\"kind\":\"skip\",\"sk", "line 2"),
        ("{\"kind\":\"sample\",\"sample\":{\"uuid\":\"7a1c0e4e-8d6b-4f8e-9a51-1d2c3b4a5f60\",\"type\":\"T\",\"start\":\"2026-11-01T10:00:00Z\",\"end\":\"2026-11-01T09:00:00Z\",\"value\":1,\"unit\":null,\"source\":\"dev.habit\",\"sourceName\":\"habit\",\"created\":\"2026-11-01T10:00:00Z\",\"utcOffset\":0,\"timeZone\":\"UTC\"}}\n", "ends before it starts"),
        // The store's configuration (issue 22, point 6): a setting habit does not know, a value it
        // does not take, an anchor name `changes --save` refuses, an impossible reminder; and a
        // line only sync writes.
        (InterchangeTests.weight72 + "{\"kind\":\"setting\",\"setting\":{\"key\":\"colour\",\"value\":\"red\",\"modified\":\"2026-11-01T00:00:00Z\"}}\n", "line 2 of the interchange file: 'colour' is not a setting"),
        (InterchangeTests.weight72 + "{\"kind\":\"setting\",\"setting\":{\"key\":\"weight\",\"value\":\"-3\",\"modified\":\"2026-11-01T00:00:00Z\"}}\n", "line 2 of the interchange file: setting 'weight' has a value habit does not take"),
        (InterchangeTests.weight72 + "{\"kind\":\"setting\",\"setting\":{\"key\":\"reminders-paused\",\"value\":\"maybe\",\"modified\":\"2026-11-01T00:00:00Z\"}}\n", "line 2 of the interchange file: setting 'reminders-paused'"),
        (InterchangeTests.weight72 + "{\"kind\":\"anchor\",\"anchor\":{\"name\":\"my laptop\"}}\n", "line 2 of the interchange file: anchor 'my laptop'"),
        (InterchangeTests.weight72 + "{\"kind\":\"reminder\",\"reminder\":{\"uuid\":\"7a1c0e4e-8d6b-4f8e-9a51-1d2c3b4a5f60\",\"title\":\"t\",\"message\":\"m\",\"activity\":\"meditate\",\"time\":\"25:00\",\"weekdays\":127,\"lookbackHours\":12,\"enabled\":true,\"created\":\"2026-11-01T00:00:00Z\",\"modified\":\"2026-11-01T00:00:00Z\"}}\n", "line 2 of the interchange file: reminder 7a1c0e4e"),
        (InterchangeTests.weight72 + "{\"kind\":\"deleted\",\"deleted\":{\"uuid\":\"7a1c0e4e-8d6b-4f8e-9a51-1d2c3b4a5f60\",\"kind\":\"sample\",\"type\":\"T\"}}\n", "line 2 of the interchange file: \"kind\" must be"),
    ])
    func aBadLineRefusesTheFile(_ text: String, _ words: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let file = habit.folder.appendingPathComponent("bad.ndjson")
        try Data(text.utf8).write(to: file)
        let result = try habit.run(["import", file.path], env: Self.now)
        #expect(result.status == 65, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains(words), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }
}
