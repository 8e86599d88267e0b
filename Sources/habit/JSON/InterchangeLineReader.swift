import Foundation
import HabitKit

/// The quick way through the lines that make up almost all of an interchange or sync file —
/// `sample`, `skip` and `activitySummary` lines as habit writes them — without Foundation's
/// JSONDecoder, which on Linux costs tens of microseconds a line (issue 28).
///
/// It is only a shortcut: it gives the data object of the ``InterchangeLineJSON`` the decoder
/// would (its shape, then checked by the shape's own checks), or nil,
/// and on nil the caller decodes the line with JSONDecoder as before, so every line it does not
/// take — another kind, a key habit does not write, a key twice, a number written as a string,
/// an escape or number it does not read, text that is not UTF-8, anything that is not strict
/// JSON — is accepted or refused by the decoder with the decoder's words. What it takes it reads
/// strictly (RFC 8259), with every key the shapes require, so the shape's own checks
/// (``InterchangeLineJSON/line()``) then run on the same values.
enum InterchangeLineReader {
    static func line(_ bytes: UnsafeBufferPointer<UInt8>) -> InterchangeLineJSON.DataObject? {
        var scanner = JSONScanner(bytes)
        var kind: String?
        var object: (key: String, line: InterchangeLineJSON.DataObject)?
        let read = scanner.object { scanner, key in
            if key.is("kind") {
                guard kind == nil, let text = scanner.string() else { return false }
                kind = text
                return true
            }
            guard object == nil else { return false }
            let data: InterchangeLineJSON.DataObject?
            if key.is("sample") {
                data = sample(&scanner).map { .sample($0) }
            } else if key.is("workout") {
                data = workout(&scanner).map { .workout($0) }
            } else if key.is("skip") {
                data = skip(&scanner).map { .skip($0) }
            } else if key.is("activitySummary") {
                data = activitySummary(&scanner).map { .activitySummary($0) }
            } else {
                data = nil
            }
            guard let data else { return false }
            object = (key.text, data)
            return true
        }
        guard read, scanner.atEnd, let kind, let object, object.key == kind else { return nil }
        return object.line
    }

    private static func sample(_ s: inout JSONScanner) -> InterchangeSampleJSON? {
        var uuid, type, start, end, source: String?
        var value: Double??, unit: String??
        var workout: String?, metadata: [String: String]?
        var recorded = RecordedFields()
        var seen = KeySet()
        let read = s.object { s, key in
            switch key.count {
            case 3 where key.is("end"): return seen.first(0) && s.read(&end)
            case 4 where key.is("uuid"): return seen.first(1) && s.read(&uuid)
            case 4 where key.is("type"): return seen.first(2) && s.read(&type)
            case 4 where key.is("unit"): return seen.first(3) && s.readNullable(&unit)
            case 5 where key.is("start"): return seen.first(4) && s.read(&start)
            case 5 where key.is("value"): return seen.first(5) && s.readNullable(&value)
            case 6 where key.is("source"): return seen.first(6) && s.read(&source)
            case 7 where key.is("workout"): return seen.first(7) && s.readOptional(&workout)
            case 8 where key.is("metadata"): return seen.first(8) && s.readMetadata(&metadata)
            default: return recorded.read(key, &s)
            }
        }
        guard read, let uuid, let type, let start, let end, let value, let unit, let source, let recorded = recorded.json else { return nil }
        return InterchangeSampleJSON(
            SampleJSON(uuid: uuid, type: type, start: start, end: end, value: value, unit: unit, source: source, workout: workout,
                       metadata: metadata),
            recorded)
    }

