import Foundation
import Testing

/// Issue 13, point 8: an export's `ActivitySummary` days are kept, travel in the interchange
/// format and through sync, show in the timeline, and feed ring habits
/// (`--from activity-summary --field RING`), on `Tests/Fixtures/health/activity-summary*.xml`.
@Suite struct ActivityRingTests {
    static let evening = ExportEdgeTests.health.appendingPathComponent("activity-summary.xml").path
    static let morning = ExportEdgeTests.health.appendingPathComponent("activity-summary-later.xml").path
    static let env = ["HABIT_NOW": "2024-05-06T21:30:00+02:00", "TZ": "Europe/Berlin"]

    static func summaries(_ habit: HabitProcess, env: [String: String] = env) throws -> [String: [String: Any]] {
        let lines = try habit.run(["export", "--format", "ndjson", "--all-sources"], env: env).stdout.split(separator: "\n")
        var days: [String: [String: Any]] = [:]
        for line in lines {
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let s = object["activitySummary"] as? [String: Any], let day = s["day"] as? String { days[day] = s }
        }
        return days
    }

    @Test func importKeepsEachDayAndTheFiguresThatWentFurthest() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let first = try habit.json(["import", Self.evening], env: Self.env)
        #expect(first["activitySummaries"] as? Int == 6)
        #expect(first["rejected"] as? Int == 3)
        #expect(try habit.json(["import", Self.evening], env: Self.env)["activitySummaries"] as? Int == 0)
        var days = try Self.summaries(habit)
        #expect(days.count == 6)
        #expect(days["2024-05-06"]?["moveKcal"] as? Double == 300)
        let kcal = try #require(days["2024-05-02"]?["moveKcal"] as? Double)
        #expect(abs(kcal - 550) < 1e-9)  // 2301.2 kJ
        #expect(days["2024-05-05"]?["moveMinutes"] as? Double == 64 && days["2024-05-05"]?["moveKcal"] is NSNull)
        // The next morning's export: the 6th replaced, the 5th unchanged.
        #expect(try habit.json(["import", Self.morning], env: Self.env)["activitySummaries"] as? Int == 1)
        // The evening's file again: the 6th stays as the morning said.
        #expect(try habit.json(["import", Self.evening], env: Self.env)["activitySummaries"] as? Int == 0)
        days = try Self.summaries(habit)
        #expect(days["2024-05-06"]?["moveKcal"] as? Double == 540)
        #expect(days["2024-05-06"]?["standHours"] as? Double == 12)
        // Not in an export of the app's own data.
        #expect(!(try habit.run(["export", "--format", "ndjson"], env: Self.env).stdout.contains("activitySummary")))
    }

    @Test func ringHabitsCountClosedRingsOrTheirValues() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["import", Self.evening], env: Self.env).status == 0)
        #expect(try habit.run(["add", "move", "--from", "activity-summary", "--field", "move"], env: Self.env).status == 0)
        #expect(try habit.run(["add", "stand", "--from", "activity-summary", "--field", "stand"], env: Self.env).status == 0)
        #expect(try habit.run(["add", "burn", "--from", "activity-summary", "--field", "move", "--at-least", "300"], env: Self.env).status == 0)
        let calendar = try habit.json(["calendar", "2024-05", "--json"], env: Self.env)
        let days = try #require(calendar["days"] as? [[String: Any]]).prefix(6)
        func values(_ name: String) -> [Double] {
            days.compactMap { ($0["habits"] as? [String: [String: Any]])?[name]?["value"] as? Double }
        }
        #expect(values("move") == [1, 1, 1, 0, 1, 0])   // closed; the 5th: 64/60 move minutes
        #expect(values("stand") == [0, 1, 1, 0, 1, 0])
        let burn = values("burn")                        // kcal; the 5th has no kcal
        #expect(burn.count == 6 && burn[0] == 512.3 && abs(burn[1] - 550) < 1e-9 && burn[2] == 610 && burn[3] == 120
                && burn[4] == 0 && burn[5] == 300)
        let met = days.compactMap { ($0["habits"] as? [String: [String: Any]])?["burn"]?["met"] as? Bool }
        #expect(met.prefix(3) == [true, true, true])
        let streak = try habit.json(["streak", "--json"], env: Self.env)
        let habits = try #require(streak["habits"] as? [[String: Any]])
        #expect(habits.first { $0["habit"] as? String == "stand" }?["today"] as? String == "pending")
        // The morning closes the 6th.
        #expect(try habit.run(["import", Self.morning], env: Self.env).status == 0)
        let after = try #require(try habit.json(["streak", "--json"], env: Self.env)["habits"] as? [[String: Any]])
        #expect(after.first { $0["habit"] as? String == "stand" }?["today"] as? String == "done")
        // A ring habit cannot be logged; a field without the rings, or an unknown ring, is refused.
        for bad in [["log", "move"], ["add", "x", "--from", "activity-summary"], ["add", "x", "--from", "steps", "--field", "move"],
                    ["add", "x", "--field", "move"], ["add", "x", "--from", "activity-summary", "--field", "heart"]] {
            let r = try habit.run(bad, env: Self.env)
            #expect(r.status == 64, "\(bad): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
        #expect(try habit.json(["habits", "--json"], env: Self.env)["habits"].map { "\($0)" }?.contains("HKActivitySummary.move") == true)
    }

    /// Issue 14: the stats of a yes/no ring habit count closed rings, 1 a day, so they are
    /// labelled as any yes/no habit's (no unit), in the text and in `--json`; a ring habit with a
    /// target keeps the ring's unit.
    @Test func statsOfAYesNoRingHabitCountClosedRingsWithoutAUnit() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["import", Self.evening], env: Self.env).status == 0)
        for add in [["move", "--from", "activity-summary", "--field", "move"],
                    ["burn", "--from", "activity-summary", "--field", "move", "--at-least", "300"], ["floss"]] {
            #expect(try habit.run(["add"] + add, env: Self.env).status == 0)
        }
        let week = ["--per", "day", "--from", "2024-05-01", "--to", "2024-05-07"]
        let move = try habit.json(["stats", "move"] + week, env: Self.env)
        let floss = try habit.json(["stats", "floss"] + week, env: Self.env)
        #expect(move["unit"] as? String == "count")
        #expect(move["unit"] as? String == floss["unit"] as? String)
        let sums = (move["buckets"] as? [[String: Any]])?.compactMap { $0["sum"] as? Double }
        #expect(sums == [1, 1, 1, 0, 1, 0])
        let text = try habit.run(["stats", "move"] + week, env: Self.env).stdout
        #expect(text.hasPrefix("move per day  ("), "\(text)")
        #expect(!text.contains("kcal"))
        #expect(try habit.run(["stats", "floss"] + week, env: Self.env).stdout.hasPrefix("floss per day  ("))
        // With a target the values are the ring's kcal.
        #expect(try habit.json(["stats", "burn"] + week, env: Self.env)["unit"] as? String == "kcal")
        #expect(try habit.run(["stats", "burn"] + week, env: Self.env).stdout.hasPrefix("burn in kcal per day  ("))
    }

    /// Issue 14: a ring habit reads the day's Activity rings, not samples from sources, and its
    /// text says so wherever other `--from` habits name their sources; the JSON keys stay.
    @Test func ringHabitsSayTheyReadTheActivityRingsNotSources() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["import", Self.evening], env: Self.env).status == 0)
        let added = try habit.run(["add", "move", "--from", "activity-summary", "--field", "move"], env: Self.env).stdout
        #expect(added == "added move: move ring every day (Activity rings)\n", "\(added)")
        #expect(try habit.run(["add", "burn", "--from", "activity-summary", "--field", "move", "--at-least", "300"], env: Self.env).stdout
                == "added burn: move ring ≥ 300 kcal a day (Activity rings)\n")
        #expect(try habit.run(["add", "steps", "--from", "steps", "--at-least", "8000"], env: Self.env).status == 0)
        let list = try habit.run(["habits"], env: Self.env).stdout.split(separator: "\n")
        for name in ["move ", "burn "] {
            let line = try #require(list.first { $0.hasPrefix(name) })
            #expect(line.contains("(Activity rings)") && !line.contains("sources"), "\(line)")
        }
        #expect(try #require(list.first { $0.hasPrefix("steps ") }).contains("steps ≥ 8000 a day (all sources)"))
        let week = ["--per", "day", "--from", "2024-05-01", "--to", "2024-05-07"]
        for name in ["move", "burn", "HKActivitySummary.move"] {
            let header = try habit.run(["stats", name] + week, env: Self.env).stdout.split(separator: "\n").first ?? ""
            #expect(header.hasSuffix("  (Activity rings)"), "\(header)")
        }
        #expect(try habit.run(["edit", "burn", "--at-least", "400"], env: Self.env).stdout
                == "changed burn: move ring ≥ 400 kcal a day (Activity rings)\n")
        // The JSON keeps its keys and values.
        let habits = try #require(try habit.json(["habits", "--json"], env: Self.env)["habits"] as? [[String: Any]])
        #expect(habits.first { $0["name"] as? String == "move" }?["sources"] as? String == "all")
        #expect(try habit.json(["stats", "move"] + week, env: Self.env)["allSources"] as? Bool == true)
    }

    /// A ring habit has no sources to choose (a day has one set of rings): `--sources` is refused
    /// on add and edit with one line and status 64, and nothing is stored.
    @Test func aRingHabitRefusesSources() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "move", "--from", "activity-summary", "--field", "move"], env: Self.env).status == 0)
        let before = try habit.run(["habits", "--json"], env: Self.env).stdout
        for args in [["add", "burn", "--from", "activity-summary", "--field", "move", "--at-least", "300", "--sources", "app"],
                     ["edit", "move", "--sources", "Watch"]] {
            let refused = try habit.run(args, env: Self.env)
            #expect(refused.status == 64, "\(args)")
            #expect(refused.stdout.isEmpty)
            #expect(refused.stderr == "habit: --sources does not apply to an Activity-ring habit: a day has one set of rings, whichever device closed them\n",
                    "\(refused.stderr)")
        }
        #expect(try habit.run(["habits", "--json"], env: Self.env).stdout == before)
    }

    @Test func theTimelineShowsEachDaysRings() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["import", Self.evening], env: Self.env).status == 0)
        let text = try habit.run(["timeline", "--days", "7"], env: Self.env).stdout
        let rings = text.split(separator: "\n").filter { $0.contains("rings") }
        #expect(rings.count == 6)
        #expect(rings.first == "  rings     move 300/500 kcal  exercise 20/30 min  stand 8/12 h")
        #expect(rings.contains("  rings     move 64/60 min ✓  exercise 33/30 min ✓  stand 12/12 h ✓"))
        let json = try habit.json(["timeline", "--days", "7"], env: Self.env)
        let items = (json["days"] as? [[String: Any]])?.flatMap { ($0["items"] as? [[String: Any]]) ?? [] } ?? []
        #expect(items.filter { $0["kind"] as? String == "rings" }.count == 6)
    }

    @Test func ringsRoundTripThroughTheInterchangeFormatAndSync() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["import", Self.evening], env: Self.env).status == 0)
        let export = try habit.run(["export", "--format", "ndjson", "--all-sources"], env: Self.env).stdout
        let file = habit.folder.appendingPathComponent("rings.ndjson")
        try export.write(to: file, atomically: true, encoding: .utf8)
        let other = try HabitProcess()
        defer { other.cleanUp() }
        #expect(try other.json(["import", file.path], env: Self.env)["activitySummaries"] as? Int == 6)
        #expect(try other.run(["export", "--format", "ndjson", "--all-sources"], env: Self.env).stdout == export)
        #expect(try other.json(["import", file.path], env: Self.env)["activitySummaries"] as? Int == 0)
        // Two stores through a sync folder: the morning's figures, imported on one, reach the other.
        let folder = habit.folder.appendingPathComponent("sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        #expect(try habit.run(["sync", folder.path], env: Self.env).status == 0)
        #expect(try other.run(["sync", folder.path], env: Self.env).status == 0)
        #expect(try habit.run(["import", Self.morning], env: Self.env).status == 0)
        #expect(try habit.run(["sync", folder.path], env: Self.env).status == 0)
        #expect(try other.run(["sync", folder.path], env: Self.env).status == 0)
        #expect(try Self.summaries(other)["2024-05-06"]?["moveKcal"] as? Double == 540)
        #expect(try habit.run(["export", "--format", "ndjson", "--all-sources"], env: Self.env).stdout
                == other.run(["export", "--format", "ndjson", "--all-sources"], env: Self.env).stdout)
    }
}
