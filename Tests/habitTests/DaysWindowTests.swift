import Foundation
import Testing
@testable import HabitKit

/// Issue 23, point 20: a habit of N days in any D (Loop's "N times in D days" with D neither 7 nor
/// a month) is stored as it is — `--per D-days` — and every command judges each day on the D days
/// ending with it (Standards/habits.md, "N days in any D").
@Suite struct DaysWindowTests {
    static let now = ["HABIT_NOW": "2026-11-22T20:00:00+01:00", "TZ": "Europe/Berlin"]

    static func run(_ habit: HabitProcess, _ arguments: [String]) throws -> String {
        let result = try habit.run(arguments, env: now)
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    static func habits(_ habit: HabitProcess) throws -> [String: [String: Any]] {
        var out: [String: [String: Any]] = [:]
        for h in HabitsFixture.objects(try habit.json(["habits", "--archived"], env: now)["habits"]) {
            if let name = h["name"] as? String { out[name] = h }
        }
        return out
    }

    /// `habit status --format json`'s `atRisk`.
    static func atRisk(_ habit: HabitProcess) throws -> [String]? {
        let text = try run(habit, ["status", "--format", "json"])
        return (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["atRisk"] as? [String]
    }

    /// `habit add NAME --times N --per D-days` and `habit edit` into and out of a window, as
    /// text and JSON (`"per":"days","days":D`); what does not fit is refused with one line, exit 64,
    /// nothing changed.
    @Test func addAndEditRoundTripNDaysInAnyD() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try Self.run(habit, ["add", "walk", "--times", "2", "--per", "3-days"])
                == "added walk: 2 days in any 3 (log it with 'habit log walk')\n")
        let reading = try habit.json(["add", "reading", "--unit", "page", "--at-least", "20", "--per", "5-days"], env: Self.now)
        let added = try #require(reading["habit"] as? [String: Any])
        #expect(added["per"] as? String == "days" && added["days"] as? Int == 5 && added["times"] as? Int == 1)
        #expect((added["target"] as? [String: Any])?["atLeast"] as? Double == 20)
        var habits = try Self.habits(habit)
        #expect(habits["walk"]?["per"] as? String == "days" && habits["walk"]?["days"] as? Int == 3 && habits["walk"]?["times"] as? Int == 2)
        #expect(habits["meditate"]?["days"] == nil)  // only a window of days has the key
        let list = try Self.run(habit, ["habits"])
        #expect(list.contains("2 days in any 3") && list.contains("≥ 20 pages in any 5 days"), "\(list)")

        let week = try #require(try habit.json(["edit", "walk", "--per", "week"], env: Self.now)["habit"] as? [String: Any])
        #expect(week["per"] as? String == "week" && week["days"] == nil && week["times"] as? Int == 2)
        #expect(try Self.run(habit, ["edit", "walk", "--per", "4-days", "--times", "3"]) == "changed walk: 3 days in any 4\n")
        habits = try Self.habits(habit)
        #expect(habits["walk"]?["per"] as? String == "days" && habits["walk"]?["days"] as? Int == 4 && habits["walk"]?["times"] as? Int == 3)

        let before = try habit.contents()
        for (arguments, mentions) in [(["add", "x", "--per", "1-days"], ["'1-days'", "N-days", "2 to 365"]),
                                      (["add", "x", "--per", "366-days"], ["'366-days'"]),
                                      (["add", "x", "--per", "3days"], ["'3days'"]),
                                      (["add", "x", "--times", "4", "--per", "3-days"], ["'4'", "1–3"]),
                                      (["add", "x", "--unit", "glass", "--times", "2", "--per", "3-days"], ["--times is for yes/no"]),
                                      (["edit", "walk", "--per", "2-days"], ["3 days in any 4", "--times"]),
                                      (["stats", "walk", "--per", "3-days"], ["'3-days'", "day, week or month"])] {
            let result = try habit.run(arguments, env: Self.now)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stdout.isEmpty && result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            for word in mentions { #expect(result.stderr.contains(word), "\(arguments): \(result.stderr)") }
        }
        #expect(try habit.contents() == before)
    }

    /// Walk, 2 days in any 3, done on the 16th, 17th, 19th and 20th; today the 22nd. Every day from
    /// the 16th to the 21st has 2 done in the 3 days ending with it (the 16th: 1 of 1 in its
    /// history); today's window (20–22) holds 1: pending, at risk tonight, the streak 6 days. Logged
    /// today: done, 7. Its score is Loop's (4 in the last 6 days): c = .25, .5, .5, .75, 1, 1 →
    /// 0.1578285.
    @Test func everyCommandJudgesEachDayOnTheDDaysEndingWithIt() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        _ = try Self.run(habit, ["add", "walk", "--times", "2", "--per", "3-days"])
        for day in ["2026-11-16", "2026-11-17", "2026-11-19", "2026-11-20"] { _ = try Self.run(habit, ["log", "walk", "--date", day]) }
        let streak = try #require(HabitsFixture.objects(try habit.json(["streak"], env: Self.now)["habits"]).first { $0["habit"] as? String == "walk" })
        #expect(streak["per"] as? String == "days" && streak["current"] as? Int == 6 && streak["longest"] as? Int == 6)
        #expect(streak["today"] as? String == "pending" && streak["jokers"] as? Int == 0)
        let period = try #require(streak["period"] as? [String: Any])
        #expect(period["start"] as? String == "2026-11-20" && period["value"] as? Int == 1 && period["target"] as? Int == 2)
        #expect(try Self.run(habit, ["streak"]).contains("6 days    longest    6  in the last 3 days 1/2  today pending"))
        let today = try Self.run(habit, ["today"])
        #expect(today.contains("1/2 in the last 3 days") && today.contains("at risk: breaks tonight"), "\(today)")
        #expect(try Self.atRisk(habit) == ["walk"])
        let calendar = HabitsFixture.objects(try habit.json(["calendar", "2026-11", "--habit", "walk"], env: Self.now)["days"])
        let met = calendar.filter { (($0["habits"] as? [String: Any])?["walk"] as? [String: Any])?["met"] as? Bool == true }.compactMap { $0["date"] as? String }
        #expect(met == (16...21).map { "2026-11-\($0)" })
        let score = HabitsFixture.objects(try habit.json(["score"], env: Self.now)["habits"]).first { $0["habit"] as? String == "walk" }
        #expect(abs((score?["score"] as? Double ?? -1) - 0.1578285) < 0.000001)

        _ = try Self.run(habit, ["log", "walk"])
        let done = HabitsFixture.objects(try habit.json(["streak"], env: Self.now)["habits"]).first { $0["habit"] as? String == "walk" }
        #expect(done?["today"] as? String == "done" && done?["current"] as? Int == 7)
        #expect(try Self.atRisk(habit) == [])
    }

