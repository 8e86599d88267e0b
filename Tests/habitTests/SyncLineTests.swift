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

    /// Many lines are decoded on a second thread while they are applied (issue 28): each line's
    /// object, or the words of its refusal, and their order, are what decoding them one by one
    /// gives — across two peers, a line left out of the list, and an error that stops it all.
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
        #expect(one.filter { $0.refusal != nil }.count == (lines.count + 96) / 97)
        let half = lines.count / 2
        let peers = [SyncPeer(device: "a", lines: Array(lines[..<half]), starts: Array(0..<half), end: half),
                     SyncPeer(device: "b", lines: Array(lines[half...]), starts: Array(half..<lines.count), end: lines.count)]
        // Every line but the third, peer by peer: the refs say where each is.
        let refs = peers.indices.flatMap { p in peers[p].lines.indices.map { (peer: p, line: $0) } }.enumerated().filter { $0.offset != 2 }.map(\.element)
        for count in [refs.count, SyncLine.twoThreadsFromLines - 1] {
            var two: [Decoded] = [], positions: [Int] = []
            try SyncLine.decodeEach(Array(refs.prefix(count)), of: peers, dataLines: InterchangeLineJSON.self) { result, index in
                two.append(flat(result))
                positions.append(index)
            }
            #expect(positions == Array(0..<count))
            #expect(two == refs.prefix(count).map { one[$0.peer * half + $0.line] })
        }
        struct Stop: Error {}
        var applied = 0
        #expect(throws: Stop.self) {
            try SyncLine.decodeEach(refs, of: peers, dataLines: InterchangeLineJSON.self) { _, _ in
                applied += 1
                if applied == 1000 { throw Stop() }
            }
        }
        #expect(applied == 1000)
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
