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
    /// Days of Activity rings (`ActivitySummary`) stored new or changed.
    public var activitySummaries = 0
    /// Elements habit does not keep (Me, ClinicalRecord, …), by name; not `ExportDate`, the
    /// export's header, which holds no data to lose.
    public var skipped: [String: Int] = [:]
    /// Source names seen.
    public var sources: Set<String> = []
    public var bytes = 0
    public var dryRun = false
    /// Records and workouts left out because a value cannot be kept: a number that is not finite
    /// (`inf`, `nan`, `1e400`), a control character in stored text, an instant outside
    /// 1970-01-01T00:00Z ..< 2101-01-01T00:00Z. The rest of the file is imported.
    public var rejected = 0
    /// The first few rejected objects (at most ``ImportRejection/examplesKept``), in file order.
    public var rejections: [ImportRejection] = []
    /// Objects read that start after the import's "now" (kept, but worth a warning).
    public var futureDated = 0
    /// Records, workouts and days of Activity rings of a type habit may not write (``AccessGrants``): left out.
    public var notKept = 0

    public var samples: Int { samplesByType.values.reduce(0, +) }
    public var workouts: Int { workoutsByType.values.reduce(0, +) }
}

/// A record or workout the import left out, and why.
public struct ImportRejection: Sendable, Equatable, CustomStringConvertible {
    /// How many examples a summary keeps.
    public static let examplesKept = 5

    /// The 1-based line of the tag that holds the bad value.
    public var line: Int
    /// The object left out: `Record`, `Correlation` or `Workout`.
    public var element: String
    /// What is wrong, with the attribute and its value (control characters escaped).
    public var reason: String

    public init(line: Int, element: String, reason: String) {
        self.line = line
        self.element = element
        self.reason = reason
    }

    public var description: String { "line \(line), <\(element)>: \(reason)" }
}

/// Progress of a running import, for a progress bar.
public struct ImportProgress: Sendable {
    public var bytesRead: Int
    public var totalBytes: Int?
    public var objects: Int
}

/// One object read from an export, ready to store: identity, values and text already made, so
/// the writer only binds and steps (the mapper may run on another thread).
///
/// A sample or workout is kept in a box of its own (`indirect`): handing one from the reading
/// thread to the writing one then retains and releases the box, not each of the eight texts it
/// holds — texts the reading thread shares between rows (type, source, unit), so each of those
/// counts moved a cache line between the two cores.
enum ImportObject: Sendable {
    case activitySummary(ActivitySummary)
    indirect case sample(SampleRow)
    indirect case workout(WorkoutRow)

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
        /// The offset of `timeZone` at the start; 0 when the zone is unknown (`""`).
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
        var statistics: [WorkoutStatistic]
        var events: [WorkoutEvent]
    }
}

/// What the mapper counted that the writer does not see.
struct MappedCounts: Sendable {
    var correlationChildren = 0
    var skipped: [String: Int] = [:]
    var bytes = 0
    var rejected = 0
    var rejections: [ImportRejection] = []
    var futureDated = 0
}

/// Maps scanner events to ``ImportObject``s. Touches no database and never reads the clock.
///
/// It reads attributes where the scanner found them: names are compared as bytes, numbers and
/// dates parsed from bytes, and a string is made only for text that is stored (repeated text —
/// types, units, sources, metadata keys — comes from a small cache instead of a new allocation).
///
/// An object whose values cannot be stored faithfully is **rejected** — counted, the first few
/// kept as examples with their line, and the import goes on: a number that is not finite, a
/// control character (U+0000–U+001F, U+007F) in any stored text (type, unit, source name and
/// version, device, metadata keys and values, statistics and events), an instant outside
/// ``earliest`` ..< ``latest``. A file that is not well formed, or a date that does not parse,
/// still stops the whole import (``ImportError``).
final class HealthMapper: XMLScannerDelegate {
    /// 1970-01-01T00:00:00Z, the first instant an import accepts.
    static let earliest: Double = 0
    /// 2101-01-01T00:00:00Z, the first instant after the accepted range.
    static let latest: Double = 4_133_980_800

    @exclusivity(unchecked) private(set) var counts = MappedCounts()
    private let now: Double?
    private let emit: (ImportObject) throws -> Void

    /// The open elements, innermost last.
    @exclusivity(unchecked) private var elements: [Element] = []
    @exclusivity(unchecked) private var current: Pending?
    @exclusivity(unchecked) private var inCorrelation = false
    /// The correlation being read while one of its records is: a record inside a correlation
    /// (blood pressure's systolic and diastolic, written by some apps only there) is stored as a
    /// sample of its own, with the identity it would have at the top level — so one that is at
    /// both places is stored once (issue 13, point 3).
    @exclusivity(unchecked) private var outerCorrelation: (pending: Pending?, bytes: [UInt8], entries: [MetadataEntry])?
    @exclusivity(unchecked) private var strings = StringCache()
    /// Decoded metadata of the current object, and where each key and value lies in it.
    @exclusivity(unchecked) private var metadataBytes: [UInt8] = []
    @exclusivity(unchecked) private var metadataEntries: [MetadataEntry] = []
    /// Scratch space: decoded text, a JSON object.
    @exclusivity(unchecked) private var scratch: [UInt8] = []
    /// The last device description returned by ``device(_:_:)``, as bytes and as text.
    private var lastDevice: (bytes: [UInt8], text: String) = ([], "")
    @exclusivity(unchecked) private var json: [UInt8] = []
    /// Where each attribute of the tag being read is (an index into its attributes, or -1).
    private let slots = UnsafeMutablePointer<Int>.allocate(capacity: Key.count)

