import Foundation

/// What an import read and stored.
public struct ImportSummary: Sendable, Equatable {
    /// Records stored as samples (correlations included), by type.
    public var samplesByType: [String: Int] = [:]
    /// Workouts stored, by activity type.
    public var workoutsByType: [String: Int] = [:]
    /// Records and workouts already in the store (or repeated in the file): skipped.
    public var duplicates = 0
    /// Records nested in a `Correlation`: they also appear at top level, so they are not stored twice.
    public var correlationChildren = 0
    /// Elements habit does not keep (ActivitySummary, Me, ExportDate, ClinicalRecord, …), by name.
    public var skipped: [String: Int] = [:]
    /// Source names seen.
    public var sources: Set<String> = []
    public var bytes = 0
    public var dryRun = false

    public var samples: Int { samplesByType.values.reduce(0, +) }
    public var workouts: Int { workoutsByType.values.reduce(0, +) }
}

/// Progress of a running import, for a progress bar.
public struct ImportProgress: Sendable {
    public var bytesRead: Int
    public var totalBytes: Int?
    public var objects: Int
}

/// One object read from an export, ready to store: identity, values and text already made, so
/// the writer only binds and steps (the mapper may run on another thread).
enum ImportObject: Sendable {
    case sample(SampleRow)
    case workout(WorkoutRow)

    /// What every stored object has: its content identity and where and when it comes from.
    struct Header: Sendable {
        var uuid: String
        var start: Double
        var end: Double
        var sourceName: String
        var sourceVersion: String?
        var device: String?
        var metadata: String?
        var created: Double
        var offset: Int
        var timeZone: String
    }

    struct SampleRow: Sendable {
        var header: Header
        var type: String
        var value: Double?
        var unit: String?
    }

    struct WorkoutRow: Sendable {
        var header: Header
        var activityType: String
        var duration: Double
        var energyKcal: Double?
        var distanceMeters: Double?
        var statistics: [Statistic]
        var events: [Event]
    }

    struct Statistic: Sendable {
        var type: String
        var start: Double?
        var end: Double?
        var average: Double?
        var minimum: Double?
        var maximum: Double?
        var sum: Double?
        var unit: String?
    }

    struct Event: Sendable {
        var type: String
        var date: Double?
        var duration: Double?
        var durationUnit: String?
    }
}

/// What the mapper counted that the writer does not see.
struct MappedCounts: Sendable {
    var correlationChildren = 0
    var skipped: [String: Int] = [:]
    var bytes = 0
}

/// Maps scanner events to ``ImportObject``s. Touches no database.
final class HealthMapper: XMLScannerDelegate {
    private(set) var counts = MappedCounts()
    private var parents: [String] = []
    private var current: PendingObject?
    private var workoutDetails = WorkoutDetails()
    private var inCorrelation = false
    private let emit: (ImportObject) throws -> Void

    private struct PendingObject {
        var kind: Kind
        var tag: XMLTag
        var metadata: [(String, String)] = []
        enum Kind { case record, workout, correlation }
    }

    private struct WorkoutDetails {
        var statistics: [XMLTag] = []
        var events: [XMLTag] = []
    }

    init(emit: @escaping (ImportObject) throws -> Void) {
        self.emit = emit
    }

    func start(_ tag: XMLTag, selfClosing: Bool, line: @autoclosure () -> Int) throws {
        let parent = parents.last
        parents.append(tag.name)
        switch tag.name {
        case "HealthData": return
        case "Record":
            if inCorrelation {
                counts.correlationChildren += 1
            } else {
                current = PendingObject(kind: .record, tag: tag)
            }
        case "Workout":
            current = PendingObject(kind: .workout, tag: tag)
            workoutDetails = WorkoutDetails()
        case "Correlation":
            inCorrelation = true
            current = PendingObject(kind: .correlation, tag: tag)
        case "MetadataEntry":
            guard let key = tag["key"], let value = tag["value"] else { return }
            // Metadata of the object being read (not of a record nested in a correlation).
            if let p = parent, (p == "Record" && !inCorrelation) || p == "Workout" || p == "Correlation" {
                current?.metadata.append((key, value))
            }
        case "WorkoutStatistics":
            if current?.kind == .workout { workoutDetails.statistics.append(tag) }
        case "WorkoutEvent":
            if current?.kind == .workout { workoutDetails.events.append(tag) }
        default:
            if parent == "HealthData" { counts.skipped[tag.name, default: 0] += 1 }
        }
    }

