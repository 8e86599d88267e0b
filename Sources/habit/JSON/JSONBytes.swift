import Foundation
import HabitKit

/// JSON written by hand in the bytes the executable's encoder (``Output/makeEncoder()``) writes,
/// for the shapes a long listing writes once a row (issue 28: one JSONEncoder run a line was ~40 %
/// of an export). The encoder's spelling, which `JSONBytesTests` checks against it on many values:
/// keys sorted by their UTF-8 bytes; a number as `description` without a trailing ".0" (`1`, `0.1`,
/// `1e-07`, `1e+20`, `-0`), ±infinity and NaN as the strings "Infinity", "-Infinity", "NaN"; in a
/// string `"` `\` escaped, `\b` `\f` `\n` `\r` `\t`, other control characters as `\u00xx`
/// (lowercase hex), "/" and every other character as it is.
struct JSONBytes {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1024) }

    /// Text written as it is (a key with its quotes and colon, a bracket, a comma).
    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func raw(_ data: Data) { bytes.append(contentsOf: data) }

    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            bytes.append(0x22)
            var plainFrom = 0
            for (k, c) in utf8.enumerated() where c < 0x20 || c == 0x22 || c == 0x5C {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainFrom..<k]))
                plainFrom = k + 1
                bytes.append(0x5C)
                switch Self.shortEscape[Int(c)] {
                case 0: bytes.append(contentsOf: [0x75, 0x30, 0x30, Self.hex[Int(c >> 4)], Self.hex[Int(c & 0x0F)]])
                case let letter: bytes.append(letter)
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainFrom...]))
            bytes.append(0x22)
        }
    }

    mutating func number(_ x: Double) {
        guard x.isFinite else {
            return x.isNaN ? raw("\"NaN\"") : x > 0 ? raw("\"Infinity\"") : raw("\"-Infinity\"")
        }
        // A whole number under 2^53 is spelt as its integer (`description` gives its digits and
        // ".0" there; above 2^53 it may write an exponent: 9.999999999999998e+15); -0 keeps its
        // sign through `description`.
        if x.magnitude < 9_007_199_254_740_992, x.rounded(.towardZero) == x, !(x == 0 && x.sign == .minus) {
            return number(Int(x))
        }
        var text = x.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func number(_ x: Int) {
        if x < 0 { bytes.append(0x2D) }
        var m = x.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var i = 20
            repeat {
                i -= 1
                digits[i] = UInt8(truncatingIfNeeded: 48 + m % 10)
                m /= 10
            } while m > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i...]))
        }
    }

    /// A value of a ``Nullable`` key: `null` when absent.
    mutating func nullable(_ x: Double?) {
        if let x { number(x) } else { raw("null") }
    }

    mutating func nullable(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    /// `[…]`: each of `items` written by `element`, commas between.
    mutating func array<T>(_ items: [T], _ element: (inout JSONBytes, T) throws -> Void) rethrows {
        raw("[")
        for (n, item) in items.enumerated() {
            if n > 0 { raw(",") }
            try element(&self, item)
        }
        raw("]")
    }

    /// An object of strings, keys sorted by their UTF-8 bytes.
    mutating func object(_ pairs: [String: String]) {
        raw("{")
        for (n, key) in pairs.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
            if n > 0 { raw(",") }
            string(key)
            raw(":")
            string(pairs[key] ?? "")
        }
        raw("}")
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// The letter after the backslash of a byte's short escape (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`,
    /// `\t`), 0 for a control character written `\u00xx`; indexed by bytes up to `\`.
    private static let shortEscape: [UInt8] = (0...0x5C).map { (c: Int) -> UInt8 in
        switch c {
        case 0x08: 0x62
        case 0x09: 0x74
        case 0x0A: 0x6E
        case 0x0C: 0x66
        case 0x0D: 0x72
        case 0x22, 0x5C: UInt8(c)
        default: 0
        }
    }
}

