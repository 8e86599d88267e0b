import Foundation
import Testing
@testable import HabitKit

/// Issue 23, points 1 and 8: every number that enters the store is bounded as `log` bounds it,
/// and typed text holds no control characters (each failed before).
@Suite struct BoundedInputTests {
    static let now = ["HABIT_NOW": "2025-10-20T20:00:00+02:00"]

    /// An export line of the given kind, from a real export of this store, with `edit` applied.
    static func line(_ habit: HabitProcess, kind: String, _ edit: (inout [String: Any]) -> Void) throws -> String {
        let export = try habit.run(["export", "--format", "ndjson", "--all-sources"], env: now).stdout
        let text = try #require(export.split(separator: "\n").first { $0.hasPrefix("{\"kind\":\"\(kind)\"") })
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var inner = try #require(object[kind] as? [String: Any])
        edit(&inner)
        inner["uuid"] = UUID().uuidString.lowercased()
        object[kind] = inner
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test(arguments: [
        ("workout", "duration", 1e19), ("workout", "totalEnergyKcal", -5), ("workout", "totalDistanceMeters", 1e300),
        ("sample", "value", -1), ("sample", "value", 1e300),
    ] as [(String, String, Double)])
    func anNdjsonLineWithANumberOutOfBoundsIsRefused(_ kind: String, _ key: String, _ value: Double) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        for command in [["log", "workout", "hiit", "25m"], ["add", "water", "--unit", "glass"], ["log", "water", "3"]] {
            #expect(try habit.run(command, env: Self.now).status == 0)
        }
        let line = try Self.line(habit, kind: kind) { object in
            if kind == "sample" && !((object["type"] as? String)?.hasPrefix("dev.habit.habit.") ?? false) { return }
            object[key] = value
        }
        let ownHabitLine = kind == "sample"
            ? try habit.run(["export", "--format", "ndjson", "--all-sources"], env: Self.now).stdout
                .split(separator: "\n").first { $0.contains("dev.habit.habit.") && $0.hasPrefix("{\"kind\":\"sample\"") }
                .map { text -> String in
                    var object = (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
                    var sample = object["sample"] as? [String: Any] ?? [:]
                    sample[key] = value
                    sample["uuid"] = UUID().uuidString.lowercased()
                    object["sample"] = sample
                    return String(decoding: (try? JSONSerialization.data(withJSONObject: object)) ?? Data(), as: UTF8.self)
                }
            : nil
        let file = habit.folder.appendingPathComponent("bad.ndjson")
        try ((ownHabitLine ?? line) + "\n").write(to: file, atomically: true, encoding: .utf8)
        let before = try habit.contents()
        let result = try habit.run(["import", file.path], env: Self.now)
        #expect(result.status == 65, "\(result.stdout) \(result.stderr)")
        #expect(try habit.contents() == before)
        // Nothing that lists entries traps.
        for command in [["timeline"], ["log", "list", "--all-sources"], ["changes", "--since", "0"]] {
            #expect(try habit.run(command, env: Self.now).status == 0)
        }
    }

    @Test func anAppleHealthWorkoutOfTwoHundredQuadrillionMinutesIsRejected() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="2e17" durationUnit="min" sourceName="Watch" startDate="2025-10-01 08:00:00 +0200" endDate="2025-10-01 08:30:00 +0200"/>
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="2025-10-02 08:00:00 +0200" endDate="2025-10-02 08:30:00 +0200"/>
            </HealthData>
            """
        let file = habit.folder.appendingPathComponent("export.xml")
        try xml.write(to: file, atomically: true, encoding: .utf8)
        let result = try habit.json(["import", file.path], env: Self.now)
        #expect(result["workouts"] as? Int == 1, "\(result)")
        #expect(try habit.run(["timeline", "--days", "60"], env: Self.now).status == 0)
    }

    @Test(arguments: ["0x48", "7e1", ".5e2", "1_0", "72..5"])
    func aWeightIsADecimalNumber(_ text: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let result = try habit.run(["config", "set", "weight", text], env: Self.now)
        #expect(result.status == 64, "\(text): \(result.stdout)")
        #expect(try habit.run(["config", "set", "weight", "72.5"], env: Self.now).status == 0)
    }

    @Test(arguments: [
        ["remind", "add", "meditate", "20:00", "--title", "t\u{1B}[31m"], ["remind", "add", "meditate", "20:00", "--message", "m\u{1B}[2J"],
        ["remind", "add", "meditate", "20:00", "--message", "a\tb"], ["remind", "add", "meditate", "20:00", "--title", "bell\u{07}"],
        ["log", "meditate", "10m", "--note", "x\ry"], ["log", "workout", "hiit", "20m", "--note", "\u{1B}]0;owned\u{07}"],
    ])
    func typedTextWithAControlCharacterIsRefused(_ arguments: [String]) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let result = try habit.run(arguments, env: Self.now)
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}") && !result.stderr.contains("\r"))
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }
}