    func end(_ name: String, line: @autoclosure () -> Int) throws {
        parents.removeLast()
        switch name {
        case "Record":
            if !inCorrelation, let object = current { try emit(.sample(try sampleRow(object, line: line()))); current = nil }
        case "Correlation":
            if let object = current { try emit(.sample(try sampleRow(object, line: line()))); current = nil }
            inCorrelation = false
        case "Workout":
            if let object = current { try emit(.workout(try workoutRow(object, line: line()))); current = nil }
        default:
            return
        }
    }

    func finish(bytes: Int) { counts.bytes = bytes }

    private func instant(_ tag: XMLTag, _ key: String, required: Bool, line: @autoclosure () -> Int) throws -> (Date, Int)? {
        guard let text = tag[key] else {
            if required { throw ImportError.malformed(line: line(), element: tag.name, reason: "missing \(key)") }
            return nil
        }
        guard let parsed = Timestamp.parse(text), let date = parsed.instant else {
            throw ImportError.malformed(line: line(), element: tag.name, reason: "\(key) '\(text)' is not a date like 2023-01-01 08:00:00 -0800")
        }
        return (date, parsed.offsetSeconds ?? 0)
    }

    /// startDate, endDate (not before the start), the start's printed offset, and creationDate
    /// (the start when missing).
    private func interval(_ tag: XMLTag, line: @autoclosure () -> Int) throws -> (start: Date, end: Date, offset: Int, created: Date) {
        guard let (start, offset) = try instant(tag, "startDate", required: true, line: line()),
              let (end, _) = try instant(tag, "endDate", required: true, line: line()) else {
            throw ImportError.malformed(line: line(), element: tag.name, reason: "missing startDate or endDate")
        }
        guard start <= end else {
            throw ImportError.malformed(line: line(), element: tag.name, reason: "endDate before startDate")
        }
        return (start, end, offset, try instant(tag, "creationDate", required: false, line: line())?.0 ?? start)
    }

    private static func milliseconds(_ d: Date) -> Int64 { Int64((d.timeIntervalSince1970 * 1000).rounded()) }

    private func sampleRow(_ object: PendingObject, line: @autoclosure () -> Int) throws -> ImportObject.SampleRow {
        let tag = object.tag
        guard let type = tag["type"] else { throw ImportError.malformed(line: line(), element: tag.name, reason: "missing type") }
        let rawValue = tag["value"]
        let unit = tag["unit"]
        var value: Double?
        var metadata = object.metadata
        if let rawValue {
            if let v = Double(rawValue) { value = v } else { metadata.append(("categoryValue", rawValue)) }
        }
        let header = header(tag, times: try interval(tag, line: line()), kind: object.kind == .correlation ? "C" : "R",
                            type: type, identity: (unit ?? "", rawValue ?? ""), metadata: metadata)
        return ImportObject.SampleRow(header: header, type: type, value: value, unit: unit)
    }

    /// The header of an object: times and source from `tag`, and the UUID made from its content
    /// — kind, type, source name, start and end (ms), then the `identity` strings (a workout has
    /// one; the UUIDs of stored objects must never change, so neither may this order). The first
    /// 48 bits are the start in ms, so the unique index fills almost in order.
    private func header(_ tag: XMLTag, times: (start: Date, end: Date, offset: Int, created: Date), kind: String,
                        type: String, identity: (String, String?), metadata: [(String, String)]) -> ImportObject.Header {
        let sourceName = tag["sourceName"] ?? "Unknown source"
        let (start, end, offset, created) = times
        var hash = StableHash()
        hash.add(kind)
        hash.add(type)
        hash.add(sourceName)
        hash.add(Self.milliseconds(start))
        hash.add(Self.milliseconds(end))
        hash.add(identity.0)
        if let second = identity.1 { hash.add(second) }
        return ImportObject.Header(
            uuid: hash.uuid(startMilliseconds: Self.milliseconds(start)).lowercaseString,
            start: start.timeIntervalSince1970, end: end.timeIntervalSince1970,
            sourceName: sourceName, sourceVersion: tag["sourceVersion"], device: tag["device"], metadata: Self.json(metadata),
            created: created.timeIntervalSince1970, offset: offset,
            timeZone: metadata.first { $0.0 == "HKTimeZone" }?.1 ?? "")
    }