// The shapes, written straight from the values a listing reads: their UUIDs and instants go into
// the bytes with no String made. Each key in sorted order; `JSONBytesTests` holds every shape to
// the encoder's bytes of its Codable struct (``SampleJSON``, ``WorkoutJSON``, ``EntryJSON``,
// ``InterchangeLineJSON``, ``TimelineJSON``).
extension JSONBytes {
    /// ``SampleJSON`` of `s`; with `precise` its instants keep their microseconds, and `recorded`
    /// adds an interchange sample's ``RecordedJSON`` keys among its keys.
    mutating func sample(_ s: Sample, _ calendar: HabitCalendar, precise: Bool = false, recorded r: RecordedJSON? = nil) {
        raw("{")
        if let r {
            raw("\"created\":"); string(r.created); raw(",")
            if let device = r.device { raw("\"device\":"); string(device); raw(",") }
        }
        raw("\"end\":"); instant(s.end, calendar, precise: precise)
        if !s.metadata.isEmpty { raw(",\"metadata\":"); object(s.metadata) }
        raw(",\"source\":"); string(s.source.bundleID)
        if let r { sourceName(r) }
        raw(",\"start\":"); instant(s.start, calendar, precise: precise)
        if let r { raw(",\"timeZone\":"); string(r.timeZone) }
        raw(",\"type\":"); string(s.type)
        raw(",\"unit\":"); nullable(s.unit)
        if let r { utcOffset(r) }
        raw(",\"uuid\":"); uuid(s.uuid)
        raw(",\"value\":"); nullable(s.value)
        if let workout = s.workout { raw(",\"workout\":"); uuid(workout) }
        raw("}")
    }

    /// ``WorkoutJSON`` of `w`; with `precise` its instants keep their microseconds, and an
    /// interchange workout adds its ``RecordedJSON`` keys and its details among its keys.
    mutating func workout(_ w: Workout, _ calendar: HabitCalendar, precise: Bool = false, recorded r: RecordedJSON? = nil,
                          details: WorkoutDetailsJSON? = nil) {
        raw("{\"activityType\":"); string(w.activityType)
        if let r {
            raw(",\"created\":"); string(r.created)
            if let device = r.device { raw(",\"device\":"); string(device) }
        }
        raw(",\"duration\":"); number(w.duration)
        raw(",\"end\":"); instant(w.end, calendar, precise: precise)
        if let events = details?.events {
            raw(",\"events\":")
            array(events) { json, e in
                json.raw("{")
                var comma = false
                if let date = e.date { json.raw("\"date\":"); json.string(date); comma = true }
                if let duration = e.duration { if comma { json.raw(",") }; json.raw("\"duration\":"); json.number(duration); comma = true }
                if let unit = e.durationUnit { if comma { json.raw(",") }; json.raw("\"durationUnit\":"); json.string(unit); comma = true }
                if comma { json.raw(",") }
                json.raw("\"type\":"); json.string(e.type); json.raw("}")
            }
        }
        if !w.metadata.isEmpty { raw(",\"metadata\":"); object(w.metadata) }
        raw(",\"source\":"); string(w.source.bundleID)
        if let r { sourceName(r) }
        raw(",\"start\":"); instant(w.start, calendar, precise: precise)
        if let statistics = details?.statistics {
            raw(",\"statistics\":")
            array(statistics) { json, s in json.statistic(s) }
        }
        if let r { raw(",\"timeZone\":"); string(r.timeZone) }
        raw(",\"totalDistanceMeters\":"); nullable(w.totalDistanceMeters)
        raw(",\"totalEnergyKcal\":"); nullable(w.totalEnergyKcal)
        if let r { utcOffset(r) }
        raw(",\"uuid\":"); uuid(w.uuid)
        raw("}")
    }

    private mutating func statistic(_ s: WorkoutDetailsJSON.Statistic) {
        raw("{")
        if let x = s.average { raw("\"average\":"); number(x); raw(",") }
        if let end = s.end { raw("\"end\":"); string(end); raw(",") }
        if let x = s.maximum { raw("\"maximum\":"); number(x); raw(",") }
        if let x = s.minimum { raw("\"minimum\":"); number(x); raw(",") }
        if let start = s.start { raw("\"start\":"); string(start); raw(",") }
        if let x = s.sum { raw("\"sum\":"); number(x); raw(",") }
        raw("\"type\":"); string(s.type)
        if let unit = s.unit { raw(",\"unit\":"); string(unit) }
        raw("}")
    }

