import Foundation
import HabitKit
import Testing
@testable import habit

extension QuickLineTests {
    /// The quick reader held to its rule, the decoder, on generated lines (issue 48, "Twins earn
    /// their place"): random samples, workouts (statistics, events), skips and days of rings —
    /// any UUIDs, instants from year −29,700 to 33,600 in six zones, hostile strings and odd
    /// doubles (``JSONBytesTests/Values``) — written as habit writes them, then respelled as
    /// another writer may: spaces around the structure, letters and digits in strings written as
    /// `\u00XX`, a byte dropped, doubled or replaced. Whatever the quick reader takes, the decoder
    /// reads to the same value; and it takes the lines habit writes of its kinds unless a value
    /// is one it leaves to the decoder.
    @Test func aGeneratedLineIsReadQuicklyOnlyAsTheDecoderReadsIt() throws {
        var v = JSONBytesTests.Values(state: 48)
        let writer = JSONBytesTests()
        let encoder = Output.makeEncoder()
        var taken = 0, written = 0, respelled = 0, respelledTaken = 0
        for round in 0..<300 {
            let calendar = v.pick(JSONBytesTests.zones)
            let source = SourceDescription(name: v.string(), version: v.optionalString())
            let object: InterchangeObject = switch v.next() % 4 {
            case 0: .sample(writer.wideSample(&v), source)
            case 1: .workout(writer.wideWorkout(&v), source,
                             statistics: (0..<Int(v.next() % 3)).map { _ in
                                 WorkoutStatistic(type: v.string(), start: v.next() % 2 == 0 ? nil : v.wideDate(), end: nil,
                                                  average: v.optionalDouble(), minimum: v.optionalDouble(), maximum: nil,
                                                  sum: v.optionalDouble(), unit: v.optionalString())
                             },
                             events: (0..<Int(v.next() % 3)).map { _ in
                                 WorkoutEvent(type: v.string(), date: v.next() % 2 == 0 ? nil : v.wideDate(), duration: v.optionalDouble(),
                                              durationUnit: v.optionalString())
                             })
            case 2: .skip(SkippedDay(uuid: v.uuid(), habitID: v.next() % 3 == 0 ? nil : v.string(), habitName: v.optionalString(),
                                     day: LocalDay(ordinal: Int(v.next() % 60_000) - 10_000), created: v.wideDate(), anchor: 1))
            default: .activitySummary(ActivitySummary(day: LocalDay(ordinal: Int(v.next() % 30_000)), moveKcal: v.optionalDouble(),
                                                      moveGoalKcal: v.optionalDouble(), moveMinutes: v.optionalDouble()))
            }
            let line = Array(try encoder.encode(InterchangeLineJSON(.data(object), calendar: calendar)))
            written += 1
            if let quick = Self.quick(line) {
                taken += 1
                #expect(quick == Self.decoded(line), "round \(round): \(String(decoding: line, as: UTF8.self))")
            }
            for _ in 0..<3 {
                let other = Self.respelled(line, &v)
                respelled += 1
                guard let quick = Self.quick(other) else { continue }
                respelledTaken += 1
                #expect(quick == Self.decoded(other), "round \(round): \(String(decoding: other, as: UTF8.self))")
            }
        }
        // The comparisons are made: most lines habit writes are taken, and many respelled ones.
        #expect(taken > written / 2 && respelledTaken > respelled / 10)
    }

    /// `line` written another way: spaces after structural bytes, letters and digits inside
    /// strings escaped as `\u00XX`, and sometimes a byte dropped, doubled or replaced.
    static func respelled(_ line: [UInt8], _ v: inout JSONBytesTests.Values) -> [UInt8] {
        var out: [UInt8] = []
        var inString = false, escaped = false
        for byte in line {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if (byte >= 0x30 && byte <= 0x39 || byte >= 0x61 && byte <= 0x7A), v.next() % 500 == 0 {
                    out += Array(String(format: "\\u%04x", byte).utf8)
                    continue
                }
                out.append(byte)
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            out.append(byte)
            if [UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "{"), UInt8(ascii: "[")].contains(byte), v.next() % 6 == 0 {
                out += [UInt8](repeating: UInt8(ascii: " "), count: Int(v.next() % 3) + 1)
            }
        }
        if v.next() % 3 == 0, !out.isEmpty {
            let at = Int(v.next() % UInt64(out.count))
            let significant = Array(#"{}[]:,"\ -.eE019nul"#.utf8) + [0x00, 0x1F, 0xC3, 0xFF]
            switch v.next() % 3 {
            case 0: out.remove(at: at)
            case 1: out.insert(out[at], at: at)
            default: out[at] = significant[Int(v.next() % UInt64(significant.count))]
            }
        }
        return out
    }
}
