import Foundation
import Testing

/// Issue 49, point 7: exports a spreadsheet and habit itself can read — the csv names each row's
/// habit and `habit import` takes it back; the calendar's legend fits 80 columns; a note mark never
/// glues two days; "includes N … from other sources" counts one thing in one output.
@Suite struct SpreadsheetExportTests {
    static let now = ["HABIT_NOW": "2026-11-22T20:00:00+01:00", "COLUMNS": "80"]

    /// A store with own habits of each kind (one renamed, one archived), built-ins, notes, an entry
    /// that names a day, a workout with its energy, and a skip.
    func filled(_ habit: HabitProcess) throws {
        for args in [["add", "floss"], ["add", "water", "--unit", "glass", "--at-least", "8"],
                     ["add", "reading", "--unit", "min", "--at-least", "150", "--per", "week"], ["add", "gym", "--times", "3", "--per", "week"],
                     ["log", "floss", "--note", "nice, \"clean\""], ["log", "floss", "--date", "-2"], ["log", "water", "3"],
                     ["log", "water", "2", "--date", "-1", "--note", "half"], ["log", "reading", "25m"], ["log", "gym"],
                     ["log", "meditate", "10m", "--note", "calm"], ["log", "alcohol", "2", "--date", "-1"], ["log", "workout", "run", "30m"],
                     ["skip", "floss", "2026-11-21"], ["edit", "reading", "--name", "books"], ["archive", "gym"]] {
            let r = try habit.run(args, env: Self.now)
            #expect(r.status == 0, "\(args): \(r.stderr)")
        }
    }

    func csv(_ habit: HabitProcess, _ extra: [String] = []) throws -> String {
        let r = try habit.run(["export", "--format", "csv"] + extra, env: Self.now)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout
    }

    /// The file at `name` in `habit`'s folder holding `text`.
    func file(_ habit: HabitProcess, _ name: String, _ text: String) throws -> String {
        let path = habit.folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    // MARK: - The csv names the habit

    @Test func aCSVExportNamesEachRowsHabitBesideItsTypeWithItsNoteAndMetadata() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try filled(habit)
        let rows = try csv(habit).split(separator: "\n").map(String.init)
        #expect(rows.first == "kind,uuid,type,start,end,value,unit,source,workout,totalEnergyKcal,totalDistanceMeters,level,drinks,habit,note,metadata")
        let floss = try #require(rows.first { $0.contains(",floss,\"nice, \"\"clean\"\"\",") }, "\(rows)")
        #expect(floss.contains(",dev.habit.habit."))  // the type identifier stays
        #expect(rows.contains { $0.contains(",books,") && !$0.contains(",reading,") }, "a renamed habit's rows say its current name")
        #expect(rows.contains { $0.contains(",gym,") }, "an archived habit's rows name it")
        #expect(rows.contains { $0.hasPrefix("workout,") && $0.contains(",workout,,") })
        #expect(rows.contains { $0.contains("HKCategoryTypeIdentifierMindfulSession") && $0.contains(",meditate,calm,") })
        #expect(rows.contains { $0.contains(",easy,2,noalc,,") })
    }

    // MARK: - habit import takes it back