    private static func workout(_ s: inout JSONScanner) -> InterchangeWorkoutJSON? {
        var uuid, activityType, start, end, source: String?
        var duration: Double?, energy: Double??, distance: Double??
        var metadata: [String: String]?, statistics: [WorkoutDetailsJSON.Statistic]?, events: [WorkoutDetailsJSON.Event]?
        var recorded = RecordedFields()
        var seen = KeySet()
        let read = s.object { s, key in
            if key.is("uuid") { return seen.first(0) && s.read(&uuid) }
            if key.is("activityType") { return seen.first(1) && s.read(&activityType) }
            if key.is("start") { return seen.first(2) && s.read(&start) }
            if key.is("end") { return seen.first(3) && s.read(&end) }
            if key.is("duration") { return seen.first(4) && s.read(&duration) }
            if key.is("totalEnergyKcal") { return seen.first(5) && s.readNullable(&energy) }
            if key.is("totalDistanceMeters") { return seen.first(6) && s.readNullable(&distance) }
            if key.is("source") { return seen.first(7) && s.read(&source) }
            if key.is("metadata") { return seen.first(8) && s.readMetadata(&metadata) }
            if key.is("statistics") {
                guard seen.first(9) else { return false }
                if s.null() { return true }
                statistics = s.array(statistic)
                return statistics != nil
            }
            if key.is("events") {
                guard seen.first(10) else { return false }
                if s.null() { return true }
                events = s.array(event)
                return events != nil
            }
            return recorded.read(key, &s)
        }
        guard read, let uuid, let activityType, let start, let end, let duration, let energy, let distance, let source,
              let recorded = recorded.json else { return nil }
        let workout = WorkoutJSON(uuid: uuid, activityType: activityType, start: start, end: end, duration: duration, totalEnergyKcal: energy,
                                  totalDistanceMeters: distance, source: source, metadata: metadata)
        return InterchangeWorkoutJSON(MergedJSON(workout, recorded), WorkoutDetailsJSON(statistics: statistics, events: events))
    }

    private static func statistic(_ s: inout JSONScanner) -> WorkoutDetailsJSON.Statistic? {
        var type, start, end, unit: String?
        var average, minimum, maximum, sum: Double?
        var seen = KeySet()
        let read = s.object { s, key in
            if key.is("type") { return seen.first(0) && s.read(&type) }
            if key.is("start") { return seen.first(1) && s.readOptional(&start) }
            if key.is("end") { return seen.first(2) && s.readOptional(&end) }
            if key.is("average") { return seen.first(3) && s.readOptional(&average) }
            if key.is("minimum") { return seen.first(4) && s.readOptional(&minimum) }
            if key.is("maximum") { return seen.first(5) && s.readOptional(&maximum) }
            if key.is("sum") { return seen.first(6) && s.readOptional(&sum) }
            if key.is("unit") { return seen.first(7) && s.readOptional(&unit) }
            return false
        }
        guard read, let type else { return nil }
        return .init(type: type, start: start, end: end, average: average, minimum: minimum, maximum: maximum, sum: sum, unit: unit)
    }

    private static func event(_ s: inout JSONScanner) -> WorkoutDetailsJSON.Event? {
        var type, date, durationUnit: String?
        var duration: Double?
        var seen = KeySet()
        let read = s.object { s, key in
            if key.is("type") { return seen.first(0) && s.read(&type) }
            if key.is("date") { return seen.first(1) && s.readOptional(&date) }
            if key.is("duration") { return seen.first(2) && s.readOptional(&duration) }
            if key.is("durationUnit") { return seen.first(3) && s.readOptional(&durationUnit) }
            return false
        }
        guard read, let type else { return nil }
        return .init(type: type, date: date, duration: duration, durationUnit: durationUnit)
    }

    private static func skip(_ s: inout JSONScanner) -> SkippedDayJSON? {
        var uuid, day, created: String?
        var habit, habitId: String??
        var seen = KeySet()
        let read = s.object { s, key in
            if key.is("uuid") { return seen.first(0) && s.read(&uuid) }
            if key.is("habit") { return seen.first(1) && s.readNullable(&habit) }
            if key.is("habitId") { return seen.first(2) && s.readNullable(&habitId) }
            if key.is("day") { return seen.first(3) && s.read(&day) }
            if key.is("created") { return seen.first(4) && s.read(&created) }
            return false
        }
        guard read, let uuid, let habit, let habitId, let day, let created else { return nil }
        return SkippedDayJSON(uuid: uuid, habit: habit, habitId: habitId, day: day, created: created)
    }

    private static func activitySummary(_ s: inout JSONScanner) -> ActivitySummaryJSON? {
        var day: String?
        var figures = [Double??](repeating: nil, count: ActivitySummaryJSON.figureKeys.count)
        var seen = KeySet()
        let read = s.object { s, key in
            if key.is("day") { return seen.first(0) && s.read(&day) }
            guard let index = ActivitySummaryJSON.figureKeys.firstIndex(where: { key.is($0) }) else { return false }
            return seen.first(index + 1) && s.readNullable(&figures[index])
        }
        guard read, let day else { return nil }
        var values: [Double?] = []
        for figure in figures {
            guard let figure else { return nil }
            values.append(figure)
        }
        return ActivitySummaryJSON(day: day, figures: values)
    }
}

