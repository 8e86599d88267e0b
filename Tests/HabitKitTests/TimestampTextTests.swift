import Foundation
import Testing
@testable import HabitKit

/// Dates and timestamps written as bytes (``LocalDay/description``, ``Timestamp/format(_:offsetSeconds:)``)
/// give the texts the digit-by-digit spelling gives.
@Suite struct TimestampTextTests {
    /// The spelling both had before they were written as bytes.
    static func spelled(_ day: LocalDay) -> String {
        Digits.pad(day.year, 4) + "-" + Digits.pad(day.month, 2) + "-" + Digits.pad(day.day, 2)
    }

    static func spelled(_ date: Date, offsetSeconds: Int) -> String {
        let local = Int((date.timeIntervalSince1970 + Double(offsetSeconds)).rounded(.down))
        let dayOrdinal = Int((Double(local) / 86400).rounded(.down))
        let secs = local - dayOrdinal * 86400
        let o = abs(offsetSeconds)
        return spelled(LocalDay(ordinal: dayOrdinal)) + "T" + Digits.pad(secs / 3600, 2) + ":" + Digits.pad((secs % 3600) / 60, 2)
            + ":" + Digits.pad(secs % 60, 2) + (offsetSeconds < 0 ? "-" : "+") + Digits.pad(o / 3600, 2) + ":"
            + Digits.pad((o % 3600) / 60, 2)
    }

    /// ``Timestamp/formatPrecise(_:offsetSeconds:)`` as it was spelled: the micro-seconds' digits
    /// without trailing zeros, spliced in before the offset.
    static func spelledPrecise(_ date: Date, offsetSeconds: Int) -> String {
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        let whole = (micros / 1_000_000).rounded(.down)
        let fraction = Int(micros - whole * 1_000_000)
        let base = spelled(Date(timeIntervalSince1970: whole), offsetSeconds: offsetSeconds)
        guard fraction > 0 else { return base }
        var digits = Digits.pad(fraction, 6)
        while digits.hasSuffix("0") { digits.removeLast() }
        let split = base.index(base.endIndex, offsetBy: -6)
        return base[..<split] + "." + digits + base[split...]
    }

    @Test(arguments: [
        (1_761_469_200.5, 3600, "2025-10-26T10:00:00.5+01:00"),
        (1_761_469_200.000_001, 0, "2025-10-26T09:00:00.000001+00:00"),
        (1_761_469_200.120_000_4, -16_200, "2025-10-26T04:30:00.12-04:30"),
        (1_761_469_200, 0, "2025-10-26T09:00:00+00:00"),
    ] as [(Double, Int, String)])
    func preciseTexts(seconds: Double, offset: Int, text: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(Timestamp.formatPrecise(date, offsetSeconds: offset) == text)
        #expect(Self.spelledPrecise(date, offsetSeconds: offset) == text)
    }

    @Test(arguments: [
        (0, 0, "1970-01-01T00:00:00+00:00"),
        (1_761_469_200, 3600, "2025-10-26T10:00:00+01:00"),
        (1_761_469_199, -16_200, "2025-10-26T04:29:59-04:30"),
        (-1, 37_800, "1970-01-01T10:29:59+10:30"),
        (-62_135_596_800, 0, "0001-01-01T00:00:00+00:00"),
        (253_402_300_799, 0, "9999-12-31T23:59:59+00:00"),
        (253_402_300_800, 0, "10000-01-01T00:00:00+00:00"),
        (-62_167_219_201, 0, "-0001-12-31T23:59:59+00:00"),
        (86_399, -17_762, "1970-01-01T19:03:57-04:56"),
    ] as [(Int, Int, String)])
    func knownTexts(seconds: Int, offset: Int, text: String) {
        let date = Date(timeIntervalSince1970: Double(seconds))
        #expect(Timestamp.format(date, offsetSeconds: offset) == text)
        #expect(Self.spelled(date, offsetSeconds: offset) == text)
    }

    @Test func randomInstantsAndOffsetsAsSpelled() {
        var rng = SeededRandom(seed: 24)
        for _ in 0..<50_000 {
            let seconds = Double(Int64.random(in: -63_000_000_000...260_000_000_000, using: &rng))
                + (Bool.random(using: &rng) ? Double.random(in: 0..<1, using: &rng) : 0)
            let offset = Int.random(in: -14 * 3600...14 * 3600, using: &rng) / (Bool.random(using: &rng) ? 900 : 1)
                * (Bool.random(using: &rng) ? 900 : 1)
            let date = Date(timeIntervalSince1970: seconds)
            #expect(Timestamp.format(date, offsetSeconds: offset) == Self.spelled(date, offsetSeconds: offset), "\(seconds) \(offset)")
            #expect(Timestamp.formatPrecise(date, offsetSeconds: offset) == Self.spelledPrecise(date, offsetSeconds: offset),
                     "\(seconds) \(offset)")
            let day = LocalDay(ordinal: Int.random(in: -800_000...3_000_000, using: &rng))
            #expect(day.description == Self.spelled(day))
        }
    }
}
