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

    /// Many lines are decoded in two halves on two threads (issue 28): each line's object, or the
    /// words of its refusal, and their order, are what decoding them one by one gives.
    @Test func decodingOnTwoThreadsGivesWhatOneGives() throws {
        let good = try Self.lines()
        var lines: [[UInt8]] = []
        var i = 0
        while lines.count < SyncLine.twoThreadsFromLines * 2 + 7 {
            var line = good[i % good.count]
            if i % 97 == 0 { line.removeLast(3) }  // a torn line, refused
            lines.append(line)
            i += 1
        }
        /// The object, or the words of the refusal (an object's description would print its
        /// metadata in either order).
        struct Decoded: Equatable {
            var object: SyncObject?
            var refusal: String?
        }
        func flat(_ result: Result<SyncObject, InterchangeJSONFailure>) -> Decoded {
            switch result {
            case .success(let object): Decoded(object: object)
            case .failure(let error): Decoded(refusal: error.reason)
            }
        }
        let decoder = SyncLine.decoder()
        let one = lines.map { line in
            flat(Result { () throws(InterchangeJSONFailure) in try SyncLine.decode(line, dataLines: InterchangeLineJSON.self, decoder) })
        }
        let two = SyncLine.decodeAll(lines, dataLines: InterchangeLineJSON.self).map(flat)
        #expect(two == one)
        #expect(one.filter { $0.refusal != nil }.count == (lines.count + 96) / 97)
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
