import Foundation
import Testing
@testable import HabitKit

/// habit's own CSV export read back (``HabitCSVReader``) without a store: how the file is told,
/// what a row becomes, and which rows refuse the file (SpreadsheetExportTests runs it through
/// `habit export` and `habit import`).
@Suite struct HabitCSVReaderTests {
    static let berlin = HabitCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let header = HabitCSVReader.columns.joined(separator: ",") + "\n"
    static let flossType = "dev.habit.habit.3771e7a6-1eb9-43ef-b5ce-844947e3af14"

    static func read(_ text: String) throws -> [InterchangeLine] {
        try HabitCSVReader.read(CSVTrackerRows.rows(Data(text.utf8), path: "h.csv"), path: "h.csv", calendar: berlin, now: now)
    }

    static func row(uuid: String = "f9e2bd6c-2c9d-4786-8ebb-594cfca1dc7e", type: String = flossType, at: String = "2026-11-22T20:00:00+01:00",
                    value: String = "1.0", unit: String = "count", habit: String = "floss", note: String = "", metadata: String = "") -> String {
        "sample,\(uuid),\(type),\(at),\(at),\(value),\(unit),dev.habit,,,,,,\(habit),\(note),\(metadata)\n"
    }

    @Test func theExportIsToldByItsFirstThirteenColumnsBeforeTheGenericCSV() {
        #expect(HabitCSVReader.looksLikeExport(Array(Self.header.utf8)))
        #expect(HabitCSVReader.looksLikeExport(Array("\u{FEFF}Kind, UUID,type,start,end,value,unit,source,workout,totalEnergyKcal,totalDistanceMeters,level,drinks\r\n".utf8)))
        #expect(!HabitCSVReader.looksLikeExport(Array("habit,date,value,note\n".utf8)))
        #expect(!HabitCSVReader.looksLikeExport(Array("kind,uuid,type\n".utf8)))
    }

    @Test func anOwnHabitsEntriesBringItBackByNameYesNoOrAQuantityFromItsFirstDay() throws {
        let water = "dev.habit.habit.1d7aea9e-d57b-4c67-8d38-9a7fd3fde851"
        let lines = try Self.read(Self.header
            + Self.row(note: "\"nice, \"\"clean\"\"\"", metadata: "\"{\"\"habit\"\":\"\"floss\"\",\"\"note\"\":\"\"old\"\"}\"")
            + Self.row(uuid: "74ef27f2-4cd8-4ead-8849-9eafe01b40f4", type: water, at: "2026-11-21T00:00:00+01:00", value: "2.0", unit: "glass",
                       habit: "water", metadata: "\"{\"\"dayEntry\"\":\"\"1\"\"}\"")
            + Self.row(uuid: "1cc41f35-5f78-460c-8974-ec788674529a", type: water, value: "1.0", unit: "glass", habit: "water"))
        guard case .data(.habit(let floss)) = lines[0], case .data(.habit(let w)) = lines[1] else { Issue.record("\(lines)"); return }
        #expect(floss.name == "floss" && floss.kind == .yesNo && floss.unit == nil && floss.since == LocalDay("2026-11-22"))
        #expect(floss.id == "3771e7a6-1eb9-43ef-b5ce-844947e3af14")
        #expect(floss.modified == Date(timeIntervalSince1970: 0), "never newer than a definition the store has")
        #expect(w.name == "water" && w.kind == .quantity && w.unit == "glass" && w.since == LocalDay("2026-11-21"))
        guard case .data(.sample(let first, let source)) = lines[2] else { Issue.record("\(lines)"); return }
        #expect(first.metadata == ["habit": "floss", "note": "nice, \"clean\""], "the note column wins over the metadata's")
        #expect(source.name == "habit" && first.timeZoneID == "Europe/Berlin" && first.utcOffset == 3600)
        #expect(lines.count == 5)
    }

    @Test func aRowThatCannotBeReadRefusesTheFileWithItsLine() {
        let cases: [(String, String)] = [
            (Self.row(uuid: "nope"), "line 2: \"uuid\" is not a UUID"),
            (Self.row(at: "2026-11-22T20:00:00"), "line 2: \"start\" is not an instant with an offset"),
            (Self.row(habit: ""), "line 2: an entry of an own habit"),
            (Self.row(habit: "Floss!"), "line 2: habit"),
            (Self.row() + Self.row(uuid: "74ef27f2-4cd8-4ead-8849-9eafe01b40f4", habit: "flossing"), "line 3: flossing names the habit"),
            (Self.row(metadata: "[1]"), "line 2: \"metadata\" is not a JSON object"),
            (Self.row(type: "dev.habit.habit.x"), "line 2: 'dev.habit.habit.x' names no habit id"),
            ("entry" + Self.row().dropFirst(6), "line 2: 'entry' is not a kind habit exports"),
        ]
        for (rows, expected) in cases {
            #expect(throws: TrackerImportError.self) { try Self.read(Self.header + rows) }
            do { _ = try Self.read(Self.header + rows) } catch { #expect("\(error)".contains(expected), "\(error)") }
        }
        // A file of the thirteen columns an older release wrote: an own habit's entry has no name.
        let old = HabitCSVReader.columns.prefix(13).joined(separator: ",") + "\n" + Self.row().split(separator: ",", omittingEmptySubsequences: false).prefix(13).joined(separator: ",") + "\n"
        do { _ = try Self.read(old); Issue.record("read") } catch { #expect("\(error)".contains("no habit column to name it"), "\(error)") }
    }
}
