import Foundation
import Testing
@testable import HabitKit
@testable import habit

/// Issue 27, point 3: `habit import` of a CSV of one's own (`habit,date[,value][,note]`) and of
/// HabitBull's CSV export, with the hand-made `Tests/Fixtures/trackers/generic*.csv` and
/// `habitbull.csv` (README there): the habits and days they hold, a second import that adds
/// nothing, dry runs that change nothing, and bad files refused with their line.
extension TrackerImportTests {
    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// Imports `path` again into `habit`'s store: nothing created or added, not a row changed.
    /// Returns the store's contents.
    @discardableResult
    static func importAgainAddsNothing(_ habit: HabitProcess, _ path: String) throws -> String {
        let before = try habit.contents()
        let again = try habit.json(["import", path], env: now)
        #expect(again["habitsCreated"] as? Int == 0 && again["entriesAdded"] as? Int == 0 && again["skipsAdded"] as? Int == 0, "\(path)")
        #expect(try habit.contents() == before, "\(path)")
        return before
    }

    @Test func aGenericCSVBringsYesNoAndQuantityHabitsWithTheirNotesAndTwiceAddsNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let json = try habit.json(["import", Self.fixture("generic.csv")], env: Self.now)
        #expect(json["tracker"] as? String == "CSV file")
        #expect(json["habitsCreated"] as? Int == 3)
        #expect(json["entriesAdded"] as? Int == 10)  // Floss 5 (the 0 is none), Pushups 3 (two rows a day), log 2
        #expect(json["skipsAdded"] as? Int == 0)
        let from = Self.byFrom(json)
        func definition(_ name: String) -> [String: Any] { from[name]?["habit"] as? [String: Any] ?? [:] }
        #expect(Self.name(from["Floss"]) == "floss")
        #expect(definition("Floss")["kind"] as? String == "yes-no")
        #expect(definition("Floss")["since"] as? String == "2026-11-17")
        #expect(definition("Pushups")["kind"] as? String == "quantity")
        #expect(definition("Pushups")["unit"] as? String == "count")
        #expect(Self.name(from["log"]) == "log-habit")  // a command word
        #expect(from["log"]?["clash"] as? String == "log")
        let streaks = try Self.streaks(habit)
        #expect(streaks["floss"]?["current"] as? Int == 5)
        #expect(streaks["pushups"]?["current"] as? Int == 3)
        #expect(streaks["log-habit"]?["current"] as? Int == 2)
        let export = try habit.run(["export", "--format", "ndjson"], env: Self.now)
        #expect(export.stdout.contains(#""source":"dev.habit.import.csv""#))
        #expect(export.stdout.contains(#""note":"morning; evening""#))
        #expect(export.stdout.contains(#""note":"sore, but \"done\"""#))
        #expect(export.stdout.contains(#""importedFrom":"CSV""#))
        #expect(export.stdout.contains(#""value":35"#) && export.stdout.contains(#""value":12.5"#))