    private enum Element: UInt8 {
        case healthData, exportDate, record, workout, correlation, metadataEntry, workoutStatistics, workoutEvent, workoutRoute,
            activitySummary, other
    }

    private struct MetadataEntry {
        var keyStart: Int, keyEnd: Int, valueStart: Int, valueEnd: Int
    }

    /// The object being read, made from its start tag; children add metadata, statistics, events.
    private struct Pending {
        enum Kind { case record, workout, correlation }
        var kind: Kind
        var rejected = false
        var type = ""
        var uuid = ""
        var start = 0.0, end = 0.0, created = 0.0
        var sourceName = ""
        var sourceVersion: String?
        var device: String?
        var value: Double?
        var unit: String?
        /// A record's value that is not a number, kept in the metadata as `categoryValue`.
        var categoryValue: String?
        var duration = 0.0
        var energyKcal: Double?
        var distanceMeters: Double?
        var statistics: [WorkoutStatistic] = []
        var events: [WorkoutEvent] = []
    }

    /// `now`: records that start after it are counted in ``MappedCounts/futureDated`` (nil: not counted).
    init(now: Date? = nil, emit: @escaping (ImportObject) throws -> Void) {
        self.now = now?.timeIntervalSince1970
        self.emit = emit
        slots.initialize(repeating: -1, count: Key.count)
    }

    deinit { slots.deallocate() }

    func finish(bytes: Int) { counts.bytes = bytes }

    // MARK: - Events

    func start(_ tag: XMLTag, selfClosing: Bool, line: @autoclosure () -> Int) throws {
        let parent = elements.last
        let element = Self.element(tag.name)
        elements.append(element)
        switch element {
        case .healthData:
            return
        case .exportDate:
            // The export's header: no data, so nothing the user loses (not counted as not kept).
            return
        case .record:
            if inCorrelation {
                counts.correlationChildren += 1
                // The records of a rejected correlation are passed over with it.
                guard current?.rejected == false, outerCorrelation == nil else { return }
                outerCorrelation = (current, metadataBytes, metadataEntries)
                try begin(.record, tag, line: line())
            } else {
                try begin(.record, tag, line: line())
            }
        case .workout:
            try begin(.workout, tag, line: line())
        case .correlation:
            inCorrelation = true
            try begin(.correlation, tag, line: line())
        case .metadataEntry:
            classify(tag)
            guard let key = slot(.key), let value = slot(.value) else { return }
            // Metadata of the object being read (not of a record nested in a correlation).
            guard current != nil, let p = parent,
                  (p == .record && (!inCorrelation || outerCorrelation != nil)) || p == .workout || p == .correlation else { return }
            let k = tag.attributes[key], v = tag.attributes[value]
            if k.hasControl || v.hasControl {
                reject(k.hasControl ? "metadata key \(Self.shown(tag, k)) holds a control character"
                                    : "metadata value \(Self.shown(tag, v)) holds a control character", line: line())
                return
            }
            let keyStart = metadataBytes.count
            tag.appendDecoded(k, to: &metadataBytes)
            let valueStart = metadataBytes.count
            tag.appendDecoded(v, to: &metadataBytes)
            metadataEntries.append(MetadataEntry(keyStart: keyStart, keyEnd: valueStart, valueStart: valueStart, valueEnd: metadataBytes.count))
        case .workoutStatistics:
            if current?.kind == .workout { try statistic(tag, line: line()) }
        case .workoutEvent:
            if current?.kind == .workout { try event(tag, line: line()) }
        case .workoutRoute:
            // A route sits inside its workout (its GPS points in a file of the export's
            // workout-routes folder): not kept, so counted like the top-level elements that are
            // not; its Location children are the route's and not counted one by one.
            if parent == .workout || parent == .healthData { counts.skipped["WorkoutRoute", default: 0] += 1 }
        case .activitySummary:
            if parent == .healthData { try activitySummary(tag, line: line()) }
        case .other:
            if parent == .healthData { counts.skipped[strings.string(tag.name), default: 0] += 1 }
        }
    }

    func end(_ name: UnsafeBufferPointer<UInt8>, line: @autoclosure () -> Int) throws {
        let element = elements.popLast()
        switch element {
        case .record:
            if !inCorrelation {
                try finishObject(expecting: .record)
            } else if let outer = outerCorrelation.take() {
                try finishObject(expecting: .record)
                (current, metadataBytes, metadataEntries) = (outer.pending, outer.bytes, outer.entries)
            }
        case .correlation:
            try finishObject(expecting: nil)
            inCorrelation = false
        case .workout:
            try finishObject(expecting: .workout)
        default:
            return
        }
    }

