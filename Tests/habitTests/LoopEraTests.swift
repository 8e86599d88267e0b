import Foundation
import Testing
import ZIPFoundation
@testable import HabitKit

/// Issue 49, point 2: Loop Habit Tracker's CSV exports read as each era of Loop wrote them
/// (`Tests/Fixtures/trackers/loop_eras.py` writes them from Loop's source of the time; its README
/// says which). Before mid-2025 `Habits.csv` has no type and no target and the values are raw:
/// numerical habits keep every value, their target comes from the `Scores.csv` beside them, and
/// every habit scores here as that file says Loop scored it, to 4 decimals.
@Suite struct LoopEraTests {
    static let fixtures = TrackerImportTests.fixtures
    /// The day after the fixtures' export day.
    static let now = ["HABIT_NOW": "2026-11-23T12:00:00+01:00"]

    /// `NNN Name/Scores.csv` of the fixture `folder` by habit name: (day, score) oldest first.
    static func loopScores(_ folder: String) throws -> [String: [(LocalDay, Double)]] {
        let dir = fixtures.appendingPathComponent(folder)
        var out: [String: [(LocalDay, Double)]] = [:]
        for sub in try FileManager.default.contentsOfDirectory(atPath: dir.path) where sub.first?.isNumber == true {
            let text = try String(contentsOf: dir.appendingPathComponent(sub).appendingPathComponent("Scores.csv"), encoding: .utf8)
            let rows = text.split(separator: "\n").compactMap { line -> (LocalDay, Double)? in
                let fields = line.split(separator: ",").map(String.init)
                guard fields.count == 2, let day = LocalDay(fields[0]), let score = Double(fields[1]) else { return nil }
                return (day, score)
            }
            out[String(sub.drop { $0 != " " }.dropFirst())] = rows.sorted { $0.0 < $1.0 }
        }
        return out
    }

