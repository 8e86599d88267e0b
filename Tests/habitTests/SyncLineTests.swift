import Foundation
import Testing
@testable import habit
@testable import HabitKit

/// The bytes a device writes to the sync folder (Standards/sync.md, "Lines"): every kind of line,
/// as a store wrote them (`Tests/Fixtures/sync/lines.ndjson`), decodes and encodes to the same bytes.
@Suite struct SyncLineTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sync/lines.ndjson")

    static func lines() throws -> [[UInt8]] {
        try Data(contentsOf: fixture).split(separator: 0x0A).map { Array($0) }
    }

    /// The `kind` of a line as written.
    static func kind(_ line: [UInt8]) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
        return try #require(object?["kind"] as? String)
    }

    @Test func theFixtureHoldsEveryKindOfLine() throws {
        let kinds = Set(try Self.lines().map(Self.kind))
        #expect(kinds == ["habit", "sample", "workout", "skip", "activitySummary", "deleted", "setting", "reminder",
                          "reminderDeleted", "habitDeleted", "occurrence"])
    }

    @Test func everyLineDecodesAndEncodesToTheSameBytes() throws {
        let calendar = HabitCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        for line in try Self.lines() {
            let object = try SyncWire.decode(line)
            let again = try SyncWire.encode(object, calendar: calendar)
            #expect(again == line, "\(String(decoding: line, as: UTF8.self))")
            #expect(try SyncWire.decode(again) == object)
        }
    }
}
enum SyncWire {
    static func decode(_ line: [UInt8]) throws -> SyncObject {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        do { return try SyncLineJSON.decode(line, decoder) } catch { throw CancellationError() }
    }
    static func encode(_ object: SyncObject, calendar: HabitCalendar) throws -> [UInt8] {
        try SyncLineJSON.encode(object, calendar: calendar, Output.makeEncoder())
    }
}