    private func workoutRow(_ object: PendingObject, line: @autoclosure () -> Int) throws -> ImportObject.WorkoutRow {
        let tag = object.tag
        let activity = tag["workoutActivityType"] ?? "HKWorkoutActivityTypeOther"
        let times = try interval(tag, line: line())
        let (start, end) = (times.start, times.end)
        let duration = tag["duration"].flatMap(Double.init).map { Units.seconds($0, unit: tag["durationUnit"]) }
            ?? end.timeIntervalSince(start)
        var energy = tag["totalEnergyBurned"].flatMap(Double.init).map { Units.kcal($0, unit: tag["totalEnergyBurnedUnit"]) }
        var distance = tag["totalDistance"].flatMap(Double.init).map { Units.meters($0, unit: tag["totalDistanceUnit"]) }
        // Newer exports keep the totals only in WorkoutStatistics.
        for s in workoutDetails.statistics {
            guard let sum = s["sum"].flatMap(Double.init) else { continue }
            if energy == nil, s["type"] == SampleType.activeEnergyBurned { energy = Units.kcal(sum, unit: s["unit"]) }
            if distance == nil, s["type"]?.hasPrefix("HKQuantityTypeIdentifierDistance") == true { distance = Units.meters(sum, unit: s["unit"]) }
        }
        let statistics = try workoutDetails.statistics.map { s in
            ImportObject.Statistic(type: s["type"] ?? "", start: try instant(s, "startDate", required: false, line: line())?.0.timeIntervalSince1970,
                                   end: try instant(s, "endDate", required: false, line: line())?.0.timeIntervalSince1970,
                                   average: s["average"].flatMap(Double.init), minimum: s["minimum"].flatMap(Double.init),
                                   maximum: s["maximum"].flatMap(Double.init), sum: s["sum"].flatMap(Double.init), unit: s["unit"])
        }
        let events = try workoutDetails.events.map { e in
            ImportObject.Event(type: e["type"] ?? "", date: try instant(e, "date", required: false, line: line())?.0.timeIntervalSince1970,
                               duration: e["duration"].flatMap(Double.init), durationUnit: e["durationUnit"])
        }
        let header = header(tag, times: times, kind: "W", type: activity, identity: (tag["duration"] ?? "", nil),
                            metadata: object.metadata)
        return ImportObject.WorkoutRow(header: header, activityType: activity, duration: duration, energyKcal: energy,
                                       distanceMeters: distance, statistics: statistics, events: events)
    }

    /// Metadata as a JSON object (keys sorted, later duplicates win), or nil when empty.
    static func json(_ pairs: [(String, String)]) -> String? {
        switch pairs.count {
        case 0: return nil
        case 1: return "{" + quoted(pairs[0].0) + ":" + quoted(pairs[0].1) + "}"
        default:
            // Sorted by key; for a key given twice, the last value wins.
            var latest: [(String, String)] = []
            for (k, v) in pairs {
                if let i = latest.firstIndex(where: { $0.0 == k }) { latest[i].1 = v } else { latest.append((k, v)) }
            }
            latest.sort { $0.0 < $1.0 }
            return "{" + latest.map { quoted($0.0) + ":" + quoted($0.1) }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ s: String) -> String {
        // Fast path: nothing to escape.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + s + "\"" }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// Unit conversions for workout totals (exports follow the phone's locale).
enum Units {
    static func seconds(_ v: Double, unit: String?) -> Double {
        switch unit {
        case "s", "sec": v
        case "hr", "h": v * 3600
        default: v * 60  // "min"
        }
    }

    static func kcal(_ v: Double, unit: String?) -> Double {
        switch unit {
        case "kJ": v / 4.184
        case "J": v / 4184
        case "Cal", "cal": unit == "cal" ? v / 1000 : v
        default: v
        }
    }

    static func meters(_ v: Double, unit: String?) -> Double {
        switch unit {
        case "km": v * 1000
        case "mi": v * 1609.344
        case "yd": v * 0.9144
        case "ft": v * 0.3048
        case "cm": v / 100
        default: v
        }
    }
}
