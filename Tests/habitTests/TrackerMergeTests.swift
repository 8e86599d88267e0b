import Foundation
import Testing

/// Issue 49, point 2: someone with Loop on the phone and habit in the terminal brings a fresh
/// export in every week. `habit import FILE --merge` (by name) and `--map 'NAME=HABIT'` make the
/// file's habits join the habits here instead of becoming `floss-2`; `--dry-run` shows the plan;
/// importing the same file, or a newer one holding the old days, adds nothing more; a bad map is
/// refused in one line (exit 64) and changes nothing (Standards/import-export.md, "Merging into
/// habits here").
@Suite struct TrackerMergeTests {
    static let now = TrackerImportTests.now

    /// A CSV of one's own, `habit,date[,value]`, written into `habit`'s folder as `name`.
    static func csv(_ habit: HabitProcess, _ name: String, _ rows: [String]) throws -> String {
        let file = habit.folder.appendingPathComponent(name)
        try (["habit,date,value"] + rows).joined(separator: "\n").appending("\n").write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    static func byFrom(_ json: [String: Any]) -> [String: [String: Any]] {
        var out: [String: [String: Any]] = [:]
        for h in (json["habits"] as? [[String: Any]]) ?? [] { out[h["from"] as? String ?? "?"] = h }
        return out
    }

    static func habitNames(_ habit: HabitProcess) throws -> [String] {
        let json = try habit.json(["habits", "--archived"], env: now)
        return ((json["habits"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }.filter { !["meditate", "workout", "noalc"].contains($0) }
    }

    @Test func aLoopExportMergesIntoTheHabitsHereByNameAndAgainAddsNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        for command in [["add", "floss"], ["log", "floss", "--date", "2026-11-22"],
                        ["add", "read-pages", "--unit", "pages", "--at-least", "20"]] {
            let r = try habit.run(command, env: Self.now)
            try #require(r.status == 0, "\(command): \(r.stderr)")
        }
        let zip = try TrackerImportTests.loopZip(in: habit.folder)
        let json = try habit.json(["import", zip, "--merge"], env: Self.now)
        #expect(json["habitsMerged"] as? Int == 2)
        let from = Self.byFrom(json)
        #expect(from["Floss"]?["merged"] as? Bool == true && from["Floss"]?["created"] as? Bool == false)
        #expect((from["Floss"]?["habit"] as? [String: Any])?["name"] as? String == "floss")
        #expect(from["Floss"]?["entriesAdded"] as? Int == 1)  // the 21st; the 22nd was logged here
        #expect(from["Floss"]?["entriesKnown"] as? Int == 1)
        #expect(from["Floss"]?["fileSettings"] == nil)  // yes/no every day, as here
        // Its history is the file's: it starts at Loop's first day of Floss, the 21st, not the day it was made here.
        #expect((from["Floss"]?["habit"] as? [String: Any])?["since"] as? String == "2026-11-21")
        #expect(from["Floss"]?["sinceBefore"] as? String == "2026-11-22")
        #expect(from["Read pages"]?["merged"] as? Bool == true && from["Read pages"]?["entriesAdded"] as? Int == 5)
        #expect(from["Gym"]?["created"] as? Bool == true && from["Gym"]?["merged"] as? Bool == false)
        let names = try Self.habitNames(habit)
        #expect(!names.contains("floss-2") && !names.contains("read-pages-2"), "\(names)")
        #expect(names.filter { $0 == "floss" }.count == 1)
        let streaks = try TrackerImportTests.streaks(habit)
        #expect(streaks["floss"]?["current"] as? Int == 2)

        // The same file again, and with a dry run: nothing more.
        let before = try habit.contents()
        let again = try habit.json(["import", zip, "--merge"], env: Self.now)
        #expect(again["entriesAdded"] as? Int == 0 && again["habitsCreated"] as? Int == 0 && again["skipsAdded"] as? Int == 0)
        #expect(Self.byFrom(again)["Floss"]?["entriesKnown"] as? Int == 2)
        #expect(try habit.contents() == before)
    }

    @Test func aNewerExportAddsOnlyTheDaysItHasNew() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "floss"], env: Self.now).status == 0)
        let week = try Self.csv(habit, "week.csv", ["Floss,2026-11-16", "Floss,2026-11-17", "Floss,2026-11-18"])
        let first = try habit.json(["import", week, "--merge"], env: Self.now)
        #expect(first["entriesAdded"] as? Int == 3 && first["habitsCreated"] as? Int == 0)
        let later = try Self.csv(habit, "later.csv", ["Floss,2026-11-16", "Floss,2026-11-17", "Floss,2026-11-18",
                                                      "Floss,2026-11-20", "Floss,2026-11-21"])
        let second = try habit.json(["import", later, "--merge"], env: Self.now)
        #expect(second["entriesAdded"] as? Int == 2)
        #expect(Self.byFrom(second)["Floss"]?["entriesKnown"] as? Int == 3)
        let before = try habit.contents()
        #expect(try habit.json(["import", later, "--merge"], env: Self.now)["entriesAdded"] as? Int == 0)
        #expect(try habit.contents() == before)
        #expect(try Self.habitNames(habit) == ["floss"])
        // Without --merge the default stays: a habit of its own, under the next free name.
        let plain = try habit.json(["import", later, "--dry-run"], env: Self.now)
        #expect((Self.byFrom(plain)["Floss"]?["habit"] as? [String: Any])?["name"] as? String == "floss-2")
    }

    @Test func aDryRunShowsThePlanPerHabitAndChangesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "floss"], env: Self.now).status == 0)
        #expect(try habit.run(["log", "floss", "--date", "2026-11-22"], env: Self.now).status == 0)
        let before = try habit.contents()
        let result = try habit.run(["import", TrackerImportTests.fixture("generic.csv"), "--merge", "--dry-run"], env: Self.now)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("CSV file: 3 habits, 2 new, 1 to merge; would add 9 entries") == true, "\(result.stdout)")
        #expect(lines.contains { $0.contains("floss") && $0.contains("← 'Floss': would merge into floss") && $0.contains("would add 4 entries")
                && $0.contains("1 already here") }, "\(result.stdout)")
        #expect(lines.contains { $0.contains("pushups") && $0.contains("← 'Pushups': new habit") }, "\(result.stdout)")
        #expect(lines.last == "dry run: nothing was changed")
        #expect(try habit.contents() == before)
    }

    @Test func aMapJoinsTheNamedHabitOrMakesItAndSaysWhereTheSettingsDiffer() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        for command in [["add", "teeth"], ["add", "exercise", "--times", "3", "--per", "week"]] {
            #expect(try habit.run(command, env: Self.now).status == 0)
        }
        let file = TrackerImportTests.fixture("generic.csv")
        let map = ["--map", "Floss=teeth", "--map", "Pushups=exercise", "--map", " log =journal"]
        let text = try habit.run(["import", file, "--dry-run"] + map, env: Self.now)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("in the file: quantity in count, any amount a day; kept exercise's: yes/no, 3 days a week"), "\(text.stdout)")
        let json = try habit.json(["import", file] + map, env: Self.now)
        let from = Self.byFrom(json)
        #expect((from["Floss"]?["habit"] as? [String: Any])?["name"] as? String == "teeth" && from["Floss"]?["merged"] as? Bool == true)
        #expect(from["Floss"]?["entriesAdded"] as? Int == 5)
        let exercise = try #require(from["Pushups"])
        #expect(exercise["merged"] as? Bool == true && exercise["entriesAdded"] as? Int == 3)
        #expect((exercise["habit"] as? [String: Any])?["kind"] as? String == "yes-no")  // kept as it is here
        #expect((exercise["fileSettings"] as? [String: Any])?["kind"] as? String == "quantity")
        #expect(from["log"]?["created"] as? Bool == true && (from["log"]?["habit"] as? [String: Any])?["name"] as? String == "journal")
        #expect(try Self.habitNames(habit).sorted() == ["exercise", "journal", "teeth"])
        // A quantity joining a yes/no habit: each day done, the amount kept beside it.
        let export = try habit.run(["export", "--format", "ndjson"], env: Self.now).stdout
        let pushups = export.split(separator: "\n").filter { $0.contains(#""habit":"exercise""#) && $0.contains("\"sample\"") }
        #expect(pushups.count == 3 && pushups.allSatisfy { $0.contains(#""value":1"#) }, "\(pushups)")
        #expect(pushups.contains { $0.contains(#""trackerAmount":"35""#) })
        // Again, with the same map: nothing.
        let before = try habit.contents()
        #expect(try habit.json(["import", file] + map, env: Self.now)["entriesAdded"] as? Int == 0)
        #expect(try habit.contents() == before)
    }

    @Test func aBadMapIsRefusedInOneLineWithExit64AndChangesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let file = TrackerImportTests.fixture("generic.csv")
        // No store yet: a refused map makes none.
        let early = try habit.run(["import", file, "--map", "Nope=x"], env: Self.now)
        #expect(early.status == 64 && !FileManager.default.fileExists(atPath: habit.db), "\(early.stderr)")
        for command in [["add", "water", "--unit", "ml"], ["add", "floss"]] { #expect(try habit.run(command, env: Self.now).status == 0) }
        let before = try habit.contents()
        let cases: [([String], String)] = [
            (["--map", "Floss"], "has no '='"),
            (["--map", "=floss"], "the name before '=' is empty"),
            (["--map", "Floss=Not A Name"], "--map 'Floss=Not A Name'"),
            (["--map", "Floss=meditate"], "--map 'Floss=meditate'"),
            (["--map", "Nope=floss"], "has no habit called 'Nope'"),
            (["--map", "Floss=a", "--map", "Floss=b"], "'Floss' is mapped twice"),
            (["--map", "Floss=a", "--map", "log=a"], "two habits of the file are mapped to 'a'"),
            (["--map", "Floss=water"], "'Floss' is a yes/no habit in the file and 'water' here counts ml"),
        ]
        for (options, message) in cases {
            let r = try habit.run(["import", file] + options, env: Self.now)
            #expect(r.status == 64, "\(options): \(r.stderr)")
            #expect(r.stderr.contains(message), "\(options): \(r.stderr)")
            #expect(r.stderr.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1, "\(options): \(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
        // --merge is for another tracker's file.
        let ndjson = habit.folder.appendingPathComponent("all.ndjson")
        #expect(try habit.run(["export", "--format", "ndjson", "--output", ndjson.path], env: Self.now).status == 0)
        let r = try habit.run(["import", ndjson.path, "--merge"], env: Self.now)
        #expect(r.status == 64 && r.stderr.contains("--merge and --map are for another tracker's file"), "\(r.stderr)")
        // …and habit's own CSV export, whose rows keep their habits' identities, is not one either.
        let csv = habit.folder.appendingPathComponent("all.csv")
        #expect(try habit.run(["export", "--format", "csv", "--output", csv.path], env: Self.now).status == 0)
        let own = try habit.run(["import", csv.path, "--map", "floss=water"], env: Self.now)
        #expect(own.status == 64 && own.stderr.contains("habit's own export"), "\(own.stderr)")
        #expect(try habit.contents() == before)

        // Refused inside the import's transaction: a habit that reads imported data, and a map to a
        // new name for a habit an earlier import made under another (here floss-2).
        #expect(try habit.run(["add", "move", "--from", "activity-summary", "--field", "move"], env: Self.now).status == 0)
        #expect(try habit.run(["import", file], env: Self.now).status == 0)
        let imported = try habit.contents()
        for (options, message) in [(["--map", "Floss=move"], "'move' reads imported data (--from)"),
                                   (["--map", "Floss=teeth"], "'Floss' was imported before as 'floss-2', and no habit is called 'teeth'")] {
            let r = try habit.run(["import", file] + options, env: Self.now)
            #expect(r.status == 64 && r.stderr.contains(message), "\(options): \(r.stderr)")
            #expect(r.stderr.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1)
        }
        #expect(try habit.contents() == imported)
    }
}
