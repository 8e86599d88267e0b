import Foundation
import Testing
@testable import HabitKit

/// `habit config set day-start HH:MM`, end to end: every command that asks for a day follows it.
@Suite struct DayStartCommandTests {
    /// 02:00 on Monday 27 October 2025 in Berlin (`HabitProcess` sets TZ=Europe/Berlin).
    static let night = ["HABIT_NOW": "2025-10-27T02:00:00+01:00"]

    static func habitEntry(_ object: [String: Any], _ name: String) -> [String: Any]? {
        (object["habits"] as? [[String: Any]])?.first { $0["habit"] as? String == name }
    }

    @Test func aSessionAtTwoWithDayStartFourCountsForTheEveningBefore() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["config", "set", "day-start", "04:00"]).stdout == "day-start = 04:00\n")
        #expect(try habit.run(["log", "meditate", "10m"], env: Self.night).status == 0)

        let streak = try habit.json(["streak"], env: Self.night)
        #expect(streak["asOf"] as? String == "2025-10-26")
        let meditate = try #require(Self.habitEntry(streak, "meditate"))
        #expect(meditate["current"] as? Int == 1)
        #expect(meditate["today"] as? String == "done")

        let calendar = try habit.json(["calendar", "2025-10"], env: Self.night)
        let days = try #require(calendar["days"] as? [[String: Any]])
        let d26 = try #require(days.first { $0["date"] as? String == "2025-10-26" })
        let d27 = try #require(days.first { $0["date"] as? String == "2025-10-27" })
        #expect(d26["meditateMinutes"] as? Double == 10)
        #expect(d26["meditate"] as? Bool == true)
        #expect(d27["meditateMinutes"] as? Double == 0)

        // The timeline's "Today" is the habit day: the 01:50 session is under it.
        let timeline = try habit.run(["timeline", "--days", "1"], env: Self.night.merging(["NO_COLOR": "1"]) { $1 })
        #expect(timeline.stdout.hasPrefix("Today\n  meditate  10 min  01:50–02:00"))

        // export --from/--to name habit days: the session is on the 26th.
        let on26 = try habit.run(["export", "--from", "2025-10-26", "--to", "2025-10-27"], env: Self.night)
        #expect(on26.stdout.split(separator: "\n").count == 1)
        let from27 = try habit.run(["export", "--from", "2025-10-27"], env: Self.night)
        #expect(from27.status == 0 && from27.stdout.isEmpty)

        // Back to midnight: the same session is on the 27th.
        #expect(try habit.run(["config", "unset", "day-start"]).stdout == "day-start = 00:00 (default)\n")
        let civil = try habit.json(["streak"], env: Self.night)
        #expect(civil["asOf"] as? String == "2025-10-27")
        let civilDays = try #require(try habit.json(["calendar", "2025-10"], env: Self.night)["days"] as? [[String: Any]])
        #expect(civilDays.first { $0["date"] as? String == "2025-10-27" }?["meditateMinutes"] as? Double == 10)
    }

    @Test func noAlcAtTwoIsForThatEveningAndSitsAtItsFirstInstant() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["config", "set", "day-start", "04:00"]).status == 0)
        let logged = try habit.json(["log", "alcohol", "0"], env: Self.night)
        let sample = try #require((logged["samples"] as? [[String: Any]])?.first)
        // Midnight-aligned for its day (the specification), not at the day-start.
        #expect(sample["start"] as? String == "2025-10-26T00:00:00+02:00")
        let text = try habit.run(["log", "alcohol", "0"], env: Self.night)
        #expect(text.stdout.contains("noalc     steady (0 drinks) for 2025-10-26"))
        let evening = try habit.json(["log", "alcohol", "2"], env: ["HABIT_NOW": "2025-10-27T19:00:00+01:00"])
        #expect((evening["samples"] as? [[String: Any]])?.first?["start"] as? String == "2025-10-27T00:00:00+01:00")
        // --date today is the habit day too.
        let today = try habit.json(["log", "alcohol", "1", "--date", "today"], env: Self.night)
        #expect((today["samples"] as? [[String: Any]])?.first?["start"] as? String == "2025-10-26T00:00:00+02:00")
        // Each counts on its calendar day, though it starts before that day's 04:00.
        let days = try #require(try habit.json(["calendar", "2025-10"], env: ["HABIT_NOW": "2025-10-27T19:00:00+01:00"])["days"] as? [[String: Any]])
        #expect(days.first { $0["date"] as? String == "2025-10-25" }?["noalc"] is NSNull)
        #expect(days.first { $0["date"] as? String == "2025-10-26" }?["noalc"] as? String == "steady")
        #expect(days.first { $0["date"] as? String == "2025-10-27" }?["noalc"] as? String == "easy")
    }

    /// `log NAME --date D` names a day: it starts at D's first instant, marked, counts on D with
    /// any day-start, and export and import carry the mark.
    @Test func anOwnEntryForADayStartsAtItsFirstInstantAndCountsOnItWithAnyDayStart() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "floss"]).status == 0)
        #expect(try habit.run(["config", "set", "day-start", "04:00"]).status == 0)
        let logged = try habit.json(["log", "floss", "--date", "2025-10-25"], env: Self.night)
        let sample = try #require((logged["samples"] as? [[String: Any]])?.first)
        #expect(sample["start"] as? String == "2025-10-25T00:00:00+02:00")
        #expect((sample["metadata"] as? [String: String])?["dayEntry"] == "1")
        func flossDays(_ habit: HabitProcess) throws -> [String] {
            let days = try #require(try habit.json(["calendar", "2025-10"], env: Self.night)["days"] as? [[String: Any]])
            return days.filter { (($0["habits"] as? [String: Any])?["floss"] as? [String: Any])?["met"] as? Bool == true }
                .compactMap { $0["date"] as? String }
        }
        #expect(try flossDays(habit) == ["2025-10-25"])
        for dayStart in ["00:00", "00:30", "12:00"] {
            #expect(try habit.run(["config", "set", "day-start", dayStart]).status == 0)
            #expect(try flossDays(habit) == ["2025-10-25"], "day-start \(dayStart)")
        }
        // `export --from/--to` name days: the entry is in its day's export, not the day before's.
        #expect(try habit.run(["config", "set", "day-start", "04:00"]).status == 0)
        #expect(try habit.run(["export", "--from", "2025-10-25", "--to", "2025-10-26"], env: Self.night).stdout.contains("dayEntry"))
        #expect(try !habit.run(["export", "--from", "2025-10-24", "--to", "2025-10-25"], env: Self.night).stdout.contains("dayEntry"))
        // Exported and imported into another store, it is the same day entry.
        let export = try habit.run(["export", "--format", "ndjson"], env: Self.night)
        #expect(export.stdout.contains(#""dayEntry":"1""#))
        let file = habit.folder.appendingPathComponent("floss.ndjson")
        try export.stdout.write(to: file, atomically: true, encoding: .utf8)
        let other = try HabitProcess()
        defer { other.cleanUp() }
        #expect(try other.run(["config", "set", "day-start", "04:00"]).status == 0)
        let imported = try other.run(["import", file.path], env: Self.night)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try flossDays(other) == ["2025-10-25"])
    }

    /// A command habit's result names its day: at its first instant, marked, counted on it with
    /// day-start 04:00 (the refresh at 08:00 finds the day done), and a second run replaces it.
    @Test func aCommandsResultNamesItsDay() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-20T08:00:00+02:00"]
        #expect(try habit.run(["config", "set", "day-start", "04:00"]).status == 0)
        #expect(try habit.run(["add", "floss", "--command", "true"], env: env).status == 0)
        #expect(try habit.run(["refresh"], env: env).stdout == "floss 2025-10-20: done\n")
        #expect(try habit.run(["refresh"], env: env).status == 0)
        let lines = try habit.run(["export", "--format", "ndjson"], env: env).stdout.split(separator: "\n").filter { $0.contains("dev.habit.command") }
        #expect(lines.count == 1)
        #expect(lines.first?.contains(#""start":"2025-10-20T00:00:00+02:00""#) == true && lines.first?.contains(#""dayEntry":"1""#) == true)
        let streak = try habit.json(["streak"], env: env)
        #expect(Self.habitEntry(streak, "floss")?["today"] as? String == "done")
    }

    /// A listing's days by their heading line: each day's lines after it.
    static func listedDays(_ text: String) -> [String: String] {
        Dictionary(text.trimmingCharacters(in: .newlines).components(separatedBy: "\n\n").map { block in
            let lines = block.split(separator: "\n", maxSplits: 1)
            return (String(lines.first ?? ""), lines.count > 1 ? String(lines[1]) : "")
        }) { $1 }
    }

    /// With day-start 04:00 the listings put an entry that names a day (a NoAlc entry for the 21st,
    /// `log floss --date 2025-10-21`, both at 21 October 00:00) under the 21st, and a session at
    /// 02:00 on the 21st under the 20th: `timeline`, `log list` (text, and JSON's order), `notes`
    /// (text, JSON's `day`, `--from/--to`) and the calendar's note marks.
    @Test func theListingsPutAnEntryThatNamesADayUnderThatDay() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-22T12:00:00+02:00", "NO_COLOR": "1"]
        #expect(try habit.run(["config", "set", "day-start", "04:00"]).status == 0)
        #expect(try habit.run(["add", "floss"]).status == 0)
        for args in [["alcohol", "1", "--date", "2025-10-21"], ["floss", "--date", "2025-10-21", "--note", "floss note"],
                     ["meditate", "10m", "--at", "2025-10-21 02:00", "--note", "late"],
                     ["meditate", "5m", "--at", "2025-10-21 09:00", "--note", "morning"]] {
            #expect(try habit.run(["log"] + args, env: env).status == 0, "\(args)")
        }

        let timeline = Self.listedDays(try habit.run(["timeline", "--days", "3"], env: env).stdout)
        #expect(Set(timeline.keys) == ["Yesterday", "Mon 20 Oct"])
        #expect(timeline["Yesterday"].map { $0.contains("noalc") && $0.contains("floss") && $0.contains("09:00–09:05") } == true)
        #expect(timeline["Mon 20 Oct"].map { $0.contains("02:00–02:10") && !$0.contains("noalc") && !$0.contains("floss") } == true)

        let list = Self.listedDays(try habit.run(["log", "list", "--days", "3"], env: env).stdout)
        #expect(Set(list.keys) == ["Yesterday", "Mon 20 Oct"])
        #expect(list["Yesterday"].map { $0.contains("noalc") && $0.contains("floss") && $0.contains("09:00–09:05") } == true)
        #expect(list["Mon 20 Oct"].map { $0.contains("02:00–02:10") && !$0.contains("noalc") && !$0.contains("floss") } == true)
        // JSON lists them in the same order: the 21st's entries (its two day entries last), then the 20th's.
        let entries = try #require(try habit.json(["log", "list", "--days", "3"], env: env)["entries"] as? [[String: Any]])
        #expect(entries.compactMap { ($0["sample"] as? [String: Any])?["start"] as? String } == [
            "2025-10-21T09:00:00+02:00", "2025-10-21T00:00:00+02:00", "2025-10-21T00:00:00+02:00", "2025-10-21T02:00:00+02:00",
        ])

        let notes = Self.listedDays(try habit.run(["notes"], env: env).stdout)
        #expect(notes == ["Yesterday": "  09:00  meditate   morning\n  00:00  floss      floss note", "Mon 20 Oct": "  02:00  meditate   late"])
        let json = try #require(try habit.json(["notes"], env: env)["notes"] as? [[String: Any]])
        #expect(json.map { "\($0["note"] ?? "") \($0["day"] ?? "")" } == ["morning 2025-10-21", "floss note 2025-10-21", "late 2025-10-20"])
        let on21 = try habit.run(["notes", "--from", "2025-10-21", "--to", "2025-10-22"], env: env).stdout
        #expect(on21 == "Yesterday\n  09:00  meditate   morning\n  00:00  floss      floss note\n")

        let days = try #require(try habit.json(["calendar", "2025-10"], env: env)["days"] as? [[String: Any]])
        #expect(days.first { $0["date"] as? String == "2025-10-21" }?["notes"] as? Int == 2)
        #expect(days.first { $0["date"] as? String == "2025-10-20" }?["notes"] as? Int == 1)
    }

    @Test func atTimesAreTheOnesInsideTodaysHabitDay() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["config", "set", "day-start", "04:00"]).status == 0)
        let env = ["HABIT_NOW": "2025-10-27T01:00:00+01:00"]
        let late = try habit.json(["log", "meditate", "10m", "--at", "23:30"], env: env)
        #expect((late["samples"] as? [[String: Any]])?.first?["start"] as? String == "2025-10-26T23:30:00+01:00")
        let recent = try habit.json(["log", "meditate", "10m", "--at", "00:30"], env: env)
        #expect((recent["samples"] as? [[String: Any]])?.first?["start"] as? String == "2025-10-27T00:30:00+01:00")
        let future = try habit.run(["log", "meditate", "10m", "--at", "02:00"], env: env)
        #expect(future.status == 64)
    }

    @Test func configGetListAndUnsetKnowDayStart() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["config", "get", "day-start"]).stdout.contains("00:00"))
        #expect(try habit.run(["config", "set", "day-start", "4:30"]).stdout == "day-start = 04:30\n")
        #expect(try habit.run(["config", "get", "day-start"]).stdout.contains("04:30"))
        #expect(try habit.json(["config", "list"])["day-start"] as? String == "04:30")
        let list = try habit.run(["config", "list"])
        #expect(list.stdout.contains("day-start"))
        #expect(try habit.run(["config", "unset", "day-start"]).status == 0)
        #expect(try habit.json(["config", "list"])["day-start"] as? String == "00:00")
    }

    @Test(arguments: ["12:01", "13:00", "24:00", "04:00:30", "4", "-1:00", "noon"])
    func dayStartOutsideMidnightToNoonIsRefusedAndCreatesNothing(_ value: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let r = try habit.run(["config", "set", "day-start", value])
        #expect(r.status == 64)
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains("00:00 to 12:00"))
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }

    @Test func aReadingCommandWithTZSetReadsTheStoresDayStartAndChangesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["config", "set", "day-start", "04:00"]).status == 0)
        let before = try habit.contents()
        // 02:00 in London, with TZ set: the store's day-start still decides.
        #expect(try habit.json(["streak"], env: ["HABIT_NOW": "2025-10-27T02:00:00Z", "TZ": "Europe/London"])["asOf"] as? String == "2025-10-26")
        // Refused input with an existing store: exit 64, nothing changed.
        #expect(try habit.run(["log", "meditate", "10m", "--at", "25:00"], env: Self.night).status == 64)
        #expect(try habit.contents() == before)
        // Without a store nothing is created, by a read or by refused input.
        let empty = try HabitProcess()
        defer { empty.cleanUp() }
        #expect(try empty.run(["streak"], env: Self.night).status == 0)
        #expect(try empty.run(["log", "meditate", "10m", "--at", "25:00"], env: Self.night).status == 64)
        #expect(!FileManager.default.fileExists(atPath: empty.db))
    }
}
