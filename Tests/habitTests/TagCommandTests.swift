import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Issue 26, point 4: tags through the commands — `habit add|edit --tag/--untag`, the `--tag`
/// filter of today, status, streak, calendar, score, ask, remind list and habits, `habit habits`
/// grouped by tag, `tags` in `--json`, export/import/sync, and a v17 store upgraded in place
/// (Standards/habits.md, "Tags").
@Suite struct TagCommandTests {
    static let now = ["HABIT_NOW": "2026-11-25T20:00:00+01:00", "TZ": "Europe/Berlin"]

    @discardableResult
    static func run(_ habit: HabitProcess, _ arguments: [String]) throws -> String {
        let result = try habit.run(arguments, env: now)
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    static func json(_ habit: HabitProcess, _ arguments: [String]) throws -> [String: Any] {
        try habit.json(arguments, env: now)
    }

    static func tags(_ habit: HabitProcess) throws -> [String: [String]] {
        var out: [String: [String]] = [:]
        for h in HabitsFixture.objects(try json(habit, ["habits", "--archived"])["habits"]) {
            if let name = h["name"] as? String { out[name] = h["tags"] as? [String] }
        }
        return out
    }

    /// The names a `--json` answer lists under `key` (each object's "habit").
    static func names(_ object: [String: Any], _ key: String = "habits") -> [String] {
        HabitsFixture.objects(object[key]).compactMap { $0["habit"] as? String }
    }

    /// floss (health, pm), run (am, health), read (no tag), water (pm, a quantity).
    static func store() throws -> HabitProcess {
        let habit = try HabitProcess()
        try run(habit, ["add", "floss", "--tag", "health", "--tag", "PM"])
        try run(habit, ["add", "run", "--tag", "am", "--tag", "health"])
        try run(habit, ["add", "read"])
        try run(habit, ["add", "water", "--unit", "glass", "--at-least", "8", "--tag", "pm"])
        return habit
    }

    @Test func addAndEditSetTagsAndHabitsGroupsByThem() throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        var tags = try Self.tags(habit)
        #expect(tags["floss"] == ["health", "pm"] && tags["run"] == ["am", "health"] && tags["read"] == [] && tags["meditate"] == [])
        #expect(try Self.run(habit, ["edit", "read", "--tag", "pm"]) == "changed read: every day; tags: pm\n")
        try Self.run(habit, ["edit", "floss", "--untag", "health", "--tag", "night"])
        tags = try Self.tags(habit)
        #expect(tags["floss"] == ["night", "pm"] && tags["read"] == ["pm"])
        let changed = try Self.json(habit, ["edit", "read", "--untag", "pm"])
        #expect((changed["habit"] as? [String: Any])?["tags"] as? [String] == [])

        let list = try Self.run(habit, ["habits"]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let heads = list.filter { !$0.hasPrefix(" ") && !$0.isEmpty }
        #expect(heads == ["am", "health", "night", "pm", "no tag"], "\(list)")
        let pm = try #require(list.firstIndex(of: "pm"))
        #expect(list[pm + 1].hasPrefix("  floss ") && list[pm + 2].hasPrefix("  water "), "\(list)")
        #expect(list.dropLast().suffix(4).map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["meditate", "workout", "noalc", "read"])
        // --tag: the habits with the tag, under each of their tags.
        #expect(try Self.run(habit, ["habits", "--tag", "health"]).split(separator: "\n").map { $0.split(separator: " ").first ?? "" }
                == ["am", "run", "health", "run"])
        // Without a tag on any habit, the list is as it always was: no headings.
        let plain = try HabitProcess()
        defer { plain.cleanUp() }
        try Self.run(plain, ["add", "floss"])
        #expect(try Self.run(plain, ["habits"]).split(separator: "\n").map { $0.split(separator: " ").first ?? "" } == ["meditate", "workout", "noalc", "floss"])
    }

    /// Bad tags and tags no habit carries: one line, exit 64, nothing changed — and no store made
    /// by a command that only reads.
    @Test func badAndUnknownTagsAreRefusedAndChangeNothing() throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        let before = try habit.contents()
        for arguments in [["add", "x", "--tag", "a b"], ["add", "y", "--untag", "pm"], ["edit", "floss", "--tag", "1st"],
                          ["edit", "floss", "--untag", "am"], ["edit", "meditate", "--tag", "am"], ["edit", "floss", "--tag="],
                          ["edit", "floss"] + (1...7).flatMap { ["--tag", "t-\($0)"] },
                          ["today", "--tag", "helth"], ["status", "--tag", "x"], ["streak", "--tag", "pm", "--habit", "floss"],
                          ["calendar", "--tag", "nope"], ["score", "floss", "--tag", "pm"], ["ask", "--tag", "nope"],
                          ["remind", "list", "--tag", "nope"], ["habits", "--tag", "-x"]] {
            let r = try habit.run(arguments, env: Self.now)
            #expect(r.status == 64, "\(arguments): \(r.status) \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stdout.isEmpty, "\(arguments): \(r.stderr)")
        }
        #expect(try habit.contents() == before)
        let unknown = try habit.run(["today", "--tag", "helth"], env: Self.now)
        #expect(unknown.stderr == "habit: no habit has the tag 'helth'; did you mean 'health'? the tags are: am, health, pm\n")

