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
        let calendar = HabitCalendar(timeZone: try #require(TimeZone(identifier: "Europe/Berlin")))
        let encoder = SyncLine.encoder(), decoder = SyncLine.decoder()
        for line in try Self.lines() {
            let object = try SyncLine.decode(line, dataLines: InterchangeLineJSON.self, decoder)
            let again = try SyncLine.encode(object, dataLines: InterchangeLineJSON.self, calendar: calendar, encoder)
            #expect(again == line, "\(String(decoding: line, as: UTF8.self))")
            #expect(try SyncLine.decode(again, dataLines: InterchangeLineJSON.self, decoder) == object)
        }
    }
}