/// The keys of ``RecordedJSON``, beside a sample's or a workout's.
private struct RecordedFields {
    private var sourceName, created, timeZone: String?
    private var sourceVersion, device: String?
    private var utcOffset: Int??
    private var seen = KeySet()

    /// Reads the value of `key` when it is one of these keys (false: it is not, or not read).
    mutating func read(_ key: JSONKey, _ s: inout JSONScanner) -> Bool {
        if key.is("sourceName") { return seen.first(0) && s.read(&sourceName) }
        if key.is("sourceVersion") { return seen.first(1) && s.readOptional(&sourceVersion) }
        if key.is("device") { return seen.first(2) && s.readOptional(&device) }
        if key.is("created") { return seen.first(3) && s.read(&created) }
        if key.is("utcOffset") { return seen.first(4) && s.readNullable(&utcOffset) }
        if key.is("timeZone") { return seen.first(5) && s.read(&timeZone) }
        return false
    }

    var json: RecordedJSON? {
        guard let sourceName, let created, let utcOffset, let timeZone else { return nil }
        return RecordedJSON(sourceName: sourceName, sourceVersion: sourceVersion, device: device, created: created, utcOffset: utcOffset,
                            timeZone: timeZone)
    }
}

/// Which keys of an object were read (a key given twice is not taken).
private struct KeySet {
    private var bits: UInt32 = 0

    /// Marks key `index`; false when it was there already.
    mutating func first(_ index: Int) -> Bool {
        let bit: UInt32 = 1 << UInt32(index)
        guard bits & bit == 0 else { return false }
        bits |= bit
        return true
    }
}

/// A key of a JSON object as it stands in the line (a key with an escape is not read).
struct JSONKey {
    let bytes: UnsafeBufferPointer<UInt8>

    var count: Int { bytes.count }

