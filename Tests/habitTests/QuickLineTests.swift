import Foundation
import Testing
@testable import habit
@testable import HabitKit

/// The quick reader of interchange and sync lines (issue 28, ``InterchangeLineReader``) is only a
/// shortcut past JSONDecoder: every line it takes, the decoder takes too and reads to the same
/// value; every data line habit writes of the kinds it knows, it takes; anything else it leaves
/// to the decoder (which keeps its own words for what it refuses).
@Suite struct QuickLineTests {
    static let quickKinds: Set<String> = ["sample", "workout", "skip", "activitySummary"]

    static func decoded(_ line: [UInt8]) -> InterchangeLineJSON? {
        try? SyncLine.decoder().decode(InterchangeLineJSON.self, from: Data(line))
    }

    static func quick(_ line: [UInt8]) -> InterchangeLineJSON? {
        line.withUnsafeBufferPointer(InterchangeLineReader.line).map(InterchangeLineJSON.init)
    }

    /// The data lines of the kinds the quick reader knows, from the sync fixture (a line of each
    /// shape habit writes: with and without metadata, device, version, workout, statistics, events).
    static func quickLines() throws -> [[UInt8]] {
        try SyncLineTests.lines().filter { quickKinds.contains(try SyncLineTests.kind($0)) }
    }

    @Test func everyLineHabitWritesOfThoseKindsIsReadQuicklyAsTheDecoderReadsIt() throws {
        let lines = try Self.quickLines()
        #expect(Set(try lines.map(SyncLineTests.kind)) == Self.quickKinds)
        for line in lines {
            let quick = try #require(Self.quick(line), "\(String(decoding: line, as: UTF8.self))")
            let decoded = try #require(Self.decoded(line))
            #expect(quick == decoded)
            // The object the import and sync take from it, checked: the decoder's line's.
            let object = try line.withUnsafeBufferPointer { b throws(InterchangeJSONFailure) in try InterchangeLineJSON.quickObject(b) }
            #expect(object == (try decoded.object()))
        }
    }

    @Test func otherKindsAreLeftToTheDecoder() throws {
        for line in try SyncLineTests.lines() where !Self.quickKinds.contains(try SyncLineTests.kind(line)) {
            #expect(Self.quick(line) == nil)
        }
    }

    /// Lines the decoder reads (or refuses) in its own way: the quick reader takes none of them.
    @Test(arguments: [
        #"{"kind":"skip","skip":{"created":"2025-10-20T08:00:00+02:00","day":"2025-10-20","habit":null,"habitId":null,"uuid":"b68fa64c-9a5b-4a3f-ad7a-339293522604","extra":1}}"#,
        #"{"kind":"skip","skip":{"created":"2025-10-20T08:00:00+02:00","day":"2025-10-20","habit":null,"habitId":null,"uuid":"b68fa64c-9a5b-4a3f-ad7a-339293522604","uuid":"b68fa64c-9a5b-4a3f-ad7a-339293522605"}}"#,
        #"{"kind":"skip","skip":{"created":"2025-10-20T08:00:00+02:00","day":"2025-10-20","habit":null,"habitId":null,"uuid":"b68fa64c-9a5b-4a3f-ad7a-339293522604",}}"#,
        #"{"kind":"skip","skip":{"created":"2025-10-20T08:00:00+02:00","day":"2025-10-20","habit":null,"uuid":"b68fa64c-9a5b-4a3f-ad7a-339293522604"}}"#,
        #"{"kind":"skip","skip":{"created":"2025-10-20T08:00:00+02:00","d\u0061y":"2025-10-20","habit":null,"habitId":null,"uuid":"b68fa64c-9a5b-4a3f-ad7a-339293522604"}}"#,
        #"{"kind":"skip","skip":{"created":"2025-10-20T08:00:00+02:00","day":"2025-10-20","habit":"\ud800","habitId":null,"uuid":"b68fa64c-9a5b-4a3f-ad7a-339293522604"}}"#,
        #"{"kind":"skip","skip":{"created":"2025-10-20T08:00:00+02:00","day":"2025-10-20","habit":null,"habitId":null,"uuid":"b68fa64c-9a5b-4a3f-ad7a-339293522604"}} x"#,
        #"{"kind":"sample","skip":{"created":"2025-10-20T08:00:00+02:00","day":"2025-10-20","habit":null,"habitId":null,"uuid":"b68fa64c-9a5b-4a3f-ad7a-339293522604"}}"#,
        #"{"kind":"skip","skip":{"created":"2025-10-20T08:00:00+02:00","day":"2025-10-20","habit":null,"habitId":null,"uuid":"b68fa64c-9a5b-4a3f-ad7a-339293522604"},"sample":null}"#,
        #"{"activitySummary":{"day":"2024-05-01","exerciseGoalMinutes":"NaN","exerciseMinutes":31,"moveGoalKcal":500,"moveGoalMinutes":null,"moveKcal":512.3,"moveMinutes":null,"standGoalHours":12,"standHours":10},"kind":"activitySummary"}"#,
        #"{"activitySummary":{"day":"2024-05-01","exerciseGoalMinutes":1e999,"exerciseMinutes":31,"moveGoalKcal":500,"moveGoalMinutes":null,"moveKcal":512.3,"moveMinutes":null,"standGoalHours":12,"standHours":10},"kind":"activitySummary"}"#,
        #"{"activitySummary":{"day":"2024-05-01","exerciseGoalMinutes":01,"exerciseMinutes":31,"moveGoalKcal":500,"moveGoalMinutes":null,"moveKcal":512.3,"moveMinutes":null,"standGoalHours":12,"standHours":10},"kind":"activitySummary"}"#,
    ])
    func whatTheQuickReaderLeavesToTheDecoder(line: String) {
        #expect(Self.quick(Array(line.utf8)) == nil)
    }