    /// The interchange file and the sync folder carry the window (`"per":"days","days":D`); a line
    /// without `days` — every line of an older version — reads as before, and a line of a window
    /// without its D is refused, naming the habit.
    @Test func theInterchangeFileAndSyncCarryNDaysInAnyD() throws {
        let a = try HabitProcess()
        defer { a.cleanUp() }
        _ = try Self.run(a, ["add", "walk", "--times", "2", "--per", "3-days"])
        _ = try Self.run(a, ["add", "gym", "--times", "3", "--per", "week"])
        _ = try Self.run(a, ["log", "walk", "--date", "2026-11-21"])
        let file = a.folder.appendingPathComponent("all.ndjson").path
        _ = try Self.run(a, ["export", "--format", "ndjson", "--output", file])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let habitLines = text.split(separator: "\n").filter { $0.contains("\"kind\":\"habit\"") }
        #expect(habitLines.count == 2)
        #expect(habitLines.filter { $0.contains("\"days\":") }.count == 1)
        #expect(habitLines.contains { $0.contains("\"walk\"") && $0.contains("\"per\":\"days\"") && $0.contains("\"days\":3") })
        let b = try HabitProcess()
        defer { b.cleanUp() }
        _ = try Self.run(b, ["import", file])
        let walk = try Self.habits(b)["walk"]
        #expect(walk?["per"] as? String == "days" && walk?["days"] as? Int == 3 && walk?["times"] as? Int == 2)
        #expect(try Self.run(b, ["export", "--format", "ndjson"]) == Self.run(a, ["export", "--format", "ndjson"]))

        let c = try HabitProcess()
        defer { c.cleanUp() }
        let bad = c.folder.appendingPathComponent("bad.ndjson")
        try text.replacingOccurrences(of: ",\"days\":3", with: "").write(to: bad, atomically: true, encoding: .utf8)
        let refused = try c.run(["import", bad.path], env: Self.now)
        #expect(refused.status == 65 && refused.stderr.contains("'walk'"), "\(refused.stderr)")
        let old = c.folder.appendingPathComponent("old.ndjson")
        try text.split(separator: "\n").filter { !$0.contains("\"walk\"") && !$0.contains("\"type\":\"dev.habit.habit.") }
            .joined(separator: "\n").write(to: old, atomically: true, encoding: .utf8)
        #expect(try !String(contentsOf: old, encoding: .utf8).contains("\"days\""))
        _ = try Self.run(c, ["import", old.path])
        #expect(try Self.habits(c)["gym"]?["per"] as? String == "week" && Self.habits(c)["gym"]?["times"] as? Int == 3)

        let devices = try SyncTests.Devices()
        defer { devices.stores.forEach { $0.cleanUp() } }
        #expect(try devices.run(0, ["add", "walk", "--times", "2", "--per", "3-days"]).status == 0)
        try devices.sync(0)
        try devices.sync(1)
        func shape(_ device: Int) throws -> [String]? {
            HabitsFixture.objects(try devices.json(device, ["habits"])["habits"]).first { $0["name"] as? String == "walk" }
                .map { [$0["per"] as? String ?? "", "\($0["days"] ?? "")", "\($0["times"] ?? "")"] }
        }
        #expect(try shape(1) == ["days", "3", "2"])
        #expect(try devices.run(1, ["edit", "walk", "--per", "10-days", "--times", "4"]).status == 0)
        try devices.sync(1)
        try devices.sync(0)
        #expect(try shape(0) == ["days", "10", "4"])
        #expect(try devices.run(0, ["edit", "walk", "--per", "week"]).status == 0)
        try devices.sync(0)
        try devices.sync(1)
        #expect(try shape(1) == ["week", "", "4"])
        #expect(try devices.state(0) == devices.state(1))
    }
}
