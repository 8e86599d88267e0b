import Foundation
import Testing

/// Issue 22, points 5 and 6: each record keeps its own source version, and an export of the whole
/// store imported into a new one gives the store back (settings, reminders, named anchors too).
@Suite struct RoundTripTests {
    static let health = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/health")
    static let env = ["HABIT_NOW": "2024-02-03T12:00:00+01:00", "TZ": "Europe/Berlin"]

    static func run(_ habit: HabitProcess, _ arguments: [String], env: [String: String] = Self.env,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try habit.run(arguments, env: env)
        try #require(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    static func objects(_ ndjson: String) throws -> [[String: Any]] {
        try ndjson.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    /// Each record's and workout's version, by what it is: `steps 100` → "9.2", "-" for none.
    static func versions(_ ndjson: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for object in try objects(ndjson) {
            if let s = object["sample"] as? [String: Any] {
                let type = (s["type"] as? String ?? "").replacingOccurrences(of: "HKQuantityTypeIdentifier", with: "")
                let value = (s["value"] as? Double).map { String($0) } ?? "?"
                out["\(type) \(value)"] = s["sourceVersion"] as? String ?? "-"
            } else if let w = object["workout"] as? [String: Any] {
                out[(w["activityType"] as? String ?? "").replacingOccurrences(of: "HKWorkoutActivityType", with: "")] =
                    w["sourceVersion"] as? String ?? "-"
            }
        }
        return out
    }

    static let expectedVersions = [
        "StepCount 100.0": "9.2", "StepCount 110.0": "9.2.1", "StepCount 120.0": "-", "StepCount 130.0": "9.2",
        "HeartRate 72.0": "9.2.1", "BodyMass 72.4": "-", "BodyMass 72.1": "6.1", "Running": "9.2.1", "Walking": "9.2",
    ]

    /// `source-versions.xml`: one watch whose records carry two versions (and none), a scale whose
    /// first record has none. Before, every record said the first version seen for its source.
    @Test func eachRecordKeepsItsOwnSourceVersionThroughImportExportAndSync() throws {
        let a = try HabitProcess(), b = try HabitProcess(), c = try HabitProcess()
        defer { a.cleanUp(); b.cleanUp(); c.cleanUp() }
        let xml = Self.health.appendingPathComponent("source-versions.xml").path
        let first = try a.json(["import", xml], env: Self.env)
        #expect(first["samples"] as? Int == 7 && first["workouts"] as? Int == 2)
        let export = try Self.run(a, ["export", "--format", "ndjson", "--all-sources"])
        #expect(try Self.versions(export) == Self.expectedVersions)

        // The identity is unchanged: importing again adds nothing, not a row nor an anchor.
        let before = try a.contents()
        let again = try a.json(["import", xml], env: Self.env)
        #expect(again["samples"] as? Int == 0 && again["workouts"] as? Int == 0 && again["duplicates"] as? Int == 9)
        #expect(try a.contents() == before)

        // The interchange format carries them into a new store, which gives back the same lines.
        let file = a.folder.appendingPathComponent("a.ndjson").path
        _ = try Self.run(a, ["export", "--format", "ndjson", "--all-sources", "--output", file])
        let imported = try b.json(["import", file], env: Self.env)
        #expect(imported["samples"] as? Int == 7 && imported["workouts"] as? Int == 2)
        #expect(try Self.run(b, ["export", "--format", "ndjson", "--all-sources"]) == export)
        let beforeAgain = try b.contents()
        #expect(try b.json(["import", file], env: Self.env)["samples"] as? Int == 0)
        #expect(try b.contents() == beforeAgain)

        // And so do sync lines.
        let folder = a.folder.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        _ = try Self.run(a, ["sync", folder.path])
        _ = try Self.run(c, ["sync", folder.path])
        #expect(try Self.versions(Self.run(c, ["export", "--format", "ndjson", "--all-sources"])) == Self.expectedVersions)
    }

    /// A store with settings, reminders (one paused, one occurrence cancelled by a log), a saved
    /// anchor, own habits, entries, imported samples and a skip: exported whole and imported into
    /// an empty store, the second store says what the first says.
    @Test func anExportOfTheWholeStoreGivesTheStoreBack() throws {
        let a = try HabitProcess(), b = try HabitProcess()
        defer { a.cleanUp(); b.cleanUp() }
        var minute = 0
        func at() -> [String: String] {
            minute += 1
            return ["HABIT_NOW": String(format: "2024-02-03T11:%02d:00+01:00", minute), "TZ": "Europe/Berlin"]
        }
        for command in [["config", "set", "weight", "72"], ["config", "set", "day-start", "04:00"],
                        ["add", "floss"], ["add", "water", "--unit", "glass", "--at-least", "8"],
                        ["remind", "add", "meditate", "20:00"], ["remind", "add", "floss", "21:30", "--days", "mon-fri"],
                        ["remind", "pause", "2"], ["log", "meditate", "10m"], ["log", "water", "3"], ["log", "floss"],
                        ["skip", "water", "2024-02-10"], ["import", Self.health.appendingPathComponent("source-versions.xml").path],
                        ["changes", "--since", "0", "--save", "laptop"], ["log", "alcohol", "1"]] {
            _ = try Self.run(a, command, env: at())
        }
        let env = at()
        let file = a.folder.appendingPathComponent("a.ndjson").path
        _ = try Self.run(a, ["export", "--format", "ndjson", "--all-sources", "--output", file], env: env)
        let lines = try String(contentsOfFile: file, encoding: .utf8)
        let objects = try Self.objects(lines)
        let kinds = objects.compactMap { $0["kind"] as? String }
        #expect(Set(kinds) == ["habit", "sample", "workout", "skip", "setting", "reminder", "occurrence", "anchor"])
        #expect(objects.compactMap { ($0["setting"] as? [String: Any])?["key"] as? String } == ["day-start", "weight"])
        #expect(objects.compactMap { ($0["anchor"] as? [String: Any])?["name"] as? String } == ["laptop"])
        // The meditation logged at 11:08 cancelled the evening's reminder.
        #expect(objects.compactMap { ($0["occurrence"] as? [String: Any])?["state"] as? String } == ["cancelled"])

        let imported = try b.json(["import", file], env: env)
        #expect(imported["settings"] as? Int == 2 && imported["reminders"] as? Int == 2 && imported["occurrences"] as? Int == 1)
        #expect(imported["anchors"] as? Int == 1 && imported["known"] as? Int == 0)
        for command in [["config", "list", "--json"], ["remind", "list", "--json"], ["habits", "--archived", "--json"],
                        ["streak", "--json"], ["export", "--format", "ndjson", "--all-sources"]] {
            #expect(try Self.run(b, command, env: env) == Self.run(a, command, env: env), "\(command)")
        }
        // The name is there, at b's anchor after the import: nothing is new since it.
        let changes = try b.json(["changes", "--anchor", "laptop"], env: env)
        #expect((changes["added"] as? [String: Any]).map { ($0["samples"] as? [Any])?.isEmpty == true } == true)

        // Importing it again, into either store, adds nothing.
        for store in [a, b] {
            let before = try store.contents()
            let again = try store.json(["import", file], env: env)
            #expect(again["known"] as? Int == objects.count)
            #expect(try store.contents() == before)
        }
    }
}
