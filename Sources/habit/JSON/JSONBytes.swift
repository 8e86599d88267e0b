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

// The shapes, each key in sorted order (the order is checked against the encoder by the tests).
extension JSONBytes {
    /// A ``SampleJSON`` object (an interchange sample adds its ``RecordedJSON`` keys among them).
    mutating func sample(_ s: some SampleJSONFields, recorded r: RecordedJSON? = nil) {
        raw("{")
        if let r {
            raw("\"created\":"); string(r.created); raw(",")
            if let device = r.device { raw("\"device\":"); string(device); raw(",") }
        }
        raw("\"end\":"); s.put(.end, &self)
        if let metadata = s.metadata { raw(",\"metadata\":"); object(metadata) }
        raw(",\"source\":"); string(s.source)
        if let r { sourceName(r) }
        raw(",\"start\":"); s.put(.start, &self)
        if let r { raw(",\"timeZone\":"); string(r.timeZone) }
        raw(",\"type\":"); string(s.type)
        raw(",\"unit\":"); nullable(s.unit)
        if let r { raw(",\"utcOffset\":"); if let o = r.utcOffset { number(o) } else { raw("null") } }
        raw(",\"uuid\":"); s.put(.uuid, &self)
        raw(",\"value\":"); nullable(s.value)
        if s.hasWorkout { raw(",\"workout\":"); s.put(.workout, &self) }
        raw("}")
    }

    /// A ``WorkoutJSON`` object (an interchange workout adds its ``RecordedJSON`` keys and details among them).
    mutating func workout(_ w: some WorkoutJSONFields, recorded r: RecordedJSON? = nil, details: WorkoutDetailsJSON? = nil) {
        raw("{\"activityType\":"); string(w.activityType)
        if let r {
            raw(",\"created\":"); string(r.created)
            if let device = r.device { raw(",\"device\":"); string(device) }
        }
        raw(",\"duration\":"); number(w.duration)
        raw(",\"end\":"); w.put(.end, &self)
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
        if let metadata = w.metadata { raw(",\"metadata\":"); object(metadata) }
        raw(",\"source\":"); string(w.source)
        if let r { sourceName(r) }
        raw(",\"start\":"); w.put(.start, &self)
        if let statistics = details?.statistics {
            raw(",\"statistics\":")
            array(statistics) { json, s in json.statistic(s) }
        }
        if let r { raw(",\"timeZone\":"); string(r.timeZone) }
        raw(",\"totalDistanceMeters\":"); nullable(w.totalDistanceMeters)
        raw(",\"totalEnergyKcal\":"); nullable(w.totalEnergyKcal)
        if let r { raw(",\"utcOffset\":"); if let o = r.utcOffset { number(o) } else { raw("null") } }
        raw(",\"uuid\":"); w.put(.uuid, &self)
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

    /// ``EntryJSON`` of `e` written straight from the entry: its UUIDs and instants go into the
    /// bytes with no String made (``ListedSample``, ``ListedWorkout``). `JSONBytesTests` checks it
    /// gives the bytes of ``entry(_:)-(EntryJSON)``.
    mutating func entry(_ e: Entry, calendar: HabitCalendar) {
        switch e {
        case .sample(let s):
            raw("{\"kind\":\"sample\",\"sample\":"); sample(ListedSample(sample: s, calendar: calendar))
        case .workout(let w, let samples):
            raw("{\"kind\":\"workout\",\"samples\":")
            array(samples) { json, s in json.sample(ListedSample(sample: s, calendar: calendar)) }
            raw(",\"workout\":"); workout(ListedWorkout(workout: w, calendar: calendar))
        }
        raw("}")
    }

    mutating func entry(_ e: EntryJSON) {
        raw("{\"kind\":"); string(e.kind)
        if let s = e.sample { raw(",\"sample\":"); sample(s) }
        if let samples = e.samples {
            raw(",\"samples\":")
            array(samples) { json, s in json.sample(s) }
        }
        if let w = e.workout { raw(",\"workout\":"); workout(w) }
        raw("}")
    }

    /// The interchange line of a sample or workout written straight from it: its UUIDs and instants
    /// go into the bytes with no String made; the encoder's bytes of its
    /// ``InterchangeLineJSON`` (`JSONBytesTests`). False (nothing written) for any other
    /// line, which the caller encodes with the encoder.
    mutating func interchangeLine(_ line: InterchangeLine, calendar: HabitCalendar) -> Bool {
        guard case .data(let object) = line else { return false }
        switch object {
        case .sample(let s, let source):
            raw("{\"kind\":\"sample\",\"sample\":")
            sample(ListedSample(sample: s, calendar: calendar, precise: true),
                   recorded: RecordedJSON(source: source, device: s.device, created: InterchangeField.text(of: s.created, calendar),
                                          utcOffset: s.utcOffset, timeZoneID: s.timeZoneID))
        case .workout(let w, let source, let statistics, let events):
            raw("{\"kind\":\"workout\",\"workout\":")
            workout(ListedWorkout(workout: w, calendar: calendar, precise: true),
                    recorded: RecordedJSON(source: source, device: w.device, created: InterchangeField.text(of: w.created, calendar),
                                           utcOffset: w.utcOffset, timeZoneID: w.timeZoneID),
                    details: WorkoutDetailsJSON(statistics, events, calendar: calendar))
        case .habit, .skip, .activitySummary:
            return false
        }
        raw("}")
        return true
    }

    /// A timeline item of an entry or a workout; false (nothing written) for rings and nights,
    /// which the caller encodes with the encoder.
    mutating func timelineItem(_ item: TimelineJSON.Item) -> Bool {
        guard item.rings == nil, item.start == nil, item.end == nil, item.asleepSeconds == nil, item.inBedSeconds == nil,
              item.stages == nil, item.restingHeartRate == nil, item.heartRateVariability == nil else { return false }
        switch (item.entry, item.workout) {
        case (let e?, nil):
            guard item.averageHeartRate == nil, item.maximumHeartRate == nil, item.heartRateDerivedFrom == nil else { return false }
            raw("{\"entry\":"); entry(e)
            raw(",\"kind\":"); string(item.kind)
        case (nil, let w?):
            raw("{")
            if let x = item.averageHeartRate { raw("\"averageHeartRate\":"); number(x); raw(",") }
            if let n = item.heartRateDerivedFrom { raw("\"heartRateDerivedFrom\":"); number(n); raw(",") }
            raw("\"kind\":"); string(item.kind)
            if let x = item.maximumHeartRate { raw(",\"maximumHeartRate\":"); number(x) }
            if let name = item.sourceName { raw(",\"sourceName\":"); string(name) }
            raw(",\"workout\":"); workout(w)
            raw("}")
            return true
        default:
            return false
        }
        if let name = item.sourceName { raw(",\"sourceName\":"); string(name) }
        raw("}")
        return true
    }

    /// A timeline day, `{"date","items":[…]}`: entries and workouts written here, rings and
    /// nights by `encoder`.
    mutating func timelineDay(_ day: TimelineJSON.Day, encoder: JSONEncoder) throws {
        raw("{\"date\":"); string(day.date); raw(",\"items\":")
        try array(day.items) { json, item in
            if !json.timelineItem(item) { json.raw(try encoder.encode(item)) }
        }
        raw("}")
    }
}

/// The text fields ``JSONBytes`` writes through the value itself: UUIDs and instants, which a
/// ``Sample`` or ``Workout`` writes as bytes and a ``SampleJSON`` or ``WorkoutJSON`` holds as Strings.
enum JSONTextField { case uuid, start, end, workout }

/// What ``JSONBytes/sample(_:recorded:)`` writes of a sample: its ``SampleJSON``, or the sample itself
/// (``ListedSample``).
protocol SampleJSONFields {
    var type: String { get }
    var value: Double? { get }
    var unit: String? { get }
    var source: String { get }
    /// Nil when empty (the key is left out).
    var metadata: [String: String]? { get }
    var hasWorkout: Bool { get }
    /// The field as a JSON string, quotes included.
    func put(_ field: JSONTextField, _ json: inout JSONBytes)
}

/// What ``JSONBytes/workout(_:recorded:details:)`` writes of a workout: its ``WorkoutJSON``, or the
/// workout itself (``ListedWorkout``).
protocol WorkoutJSONFields {
    var activityType: String { get }
    var duration: Double { get }
    var totalEnergyKcal: Double? { get }
    var totalDistanceMeters: Double? { get }
    var source: String { get }
    var metadata: [String: String]? { get }
    func put(_ field: JSONTextField, _ json: inout JSONBytes)
}

extension SampleJSON: SampleJSONFields {
    var hasWorkout: Bool { workout != nil }

