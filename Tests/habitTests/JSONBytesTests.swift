import Foundation
import HabitKit
import Testing
@testable import habit

/// ``JSONBytes`` writes the JSON of a long listing's rows by hand (issue 28); these tests hold it
/// to the bytes of the executable's encoder (``Output/makeEncoder()``) on many values: hostile
/// strings (quotes, backslashes, slashes, every control character, DEL, U+2028, combining marks,
/// emoji), odd doubles (±0, subnormals, 1e-07, 1e+16, the largest, ±infinity, NaN, random bit
/// patterns) and metadata keys whose UTF-8 order differs from `String`'s.
@Suite struct JSONBytesTests {
    static let calendar = HabitCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)

    /// Values from a seeded generator (``SyncTests/Seeded``), so a failure names a reproducible case.
    struct Values {
        var seeded: SyncTests.Seeded

        init(state: UInt64) { seeded = SyncTests.Seeded(state: state) }

        mutating func next() -> UInt64 { seeded.next() }

        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

        static let pieces: [String] = ["", "a", "Z", "/", "//", "\\", "\"", "\n", "\r", "\t", "\u{8}", "\u{c}", "\u{0}", "\u{1}", "\u{1b}",
                                       "\u{1f}", " ", "\u{7f}", "\u{2028}", "\u{2029}", "é", "e\u{301}", "A\u{30a}", "ä", "ﬁ", "😀", "👩‍👩‍👧",
                                       "\u{feff}", "\u{ffff}", "\u{10000}", "<>&'", "a10", "a2", "_", "-", "null", "{\"k\":1}", "1.0"]

        mutating func string() -> String { (0..<Int(next() % 5)).map { _ in pick(Self.pieces) }.joined() }

        mutating func optionalString() -> String? { next() % 4 == 0 ? nil : string() }

        static let doubles: [Double] = [0, -0.0, 1, -1, 0.1, 0.5, 2.5, 1 / 3, 100, 1e-7, 1e-5, 1e-4, 1e15, 1e16, 1e17, 1e20, 123456789012345678,
                                        4.9e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308, 42.195,
                                        .infinity, -.infinity, .nan, 9007199254740993, 0.30000000000000004,
                                        9_999_999_999_999_998, -9_999_999_999_999_998, -1e15, 1800, -600, 4503599627370497,
                                        9_007_199_254_740_992, -9_007_199_254_740_992, 9_007_199_254_740_991, 9_007_199_254_740_994]

        mutating func double() -> Double {
            next() % 3 == 0 ? Double(bitPattern: next()) : pick(Self.doubles)
        }

        mutating func optionalDouble() -> Double? { next() % 4 == 0 ? nil : double() }

        mutating func metadata() -> [String: String]? {
            guard next() % 3 != 0 else { return nil }
            var pairs: [String: String] = [:]
            for _ in 0..<Int(next() % 6) { pairs[string()] = string() }
            return pairs
        }

        mutating func date() -> Date { Date(timeIntervalSince1970: Double(next() % 4_000_000_000) + pick([0, 0.25, 0.000001, 0.5])) }

        /// Any UUID.
        mutating func uuid() -> UUID {
            let a = next(), b = next()
            return withUnsafeBytes(of: (a, b)) { UUID(uuid: $0.load(as: uuid_t.self)) }
        }

        /// Instants from year -29,700 to 33,600 (the spelled path outside years 0–9999), back to
        /// 1780 (LMT offsets), and ``date()``'s; some with microseconds.
        mutating func wideDate() -> Date {
            switch next() % 4 {
            case 0: Date(timeIntervalSince1970: Double(Int64(bitPattern: next()) % 1_000_000_000_000) + pick([0, 0.25, 0.999999, 0.000123]))
            case 1: Date(timeIntervalSince1970: -Double(next() % 6_000_000_000))
            default: date()
            }
        }
    }

    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham", "UTC"]
        .map { HabitCalendar(timeZone: TimeZone(identifier: $0)!) }

    /// ``sample(_:)`` with any UUIDs and ``Values/wideDate()`` instants.
    func wideSample(_ v: inout Values) -> Sample {
        var s = sample(&v)
        (s.uuid, s.start, s.end, s.created, s.workout) = (v.uuid(), v.wideDate(), v.wideDate(), v.wideDate(), v.next() % 2 == 0 ? nil : v.uuid())
        return s
    }

    /// ``workout(_:)`` with any UUID and ``Values/wideDate()`` instants.
    func wideWorkout(_ v: inout Values) -> Workout {
        var w = workout(&v)
        (w.uuid, w.start, w.end, w.created) = (v.uuid(), v.wideDate(), v.wideDate(), v.wideDate())
        return w
    }

    static func encoded<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try Output.makeEncoder().encode(value), as: UTF8.self)
    }

    static func written(_ body: (inout JSONBytes) throws -> Void) rethrows -> String {
        var json = JSONBytes()
        try body(&json)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// The app's source, an extension of it, or an imported one (each with its own display name).
    func source(_ v: inout Values) -> SourceID {
        (try? SourceID(v.pick(["dev.habit", "dev.habit.hiit", "com.apple.Health", "com.example.\u{e9}t\u{e9}"]))) ?? .app
    }

    func sample(_ v: inout Values) -> Sample {
        Sample(uuid: UUID(uuid: (UInt8(v.next() % 256), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)), type: v.string(), start: v.date(),
               end: v.date(), value: v.optionalDouble(), unit: v.optionalString(), source: source(&v), device: v.optionalString(),
               metadata: v.metadata() ?? [:], created: v.date(), utcOffset: Int(v.next() % 3600), timeZoneID: v.string(),
               workout: v.next() % 2 == 0 ? nil : UUID())
    }

    func workout(_ v: inout Values) -> Workout {
        Workout(uuid: UUID(), activityType: v.string(), start: v.date(), end: v.date(), duration: v.double(), totalEnergyKcal: v.optionalDouble(),
                totalDistanceMeters: v.optionalDouble(), source: source(&v), device: v.optionalString(), metadata: v.metadata() ?? [:],
                created: v.date(), utcOffset: 0, timeZoneID: v.string())
    }

    @Test func stringsNumbersAndObjectsAreTheEncodersBytes() throws {
        var v = Values(state: 1)
        for piece in Values.pieces { #expect(Self.written { $0.string(piece) } == (try Self.encoded(piece)), "\(piece.debugDescription)") }
        for x in Values.doubles { #expect(Self.written { $0.number(x) } == (try Self.encoded(x)), "\(x)") }
        for n in [0, 1, -1, Int.max, Int.min, 3600, -7200] { #expect(Self.written { $0.number(n) } == (try Self.encoded(n))) }
        for _ in 0..<3000 {
            let x = Double(bitPattern: v.next())
            #expect(Self.written { $0.number(x) } == (try Self.encoded(x)), "\(x.bitPattern)")
            // Whole numbers of every size up to 1e18, both signs (the integer path ends at 2^53).
            let whole = Double(Int64(bitPattern: v.next()) >> Int64(v.next() % 63)).rounded(.towardZero)
            #expect(Self.written { $0.number(whole) } == (try Self.encoded(whole)), "\(whole)")
            let n = Int(truncatingIfNeeded: v.next()) >> Int(v.next() % 64)
            #expect(Self.written { $0.number(n) } == (try Self.encoded(n)), "\(n)")
            let s = v.string()
            #expect(Self.written { $0.string(s) } == (try Self.encoded(s)), "\(s.debugDescription)")
            let pairs = v.metadata() ?? [:]
            #expect(Self.written { $0.object(pairs) } == (try Self.encoded(pairs)), "\(pairs)")
        }
        // Every byte below 0x80 alone and within text.
        for c in 0..<0x80 {
            let s = "x" + String(UnicodeScalar(UInt8(c))) + "y"
            #expect(Self.written { $0.string(s) } == (try Self.encoded(s)), "byte \(c)")
        }
    }

    /// Samples, workouts and entries, written straight from them, in zones with half-hour and LMT
    /// offsets, for instants far outside years 0–9999, with any UUIDs and sources of every kind.
    @Test func samplesWorkoutsAndEntriesAreTheEncodersBytes() throws {
        var v = Values(state: 2)
        for round in 0..<3000 {
            let calendar = v.pick(Self.zones)
            let s = wideSample(&v)
            #expect(Self.written { $0.sample(s, calendar) } == (try Self.encoded(SampleJSON(s, calendar: calendar))), "sample \(round)")
            let w = wideWorkout(&v)
            #expect(Self.written { $0.workout(w, calendar) } == (try Self.encoded(WorkoutJSON(w, calendar: calendar))), "workout \(round)")
            let entry: Entry = v.next() % 2 == 0 ? .sample(wideSample(&v))
                : .workout(wideWorkout(&v), samples: (0..<Int(v.next() % 4)).map { _ in wideSample(&v) })
            #expect(Self.written { $0.entry(entry, calendar: calendar) } == (try Self.encoded(EntryJSON(entry, calendar: calendar))), "entry \(round)")
        }
    }

    @Test func interchangeLinesAreTheEncodersBytes() throws {
        var v = Values(state: 3)
        for round in 0..<1500 {
            let calendar = v.pick(Self.zones)
            let s = InterchangeLine.data(.sample(wideSample(&v), SourceDescription(name: v.string(), version: v.optionalString())))
            var handled = false
            let sampleLine = Self.written { handled = $0.interchangeLine(s, calendar: calendar) }
            #expect(handled)
            #expect(sampleLine == (try Self.encoded(InterchangeLineJSON(s, calendar: calendar))), "sample line \(round)")
            let stats = (0..<Int(v.next() % 3)).map { _ in
                WorkoutStatistic(type: v.string(), start: v.next() % 2 == 0 ? nil : v.wideDate(), end: v.next() % 2 == 0 ? nil : v.wideDate(),
                                 average: v.optionalDouble(), minimum: v.optionalDouble(), maximum: v.optionalDouble(), sum: v.optionalDouble(),
                                 unit: v.optionalString())
            }
            let events = (0..<Int(v.next() % 3)).map { _ in
                WorkoutEvent(type: v.string(), date: v.next() % 2 == 0 ? nil : v.wideDate(), duration: v.optionalDouble(), durationUnit: v.optionalString())
            }
            let w = InterchangeLine.data(.workout(wideWorkout(&v), SourceDescription(name: v.string(), version: v.optionalString()),
                                                  statistics: stats, events: events))
            let workoutLine = Self.written { handled = $0.interchangeLine(w, calendar: calendar) }
            #expect(handled)
            #expect(workoutLine == (try Self.encoded(InterchangeLineJSON(w, calendar: calendar))), "workout line \(round)")
        }
        // Other kinds are left to the encoder: nothing written, false.
        for other in [InterchangeLine.anchor(name: "phone"),
                      .data(.skip(SkippedDay(uuid: UUID(), habitID: "h", habitName: "walk", day: LocalDay(ordinal: 20_000),
                                             created: Date(timeIntervalSince1970: 0), anchor: 1)))] {
            var handled = true
            #expect(Self.written { handled = $0.interchangeLine(other, calendar: Self.calendar) }.isEmpty)
            #expect(!handled)
        }
    }

    @Test func timelineDaysAreTheEncodersBytes() throws {
        var v = Values(state: 4)
        let encoder = Output.makeEncoder()
        for round in 0..<800 {
            let calendar = v.pick(Self.zones)
            var items: [TimelineItem] = []
            for _ in 0..<Int(v.next() % 5) {
                switch v.next() % 4 {
                case 0:
                    let entry: Entry = v.next() % 2 == 0 ? .sample(wideSample(&v)) : .workout(wideWorkout(&v), samples: [wideSample(&v)])
                    items.append(.entry(entry))
                case 1:
                    let hr = v.next() % 3 == 0 ? nil
                        : WorkoutHeartRate(average: v.double(), maximum: v.optionalDouble(), derivedFrom: v.next() % 2 == 0 ? nil : v.pick([0, 1, Int(v.next() % 500)]))
                    items.append(.workout(wideWorkout(&v), heartRate: hr))
                case 2:  // rings: the encoder writes them
                    items.append(.rings(ActivitySummary(day: LocalDay(ordinal: Int(v.next() % 30_000)), moveKcal: v.optionalDouble()), dayStart: v.date()))
                default:  // a night: the encoder writes it
                    var night = Recovery(start: v.date(), end: v.date(), stages: [.deep: v.double(), .rem: v.double()])
                    night.restingHeartRate = v.optionalDouble()
                    items.append(.recovery(night))
                }
            }
            let day = TimelineDay(day: LocalDay(ordinal: Int(v.next() % 60_000) - 10_000), items: items)
            let expected = try Self.encoded(try #require(TimelineJSON([day], calendar: calendar).days.first))
            #expect(try Self.written { try $0.timelineDay(day, calendar: calendar, encoder: encoder) } == expected, "day \(round)")
        }
    }
}