    // MARK: - Objects

    /// Starts reading a record, correlation or workout from its tag: everything but its children.
    private func begin(_ kind: Pending.Kind, _ tag: XMLTag, line: @autoclosure () -> Int) throws {
        classify(tag)
        if !metadataEntries.isEmpty {
            metadataBytes.removeAll(keepingCapacity: true)
            metadataEntries.removeAll(keepingCapacity: true)
        }
        var p = Pending(kind: kind)
        current = nil
        let typeKey: Key = kind == .workout ? .workoutActivityType : .type
        if let t = slot(typeKey) {
            p.type = strings.string(tag, tag.attributes[t])
        } else if kind == .workout {
            p.type = "HKWorkoutActivityTypeOther"
        } else {
            throw ImportError.malformed(line: line(), element: tag.nameString, reason: "missing type")
        }
        // Times: startDate and endDate (not before it) are required; creationDate defaults to the start.
        guard let start = try instant(tag, .startDate, line: line()) else {
            throw ImportError.malformed(line: line(), element: tag.nameString, reason: "missing startDate")
        }
        guard let end = try instant(tag, .endDate, line: line()) else {
            throw ImportError.malformed(line: line(), element: tag.nameString, reason: "missing endDate")
        }
        guard start.seconds <= end.seconds else {
            throw ImportError.malformed(line: line(), element: tag.nameString, reason: "endDate before startDate")
        }
        let created = try instant(tag, .creationDate, line: line())
        // The offset each date is written with is the exporting phone's at export time, not the
        // sample's: it is not kept (RecordedZone).
        (p.start, p.end, p.created) = (start.seconds, end.seconds, created?.seconds ?? start.seconds)
        if let s = slot(.sourceName) ?? slot(.source) {  // `source`: exports of iOS 8, before `sourceName`
            p.sourceName = strings.string(tag, tag.attributes[s])
        } else {
            p.sourceName = "Unknown source"
        }
        if let s = slot(.sourceVersion) { p.sourceVersion = strings.string(tag, tag.attributes[s]) }
        if let d = slot(.device) { p.device = device(tag, tag.attributes[d]) }
        // From here on, a problem rejects the object instead of stopping the import.
        if let problem = controlCharacter(tag, typeKey) ?? controlCharacter(tag, .sourceName) ?? controlCharacter(tag, .source)
            ?? controlCharacter(tag, .sourceVersion) ?? controlCharacter(tag, .device) {
            return reject(p, problem, line: line())
        }
        if let problem = outOfRange(tag, .startDate, start.seconds) ?? outOfRange(tag, .endDate, end.seconds)
            ?? outOfRange(tag, .creationDate, created?.seconds) {
            return reject(p, problem, line: line())
        }

        // The identity hashes the kind, type, source, start and end (ms), then the unit and the
        // value as written (a workout: its duration as written). Stored UUIDs must never change,
        // so neither may this.
        var hash = StableHash()
        hash.add(kind == .record ? "R" : kind == .correlation ? "C" : "W")
        hash.add(p.type)
        hash.add(p.sourceName)
        let startMS = Self.milliseconds(p.start)
        hash.add(startMS)
        hash.add(Self.milliseconds(p.end))
        if kind == .workout {
            if let problem = workoutTotals(tag, &p) { return reject(p, problem, line: line()) }
            if let d = slot(.duration) { add(tag, tag.attributes[d], to: &hash) } else { hash.add("") }
        } else {
            if let problem = controlCharacter(tag, .unit) { return reject(p, problem, line: line()) }
            if let u = slot(.unit) {
                let a = tag.attributes[u]
                p.unit = strings.string(tag, a)
                hash.add(p.unit ?? "")
            } else {
                hash.add("")
            }
            if let v = slot(.value) {
                let a = tag.attributes[v]
                if let number = number(tag, a) {
                    guard number.isFinite else { return reject(p, "value \(Self.shown(tag, a)) is not a finite number", line: line()) }
                    guard StoredNumbers.isValue(number) else { return reject(p, "value \(Self.shown(tag, a)) is out of range", line: line()) }
                    p.value = number
                    add(tag, a, to: &hash)
                } else {
                    if a.hasControl { return reject(p, "value \(Self.shown(tag, a)) holds a control character", line: line()) }
                    let text = strings.string(tag, a)
                    p.categoryValue = text
                    hash.add(text)
                }
            } else {
                hash.add("")
            }
        }
        p.uuid = hash.uuidString(startMilliseconds: startMS)
        current = p
    }

