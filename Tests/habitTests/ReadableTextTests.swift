import Foundation
import Testing

/// Issue 22, points 11–13: glyphs with their legend, things said as the person typed them, and
/// refusals that point at what is wrong.
@Suite struct ReadableTextTests {
    static let now = ["HABIT_NOW": "2026-11-25T21:00:00+01:00"]

    func lines(_ result: HabitProcess.Result) -> [Substring] { result.stdout.split(separator: "\n") }

    // MARK: - Point 11: legends

    @Test func jokersSayHowManyAreHeldAndWhatOneIs() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        for day in 10...17 { #expect(try habit.run(["log", "meditate", "10m"], env: ["HABIT_NOW": "2026-11-\(day)T21:00:00+01:00"]).status == 0) }
        let out = try habit.run(["streak"], env: ["HABIT_NOW": "2026-11-17T22:00:00+01:00"]).stdout
        let meditate = try #require(out.split(separator: "\n").first { $0.hasPrefix("meditate") })
        #expect(meditate.contains("jokers 1 of 3 ◆◇◇"), "\(meditate)")
        #expect(out.contains("a joker heals one missed day; every 7th streak day earns one, 3 at most"))
    }

    @Test func theYearHeatmapsRulerNumbersTheDays() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let year = lines(try habit.run(["calendar", "--year", "2026"], env: Self.now))
        #expect(year.first == "2026  1   5    10   15   20   25   30")
        #expect(year[1].hasPrefix("Jan   ·"))
    }

    @Test func ownHabitRowsExplainTheDot() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "floss"], env: ["HABIT_NOW": "2026-11-20T09:00:00+01:00"]).status == 0)
        let month = try habit.run(["calendar"], env: Self.now).stdout
        #expect(month.contains("                    1   5    10   15   20   25   30") == false)  // the name column is 10 wide
        #expect(month.contains("          1   5    10   15   20   25   30"))
        #expect(month.contains("● done ○ missed ◆ joker – skipped · nothing yet  blank: not due"))
    }

    // MARK: - Point 12: as the person typed it

    @Test func aWorkoutShowsTheActivityAsLogged() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let logged = try habit.run(["log", "workout", "hiit", "25m"], env: Self.now).stdout
        #expect(logged.contains("workout   hiit 25 min"), "\(logged)")
        let list = try habit.run(["log", "list"], env: Self.now).stdout
        #expect(list.contains("workout   hiit 25 min"))
        #expect(!list.contains("HighIntensityIntervalTraining"))
    }

    @Test func unitsArePluralAndACountHasNone() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "water", "--unit", "glass", "--at-least", "8"], env: Self.now).stdout.hasPrefix("added water: ≥ 8 glasses a day"))
        #expect(try habit.run(["add", "coffee", "--unit", "cup", "--at-most", "2"], env: Self.now).stdout.hasPrefix("added coffee: ≤ 2 cups a day"))
        #expect(try habit.run(["add", "running", "--unit", "km", "--at-least", "5"], env: Self.now).stdout.hasPrefix("added running: ≥ 5 km a day"))
        #expect(try habit.run(["add", "steps", "--from", "steps", "--at-least", "8000"], env: Self.now).status == 0)
        #expect(try habit.run(["log", "water", "1"], env: Self.now).stdout.contains("water     1 glass  21:00"))
        #expect(try habit.run(["log", "water", "2"], env: Self.now).stdout.contains("water     2 glasses  21:00"))
        let today = try habit.run(["today"], env: Self.now).stdout
        #expect(today.contains("3/8 glasses"), "\(today)")
        #expect(today.contains("0/8000 "), "\(today)")
        #expect(!today.contains("count"))
        #expect(try habit.run(["habits"], env: Self.now).stdout.contains("≥ 8 glasses a day"))
    }

    @Test func durationTargetsEchoAsDurations() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "sleep-in", "--unit", "min", "--at-least", "7h"], env: Self.now).stdout.hasPrefix("added sleep-in: ≥ 7 h a day"))
        #expect(try habit.run(["add", "reading", "--unit", "min", "--at-least", "90"], env: Self.now).stdout.hasPrefix("added reading: ≥ 1 h 30 min a day"))
        #expect(try habit.run(["log", "reading", "25m"], env: Self.now).status == 0)
        #expect(try habit.run(["today"], env: Self.now).stdout.contains("25 min/1 h 30 min"))
    }

    @Test func smallValuesKeepTheirSignificantDigits() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let xml = habit.folder.appendingPathComponent("export.xml")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_GB">
             <Record type="HKQuantityTypeIdentifierDistanceWalkingRunning" sourceName="Phone" unit="km" startDate="2026-11-25 08:00:00 +0100" endDate="2026-11-25 08:01:00 +0100" value="0.01503"/>
            </HealthData>

            """.utf8).write(to: xml)
        #expect(try habit.run(["import", xml.path], env: Self.now).status == 0)
        let list = try habit.run(["log", "list", "--all-sources"], env: Self.now).stdout
        #expect(list.contains("0.015 km"), "\(list)")
    }

    @Test func aCSVExportOfNoAlcSaysTheLevelAndTheDrinks() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "alcohol", "2"], env: Self.now).status == 0)
        let csv = try habit.run(["export", "--format", "csv"], env: Self.now).stdout.split(separator: "\n")
        #expect(csv.first?.hasSuffix(",level,drinks,habit,note,metadata") == true)  // columns are added at the end
        #expect(csv.last?.contains(",4.0,count,dev.habit,,,,easy,2,noalc,,") == true, "\(csv)")
    }

    @Test func theNextReminderIsSaidRelativeToNow() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let wednesdayEvening = ["HABIT_NOW": "2026-11-25T19:00:00+01:00"]
        #expect(try habit.run(["remind", "add", "meditate", "20:00"], env: wednesdayEvening).status == 0)
        #expect(try habit.run(["remind", "add", "workout", "07:30"], env: wednesdayEvening).status == 0)
        #expect(try habit.run(["remind", "add", "noalc", "21:00", "--days", "sat"], env: wednesdayEvening).status == 0)
        let list = try habit.run(["remind", "list"], env: wednesdayEvening).stdout
        #expect(list.contains("next today 20:00"), "\(list)")
        #expect(list.contains("next tomorrow 07:30"))
        #expect(list.contains("next Sat 28 Nov 21:00"))
        #expect(!list.contains("2026-11-25T20:00:00"))
    }

    @Test func changesSayWhatWasRemovedInWords() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "water", "--unit", "glass", "--at-least", "8"], env: Self.now).status == 0)
        #expect(try habit.run(["add", "floss"], env: Self.now).status == 0)
        #expect(try habit.run(["log", "water", "2"], env: Self.now).status == 0)
        #expect(try habit.run(["undo"], env: Self.now).status == 0)
        #expect(try habit.run(["log", "workout", "hiit", "20m"], env: Self.now).status == 0)
        #expect(try habit.run(["undo"], env: Self.now).status == 0)
        #expect(try habit.run(["skip", "floss", "2026-12-24"], env: Self.now).status == 0)
        #expect(try habit.run(["unskip", "floss", "2026-12-24"], env: Self.now).status == 0)
        #expect(try habit.run(["skip", "--all", "2026-12-25"], env: Self.now).status == 0)
        #expect(try habit.run(["unskip", "--all", "2026-12-25"], env: Self.now).status == 0)
        let out = try habit.run(["changes", "--since", "0"], env: Self.now).stdout
        #expect(out.contains("  - water entry (deleted)  "), "\(out)")
        #expect(out.contains("  - workout hiit (deleted)  "))
        #expect(out.contains("  - workout energy entry (deleted)  "))
        #expect(out.contains("  - skip of floss (taken back)  "))
        #expect(out.contains("  - skip of every habit (taken back)  "))
        #expect(!out.contains("dev.habit.habit."))
        #expect(!out.contains("skip *"))
    }

    // MARK: - Point 13: the refusal names what is missing

    @Test(arguments: [["log", "workout", "hiit"], ["log", "workout", "yoga"], ["log", "workout"]])
    func aForgottenWorkoutDurationIsSaidToBeMissing(_ arguments: [String]) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "5m"], env: Self.now).status == 0)
        let before = try habit.contents()
        for parser in ["", "argument-parser"] {
            let result = try habit.run(arguments, env: Self.now.merging(["HABIT_PARSER": parser]) { $1 })
            #expect(result.status == 64)
            #expect(result.stdout.isEmpty)
            let activity = arguments.count == 3 ? arguments[2] : "hiit"
            #expect(result.stderr.hasPrefix("habit: missing duration: habit log workout \(activity) 25m"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try habit.contents() == before)
    }

    @Test func importHelpSaysActivitySummaryRowsAreKept() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let help = try habit.run(["import", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("ActivitySummary rows are kept as the Activity rings"), "\(help)")
        #expect(!help.contains("ActivitySummary, Me and other non-sample elements are skipped"))
    }
}