    /// `NNN Name/Checkmarks.csv`'s raw values of `habit` in `folder`: day → value.
    static func rawValues(_ folder: String, _ habit: String) throws -> [LocalDay: Int] {
        let dir = fixtures.appendingPathComponent(folder)
        let sub = try #require(try FileManager.default.contentsOfDirectory(atPath: dir.path).first { $0.hasSuffix(" " + habit) })
        let text = try String(contentsOf: dir.appendingPathComponent(sub).appendingPathComponent("Checkmarks.csv"), encoding: .utf8)
        var out: [LocalDay: Int] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ",").map(String.init)
            if let day = LocalDay(fields[0]), let raw = Int(fields[1]) { out[day] = raw }
        }
        return out
    }

    /// The fixture zipped as Loop names it, imported into a new store (the library, no process).
    static func imported(_ folder: String, in dir: URL) throws -> (HabitStore, TrackerImportSummary) {
        let zip = dir.appendingPathComponent("Loop Habits CSV \(folder).zip")
        try FileManager.default.zipItem(at: fixtures.appendingPathComponent(folder), to: zip, shouldKeepParent: false)
        let store = try HabitStore.inMemory()
        let summary = try store.importTracker(try LoopCSVReader.read(path: zip.path), env: try LoopScoreTests.env(), dryRun: false)
        return (store, summary)
    }

    static func temporaryFolder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loop-eras-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Loop 1.5–1.7 (2016–2019) and 1.8–2.x (2020 to mid-2025): every habit but `Pushups` scores
    /// each day as its Scores.csv says, its numerical ones with the target found from that file
    /// (`Pushups`, a week's target scored by Loop 1.7 on each day alone, is scored here over its
    /// week as Loop has since 2021: its values and target are checked instead), and the yes/no
    /// habits before them too; `Water` (never below its target) is left without one.
    @Test(arguments: ["loop-csv-2019", "loop-csv-2023", "loop-csv-2025"])
    func eachHabitScoresAsTheScoresCSVBesideIt(folder: String) throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (store, summary) = try Self.imported(folder, in: dir)
        let loop = try Self.loopScores(folder)
        #expect(Set(summary.habits.map(\.originalName)) == Set(loop.keys))
        var compared = 0
        let untargeted = { (r: TrackerImportSummary.HabitResult) in r.definition.kind == .quantity && r.definition.goal == nil }
        for result in summary.habits where result.originalName != "Pushups" && !untargeted(result) {
            let days = try #require(loop[result.originalName]).filter { $0.0 >= result.definition.since }
            let got = try LoopScoreTests.scores(store, result.definition, days.map(\.0))
            for ((day, want), score) in zip(days, got) {
                #expect(score.map { abs($0 - want) <= 0.00005 + 1e-9 } == true,
                        "\(folder) \(result.originalName) \(day): \(score.map { String($0) } ?? "nil"), Loop \(want)")
                compared += 1
            }
        }
        #expect(compared >= 20)
        #expect(summary.habits.filter(untargeted).map(\.originalName) == (folder == "loop-csv-2023" ? ["Water"] : []))
    }

    /// Numerical habits of the exports without a type keep every value (raw thousandths: 7350 is
    /// 7.35), and their target is Loop's: at least 10 a day and 150 a week (2019, Loop 1.7's
    /// score), at least 5 and at most 2 a day (2023, Loop 2's); a SKIP is a skipped day.
    @Test func numericalHabitsKeepEveryValueAndTheTargetLoopScoredThemBy() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let want: [String: [String: HabitDefinition.Goal]] = [
            "loop-csv-2019": ["Run": .atLeast(10), "Pushups": .atLeast(150)],
            "loop-csv-2023": ["Run": .atLeast(5), "Coffee": .atMost(2)],
        ]
        for (folder, goals) in want {
            let (store, summary) = try Self.imported(folder, in: dir)
            for (name, goal) in goals {
                let result = try #require(summary.habits.first { $0.originalName == name })
                #expect(result.definition.kind == .quantity, "\(folder) \(name)")
                #expect(result.definition.goal == goal, "\(folder) \(name): \(String(describing: result.definition.goal))")
                let raw = try Self.rawValues(folder, name)
                let amounts = raw.filter { $0.value > 0 && $0.value != 3 }.mapValues { Double($0) / 1000 }
                let first = try #require(raw.keys.min())
                let report = try store.read(.overview([result.definition], range: DayRange(first, upTo: try #require(LocalDay("2026-11-23"))),
                                                      env: try LoopScoreTests.env(), scores: false)).reports[0]
                let got = Dictionary(uniqueKeysWithValues: report.days.filter { $0.value != 0 }.map { ($0.day, $0.value) })
                #expect(got == amounts, "\(folder) \(name)")
                #expect(result.skipsAdded == raw.values.filter { $0 == 3 }.count, "\(folder) \(name)")
            }
        }
    }

    /// A numerical habit whose Scores.csv does not tell its target (`Water` is never below it; a
    /// Scores.csv that is no score file) comes in without one, and the summary names it and says
    /// how to set it.
    @Test func aTargetTheFileDoesNotTellIsLeftToTheUserByName() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let zip = try TrackerImportTests.zip("loop-csv-2023", in: habit.folder)
        let text = try habit.run(["import", zip, "--dry-run"], env: Self.now)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("water           ← 'Water': created") || text.stdout.contains("water           ← 'Water': new"), "\(text.stdout)")
        #expect(text.stdout.contains("set one with 'habit edit water --at-least N'"), "\(text.stdout)")
        #expect(!text.stdout.contains("habit edit run"), "\(text.stdout)")
        // Run's Scores.csv replaced by text that is no score: Run too is left to the user.
        let copy = habit.folder.appendingPathComponent("lying")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("loop-csv-2023"), to: copy)
        try Data("2026-11-22,nan\n2026-11-21,1e308\nnot,a score\n2026-11-20,-0.5\n".utf8)
            .write(to: copy.appendingPathComponent("002 Run/Scores.csv"))
        let lying = habit.folder.appendingPathComponent("Loop Habits CSV lying.zip")
        try FileManager.default.zipItem(at: copy, to: lying, shouldKeepParent: false)
        let json = try habit.json(["import", lying.path], env: Self.now)
        let run = TrackerImportTests.byFrom(json)["Run"]
        #expect(run?["targetUnknown"] as? Bool == true)
        #expect(run?["entriesAdded"] as? Int == 8)  // every value kept all the same
        #expect(((run?["habit"] as? [String: Any])?["target"]) is NSNull)
        // A Scores.csv with a quote that never closes: no target, the file still comes in.
        try Data("2026-11-22,\"0.25\n".utf8).write(to: copy.appendingPathComponent("002 Run/Scores.csv"))
        let unclosed = habit.folder.appendingPathComponent("Loop Habits CSV unclosed.zip")
        try FileManager.default.zipItem(at: copy, to: unclosed, shouldKeepParent: false)
        let result = try habit.run(["import", unclosed.path, "--dry-run"], env: Self.now)
        #expect(result.status == 0 && result.stdout.contains("set one with 'habit edit run --at-least N'"), "\(result.stdout)\(result.stderr)")
    }

    /// Loop's notes of days not done (`NO`, `SKIP`, a numerical 0) are kept for their days as
    /// entries without an amount: `habit notes` lists them, the days stay not done (the score is
    /// Loop's, above), the calendar marks them missed, and importing again adds nothing.
    @Test func aNoteOfADayNotDoneIsKeptForTheDay() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let zip = try TrackerImportTests.zip("loop-csv-2025", in: habit.folder)
        let json = try habit.json(["import", zip], env: Self.now)
        #expect(TrackerImportTests.byFrom(json)["Meditate"]?["notesAdded"] as? Int == 3)
        #expect(TrackerImportTests.byFrom(json)["Read"]?["notesAdded"] as? Int == 1)
        let notes = HabitsFixture.objects(try habit.json(["notes"], env: Self.now)["notes"])
        let said = Set(notes.map { "\($0["habit"] as? String ?? "?") \($0["day"] as? String ?? "?") \($0["note"] as? String ?? "?")" })
        for want in ["meditate-habit 2026-11-12 Sick, stayed in bed", "meditate-habit 2026-11-17 Forgot",
                     "meditate-habit 2026-11-19 Travelling", "meditate-habit 2026-11-21 Long one",
                     "read 2026-11-16 No time, \"busy\" day", "read 2026-11-20 Finished the book"] {
            #expect(said.contains(want), "\(want) not in \(said)")
        }
        let calendar = try habit.run(["calendar", "2026-11", "--habit", "meditate-habit"], env: Self.now)
        #expect(calendar.stdout.contains("17○") && calendar.stdout.contains("12○") && calendar.stdout.contains("19–"), "\(calendar.stdout)")
        let list = try habit.run(["log", "list", "--days", "7"], env: Self.now)
        #expect(list.stdout.contains("meditate-habit not done"), "\(list.stdout)")
        let again = try habit.json(["import", zip], env: Self.now)
        #expect(TrackerImportTests.byFrom(again)["Meditate"]?["notesAdded"] as? Int == 0)
        #expect(HabitsFixture.objects(try habit.json(["notes"], env: Self.now)["notes"]).count == notes.count)
    }

    /// Every habit of Habits.csv comes in, one without any day too: without a folder (Loop's
    /// export of selected habits lists every habit in Habits.csv), Loop 2's empty Checkmarks.csv
    /// (`Journal`), Loop 2025's header alone (`Stretch`).
    @Test func aHabitWithoutCheckmarksComesInWithoutEntries() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let copy = habit.folder.appendingPathComponent("selected")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("loop-csv-2023"), to: copy)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("005 Walk"))
        let selected = habit.folder.appendingPathComponent("Loop Habits CSV selected.zip")
        try FileManager.default.zipItem(at: copy, to: selected, shouldKeepParent: false)
        let json = try habit.json(["import", selected.path], env: Self.now)
        let walk = TrackerImportTests.byFrom(json)["Walk"]
        #expect(walk?["created"] as? Bool == true && walk?["entriesAdded"] as? Int == 0, "\(json)")
        #expect((walk?["habit"] as? [String: Any])?["per"] as? String == "days")  // 2 in 3 days, from Habits.csv
        #expect(json["habitsCreated"] as? Int == 6)
        for (fixture, name) in [("loop-csv-2023", "journal"), ("loop-csv-2025", "stretch")] {
            let json = try habit.json(["import", try TrackerImportTests.zip(fixture, in: habit.folder)], env: Self.now)
            let found = HabitsFixture.objects(json["habits"]).first { TrackerImportTests.name($0) == name }
            #expect(found?["created"] as? Bool == (name == "stretch"), "\(fixture) \(name)")
            #expect(found?["entriesAdded"] as? Int == 0)
        }
        let habits = try habit.run(["habits"], env: Self.now)
        #expect(habits.stdout.contains("walk") && habits.stdout.contains("journal") && habits.stdout.contains("stretch"), "\(habits.stdout)")
    }

    /// Loop 1.4 (early 2016) wrote no Position: the habits are in their order, and so are their
    /// folders; its Checkmarks.csv runs oldest first.
    @Test func anExportOfEarly2016WithoutPositionsIsRead() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let json = try habit.json(["import", try TrackerImportTests.zip("loop-csv-2016", in: habit.folder)], env: Self.now)
        let from = TrackerImportTests.byFrom(json)
        #expect(from["Floss"]?["entriesAdded"] as? Int == 11)
        #expect(from["Gym"]?["entriesAdded"] as? Int == 5)
        let gym = from["Gym"]?["habit"] as? [String: Any]
        #expect(gym?["per"] as? String == "week" && gym?["times"] as? Int == 3)
        #expect((from["Floss"]?["habit"] as? [String: Any])?["since"] as? String == "2026-11-10")
    }

    /// Bad input still refuses the file in one line, exit 65, and changes nothing: a Habits.csv
    /// without a Name column creates no store.
    @Test func aHabitsFileWithoutNamesIsRefusedAndCreatesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let dir = habit.folder.appendingPathComponent("bad")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data("Position,Title,NumRepetitions,Interval\n001,Floss,1,1\n".utf8).write(to: dir.appendingPathComponent("Habits.csv"))
        let zip = habit.folder.appendingPathComponent("Loop Habits CSV bad.zip")
        try FileManager.default.zipItem(at: dir, to: zip, shouldKeepParent: false)
        let result = try habit.run(["import", zip.path], env: Self.now)
        #expect(result.status == 65)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("Habits.csv has no header with a Name column; nothing was imported"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }
}