    /// A workout's duration (in s), energy (kcal) and distance (m) from its own attributes; the
    /// reason to reject it, if one is not finite.
    private func workoutTotals(_ tag: XMLTag, _ p: inout Pending) -> String? {
        p.duration = p.end - p.start
        if let i = slot(.duration), let v = number(tag, tag.attributes[i]) {
            p.duration = Units.seconds(v, unit: slot(.durationUnit).map { strings.string(tag, tag.attributes[$0]) })
            guard p.duration.isFinite else { return "duration \(Self.shown(tag, tag.attributes[i])) is not a finite number" }
        }
        if let i = slot(.totalEnergyBurned), let v = number(tag, tag.attributes[i]) {
            p.energyKcal = Units.kcal(v, unit: slot(.totalEnergyBurnedUnit).map { strings.string(tag, tag.attributes[$0]) })
            guard p.energyKcal?.isFinite == true else { return "totalEnergyBurned \(Self.shown(tag, tag.attributes[i])) is not a finite number" }
        }
        if let i = slot(.totalDistance), let v = number(tag, tag.attributes[i]) {
            p.distanceMeters = Units.meters(v, unit: slot(.totalDistanceUnit).map { strings.string(tag, tag.attributes[$0]) })
            guard p.distanceMeters?.isFinite == true else { return "totalDistance \(Self.shown(tag, tag.attributes[i])) is not a finite number" }
        }
        return StoredNumbers.problem(duration: p.duration, energyKcal: p.energyKcal, distanceMeters: p.distanceMeters)
    }

    private func statistic(_ tag: XMLTag, line: @autoclosure () -> Int) throws {
        classify(tag)
        let start = try instant(tag, .startDate, line: line())?.seconds
        let end = try instant(tag, .endDate, line: line())?.seconds
        guard current?.rejected == false else { return }
        if let problem = controlCharacter(tag, .type, in: "statistics ") ?? controlCharacter(tag, .unit, in: "statistics ")
            ?? outOfRange(tag, .startDate, start, in: "statistics ") ?? outOfRange(tag, .endDate, end, in: "statistics ") {
            return reject(problem, line: line())
        }
        var s = WorkoutStatistic(type: "", start: start.map(Date.init(timeIntervalSince1970:)),
                                 end: end.map(Date.init(timeIntervalSince1970:)))
        if let i = slot(.type) { s.type = strings.string(tag, tag.attributes[i]) }
        if let i = slot(.unit) { s.unit = strings.string(tag, tag.attributes[i]) }
        for key in [Key.average, .minimum, .maximum, .sum] {
            guard let i = slot(key), let v = number(tag, tag.attributes[i]) else { continue }
            guard v.isFinite else {
                return reject("statistics \(key.name) \(Self.shown(tag, tag.attributes[i])) is not a finite number", line: line())
            }
            switch key {
            case .average: s.average = v
            case .minimum: s.minimum = v
            case .maximum: s.maximum = v
            default: s.sum = v
            }
        }
        if let sum = s.sum {
            // The totals a workout takes from its statistics must stay finite once converted.
            let converted = s.type == SampleType.activeEnergyBurned ? Units.kcal(sum, unit: s.unit)
                : s.type.hasPrefix("HKQuantityTypeIdentifierDistance") ? Units.meters(sum, unit: s.unit) : sum
            guard converted.isFinite else {
                return reject("statistics sum \(Self.shown(tag, tag.attributes[slots[Key.sum.rawValue]])) is too large in \(Self.shown(s.unit ?? ""))", line: line())
            }
        }
        current?.statistics.append(s)
    }

    private func event(_ tag: XMLTag, line: @autoclosure () -> Int) throws {
        classify(tag)
        let date = try instant(tag, .date, line: line())?.seconds
        guard current?.rejected == false else { return }
        if let problem = controlCharacter(tag, .type, in: "event ") ?? controlCharacter(tag, .durationUnit, in: "event ")
            ?? outOfRange(tag, .date, date, in: "event ") {
            return reject(problem, line: line())
        }
        var e = WorkoutEvent(type: "", date: date.map(Date.init(timeIntervalSince1970:)))
        if let i = slot(.type) { e.type = strings.string(tag, tag.attributes[i]) }
        if let i = slot(.durationUnit) { e.durationUnit = strings.string(tag, tag.attributes[i]) }
        if let i = slot(.duration), let v = number(tag, tag.attributes[i]) {
            guard v.isFinite else { return reject("event duration \(Self.shown(tag, tag.attributes[i])) is not a finite number", line: line()) }
            e.duration = v
        }
        current?.events.append(e)
    }