    private mutating func sourceName(_ r: RecordedJSON) {
        raw(",\"sourceName\":"); string(r.sourceName)
        if let version = r.sourceVersion { raw(",\"sourceVersion\":"); string(version) }
    }

    private mutating func utcOffset(_ r: RecordedJSON) {
        raw(",\"utcOffset\":")
        if let o = r.utcOffset { number(o) } else { raw("null") }
    }

    /// ``EntryJSON`` of `e`.
    mutating func entry(_ e: Entry, calendar: HabitCalendar) {
        switch e {
        case .sample(let s):
            raw("{\"kind\":\"sample\",\"sample\":"); sample(s, calendar)
        case .workout(let w, let samples):
            raw("{\"kind\":\"workout\",\"samples\":")
            array(samples) { json, s in json.sample(s, calendar) }
            raw(",\"workout\":"); workout(w, calendar)
        }
        raw("}")
    }

    /// ``InterchangeLineJSON`` of a sample's or workout's line (instants with their microseconds).
    /// False (nothing written) for any other line, which the caller encodes with the encoder.
    mutating func interchangeLine(_ line: InterchangeLine, calendar: HabitCalendar) -> Bool {
        guard case .data(let object) = line else { return false }
        switch object {
        case .sample(let s, let source):
            raw("{\"kind\":\"sample\",\"sample\":")
            sample(s, calendar, precise: true,
                   recorded: RecordedJSON(source: source, device: s.device, created: InterchangeField.text(of: s.created, calendar),
                                          utcOffset: s.utcOffset, timeZoneID: s.timeZoneID))
        case .workout(let w, let source, let statistics, let events):
            raw("{\"kind\":\"workout\",\"workout\":")
            workout(w, calendar, precise: true,
                    recorded: RecordedJSON(source: source, device: w.device, created: InterchangeField.text(of: w.created, calendar),
                                           utcOffset: w.utcOffset, timeZoneID: w.timeZoneID),
                    details: WorkoutDetailsJSON(statistics, events, calendar: calendar))
        case .habit, .skip, .activitySummary:
            return false
        }
        raw("}")
        return true
    }

    /// A ``TimelineJSON/Day``, `{"date","items":[…]}`: entries and workouts written here, rings and
    /// nights by `encoder`.
    mutating func timelineDay(_ day: TimelineDay, calendar: HabitCalendar, encoder: JSONEncoder) throws {
        raw("{\"date\":"); string(day.day.description); raw(",\"items\":")
        try array(day.items) { json, item in
            switch item {
            case .entry(let e):
                json.raw("{\"entry\":"); json.entry(e, calendar: calendar)
                json.raw(",\"kind\":\"entry\",\"sourceName\":"); json.string(e.source.displayName)
            case .workout(let w, let hr):
                json.raw("{")
                if let x = hr?.average { json.raw("\"averageHeartRate\":"); json.number(x); json.raw(",") }
                if let n = hr?.derivedFrom { json.raw("\"heartRateDerivedFrom\":"); json.number(n); json.raw(",") }
                json.raw("\"kind\":\"workout\"")
                if let x = hr?.maximum { json.raw(",\"maximumHeartRate\":"); json.number(x) }
                json.raw(",\"sourceName\":"); json.string(w.source.displayName)
                json.raw(",\"workout\":"); json.workout(w, calendar)
            case .rings, .recovery:
                return json.raw(try encoder.encode(TimelineJSON.Item(item, calendar: calendar)))
            }
            json.raw("}")
        }
        raw("}")
    }

    /// A UUID as a JSON string (``UUID/storeText``, which needs no escaping).
    mutating func uuid(_ u: UUID) {
        bytes.append(0x22)
        u.appendStoreText(to: &bytes)
        bytes.append(0x22)
    }

    /// An instant as a JSON string (``HabitCalendar/iso8601(_:)``, or with `precise`
    /// ``InterchangeField/text(of:_:)``; neither needs escaping).
    mutating func instant(_ date: Date, _ calendar: HabitCalendar, precise: Bool = false) {
        bytes.append(0x22)
        if precise { InterchangeField.append(date, calendar, to: &bytes) } else { calendar.appendISO8601(date, to: &bytes) }
        bytes.append(0x22)
    }
}