        try Self.importAgainAddsNothing(habit, Self.fixture("generic.csv"))
        // The same file with a BOM and CRLF line ends is the same data: it adds nothing either…
        let windows = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("generic-crlf-bom.csv")))
        #expect(windows.starts(with: [0xEF, 0xBB, 0xBF]) && windows.contains(0x0D))  // not converted by git
        try Self.importAgainAddsNothing(habit, Self.fixture("generic-crlf-bom.csv"))
        // …and into a store of its own it makes the same store.
        let other = try HabitProcess()
        defer { other.cleanUp() }
        let b = try other.run(["import", Self.fixture("generic-crlf-bom.csv")], env: Self.now)
        #expect(b.status == 0, "\(b.stderr)")
        #expect(b.stdout.hasPrefix("CSV file: 3 habits, 3 new; added 10 entries and 0 skipped days"), "\(b.stdout)")
        #expect(try other.run(["export", "--format", "ndjson"], env: Self.now).stdout == export.stdout)
    }

    @Test func aHabitBullExportBringsItsHabitsAsLoopReadsThemAndTwiceAddsNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let path = Self.fixture("habitbull.csv")
        let json = try habit.json(["import", path], env: Self.now)
        #expect(json["tracker"] as? String == "HabitBull CSV export")
        #expect(json["habitsCreated"] as? Int == 3)
        #expect(json["entriesAdded"] as? Int == 8)  // Meditate 4 (a 0; the 21st twice, once), Caffeine 2 (a 0), Drink water 2
        let from = Self.byFrom(json)
        #expect(Self.name(from["Meditate"]) == "meditate-habit")  // the built-in's name
        #expect(from["Meditate"]?["clash"] as? String == "meditate")
        #expect((from["Caffeine"]?["habit"] as? [String: Any])?["kind"] as? String == "quantity")
        #expect((from["Drink water"]?["habit"] as? [String: Any])?["kind"] as? String == "yes-no")
        #expect(Self.name(from["Drink water"]) == "drink-water")
        let streaks = try Self.streaks(habit)
        #expect(streaks["meditate-habit"]?["current"] as? Int == 2)  // the 20th's 0 breaks it
        #expect(streaks["drink-water"]?["current"] as? Int == 2)
        let export = try habit.run(["export", "--format", "ndjson"], env: Self.now)
        #expect(export.stdout.contains(#""source":"dev.habit.import.habitbull""#))
        #expect(export.stdout.contains(#""note":"long, deep""#))
        #expect(export.stdout.contains(#""value":160"#))
        try Self.importAgainAddsNothing(habit, path)
    }

    /// Issue 49, point 2: HabitBull writes −2150000000 for a day it holds no number for; Loop reads
    /// such a file (its test of `habitbull2.csv` expects 6 habits), taking the value as 0, not done.
    /// So does habit: the file's 6 habits come in, two of them only such a day (created, no entry,
    /// their history starting there), and the value neither makes a habit a quantity nor adds an amount.
    @Test func aHabitBullValueOfMinus2150000000IsADayNotDoneAsLoopReadsIt() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let path = Self.fixture("habitbull-no-value.csv")
        let result = try habit.run(["import", path, "--json"], env: Self.now)
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(summary["habitsCreated"] as? Int == 6)
        #expect(summary["entriesAdded"] as? Int == 8)  // Read 1, Journal 4, Walk 1, Water 2
        let from = Self.byFrom(summary)
        #expect(from.count == 6)
        for (name, entries) in [("Read", 1), ("Stretch", 0), ("Journal", 4), ("Walk", 1), ("Water", 2), ("Tea", 0)] {
            #expect(from[name]?["entriesAdded"] as? Int == entries, "\(name)")
        }
        #expect((from["Stretch"]?["habit"] as? [String: Any])?["since"] as? String == "2026-11-18")
        #expect((from["Journal"]?["habit"] as? [String: Any])?["kind"] as? String == "yes-no")
        #expect((from["Water"]?["habit"] as? [String: Any])?["kind"] as? String == "quantity")
        let streaks = try Self.streaks(habit)
        #expect(streaks["journal"]?["current"] as? Int == 3)  // the 19th's 0 breaks it; the 18th is not done either
        try Self.importAgainAddsNothing(habit, path)
    }

    @Test func aDryRunOfACSVShowsWhatWouldBeCreatedAndChangesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        for (file, first) in [("generic.csv", "CSV file: 3 habits, 3 new; would add 10 entries"),
                              ("habitbull.csv", "HabitBull CSV export: 3 habits, 3 new; would add 8 entries")] {
            let result = try habit.run(["import", Self.fixture(file), "--dry-run"], env: Self.now)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix(first), "\(result.stdout)")
            #expect(result.stdout.contains("dry run: nothing was changed"))
            #expect(!FileManager.default.fileExists(atPath: habit.db))  // no store made
        }
        #expect(try habit.run(["add", "floss"], env: Self.now).status == 0)
        let before = try habit.contents()
        let json = try habit.json(["import", Self.fixture("generic.csv"), "--dry-run"], env: Self.now)
        #expect(json["dryRun"] as? Bool == true)
        #expect(json["entriesAdded"] as? Int == 10)
        #expect(Self.name(Self.byFrom(json)["Floss"]) == "floss-2")  // never merged into the floss here
        #expect(try habit.contents() == before)
    }

    /// The bad inputs of issue 27 for point 3: one line naming the file's line, exit 65, and
    /// nothing changed (an existing store) or made (none yet).
    @Test func aCSVThatCannotBeReadIsRefusedWithItsLineAndChangesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let bull = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"
        let cases: [(String, String, String)] = [
            ("no-date.csv", "habit,value\nRun,1\n", "line 1: the header names no 'date' column"),
            ("typo.csv", "habit,date,vaule\nRun,2026-11-20,1\n", "line 1: vaule is not a column habit reads"),
            ("early.csv", "habit,date\nRun,2026-11-20\nRun,1969-12-31\n", "line 3: 1969-12-31 is outside the dates habit keeps"),
            ("late.csv", "habit,date\nRun,2101-01-01\n", "line 2: 2101-01-01 is outside the dates habit keeps"),
            ("words.csv", "habit,date,value\nRun,2026-11-20,3\nRun,2026-11-21,lots\n", "line 3: lots is not a value"),
            ("infinite.csv", "habit,date,value\r\nRun,2026-11-20,inf\r\n", "line 2: inf is not a value"),
            ("comma.csv", "habit,date,value,note\nRun,2026-11-20,1,tired, but done\n", "line 2: 5 fields, but the header has 4 columns"),
            ("quote.csv", "habit,date,note\nRun,2026-11-20,\"tired\nRun,2026-11-21,\n", "line 2: a quote opened here never closes"),
            ("bull-value.csv", bull + "Run,,,2026-11-20T00:00:00,1,\nRun,,,2026-11-21T00:00:00,NaN,\n", "line 3: NaN is not a value"),
            ("bull-date.csv", bull + "Run,,,2026-02-30T00:00:00,1,\n", "line 2: 2026-02-30T00:00:00 is not a date"),
            ("bull-columns.csv", "HabitName,HabitDescription,HabitCategory,Value\nRun,,,1\n", "line 1: the header names no 'CalendarDate' column"),
        ]
        for (name, text, words) in cases {
            let path = habit.folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: path)
            let fresh = try habit.run(["import", path.path], env: Self.now)
            #expect(fresh.status == 65, "\(name): \(fresh.stderr)")
            #expect(fresh.stderr.contains(words), "\(name): \(fresh.stderr)")
            #expect(fresh.stderr.contains("nothing was imported"), "\(fresh.stderr)")
            #expect(fresh.stderr.split(separator: "\n").count == 1, "\(fresh.stderr)")
            #expect(!FileManager.default.fileExists(atPath: habit.db), "\(name) made a store")
        }
        #expect(try habit.run(["import", Self.fixture("generic.csv")], env: Self.now).status == 0)
        let before = try habit.contents()
        for (name, _, _) in cases {
            let result = try habit.run(["import", habit.folder.appendingPathComponent(name).path], env: Self.now)
            #expect(result.status == 65, "\(name): \(result.stderr)")
        }
        #expect(try habit.contents() == before)
    }

    /// Issue 46, point 12: the summary's name column is padded to display columns, so the `←`
    /// of a CJK name (two columns a character) stands under the others'.
    @Test func theSummarysNameColumnIsPaddedByDisplayWidth() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let csv = habit.folder.appendingPathComponent("wide.csv")
        try Data("habit,date,value,note\nfloss,2026-11-17,1,\n水を飲む,2026-11-17,1,\n".utf8).write(to: csv)
        let r = try habit.run(["import", csv.path], env: Self.now)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").filter { $0.contains("←") }.map { Width.of($0.prefix { $0 != "←" }) }
        #expect(rows.count == 2 && Set(rows).count == 1, "\(r.stdout)")
    }
}