    /// Emits the current object at its end tag (or counts it as rejected).
    private func finishObject(expecting kind: Pending.Kind?) throws {
        guard let p = current.take() else { return }
        guard kind == nil || p.kind == kind else {
            current = p
            return
        }
        if p.rejected { return }  // counted when rejected
        if let now, p.start > now { counts.futureDated += 1 }
        let (metadata, named) = metadataJSON(categoryValue: p.categoryValue)
        // The sample's own zone where `HKTimeZone` names one, else unknown (issue 13, point 7).
        let zone = RecordedZone.resolve(named, at: p.start)
        let header = ImportObject.Header(uuid: p.uuid, start: p.start, end: p.end, sourceName: p.sourceName,
                                         sourceVersion: p.sourceVersion, device: p.device, metadata: metadata,
                                         created: p.created, offset: zone.offset, timeZone: zone.zoneID)
        switch p.kind {
        case .record, .correlation:
            try emit(.sample(ImportObject.SampleRow(header: header, type: p.type, value: p.value, unit: p.unit)))
        case .workout:
            var energy = p.energyKcal, distance = p.distanceMeters
            // Newer exports keep the totals only in WorkoutStatistics.
            for s in p.statistics {
                guard let sum = s.sum else { continue }
                if energy == nil, s.type == SampleType.activeEnergyBurned { energy = Units.kcal(sum, unit: s.unit) }
                if distance == nil, s.type.hasPrefix("HKQuantityTypeIdentifierDistance") { distance = Units.meters(sum, unit: s.unit) }
            }
            try emit(.workout(ImportObject.WorkoutRow(header: header, activityType: p.type, duration: p.duration, energyKcal: energy,
                                                      distanceMeters: distance, statistics: p.statistics, events: p.events)))
        }
    }

    /// A day of Activity rings (issue 13, point 8): emitted at once (it has no children). A day
    /// that is no date, outside 1970–2100, or a figure that is negative or not a finite number
    /// rejects it (the interchange format refuses the same).
    private func activitySummary(_ tag: XMLTag, line: @autoclosure () -> Int) throws {
        classify(tag)
        func rejectSummary(_ reason: String) {
            counts.rejected += 1
            if counts.rejections.count < ImportRejection.examplesKept {
                counts.rejections.append(ImportRejection(line: line(), element: "ActivitySummary", reason: reason))
            }
        }
        guard let d = slot(.dateComponents) else { return rejectSummary("missing dateComponents") }
        let text = strings.string(tag, tag.attributes[d])
        guard let day = LocalDay(text), SupportedDates.days.contains(day) else {
            return rejectSummary("dateComponents \(Self.shown(text)) is not a date in 1970–2100")
        }
        var summary = ActivitySummary(day: day)
        var problem: String?
        func value(_ key: Key) -> Double? {
            guard let i = slot(key), let v = number(tag, tag.attributes[i]) else { return nil }
            if !(v.isFinite && v >= 0), problem == nil {
                problem = "\(key.name) \(Self.shown(tag, tag.attributes[i])) is not a finite number of at least 0"
            }
            return v
        }
        let energyUnit = slot(.activeEnergyBurnedUnit).map { strings.string(tag, tag.attributes[$0]) }
        summary.moveKcal = value(.activeEnergyBurned).map { Units.kcal($0, unit: energyUnit) }
        summary.moveGoalKcal = value(.activeEnergyBurnedGoal).map { Units.kcal($0, unit: energyUnit) }
        summary.moveMinutes = value(.appleMoveTime)
        summary.moveGoalMinutes = value(.appleMoveTimeGoal)
        summary.exerciseMinutes = value(.appleExerciseTime)
        summary.exerciseGoalMinutes = value(.appleExerciseTimeGoal)
        summary.standHours = value(.appleStandHours)
        summary.standGoalHours = value(.appleStandHoursGoal)
        if let problem { return rejectSummary(problem) }
        if [summary.moveKcal, summary.moveGoalKcal].contains(where: { $0.map { !$0.isFinite } ?? false }) {
            return rejectSummary("activeEnergyBurned is too large in \(Self.shown(energyUnit ?? ""))")
        }
        try emit(.activitySummary(summary))
    }

    /// Rejects `p`, the object being begun: it becomes the current object, so that its children are passed over.
    private func reject(_ p: Pending, _ reason: String, line: @autoclosure () -> Int) {
        current = p
        reject(reason, line: line())
    }

    /// Marks the current object rejected (once), keeping the first few reasons.
    private func reject(_ reason: String, line: @autoclosure () -> Int) {
        guard var p = current, !p.rejected else { return }
        p.rejected = true
        current = p
        counts.rejected += 1
        if counts.rejections.count < ImportRejection.examplesKept {
            let element = switch p.kind {
            case .record: "Record"
            case .workout: "Workout"
            case .correlation: "Correlation"
            }
            counts.rejections.append(ImportRejection(line: line(), element: element, reason: reason))
        }
    }

    // MARK: - Attributes

    /// The attributes the mapper reads.
    private enum Key: Int, CaseIterable {
        case type, unit, value, sourceName, sourceVersion, device, creationDate, startDate, endDate
        /// iOS 8's name for `sourceName`, read when `sourceName` is absent.
        case source
        case workoutActivityType, duration, durationUnit, totalDistance, totalDistanceUnit, totalEnergyBurned, totalEnergyBurnedUnit
        case key, average, minimum, maximum, sum, date
        case dateComponents, activeEnergyBurned, activeEnergyBurnedGoal, activeEnergyBurnedUnit, appleMoveTime, appleMoveTimeGoal
        case appleExerciseTime, appleExerciseTimeGoal, appleStandHours, appleStandHoursGoal

        static let count = allCases.count
        var name: String { "\(self)" }
    }

