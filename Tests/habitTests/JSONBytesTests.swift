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

    func sampleJSON(_ v: inout Values) -> SampleJSON {
        SampleJSON(uuid: v.string(), type: v.string(), start: v.string(), end: v.string(), value: v.optionalDouble(), unit: v.optionalString(),
                   source: v.string(), workout: v.optionalString(), metadata: v.metadata())
    }

    func workoutJSON(_ v: inout Values) -> WorkoutJSON {
        WorkoutJSON(uuid: v.string(), activityType: v.string(), start: v.string(), end: v.string(), duration: v.double(),
                    totalEnergyKcal: v.optionalDouble(), totalDistanceMeters: v.optionalDouble(), source: v.string(), metadata: v.metadata())
    }

    func recordedJSON(_ v: inout Values) -> RecordedJSON {
        RecordedJSON(sourceName: v.string(), sourceVersion: v.optionalString(), device: v.optionalString(), created: v.string(),
                     utcOffset: v.next() % 4 == 0 ? nil : Int(truncatingIfNeeded: v.next()) % 100_000, timeZone: v.string())
    }

    func detailsJSON(_ v: inout Values) -> WorkoutDetailsJSON {
        let statistics = (0..<Int(v.next() % 3)).map { _ in
            WorkoutDetailsJSON.Statistic(type: v.string(), start: v.optionalString(), end: v.optionalString(), average: v.optionalDouble(),
                                         minimum: v.optionalDouble(), maximum: v.optionalDouble(), sum: v.optionalDouble(), unit: v.optionalString())
        }
        let events = (0..<Int(v.next() % 3)).map { _ in
            WorkoutDetailsJSON.Event(type: v.string(), date: v.optionalString(), duration: v.optionalDouble(), durationUnit: v.optionalString())
        }
        return WorkoutDetailsJSON(statistics: v.next() % 3 == 0 ? nil : statistics, events: v.next() % 3 == 0 ? nil : events)
    }

    func sample(_ v: inout Values) -> Sample {
        Sample(uuid: UUID(uuid: (UInt8(v.next() % 256), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)), type: v.string(), start: v.date(),
               end: v.date(), value: v.optionalDouble(), unit: v.optionalString(), source: .app, device: v.optionalString(),
               metadata: v.metadata() ?? [:], created: v.date(), utcOffset: Int(v.next() % 3600), timeZoneID: v.string(),
               workout: v.next() % 2 == 0 ? nil : UUID())
    }

    func workout(_ v: inout Values) -> Workout {
        Workout(uuid: UUID(), activityType: v.string(), start: v.date(), end: v.date(), duration: v.double(), totalEnergyKcal: v.optionalDouble(),
                totalDistanceMeters: v.optionalDouble(), source: .app, device: v.optionalString(), metadata: v.metadata() ?? [:],
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

    @Test func samplesWorkoutsAndEntriesAreTheEncodersBytes() throws {
        var v = Values(state: 2)
        for round in 0..<1500 {
            let s = sampleJSON(&v)
            #expect(Self.written { $0.sample(s) } == (try Self.encoded(s)), "sample \(round)")
            let w = workoutJSON(&v)
            #expect(Self.written { $0.workout(w) } == (try Self.encoded(w)), "workout \(round)")
            let entry = v.next() % 2 == 0 ? Entry.sample(sample(&v)) : Entry.workout(workout(&v), samples: (0..<Int(v.next() % 3)).map { _ in sample(&v) })
            let e = EntryJSON(entry, calendar: Self.calendar)
            #expect(Self.written { $0.entry(e) } == (try Self.encoded(e)), "entry \(round)")
        }
    }

    /// `log list --json` writes each entry straight from the ``Entry`` (its UUIDs and instants as
    /// bytes, no ``EntryJSON`` made): the encoder's bytes of its ``EntryJSON``, in zones with
    /// half-hour and LMT offsets, for instants from year -20000 to 30000 (the spelled path outside
    /// 0–9999), with random UUIDs.
    @Test func entriesWrittenStraightAreTheEncodersBytes() throws {
        var v = Values(state: 5)
        for round in 0..<3000 {
            let calendar = v.pick(Self.zones)
            let entry: Entry = v.next() % 2 == 0 ? .sample(wideSample(&v))
                : .workout(wideWorkout(&v), samples: (0..<Int(v.next() % 4)).map { _ in wideSample(&v) })
            let expected = try Self.encoded(EntryJSON(entry, calendar: calendar))
            #expect(Self.written { $0.entry(entry, calendar: calendar) } == expected, "entry \(round)")
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
                WorkoutStatistic(type: v.string(), start: v.next() % 2 == 0 ? nil : v.date(), end: v.next() % 2 == 0 ? nil : v.date(),
                                 average: v.optionalDouble(), minimum: v.optionalDouble(), maximum: v.optionalDouble(), sum: v.optionalDouble(),
                                 unit: v.optionalString())
            }
            let events = (0..<Int(v.next() % 3)).map { _ in
                WorkoutEvent(type: v.string(), date: v.next() % 2 == 0 ? nil : v.date(), duration: v.optionalDouble(), durationUnit: v.optionalString())
            }
            let w = InterchangeLine.data(.workout(wideWorkout(&v), SourceDescription(name: v.string(), version: v.optionalString()),
                                                  statistics: stats, events: events))
            let workoutLine = Self.written { handled = $0.interchangeLine(w, calendar: calendar) }
            #expect(handled)
            #expect(workoutLine == (try Self.encoded(InterchangeLineJSON(w, calendar: calendar))), "workout line \(round)")
            // The merged shapes on their own values, beyond what a Sample can hold.
            let merged = InterchangeSampleJSON(sampleJSON(&v), recordedJSON(&v))
            #expect(Self.written { $0.sample(merged.sample, recorded: merged.recorded) } == (try Self.encoded(merged)), "merged sample \(round)")
            let mergedWorkout = InterchangeWorkoutJSON(MergedJSON(workoutJSON(&v), recordedJSON(&v)), detailsJSON(&v))
            #expect(Self.written { $0.workout(mergedWorkout.workout, recorded: mergedWorkout.recorded, details: mergedWorkout.details) }
                    == (try Self.encoded(mergedWorkout)), "merged workout \(round)")
        }
        // Other kinds are left to the encoder: nothing written, false.
        for other in [InterchangeLine.anchor(name: "phone"), .data(.skip(SkippedDay(uuid: UUID(), habitID: "h", habitName: "walk", day: LocalDay(ordinal: 20_000), created: Date(timeIntervalSince1970: 0), anchor: 1)))] {
            var handled = true
            #expect(Self.written { handled = $0.interchangeLine(other, calendar: Self.calendar) }.isEmpty)
            #expect(!handled)
        }
    }

    @Test func timelineDaysAreTheEncodersBytes() throws {
        var v = Values(state: 4)
        let encoder = Output.makeEncoder()
        for round in 0..<800 {
            var items: [TimelineJSON.Item] = []
            for _ in 0..<Int(v.next() % 4) {
                switch v.next() % 3 {
                case 0:
                    items.append(.init(kind: v.string(), entry: EntryJSON(.sample(sample(&v)), calendar: Self.calendar), sourceName: v.optionalString()))
                case 1:
                    items.append(.init(kind: v.string(), workout: workoutJSON(&v), sourceName: v.optionalString(), averageHeartRate: v.optionalDouble(),
                                       maximumHeartRate: v.optionalDouble(), heartRateDerivedFrom: v.next() % 2 == 0 ? nil : Int(v.next() % 500)))
                default:  // a night: the encoder writes it
                    items.append(.init(kind: "recovery", start: v.string(), end: v.string(), asleepSeconds: v.double(), inBedSeconds: v.double(),
                                       stages: ["deep": v.double(), "rem": v.double()], restingHeartRate: v.optionalDouble()))
                }
            }
            let day = TimelineJSON.Day(date: v.string(), items: items)
            #expect(try Self.written { try $0.timelineDay(day, encoder: encoder) } == (try Self.encoded(day)), "day \(round)")
        }
    }
}