    @Test func habitsOwnCSVImportsIntoAnEmptyStoreAndExportsTheSameRows() throws {
        let habit = try HabitProcess(), fresh = try HabitProcess()
        defer { habit.cleanUp(); fresh.cleanUp() }
        try filled(habit)
        let exported = try csv(habit)
        let path = try file(habit, "habit.csv", exported)
        let imported = try fresh.run(["import", path], env: Self.now)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("added 4 habits, 9 samples, 1 workouts"), "\(imported.stdout)")
        #expect(try csv(fresh) == exported)
        let habits = try fresh.json(["habits", "--archived"], env: Self.now)["habits"] as? [[String: Any]] ?? []
        let byName = Dictionary(habits.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byName["floss"]?["kind"] as? String == "yes-no")
        #expect(byName["water"]?["kind"] as? String == "quantity" && byName["water"]?["unit"] as? String == "glass")
        #expect(byName["books"]?["unit"] as? String == "min")
        #expect(byName["gym"] != nil)
        // Every note comes back, under its habit's name and on its day (an entry that names a day keeps it).
        let notes = try habit.run(["notes"], env: Self.now).stdout
        #expect(notes.contains("half") && notes.contains("calm"))
        #expect(try fresh.run(["notes"], env: Self.now).stdout == notes)
    }

    @Test func importingTheCSVIntoTheStoreItCameFromOrTwiceAddsNothing() throws {
        let habit = try HabitProcess(), fresh = try HabitProcess()
        defer { habit.cleanUp(); fresh.cleanUp() }
        try filled(habit)
        let path = try file(habit, "habit.csv", try csv(habit))
        let before = try habit.contents()
        let again = try habit.run(["import", path], env: Self.now)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("added 0 habits, 0 samples, 0 workouts"), "\(again.stdout)")
        #expect(try habit.contents() == before)
        #expect(try fresh.run(["import", path], env: Self.now).status == 0)
        let once = try fresh.contents()
        #expect(try fresh.run(["import", path], env: Self.now).status == 0)
        #expect(try fresh.contents() == once)
    }

    @Test func aCSVExportWithARowThatCannotBeReadIsRefusedWithItsLineAndCreatesNothing() throws {
        let habit = try HabitProcess(), fresh = try HabitProcess()
        defer { habit.cleanUp(); fresh.cleanUp() }
        try filled(habit)
        var rows = try csv(habit).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fields = rows[2].split(separator: ",", omittingEmptySubsequences: false)
        fields[1] = "not-a-uuid"
        rows[2] = fields.joined(separator: ",")
        let path = try file(habit, "broken.csv", rows.joined(separator: "\n"))
        let refused = try fresh.run(["import", path], env: Self.now)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("line 3:") && refused.stderr.contains("nothing was imported"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fresh.db))
    }

    // MARK: - The calendar at 80 columns

    @Test func theCalendarsLegendFitsEightyColumns() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try filled(habit)
        for args in [["calendar"], ["calendar", "--habit", "water"], ["calendar", "--all-sources"]] {
            let out = try habit.run(args, env: Self.now).stdout
            let wide = out.split(separator: "\n").filter { $0.count > 80 }
            #expect(wide.isEmpty, "\(args): \(wide)")
            #expect(out.contains("noalc s/e/w") || args.contains("--habit"))
        }
    }

    // MARK: - A note mark never glues two days

    @Test func aNoteMarkNeverTouchesTheNextDaysNumberForAnyKindOfHabit() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try filled(habit)
        // Notes on consecutive days for the built-ins (NoAlc takes none), a yes/no and a quantity habit.
        for args in [["log", "meditate", "5m", "--note", "a", "--at", "2026-11-16T08:00"], ["log", "workout", "run", "30m", "--at", "2026-11-17T08:00", "--note", "b"],
                     ["log", "floss", "--date", "2026-11-18", "--note", "c"], ["log", "water", "12", "--date", "2026-11-19", "--note", "d"],
                     ["log", "water", "150", "--date", "2026-11-20", "--note", "e"], ["log", "floss", "--date", "2026-11-21", "--note", "f"]] {
            #expect(try habit.run(args, env: Self.now).status == 0, "\(args)")
        }
        for args in [["calendar"], ["calendar", "--habit", "floss"], ["calendar", "--habit", "water"], ["calendar", "--habit", "meditate"],
                     ["calendar", "--habit", "workout"]] {
            let out = try habit.run(args, env: Self.now).stdout
            #expect(out.contains("✎"), "\(args)")
            #expect(out.firstMatch(of: #/✎\d/#) == nil, "\(args): \(out)")
            // Each day's cell is as wide as every other: day 23 starts where day 16 does.
            let lines = out.split(separator: "\n")
            let week = try #require(lines.first { $0.hasPrefix("16") }), next = try #require(lines.first { $0.hasPrefix("23") })
            for (a, b) in zip(16...22, 23...29) {
                let at = week.firstRange(of: String(a)).map { week.distance(from: week.startIndex, to: $0.lowerBound) }
                let bt = next.firstRange(of: String(b)).map { next.distance(from: next.startIndex, to: $0.lowerBound) }
                #expect(at == bt, "\(args): day \(a) and day \(b) start in other columns\n\(out)")
            }
        }
    }

    // MARK: - One count in one output

    @Test func otherSourcesAreCountedInOneMeaningAndSaySo() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        // One workout from another app: a workout and its energy sample are one entry.
        #expect(try habit.run(["log", "workout", "run", "30m", "--source", "com.example.run"], env: Self.now).status == 0)
        let calendar = try habit.run(["calendar", "--all-sources"], env: Self.now).stdout
        let notes = calendar.split(separator: "\n").filter { $0.contains("from other sources") }
        #expect(notes.count == 1, "\(calendar)")
        #expect(notes.first?.hasPrefix("includes 1 entry from other sources in November 2026 (each a mindful session,") == true, "\(calendar)")
        #expect(try habit.run(["streak", "--all-sources"], env: Self.now).stdout.contains("includes 1 entry from other sources"))
        #expect(try habit.json(["calendar", "--all-sources"], env: Self.now)["otherSourceSamples"] as? Int == 1)
        #expect(try habit.json(["streak", "--all-sources"], env: Self.now)["otherSourceSamples"] as? Int == 1)
    }
}