    /// Fills `slots` with where each known attribute of `tag` is (the first of a repeated name).
    private func classify(_ tag: XMLTag) {
        slots.update(repeating: -1, count: Key.count)
        for (index, a) in tag.attributes.enumerated() {
            guard let key = Self.key(tag.attributeName(a)), slots[key.rawValue] < 0 else { continue }
            slots[key.rawValue] = index
        }
    }

    @inline(__always) private func slot(_ key: Key) -> Int? {
        let i = slots[key.rawValue]
        return i < 0 ? nil : i
    }

    private static func key(_ n: UnsafeBufferPointer<UInt8>) -> Key? {
        guard n.count >= 3, let base = n.baseAddress else { return nil }
        func is_(_ s: StaticString) -> Bool { n.count == s.utf8CodeUnitCount && memcmp(base, s.utf8Start, n.count) == 0 }
        switch n.count {
        case 3: return is_("sum") ? .sum : is_("key") ? .key : nil
        case 4: return is_("type") ? .type : is_("unit") ? .unit : is_("date") ? .date : nil
        case 5: return is_("value") ? .value : nil
        case 6: return is_("device") ? .device : is_("source") ? .source : nil
        case 7: return is_("endDate") ? .endDate : is_("average") ? .average : is_("minimum") ? .minimum : is_("maximum") ? .maximum : nil
        case 8: return is_("duration") ? .duration : nil
        case 9: return is_("startDate") ? .startDate : nil
        case 10: return is_("sourceName") ? .sourceName : nil
        case 12: return is_("creationDate") ? .creationDate : is_("durationUnit") ? .durationUnit : nil
        case 13: return is_("sourceVersion") ? .sourceVersion : is_("totalDistance") ? .totalDistance
            : is_("appleMoveTime") ? .appleMoveTime : nil
        case 14: return is_("dateComponents") ? .dateComponents : nil
        case 15: return is_("appleStandHours") ? .appleStandHours : nil
        case 17: return is_("totalDistanceUnit") ? .totalDistanceUnit : is_("totalEnergyBurned") ? .totalEnergyBurned
            : is_("appleMoveTimeGoal") ? .appleMoveTimeGoal : is_("appleExerciseTime") ? .appleExerciseTime : nil
        case 18: return is_("activeEnergyBurned") ? .activeEnergyBurned : nil
        case 19: return is_("workoutActivityType") ? .workoutActivityType : is_("appleStandHoursGoal") ? .appleStandHoursGoal : nil
        case 21: return is_("totalEnergyBurnedUnit") ? .totalEnergyBurnedUnit : is_("appleExerciseTimeGoal") ? .appleExerciseTimeGoal : nil
        case 22: return is_("activeEnergyBurnedGoal") ? .activeEnergyBurnedGoal : is_("activeEnergyBurnedUnit") ? .activeEnergyBurnedUnit : nil
        default: return nil
        }
    }

    private static func element(_ n: UnsafeBufferPointer<UInt8>) -> Element {
        guard let base = n.baseAddress else { return .other }
        func is_(_ s: StaticString) -> Bool { n.count == s.utf8CodeUnitCount && memcmp(base, s.utf8Start, n.count) == 0 }
        switch n.count {
        case 6: return is_("Record") ? .record : .other
        case 7: return is_("Workout") ? .workout : .other
        case 10: return is_("HealthData") ? .healthData : is_("ExportDate") ? .exportDate : .other
        case 11: return is_("Correlation") ? .correlation : .other
        case 12: return is_("WorkoutEvent") ? .workoutEvent : is_("WorkoutRoute") ? .workoutRoute : .other
        case 13: return is_("MetadataEntry") ? .metadataEntry : .other
        case 15: return is_("ActivitySummary") ? .activitySummary : .other
        case 17: return is_("WorkoutStatistics") ? .workoutStatistics : .other
        default: return .other
        }
    }

    /// The instant in attribute `key` (seconds since 1970) and its printed offset; nil when absent.
    private func instant(_ tag: XMLTag, _ key: Key, line: @autoclosure () -> Int) throws -> (seconds: Double, offset: Int)? {
        guard let i = slot(key) else { return nil }
        let a = tag.attributes[i]
        if !a.hasEntity, let known = appleTimestamp(tag.raw(a)) { return known }
        var parsed: Timestamp.Parsed?
        if a.hasEntity {
            if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
            tag.appendDecoded(a, to: &scratch)
            parsed = scratch.withUnsafeBufferPointer { Timestamp.parse(bytes: $0) }
        } else {
            parsed = Timestamp.parse(bytes: tag.raw(a))
        }
        if parsed == nil, !a.hasEntity { parsed = Self.parseCompactTimestamp(tag.raw(a)) }
        guard let parsed, let date = parsed.instant else {
            throw ImportError.malformed(line: line(), element: tag.nameString,
                                        reason: "\(key.name) \(Self.shown(tag, a)) is not a date like 2023-01-01 08:00:00 -0800 or 20230101080000-0800")
        }
        return (date.timeIntervalSince1970, parsed.offsetSeconds ?? 0)
    }