    @Test func textThatIsNotUTF8IsLeftToTheDecoder() throws {
        var line = Array(#"{"kind":"skip","skip":{"created":"2025-10-20T08:00:00+02:00","day":"2025-10-20","habit":"ab","habitId":null,"uuid":"b68fa64c-9a5b-4a3f-ad7a-339293522604"}}"#.utf8)
        let at = try #require(line.firstIndex(of: UInt8(ascii: "b")))
        #expect(Self.quick(line) != nil)
        line[at] = 0xFF
        #expect(Self.quick(line) == nil)
    }

    /// Escapes, numbers and spaces the quick reader reads as the decoder does.
    @Test func escapesNumbersAndSpacesReadAsTheDecoderReadsThem() throws {
        let line = #" { "kind" : "skip" , "skip" : { "created":"2025-10-20T08:00:00+02:00", "day":"2025-10-20", "habit":"a\"b\\c\/d\u00e9\ud83d\ude00\n\t", "habitId":null, "uuid":"b68fa64c-9a5b-4a3f-ad7a-339293522604" } } "#
        let quick = try #require(Self.quick(Array(line.utf8)))
        #expect(quick == Self.decoded(Array(line.utf8)))
        #expect(quick.skip?.habit == "a\"b\\c/dé😀\n\t")
        let summary = #"{"activitySummary":{"day":"2024-05-01","exerciseGoalMinutes":-0.0,"exerciseMinutes":31E2,"moveGoalKcal":5e-324,"moveGoalMinutes":null,"moveKcal":0.1000000000000000055511151231257827,"moveMinutes":-12.5e+1,"standGoalHours":1.7976931348623157e308,"standHours":123456789012345678901234567890},"kind":"activitySummary"}"#
        let read = try #require(Self.quick(Array(summary.utf8)))
        #expect(read == Self.decoded(Array(summary.utf8)))
    }

    /// Every line habit writes of those kinds, mangled at random (a byte dropped, doubled or
    /// replaced by one that matters to JSON): the quick reader takes a mangled line only when the
    /// decoder reads it to the same value.
    @Test func aMangledLineIsReadQuicklyOnlyAsTheDecoderReadsIt() throws {
        var random = SyncTests.Seeded(state: 28)
        let significant = Array(#"{}[]:,"\ -.eE0123456789nul"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xA9, 0xFF]
        var taken = 0, tried = 0
        for line in try Self.quickLines() {
            for _ in 0..<400 {
                var bytes = line
                for _ in 0...Int.random(in: 0..<2, using: &random) {
                    let at = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes.remove(at: at)
                    case 1: bytes.insert(bytes[at], at: at)
                    default: bytes[at] = significant[Int.random(in: 0..<significant.count, using: &random)]
                    }
                }
                tried += 1
                guard let quick = Self.quick(bytes) else { continue }
                taken += 1
                #expect(quick == Self.decoded(bytes), "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(taken > tried / 20)  // the mangling leaves many lines readable: the comparison is made
    }
}