        let empty = try HabitProcess()
        defer { empty.cleanUp() }
        for arguments in [["today", "--tag", "am"], ["status", "--tag", "am"], ["streak", "--tag", "am"], ["ask", "--tag", "am"]] {
            let r = try empty.run(arguments, env: Self.now)
            #expect(r.status == 64 && r.stderr.contains("no habit has a tag yet"), "\(arguments): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: empty.db))
    }

    /// Each filter shows exactly the habits with any of the tags given, with what it showed without
    /// the filter for them.
    @Test func theTagFilterChoosesTheHabitsEveryCommandShows() throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        // ask: only the tagged habits (floss and water, by name), each answered as typed.
        let asked = try AskTests.ask(habit, ["--tag", "pm", "--json"], input: "y\n3\n", env: Self.now)
        #expect(asked.status == 0, "\(asked.stderr)")
        let answers = try AskTests.records(asked.stdout)
        #expect(answers.map { "\($0["habit"] ?? "") \($0["answer"] ?? "")" } == ["floss yes", "water yes"], "\(asked.stdout)")
        try Self.run(habit, ["remind", "add", "floss", "21:00"])
        try Self.run(habit, ["remind", "add", "read", "21:00"])
        try Self.run(habit, ["remind", "add", "meditate", "07:00"])

        #expect(Self.names(try Self.json(habit, ["today", "--tag", "pm"])) == ["floss", "water"])
        #expect(Self.names(try Self.json(habit, ["streak", "--tag", "health"])) == ["floss", "run"])
        #expect(Self.names(try Self.json(habit, ["streak", "--tag", "am", "--tag", "pm"])) == ["floss", "run", "water"])
        #expect(Self.names(try Self.json(habit, ["score", "--tag", "am"])) == ["run"])
        let status = try Self.run(habit, ["status", "--format", "json", "--tag", "pm"])
        let statusObject = try #require(try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])
        #expect(Self.names(statusObject) == ["floss", "water"] && statusObject["left"] as? [String] == ["water"])
        let calendar = try Self.json(habit, ["calendar", "--tag", "health"])
        let shown = Set(HabitsFixture.objects(calendar["days"]).flatMap { (($0["habits"] as? [String: Any]) ?? [:]).keys })
        #expect(shown == ["floss", "run"], "\(shown)")
        let text = try Self.run(habit, ["calendar", "--tag", "health"])
        #expect(text.hasPrefix("2026-11 · tag health\n") && text.contains("\nfloss ") && !text.contains("\nread ") && !text.contains("meditate"), "\(text)")
        // The same marks and streaks as without the filter.
        let all = try Self.json(habit, ["streak"])
        let floss = HabitsFixture.objects(all["habits"]).first { $0["habit"] as? String == "floss" }
        let tagged = HabitsFixture.objects(try Self.json(habit, ["streak", "--tag", "health"])["habits"]).first { $0["habit"] as? String == "floss" }
        #expect(floss.map { NSDictionary(dictionary: $0) } == tagged.map { NSDictionary(dictionary: $0) })