    /// The last two timestamps read in Apple's own shape, and what they are.
    @exclusivity(unchecked) private var recentTimestamps = (TimestampKey(), TimestampKey())
    @exclusivity(unchecked) private var recentInstants: ((seconds: Double, offset: Int), (seconds: Double, offset: Int)) = ((0, 0), (0, 0))

    /// The 25 bytes of `2023-01-01 08:00:00 -0800` as three words and a byte.
    struct TimestampKey: Equatable {
        var a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0, d: UInt8 = 0
    }

    /// `YYYY-MM-DD HH:MM:SS ±HHMM` — the shape of every date in an Apple export — read in place
    /// (records often repeat the date just read); nil for any other text, which then goes to
    /// ``Timestamp/parse(bytes:)``. The result is the one `Timestamp.parse` gives.
    private func appleTimestamp(_ b: UnsafeBufferPointer<UInt8>) -> (seconds: Double, offset: Int)? {
        guard b.count == 25, let base = b.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let key = TimestampKey(a: raw.loadUnaligned(as: UInt64.self), b: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                               c: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self), d: base[24])
        if key == recentTimestamps.0 { return recentInstants.0 }
        if key == recentTimestamps.1 { return recentInstants.1 }
        guard let parsed = Self.parseAppleTimestamp(b) else { return nil }
        recentTimestamps = (key, recentTimestamps.0)
        recentInstants = (parsed, recentInstants.0)
        return parsed
    }

    /// The attribute's text, decoded through the scratch buffer (one allocation: the string).
    private func decoded(_ tag: XMLTag, _ a: XMLAttribute) -> String {
        guard a.hasEntity else { return String(decoding: tag.raw(a), as: UTF8.self) }
        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
        tag.appendDecoded(a, to: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The `device` attribute as habit keeps it (``DeviceDescription``: without the address that
    /// changes from record to record), normalised here on the reading thread. Runs of records
    /// from one device get the same string back without a new allocation.
    private func device(_ tag: XMLTag, _ a: XMLAttribute) -> String {
        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
        tag.appendDecoded(a, to: &scratch)
        if let cut = scratch.withUnsafeBufferPointer({ DeviceDescription.addressRange(in: $0) }) {
            scratch.removeSubrange(cut)
        }
        if scratch == lastDevice.bytes { return lastDevice.text }
        let text = String(decoding: scratch, as: UTF8.self)
        lastDevice = (Array(scratch), text)
        return text
    }

    /// The attribute as a number (Swift's `Double(String)` grammar and rounding); nil when it is not one.
    private func number(_ tag: XMLTag, _ a: XMLAttribute) -> Double? {
        if !a.hasEntity, let v = DecimalParsing.double(tag.raw(a)) { return v }
        return Double(tag.string(a))
    }

    /// Adds the attribute's text, as a string of it would hold it, to `hash`.
    private func add(_ tag: XMLTag, _ a: XMLAttribute, to hash: inout StableHash) {
        let raw = tag.raw(a)
        if !a.hasEntity && raw.allSatisfy({ $0 < 0x80 }) {
            hash.add(raw)
        } else {
            hash.add(tag.string(a))
        }
    }

    /// Why attribute `key` cannot be stored (it holds a control character), or nil.
    private func controlCharacter(_ tag: XMLTag, _ key: Key, in part: String = "") -> String? {
        guard let i = slot(key), tag.attributes[i].hasControl else { return nil }
        return "\(part)\(key.name) \(Self.shown(tag, tag.attributes[i])) holds a control character"
    }

    /// Why the instant in attribute `key` cannot be stored (outside the accepted years), or nil.
    private func outOfRange(_ tag: XMLTag, _ key: Key, _ seconds: Double?, in part: String = "") -> String? {
        guard let seconds, !Self.inRange(seconds), let i = slot(key) else { return nil }
        return "\(part)\(key.name) \(Self.shown(tag, tag.attributes[i])) is outside 1970-01-01 to 2100-12-31"
    }

    /// An attribute's value for a message: quoted, control characters escaped, cut when long.
    private static func shown(_ tag: XMLTag, _ a: XMLAttribute) -> String { shown(tag.string(a)) }

    private static func shown(_ text: String) -> String { "'" + ImportText.escaped(text, limit: 40) + "'" }

    private static func inRange(_ seconds: Double) -> Bool { seconds >= earliest && seconds < latest }

    static func milliseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }

    // MARK: - Metadata

    /// The current object's metadata (and a record's non-numeric value as `categoryValue`) as a
    /// JSON object — keys sorted, a later duplicate wins — or nil when there is none; and the first
    /// `HKTimeZone` value ("" when none).
    private func metadataJSON(categoryValue: String?) -> (String?, String) {
        var timeZone = ""
        for e in metadataEntries where Self.equal(metadataBytes, e.keyStart, e.keyEnd, Self.hkTimeZone) {
            timeZone = metadataBytes.withUnsafeBufferPointer { strings.string(UnsafeBufferPointer(rebasing: $0[e.valueStart..<e.valueEnd])) }
            break
        }
        if let categoryValue {
            let keyStart = metadataBytes.count
            metadataBytes.append(contentsOf: Self.categoryValueKey)
            let valueStart = metadataBytes.count
            metadataBytes.append(contentsOf: categoryValue.utf8)
            metadataEntries.append(MetadataEntry(keyStart: keyStart, keyEnd: valueStart, valueStart: valueStart, valueEnd: metadataBytes.count))
        }
        switch metadataEntries.count {
        case 0:
            return (nil, timeZone)
        case 1:
            break
        default:
            let asciiKeys = metadataEntries.allSatisfy { e in metadataBytes[e.keyStart..<e.keyEnd].allSatisfy { $0 < 0x80 } }
            guard asciiKeys else {
                // Keys beyond ASCII sort and compare as Swift strings do (canonical equivalence).
                let pairs = metadataEntries.map { e in
                    (String(decoding: metadataBytes[e.keyStart..<e.keyEnd], as: UTF8.self),
                     String(decoding: metadataBytes[e.valueStart..<e.valueEnd], as: UTF8.self))
                }
                return (Self.json(pairs), timeZone)
            }
            // The last entry of each key, sorted by key (ASCII: byte order is string order).
            var latest: [MetadataEntry] = []
            for e in metadataEntries {
                if let i = latest.firstIndex(where: { Self.equal(metadataBytes, $0.keyStart, $0.keyEnd, e.keyStart, e.keyEnd) }) {
                    latest[i] = e
                } else {
                    latest.append(e)
                }
            }
            latest.sort { a, b in metadataBytes[a.keyStart..<a.keyEnd].lexicographicallyPrecedes(metadataBytes[b.keyStart..<b.keyEnd]) }
            metadataEntries = latest
        }
        if !json.isEmpty { json.removeAll(keepingCapacity: true) }
        json.append(0x7B)
        for (n, e) in metadataEntries.enumerated() {
            if n > 0 { json.append(0x2C) }
            MetadataCoding.appendQuoted(metadataBytes, e.keyStart, e.keyEnd, to: &json)
            json.append(0x3A)
            MetadataCoding.appendQuoted(metadataBytes, e.valueStart, e.valueEnd, to: &json)
        }
        json.append(0x7D)
        return (String(decoding: json, as: UTF8.self), timeZone)
    }

    private static let hkTimeZone: [UInt8] = Array("HKTimeZone".utf8)
    private static let categoryValueKey: [UInt8] = Array("categoryValue".utf8)

    private static func equal(_ bytes: [UInt8], _ start: Int, _ end: Int, _ other: [UInt8]) -> Bool {
        end - start == other.count && bytes[start..<end].elementsEqual(other)
    }

    private static func equal(_ bytes: [UInt8], _ s1: Int, _ e1: Int, _ s2: Int, _ e2: Int) -> Bool {
        e1 - s1 == e2 - s2 && bytes[s1..<e1].elementsEqual(bytes[s2..<e2])
    }

    /// Metadata as a JSON object (keys sorted, later duplicates win), or nil when empty: the
    /// store's one metadata encoding (``MetadataCoding``). `metadataJSON` writes the same text
    /// straight from the export's bytes (ImportMapperTests holds them equal).
    static func json(_ pairs: [(String, String)]) -> String? { MetadataCoding.encode(pairs: pairs) }
}

/// Strings for repeated text without a new allocation each time: a small direct-mapped cache
/// from bytes as written to the decoded string.
struct StringCache {
    private static let slotCount = 512
    private var keys = [[UInt8]](repeating: [], count: slotCount)
    private var values = [String](repeating: "", count: slotCount)
    private var used = [Bool](repeating: false, count: slotCount)

    /// The decoded value of `a` in `tag`.
    mutating func string(_ tag: XMLTag, _ a: XMLAttribute) -> String {
        let raw = tag.raw(a)
        return string(raw) { a.hasEntity ? tag.string(a) : String(decoding: raw, as: UTF8.self) }
    }

    /// `bytes` as UTF-8 text.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        string(bytes) { String(decoding: bytes, as: UTF8.self) }
    }

    private mutating func string(_ raw: UnsafeBufferPointer<UInt8>, make: () -> String) -> String {
        guard raw.count <= 128, let base = raw.baseAddress else { return make() }
        let slot = Self.slot(base, raw.count)
        if used[slot], keys[slot].withUnsafeBufferPointer({ XMLScanner.equal($0, raw) }) { return values[slot] }
        let value = make()
        keys[slot] = Array(raw)
        values[slot] = value
        used[slot] = true
        return value
    }

    /// A cheap hash of the length and the first and last eight bytes.
    private static func slot(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var h = UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        if count >= 8 {
            let raw = UnsafeRawPointer(p)
            h ^= raw.loadUnaligned(as: UInt64.self) &* 0xBF58_476D_1CE4_E5B9
            h ^= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) &* 0x94D0_49BB_1331_11EB
        } else {
            for k in 0..<count { h = (h ^ UInt64(p[k])) &* 0x0000_0100_0000_01B3 }
        }
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & (slotCount - 1)
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
