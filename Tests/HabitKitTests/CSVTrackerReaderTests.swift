import Foundation
import Testing
@testable import HabitKit

/// The two CSV readers of other trackers without a store or a file: the generic CSV
/// (``GenericCSVReader``) and HabitBull's export (``HabitBullReader``) — what a row means, when
/// a habit is a quantity, and that a row that cannot be read refuses the file naming its line
/// (TrackerImportTests runs them through `habit import`).
@Suite struct CSVTrackerReaderTests {
    static func generic(_ text: String) throws -> TrackerExport {
        try GenericCSVReader.read(CSVTrackerRows.rows(Data(text.utf8), path: "t.csv"), path: "t.csv")
    }

    static func habitBull(_ text: String) throws -> TrackerExport {
        try HabitBullReader.read(CSVTrackerRows.rows(Data(text.utf8), path: "hb.csv"), path: "hb.csv")
    }

    static let habitBullHeader = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"
    static let caffeineAndWalk = """
        Caffeine,,Coffee,2026-11-20,80,first
        Caffeine,,Coffee,2026-11-20,80,again
        Caffeine,,Coffee,2026-11-21,0,none
        Walk,"long, slow",Health,2026-11-21,1,"park, ""north\"""
        """

    @Test func aGenericCSVReadsItsColumnsByNameAMissingValueAsDoneAndAddsUpADay() throws {
        let export = try Self.generic("""
            Date , NOTE,Habit,Value
            2026-11-17,,Floss,0
            2026-11-18,,Floss,
            2026-11-19,"one, two",Floss
            2026-11-19,three,Floss,1
            2026-11-20,morning,Pushups,20
            2026-11-20,,Pushups,15
            2026-11-20,evening,Pushups,0
            2026-11-21,, Pushups ,.5
            """)
        #expect(export.tracker == .csv && export.rejectedCount == 0)
        #expect(export.habits.map(\.originalName) == ["Floss", "Pushups"])
        let floss = export.habits[0], pushups = export.habits[1]
        #expect(floss.kind == .yesNo && floss.unit == nil && floss.per == .day && floss.times == 1 && floss.goal == nil)
        #expect(floss.checks == [TrackerCheck(day: Fixture.day("2026-11-18"), amount: 1),
                                 TrackerCheck(day: Fixture.day("2026-11-19"), amount: 1, note: "one, two; three")])
        #expect(floss.firstDay == Fixture.day("2026-11-17"))  // the 0: not done, but its history starts there
        #expect(pushups.kind == .quantity && pushups.unit == "count" && pushups.goal == nil)
        #expect(pushups.checks == [TrackerCheck(day: Fixture.day("2026-11-20"), amount: 35, note: "morning; evening"),
                                   TrackerCheck(day: Fixture.day("2026-11-21"), amount: 0.5)])
        // A header alone is a file without habits; only `habit` and `date` are needed.
        #expect(try Self.generic("habit,date\n").habits.isEmpty)
        #expect(try Self.generic("habit,date\nRun,2026-11-20\n").habits[0].checks.map(\.amount) == [1])
    }

    @Test(arguments: [
        (["0", "1", ""], HabitDefinition.Kind.yesNo),
        (["1", "1"], .yesNo),
        (["0", "0"], .yesNo),
        (["1", "2"], .quantity),
        (["0.5"], .quantity),
        (["1.0", "0.0"], .yesNo),
    ])
    func aHabitIsAQuantityWhereItsValuesAreNotAll0Or1(_ values: [String], _ kind: HabitDefinition.Kind) throws {
        let rows = values.enumerated().map { "Read,2026-11-\(10 + $0.offset),\($0.element)" }
        #expect(try Self.generic("habit,date,value\n" + rows.joined(separator: "\n")).habits.first?.kind == kind)
        let bull = values.enumerated().map { "Read,,,2026-11-\(10 + $0.offset),\($0.element.isEmpty ? "1" : $0.element)," }
        #expect(try Self.habitBull(Self.habitBullHeader + bull.joined(separator: "\n")).habits.first?.kind == kind)
    }

    /// Each bad input refuses the file, naming the line, whatever comes before or after it.
    @Test(arguments: [
        ("habit,value\nRun,1", "line 1: the header names no 'date' column (a CSV to import has habit,date[,value][,note])"),
        ("date,value\n2026-11-20,1", "line 1: the header names no 'habit' column"),
        ("habit,date,notes\nRun,2026-11-20,x", "line 1: notes is not a column habit reads"),
        ("habit,date,\nRun,2026-11-20,", "line 1: column 3 has no name"),
        ("habit,date,Habit\nRun,2026-11-20,x", "line 1: the column habit is named twice"),
        ("habit,date,value,note\nRun,2026-11-20,1,fine\nRun,2026-11-21,1,tired, but done",
         "line 3: 5 fields, but the header has 4 columns (a field holding a comma needs double quotes)"),
        ("habit,value,date\nRun,1,2026-11-20\nRun,1", "line 3: 2 fields, but the header has 3 columns"),
        ("habit,date\n,2026-11-20", "line 2: no habit name"),
        ("habit,date\nRun,2026-11-20\nRun,2026-13-01", "line 3: 2026-13-01 is not a date YYYY-MM-DD"),
        ("habit,date\nRun,20/11/2026", "line 2: 20/11/2026 is not a date YYYY-MM-DD"),
        ("habit,date\nRun,1969-12-31", "line 2: 1969-12-31 is outside the dates habit keeps (from 1970-01-01 up to (not including) 2101-01-01)"),
        ("habit,date\nRun,2101-01-01", "line 2: 2101-01-01 is outside the dates habit keeps"),
        ("habit,date,value\nRun,2026-11-20,yes", "line 2: yes is not a value (a number from 0 up to 999,999,999,999, like 3 or 2.5; empty: done)"),
        ("habit,date,value\nRun,2026-11-20,-1", "line 2: -1 is not a value"),
        ("habit,date,value\nRun,2026-11-20,inf", "line 2: inf is not a value"),
        ("habit,date,value\nRun,2026-11-20,nan", "line 2: nan is not a value"),
        ("habit,date,value\nRun,2026-11-20,1e3", "line 2: 1e3 is not a value"),
        ("habit,date,value\nRun,2026-11-20,1.2.3", "line 2: 1.2.3 is not a value"),
        ("habit,date,value\nRun,2026-11-20,1000000000000", "line 2: 1000000000000 is not a value"),
        ("habit,date,value\nRun,2026-11-20,999999999999\nRun,2026-11-20,2",
         "line 3: the amounts of Run on 2026-11-20 add up to more than 999,999,999,999"),
        ("habit,date,note\nRun,2026-11-20,\"never closed\nRun,2026-11-21,x", "line 2: a quote opened here never closes"),
    ])
    func aRowThatCannotBeReadRefusesTheFileWithItsLine(_ text: String, _ message: String) {
        do {
            _ = try Self.generic(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect("\(error)".hasPrefix("t.csv: " + message), "\(error)")
            #expect("\(error)".hasSuffix("; nothing was imported"))
            #expect(!"\(error)".contains("\n"))
        }
    }

    @Test func habitBullDatesAreReadInEachShapeAndSlashedOnesByTheWholeFile() throws {
        func days(_ dates: [String]) throws -> [String] {
            let rows = dates.map { "Run,,,\($0),1," }
            return try Self.habitBull(Self.habitBullHeader + rows.joined(separator: "\n")).habits[0].checks.map(\.day.description)
        }
        #expect(try days(["2018-05-31T00:00:00", "2018-06-01", "2018-06-02 00:00", "2018-06-03T00:00:00.000"])
                == ["2018-05-31", "2018-06-01", "2018-06-02", "2018-06-03"])
        // Month first, as HabitBull writes in the US and Loop reads it…
        #expect(try days(["4/11/2019", "4/12/2019", "12/30/2020"]) == ["2019-04-11", "2019-04-12", "2020-12-30"])
        // …unless a date of the file has a first part above 12: then every slashed date is day first.
        #expect(try days(["4/11/2019", "25/5/2019"]) == ["2019-05-25", "2019-11-04"])
        #expect(throws: TrackerImportError.malformed("hb.csv", reason: "line 3: 11/25/2020 puts the month first, but line 2 puts the day first")) {
            try days(["25/11/2020", "11/25/2020"])
        }
        for bad in ["2018-05-31Tnoon", "2018-05-31T", "31.05.2018", "2/30/2020", "13/13/2020", "1/1/20"] {
            #expect(throws: TrackerImportError.self, "\(bad)") { try days([bad]) }
        }
        #expect(throws: TrackerImportError.malformed("hb.csv", reason: "line 2: 1/1/1969 is outside the dates habit keeps (\(SupportedDates.summary))")) {
            try days(["1/1/1969"])
        }
    }

    @Test func habitBullsLastRowOfADayWinsAndItsValuesAreNumbers() throws {
        let export = try Self.habitBull(Self.habitBullHeader + Self.caffeineAndWalk)
        #expect(export.tracker == .habitBull)
        #expect(export.habits[0].kind == .quantity)
        #expect(export.habits[0].checks == [TrackerCheck(day: Fixture.day("2026-11-20"), amount: 80, note: "again")])
        #expect(export.habits[0].firstDay == Fixture.day("2026-11-20"))
        #expect(export.habits[1].checks == [TrackerCheck(day: Fixture.day("2026-11-21"), amount: 1, note: "park, \"north\"")])
        let refusals: [(String, String)] = [
            ("HabitName,HabitDescription,HabitCategory,Value\nRun,,,1", "line 1: the header names no 'CalendarDate' column"),
            ("Run,,,2026-11-20,,", "line 2: '' is not a value"),
            ("Run,,,2026-11-20,-1,", "line 2: -1 is not a value"),
            ("Run,,,2026-11-20,-2150000001,", "line 2: -2150000001 is not a value"),
            ("Run,,,2026-11-20,1.5e3,", "line 2: 1.5e3 is not a value"),
            ("Run,,,2026-11-20", "line 2: 4 fields, but the header has 6 columns"),
            ("Run,,,2026-11-20,1,,extra", "line 2: 7 fields, but the header has 6 columns"),
            (" ,,,2026-11-20,1,", "line 2: no habit name"),
        ]
        for (text, message) in refusals {
            let full = text.hasPrefix("HabitName") ? text : Self.habitBullHeader + text
            #expect(throws: TrackerImportError.self) { try Self.habitBull(full) }
            do { _ = try Self.habitBull(full) } catch { #expect("\(error)".hasPrefix("hb.csv: " + message), "\(error)") }
        }
    }

    @Test func aFileIsToldByItsHeader() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habit-csv-kind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func kind(_ bytes: [UInt8]) throws -> TrackerFile.Kind {
            let path = folder.appendingPathComponent("f.csv")
            try Data(bytes).write(to: path)
            return try TrackerFile.kind(of: path.path)
        }
        #expect(try kind(Array("habit,date\nRun,2026-11-20\n".utf8)) == .genericCSV)
        #expect(try kind(Array("\n Date,\"Habit\",Value\r\n".utf8)) == .genericCSV)
        #expect(try kind([0xEF, 0xBB, 0xBF] + Array("habit,date\r\n".utf8)) == .genericCSV)
        // A header that names a habit column but lacks another is the CSV reader's to refuse, with its line.
        #expect(try kind(Array("habit,value\n".utf8)) == .genericCSV)
        #expect(try kind(Array(Self.habitBullHeader.utf8)) == .habitBullCSV)
        #expect(try kind([0xEF, 0xBB, 0xBF] + Array("HabitName,HabitDescription,HabitCategory,CalendarDate\r\n".utf8)) == .habitBullCSV)
        #expect(throws: TrackerImportError.unrecognised(folder.appendingPathComponent("f.csv").path, what: nil)) {
            try kind(Array("date,hours\n2026-11-20,7.5\n".utf8))
        }
        #expect(throws: TrackerImportError.self) { try kind(Array("habits,dates\n".utf8)) }
    }
}