    func put(_ field: JSONTextField, _ json: inout JSONBytes) {
        switch field {
        case .uuid: json.string(uuid)
        case .start: json.string(start)
        case .end: json.string(end)
        case .workout: json.string(workout ?? "")
        }
    }
}

extension WorkoutJSON: WorkoutJSONFields {
    func put(_ field: JSONTextField, _ json: inout JSONBytes) {
        switch field {
        case .uuid: json.string(uuid)
        case .start: json.string(start)
        case .end: json.string(end)
        case .workout: json.string("")
        }
    }
}

/// A sample as ``SampleJSON`` shows it, its instants in `calendar`'s zone (``SampleJSON/init(_:calendar:)``).
struct ListedSample: SampleJSONFields {
    let sample: Sample
    let calendar: HabitCalendar
    /// Instants with their microseconds, as an interchange line writes them (``InterchangeField/text(of:_:)``).
    var precise = false

    var type: String { sample.type }
    var value: Double? { sample.value }
    var unit: String? { sample.unit }
    var source: String { sample.source.bundleID }
    var metadata: [String: String]? { sample.metadata.isEmpty ? nil : sample.metadata }
    var hasWorkout: Bool { sample.workout != nil }

    func put(_ field: JSONTextField, _ json: inout JSONBytes) {
        switch field {
        case .uuid: json.uuid(sample.uuid)
        case .start: json.instant(sample.start, calendar, precise: precise)
        case .end: json.instant(sample.end, calendar, precise: precise)
        case .workout: if let w = sample.workout { json.uuid(w) } else { json.raw("null") }
        }
    }
}

/// A workout as ``WorkoutJSON`` shows it, its instants in `calendar`'s zone (``WorkoutJSON/init(_:calendar:)``).
struct ListedWorkout: WorkoutJSONFields {
    let workout: Workout
    let calendar: HabitCalendar
    /// Instants with their microseconds, as an interchange line writes them (``InterchangeField/text(of:_:)``).
    var precise = false

    var activityType: String { workout.activityType }
    var duration: Double { workout.duration }
    var totalEnergyKcal: Double? { workout.totalEnergyKcal }
    var totalDistanceMeters: Double? { workout.totalDistanceMeters }
    var source: String { workout.source.bundleID }
    var metadata: [String: String]? { workout.metadata.isEmpty ? nil : workout.metadata }

    func put(_ field: JSONTextField, _ json: inout JSONBytes) {
        switch field {
        case .uuid: json.uuid(workout.uuid)
        case .start: json.instant(workout.start, calendar, precise: precise)
        case .end: json.instant(workout.end, calendar, precise: precise)
        case .workout: json.raw("null")
        }
    }
}

extension JSONBytes {
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