    func `is`(_ name: StaticString) -> Bool {
        guard name.utf8CodeUnitCount == bytes.count, let base = bytes.baseAddress else { return false }
        return memcmp(name.utf8Start, base, bytes.count) == 0
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Strict RFC 8259 reading of one line, only as far as ``InterchangeLineReader`` needs: objects,
/// strings, numbers and null. Every method returns nil or false on what it does not read (the
/// caller then leaves the line to JSONDecoder), never guesses.
struct JSONScanner {
    private let b: UnsafeBufferPointer<UInt8>
    private var i = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        b = bytes
        skipSpace()
    }

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return i == b.count
        }
    }

    private mutating func skipSpace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard i < b.count, b[i] == byte else { return false }
        i += 1
        return true
    }

    /// `{` members `}`: `member` reads each value (the scanner just before it) and says whether it took it.
    mutating func object(_ member: (inout JSONScanner, JSONKey) -> Bool) -> Bool {
        guard take(0x7B) else { return false }
        if take(0x7D) { return true }
        repeat {
            skipSpace()
            guard let key = plainKey(), take(0x3A) else { return false }
            skipSpace()
            guard member(&self, key) else { return false }
        } while take(0x2C)
        return take(0x7D)
    }

    /// A key without escapes (only its bytes are compared: they need not be checked as UTF-8).
    private mutating func plainKey() -> JSONKey? {
        guard i < b.count, b[i] == 0x22 else { return nil }
        let start = i + 1
        var j = start
        while j < b.count {
            let c = b[j]
            if c == 0x22 {
                i = j + 1
                return JSONKey(bytes: UnsafeBufferPointer(rebasing: b[start..<j]))
            }
            if c == 0x5C || c < 0x20 { return nil }
            j += 1
        }
        return nil
    }

    mutating func null() -> Bool {
        skipSpace()
        guard b.count - i >= 4, b[i] == 0x6E, b[i + 1] == 0x75, b[i + 2] == 0x6C, b[i + 3] == 0x6C else { return false }
        i += 4
        return true
    }

    /// A string: valid UTF-8, no control character, the escapes of RFC 8259 (a lone surrogate is not read).
    mutating func string() -> String? {
        skipSpace()
        guard i < b.count, b[i] == 0x22, let base = b.baseAddress else { return nil }
        var j = i + 1
        let start = j
        var ascii = true
        // Eight bytes at a time while none is a quote, a backslash, a control character or
        // beyond ASCII (most of a line's text); the loop below looks at the rest byte by byte.
        while j + 8 <= b.count, !Self.mayEnd(UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)) { j += 8 }
        while j < b.count {
            let c = b[j]
            if c == 0x22 {
                let bytes = UnsafeBufferPointer(rebasing: b[start..<j])
                i = j + 1
                return ascii ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
            }
            if c == 0x5C { return escapedString(from: start) }
            if c < 0x20 { return nil }
            if c >= 0x80 { ascii = false }
            j += 1
        }
        return nil
    }

    /// Whether one of the eight bytes of `w` is `"`, `\\`, below 0x20 or from 0x80 (may give true
    /// for others too: the caller then looks at each byte).
    @inline(__always) private static func mayEnd(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        return (hasZero(w ^ (ones &* 0x22)) | hasZero(w ^ (ones &* 0x5C)) | ((w &- ones &* 0x20) & ~w & highs) | (w & highs)) != 0
    }

    private mutating func escapedString(from start: Int) -> String? {
        var out: [UInt8] = []
        var j = start
        while j < b.count {
            let c = b[j]
            if c == 0x22 {
                i = j + 1
                return String(validating: out, as: UTF8.self)
            }
            if c < 0x20 { return nil }
            guard c == 0x5C else {
                out.append(c)
                j += 1
                continue
            }
            guard j + 1 < b.count else { return nil }
            j += 2
            switch b[j - 1] {
            case 0x22: out.append(0x22)
            case 0x5C: out.append(0x5C)
            case 0x2F: out.append(0x2F)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                guard var unit = hex4(at: j) else { return nil }
                j += 4
                if (0xD800..<0xDC00).contains(unit) {
                    guard j + 6 <= b.count, b[j] == 0x5C, b[j + 1] == 0x75, let low = hex4(at: j + 2), (0xDC00..<0xE000).contains(low) else {
                        return nil
                    }
                    j += 6
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(unit) {
                    return nil
                }
                guard let scalar = Unicode.Scalar(unit) else { return nil }
                out.append(contentsOf: String(Character(scalar)).utf8)
            default: return nil
            }
        }
        return nil
    }

    private func hex4(at j: Int) -> UInt32? {
        guard j + 4 <= b.count else { return nil }
        var value: UInt32 = 0
        for k in j..<(j + 4) {
            let c = b[k]
            let digit: UInt8
            switch c {
            case 0x30...0x39: digit = c - 0x30
            case 0x41...0x46: digit = c - 0x41 + 10
            case 0x61...0x66: digit = c - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The extent of a number as RFC 8259 writes it, and whether it is an integer (no fraction, no exponent).
    private mutating func numberExtent() -> (Range<Int>, integer: Bool)? {
        skipSpace()
        let start = i
        var j = i
        if j < b.count, b[j] == 0x2D { j += 1 }
        guard j < b.count else { return nil }
        if b[j] == 0x30 {
            j += 1
        } else if b[j] >= 0x31 && b[j] <= 0x39 {
            while j < b.count, b[j] >= 0x30 && b[j] <= 0x39 { j += 1 }
        } else {
            return nil
        }
        var integer = true
        if j < b.count, b[j] == 0x2E {
            integer = false
            j += 1
            let digits = j
            while j < b.count, b[j] >= 0x30 && b[j] <= 0x39 { j += 1 }
            guard j > digits else { return nil }
        }
        if j < b.count, b[j] == 0x65 || b[j] == 0x45 {
            integer = false
            j += 1
            if j < b.count, b[j] == 0x2B || b[j] == 0x2D { j += 1 }
            let digits = j
            while j < b.count, b[j] >= 0x30 && b[j] <= 0x39 { j += 1 }
            guard j > digits else { return nil }
        }
        i = j
        return (start..<j, integer)
    }

    /// A finite number (one that would not fit a Double is not read).
    mutating func double() -> Double? {
        guard let (range, _) = numberExtent(), let value = Double(String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self)),
              value.isFinite else { return nil }
        return value
    }

    /// An integer written without fraction or exponent that fits an Int (`-0` is not read).
    mutating func int() -> Int? {
        guard let (range, integer) = numberExtent(), integer, !(b[range.lowerBound] == 0x2D && b[range.lowerBound + 1] == 0x30) else { return nil }
        return Int(String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self))
    }

    /// `{"key":"text",…}`: an object of strings, each key once.
    mutating func stringDictionary() -> [String: String]? {
        var dictionary: [String: String] = [:]
        let read = object { s, key in
            guard let value = s.string(), let name = String(validating: key.bytes, as: UTF8.self),
                  dictionary.updateValue(value, forKey: name) == nil else { return false }
            return true
        }
        return read ? dictionary : nil
    }

    /// `[` values `]`, each read by `element`.
    mutating func array<T>(_ element: (inout JSONScanner) -> T?) -> [T]? {
        guard take(0x5B) else { return nil }
        var values: [T] = []
        if take(0x5D) { return values }
        repeat {
            guard let value = element(&self) else { return nil }
            values.append(value)
        } while take(0x2C)
        return take(0x5D) ? values : nil
    }

    /// `metadata`: an object of strings, or null (left out either way when null).
    mutating func readMetadata(_ value: inout [String: String]?) -> Bool {
        if null() { return true }
        value = stringDictionary()
        return value != nil
    }

    /// A value of a key the shape requires.
    mutating func read<T: JSONScalar>(_ value: inout T?) -> Bool {
        value = T.read(&self)
        return value != nil
    }

    /// A value or null, of a key the shape requires (``Nullable``): `.some(nil)` for null.
    mutating func readNullable<T: JSONScalar>(_ value: inout T??) -> Bool {
        if null() {
            value = .some(nil)
            return true
        }
        guard let read = T.read(&self) else { return false }
        value = .some(read)
        return true
    }

    /// A value or null of a key the shape may leave out (nil either way).
    mutating func readOptional<T: JSONScalar>(_ value: inout T?) -> Bool {
        if null() { return true }
        value = T.read(&self)
        return value != nil
    }
}

/// The scalar types the shapes hold.
protocol JSONScalar {
    static func read(_ scanner: inout JSONScanner) -> Self?
}

extension String: JSONScalar {
    static func read(_ scanner: inout JSONScanner) -> String? { scanner.string() }
}

extension Double: JSONScalar {
    static func read(_ scanner: inout JSONScanner) -> Double? { scanner.double() }
}

extension Int: JSONScalar {
    static func read(_ scanner: inout JSONScanner) -> Int? { scanner.int() }
}

extension InterchangeLineJSON {
    /// The data object of a line the quick reader takes, every field checked; nil: the decoder reads the line.
    static func quickObject(_ bytes: UnsafeBufferPointer<UInt8>) throws(InterchangeJSONFailure) -> InterchangeObject? {
        try InterchangeLineReader.line(bytes)?.object()
    }

    /// The object of a data line of the kinds the quick reader takes.
    enum DataObject {
        case sample(InterchangeSampleJSON)
        case workout(InterchangeWorkoutJSON)
        case skip(SkippedDayJSON)
        case activitySummary(ActivitySummaryJSON)

        var kind: String {
            switch self {
            case .sample: "sample"
            case .workout: "workout"
            case .skip: "skip"
            case .activitySummary: "activitySummary"
            }
        }

        /// The data object, every field checked (``InterchangeLineJSON/object()``).
        func object() throws(InterchangeJSONFailure) -> InterchangeObject {
            switch self {
            case .sample(let s): try s.object()
            case .workout(let w): try w.object()
            case .skip(let s): .skip(try s.skippedDay())
            case .activitySummary(let a): .activitySummary(try a.summary())
            }
        }
    }

    /// The line `{"kind":K, K: data}`, as JSONDecoder reads it.
    init(_ data: DataObject) {
        var (sample, workout, skip, summary): (InterchangeSampleJSON?, InterchangeWorkoutJSON?, SkippedDayJSON?, ActivitySummaryJSON?)
        switch data {
        case .sample(let s): sample = s
        case .workout(let w): workout = w
        case .skip(let s): skip = s
        case .activitySummary(let a): summary = a
        }
        kind = data.kind
        (self.sample, self.workout, self.skip, self.activitySummary) = (sample, workout, skip, summary)
        (habit, setting, reminder, occurrence, anchor) = (nil, nil, nil, nil, nil)
    }
}