        let reminders = HabitsFixture.objects(try Self.json(habit, ["remind", "list", "--tag", "health"])["reminders"])
        #expect(reminders.count == 1 && reminders.first?["title"] as? String != nil, "\(reminders)")
        #expect(HabitsFixture.objects(try Self.json(habit, ["remind", "list"])["reminders"]).count == 3)

    }

    /// Export, import and sync carry the tags with the definition; a line without `tags` (every
    /// older line) has none; a line with tags habit does not take refuses the file.
    @Test func exportImportAndSyncCarryTheTags() throws {
        let a = try Self.store()
        defer { a.cleanUp() }
        let file = a.folder.appendingPathComponent("all.ndjson").path
        try Self.run(a, ["export", "--format", "ndjson", "--output", file])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let lines = text.split(separator: "\n").filter { $0.contains("\"kind\":\"habit\"") }
        #expect(lines.count == 4 && lines.filter { $0.contains("\"tags\":") }.count == 3)
        #expect(lines.contains { $0.contains("\"floss\"") && $0.contains("\"tags\":[\"health\",\"pm\"]") })
        let b = try HabitProcess()
        defer { b.cleanUp() }
        try Self.run(b, ["import", file])
        #expect(try Self.tags(b) == Self.tags(a))
        #expect(try Self.run(b, ["export", "--format", "ndjson"]) == Self.run(a, ["export", "--format", "ndjson"]))

        let c = try HabitProcess()
        defer { c.cleanUp() }
        for bad in ["[\"pm\",\"health\"]", "[]", "[\"pm\",\"pm\"]", "\"pm\"", "[\"PM\"]", "[\"a b\"]", "[1]",
                    "[" + (1...9).map { "\"t\($0)\"" }.joined(separator: ",") + "]"] {
            let path = c.folder.appendingPathComponent("bad.ndjson")
            try text.replacingOccurrences(of: "\"tags\":[\"health\",\"pm\"]", with: "\"tags\":\(bad)").write(to: path, atomically: true, encoding: .utf8)
            let refused = try c.run(["import", path.path], env: Self.now)
            #expect(refused.status == 65 && refused.stderr.split(separator: "\n").count == 1, "\(bad): \(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: c.db), "\(bad)")
        }
        let old = c.folder.appendingPathComponent("old.ndjson")
        try text.replacingOccurrences(of: #","tags":\[[^\]]*\]"#, with: "", options: .regularExpression).write(to: old, atomically: true, encoding: .utf8)
        try Self.run(c, ["import", old.path])
        #expect(try Self.tags(c)["floss"] == [])

        let devices = try SyncTests.Devices()
        defer { devices.cleanUp() }
        #expect(try devices.run(0, ["add", "yoga", "--tag", "am"]).status == 0)
        try devices.sync(0)
        try devices.sync(1)
        func tags(_ device: Int) throws -> [String]? {
            HabitsFixture.objects(try devices.json(device, ["habits"])["habits"]).first { $0["name"] as? String == "yoga" }?["tags"] as? [String]
        }
        #expect(try tags(1) == ["am"])
        #expect(try devices.run(1, ["edit", "yoga", "--tag", "body"]).status == 0)
        try devices.sync(1)
        try devices.sync(0)
        #expect(try tags(0) == ["am", "body"])
        #expect(try devices.run(0, ["edit", "yoga", "--untag", "am", "--untag", "body"]).status == 0)
        try devices.sync(0)
        try devices.sync(1)
        try devices.sync(2)
        #expect(try tags(1) == [] && tags(2) == [])
        #expect(try devices.state(0) == devices.state(1) && devices.state(1) == devices.state(2))
    }

    /// A v17 store upgrades in place by `v18-habit-tags`: every row as it was with `tags` NULL,
    /// v6's triggers as they were, nothing sent, the schema exactly a new store's; tags can then
    /// be stored, and the table keeps their shape.
    @Test func aV17StoreUpgradesInPlaceWithNoTags() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let old = try DatabaseQueue(path: habit.db)
        try Schema.migrator.migrate(old, upTo: "v17-noted-entries")
        let (before, triggers, syncLog) = try old.write { db in
            try db.execute(sql: """
                INSERT INTO habit (id, name, kind, unit, goal, target, per, times, fromType, sources, since, archived, created, modified, asks, days, weekdays) VALUES
                ('0a000000-0000-4000-8000-000000000001', 'floss', 'yes-no', NULL, NULL, NULL, 'day', 1, NULL, 'app', '2026-11-01', 0, 1794000000.5, 1794000001.25, 1, NULL, 21),
                ('0a000000-0000-4000-8000-000000000002', 'gym', 'yes-no', NULL, NULL, NULL, 'week', 3, NULL, 'app', '2026-10-05', 1, 1794000002, 1794000002, 1, NULL, NULL),
                ('0a000000-0000-4000-8000-000000000004', 'water', 'quantity', 'glass', 'atLeast', 8, 'day', 1, NULL, 'app', '2026-11-02', 0, 1794000005, 1794000005, 0, NULL, NULL);
                """)
            return (try StoreUpgradeTests.habitRows(db), try StoreUpgradeTests.habitTriggers(db),
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM syncLog") ?? -1)
        }
        try old.close()
        #expect(before.count == 3 && syncLog == 3)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: habit.db)

        let tags = try Self.tags(habit)
        #expect(tags.count == 6 && tags.values.allSatisfy(\.isEmpty), "\(tags)")
        let upgraded = try DatabaseQueue(path: habit.db)
        try upgraded.read { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.currentVersion)
            let after = try StoreUpgradeTests.habitRows(db)
            #expect(after.map { $0.filter { $0.key != "tags" } } == before)
            #expect(after.allSatisfy { $0["tags"] == "NULL" })
            #expect(try StoreUpgradeTests.habitTriggers(db) == triggers)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM syncLog") == syncLog)
            #expect(try SchemaCheck.examine(db) == .matches(version: Schema.currentVersion))
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").contains("v18-habit-tags"))
        }
        try upgraded.close()
        #expect(try habit.run(["doctor"], env: Self.now).status == 0)

        try Self.run(habit, ["edit", "floss", "--tag", "pm", "--tag", "health"])
        let changed = try DatabaseQueue(path: habit.db)
        try changed.write { (db: Database) throws in
            #expect(try String.fetchOne(db, sql: "SELECT tags FROM habit WHERE name = 'floss'") == "health,pm")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM syncLog") == syncLog + 1)
            for bad in ["''", "',pm'", "'pm,'", "'am,,pm'"] {
                #expect(throws: DatabaseError.self, "\(bad)") { try db.execute(sql: "UPDATE habit SET tags = \(bad) WHERE name = 'gym'") }
            }
        }
        try changed.close()
    }
}
