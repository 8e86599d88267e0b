import Foundation
import Testing

/// Issue 26, point 5: `habit notes` (Standards/habits.md, "Notes").
@Suite struct NotesTests {
    static func at(_ instant: String) -> [String: String] { ["HABIT_NOW": instant] }

    /// Notes of every habit, newest first and grouped by day; a habit's name keeps only its own;
    /// --grep ignores case and accents and matches the text as written (`.` is a dot, not a pattern).
    @Test func notesAreListedNewestFirstAndFilteredByHabitAndText() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "floss"], env: Self.at("2025-10-20T08:00:00+02:00")).status == 0)
        #expect(try habit.run(["log", "floss", "--note", "Gums fine. Café after"], env: Self.at("2025-10-20T21:00:00+02:00")).status == 0)
        #expect(try habit.run(["log", "floss"], env: Self.at("2025-10-21T21:00:00+02:00")).status == 0)
        #expect(try habit.run(["log", "meditate", "10m", "--note", "calm"], env: Self.at("2025-10-22T07:30:00+02:00")).status == 0)
        #expect(try habit.run(["log", "workout", "hiit", "20m", "--note", "hard one"], env: Self.at("2025-10-22T18:00:00+02:00")).status == 0)
        let now = Self.at("2025-10-22T20:00:00+02:00")

        let all = try habit.run(["notes"], env: now)
        #expect(all.status == 0)
        #expect(all.stdout == """
            Today
              17:40  workout    hard one
              07:20  meditate   calm

            Mon 20 Oct
              21:00  floss      Gums fine. Café after

            """, "\(all.stdout)")
        let floss = try habit.run(["notes", "floss"], env: now)
        #expect(floss.stdout.contains("Gums fine") && !floss.stdout.contains("calm"))
        #expect(try habit.run(["notes", "--grep", "CAFE"], env: now).stdout.contains("Gums fine"))
        #expect(try habit.run(["notes", "--grep", "g.m"], env: now).stdout == "no notes hold 'g.m'\n", "a dot is a dot (as a pattern it would match Gum)")
        let json = try habit.run(["notes", "workout", "--json"], env: now)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: [[String: String]]]
        let note = try #require(object?["notes"]?.first)
        #expect(note["habit"] == "workout" && note["note"] == "hard one" && note["day"] == "2025-10-22"
                && note["start"] == "2025-10-22T17:40:00+02:00" && note["source"] == "dev.habit")
    }

    /// `--from`/`--to` are half-open days; a day is the habit day (23 hours across the change).
    @Test func theSpanIsHalfOpenDaysAcrossADSTChange() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "floss"], env: Self.at("2025-10-24T08:00:00+02:00")).status == 0)
        for (instant, note) in [("2025-10-25T23:59:59+02:00", "sat"), ("2025-10-26T00:00:00+02:00", "sun first"),
                                ("2025-10-26T23:59:00+01:00", "sun last"), ("2025-10-27T00:00:00+01:00", "mon")] {
            #expect(try habit.run(["log", "floss", "--at", instant, "--note", note], env: Self.at("2025-10-27T12:00:00+01:00")).status == 0)
        }
        let sunday = try habit.run(["notes", "--from", "2025-10-26", "--to", "2025-10-27", "--json"], env: Self.at("2025-10-28T12:00:00+01:00"))
        let object = try JSONSerialization.jsonObject(with: Data(sunday.stdout.utf8)) as? [String: [[String: String]]]
        #expect(object?["notes"]?.map { $0["note"] ?? "" } == ["sun last", "sun first"])
    }

    /// Bad input: one line, exit 64; reading creates no store; a type habit may not read is left out.
    @Test func badInputIsRefusedAndDeniedTypesAreLeftOut() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let empty = try habit.run(["notes"])
        #expect(empty.status == 0 && empty.stdout == "no notes\n")
        #expect(!FileManager.default.fileExists(atPath: habit.db), "reading creates no store")
        for arguments in [["notes", "--grep", ""], ["notes", "nosuch"], ["notes", "--from", "2030-01-01", "--to", "2029-01-01"]] {
            let refused = try habit.run(arguments)
            #expect(refused.status == 64 && refused.stderr.split(separator: "\n").count == 1, "\(arguments): \(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: habit.db))
        #expect(try habit.run(["log", "meditate", "10m", "--note", "calm"]).status == 0)
        #expect(try habit.run(["access", "deny", "mindful", "--read"]).status == 0)
        #expect(try habit.run(["notes"]).stdout == "no notes\n")
    }

    /// A day with a note gets ✎ in the calendar's month grid (and `notes` in its JSON); the
    /// timeline shows each note on the line under its entry.
    @Test func theCalendarMarksADayWithANoteAndTheTimelineShowsIt() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let now = Self.at("2025-10-22T20:00:00+02:00")
        #expect(try habit.run(["log", "meditate", "10m", "--note", "calm"], env: Self.at("2025-10-21T07:30:00+02:00")).status == 0)
        #expect(try habit.run(["log", "meditate", "10m"], env: now).status == 0)
        let calendar = try habit.run(["calendar", "2025-10"], env: now)
        let week = calendar.stdout.split(separator: "\n").first { $0.hasPrefix("20") }.map(String.init) ?? ""
        #expect(week.hasPrefix("20···") && week.contains("21●··✎ 22●··"), "\(calendar.stdout)")
        #expect(calendar.stdout.contains("✎ a note (habit notes)"))
        let json = try habit.run(["calendar", "2025-10", "--json"], env: now)
        let days = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["days"] as? [[String: Any]] ?? []
        #expect(days.filter { $0["notes"] != nil }.map { $0["date"] as? String } == ["2025-10-21"])
        #expect(days.first { $0["date"] as? String == "2025-10-21" }?["notes"] as? Int == 1)
        let timeline = try habit.run(["timeline", "--days", "3"], env: now)
        #expect(timeline.stdout.contains("  meditate  10 min  07:20–07:30\n            ✎ calm\n"), "\(timeline.stdout)")
        // A workout's note counts too; a type habit may not read is not counted.
        #expect(try habit.run(["log", "workout", "hiit", "20m", "--note", "hard"], env: Self.at("2025-10-21T18:00:00+02:00")).status == 0)
        let counted = { (options: [String]) throws -> Int? in
            let json = try habit.run(["calendar", "2025-10", "--json"] + options, env: now)
            let days = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["days"] as? [[String: Any]] ?? []
            return days.first { $0["date"] as? String == "2025-10-21" }?["notes"] as? Int
        }
        #expect(try counted([]) == 2)
        #expect(try counted(["--habit", "workout"]) == 1, "one habit's calendar counts its own notes")
        #expect(try counted(["--habit", "meditate"]) == 1)
        #expect(try habit.run(["access", "deny", "mindful", "--read"]).status == 0)
        #expect(try counted([]) == 1)
    }

    /// A long note wraps under itself in `notes` and `timeline`: every line fits COLUMNS.
    @Test func aLongNoteWrapsToTheTerminal() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let note = (0..<30).map { "word\($0)" }.joined(separator: " ")
        #expect(try habit.run(["log", "meditate", "10m", "--note", note]).status == 0)
        for command in [["notes"], ["timeline", "--days", "1"]] {
            let out = try habit.run(command, env: ["COLUMNS": "40"]).stdout
            let lines = out.split(separator: "\n")
            #expect(lines.count > 4 && lines.allSatisfy { $0.count <= 40 }, "\(command): \(out)")
            #expect(out.contains("word29"), "nothing of the note is lost")
        }
    }
}
