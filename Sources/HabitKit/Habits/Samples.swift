import Foundation

/// HealthKit type identifiers used by habit. Imported data keeps whatever identifier it had.
public enum SampleType {
    public static let mindfulSession = "HKCategoryTypeIdentifierMindfulSession"
    public static let activeEnergyBurned = "HKQuantityTypeIdentifierActiveEnergyBurned"
    public static let alcoholicBeverages = "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages"
}

/// Where a sample came from, identified by a bundle id.
///
/// The app's sources are `dev.habit` and its extensions `dev.habit.<name>` (a dot boundary:
/// `dev.habitual` is external). Everything else — including everything imported — is external.
public struct SourceID: Hashable, Sendable, CustomStringConvertible, Codable {
    public static let app = SourceID(unchecked: "dev.habit")

    public let bundleID: String

    init(unchecked bundleID: String) { self.bundleID = bundleID }

    /// A reverse-DNS bundle id: two or more dot-separated labels of letters, digits, `-` and `_`.
    public init(_ text: String) throws(InputError) {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        let ok = text.count <= 255 && labels.count >= 2 && labels.allSatisfy { label in
            !label.isEmpty && label.utf8.allSatisfy { b in
                (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 45 || b == 95
            }
        }
        guard ok else { throw .invalidSource(text) }
        bundleID = text
    }

    /// True for `dev.habit` and `dev.habit.*`.
    public var isApp: Bool { SourceID.isAppBundleID(bundleID) }

    public static func isAppBundleID(_ id: String) -> Bool {
        id == "dev.habit" || id.hasPrefix("dev.habit.")
    }

    /// A display name for a source the app creates: "habit", "habit (watch)", or the id itself.
    public var defaultName: String {
        if bundleID == "dev.habit" { return "habit" }
        if isApp { return "habit (\(bundleID.dropFirst("dev.habit.".count)))" }
        return bundleID
    }

    /// The id of a source an Apple Health export names: `healthkit-import:` and the export's `sourceName`.
    public static let importPrefix = "healthkit-import:"

    public static func imported(_ sourceName: String) -> SourceID { SourceID(unchecked: importPrefix + sourceName) }

    /// What a person calls the source: an imported source's own name ("Apple Watch de José"),
    /// else the id.
    public var displayName: String {
        bundleID.hasPrefix(Self.importPrefix) ? String(bundleID.dropFirst(Self.importPrefix.count)) : bundleID
    }

    public var description: String { bundleID }
}

/// One stored health sample, HealthKit-shaped.
public struct Sample: Hashable, Sendable {
    public var uuid: UUID
    public var type: String
    public var start: Date
    public var end: Date
    public var value: Double?
    public var unit: String?
    public var source: SourceID
    public var device: String?
    public var metadata: [String: String]
    public var created: Date
    /// The zone the sample was recorded in and its UTC offset (seconds) at the start; an empty
    /// zone is unknown (an import without `HKTimeZone`) and its offset 0, shown as unknown
    /// (``RecordedZone``).
    public var utcOffset: Int
    public var timeZoneID: String
    /// The workout this sample is associated with, if any.
    public var workout: UUID?

    public init(uuid: UUID, type: String, start: Date, end: Date, value: Double?, unit: String?,
                source: SourceID, device: String? = nil, metadata: [String: String] = [:], created: Date,
                utcOffset: Int, timeZoneID: String, workout: UUID? = nil) {
        self.uuid = uuid
        self.type = type
        self.start = start
        self.end = end
        self.value = value
        self.unit = unit
        self.source = source
        self.device = device
        self.metadata = metadata
        self.created = created
        self.utcOffset = utcOffset
        self.timeZoneID = timeZoneID
        self.workout = workout
    }
}

/// One stored workout, HKWorkout-shaped.
public struct Workout: Hashable, Sendable {
    public var uuid: UUID
    public var activityType: String
    public var start: Date
    public var end: Date
    /// Seconds.
    public var duration: TimeInterval
    public var totalEnergyKcal: Double?
    public var totalDistanceMeters: Double?
    public var source: SourceID
    public var device: String?
    public var metadata: [String: String]
    public var created: Date
    /// As a sample's: an empty zone is unknown, its offset 0.
    public var utcOffset: Int
    public var timeZoneID: String

    public init(uuid: UUID, activityType: String, start: Date, end: Date, duration: TimeInterval,
                totalEnergyKcal: Double?, totalDistanceMeters: Double?, source: SourceID, device: String? = nil,
                metadata: [String: String] = [:], created: Date, utcOffset: Int, timeZoneID: String) {
        self.uuid = uuid
        self.activityType = activityType
        self.start = start
        self.end = end
        self.duration = duration
        self.totalEnergyKcal = totalEnergyKcal
        self.totalDistanceMeters = totalDistanceMeters
        self.source = source
        self.device = device
        self.metadata = metadata
        self.created = created
        self.utcOffset = utcOffset
        self.timeZoneID = timeZoneID
    }
}

/// A statistic of a workout as Apple Health exports it (`WorkoutStatistics`): what the import
/// reads, the store keeps, the interchange format and sync carry — one type for all of them.
public struct WorkoutStatistic: Sendable, Equatable {
    public var type: String
    public var start: Date?
    public var end: Date?
    public var average: Double?
    public var minimum: Double?
    public var maximum: Double?
    public var sum: Double?
    public var unit: String?

    public init(type: String, start: Date? = nil, end: Date? = nil, average: Double? = nil, minimum: Double? = nil,
                maximum: Double? = nil, sum: Double? = nil, unit: String? = nil) {
        (self.type, self.start, self.end, self.average) = (type, start, end, average)
        (self.minimum, self.maximum, self.sum, self.unit) = (minimum, maximum, sum, unit)
    }
}

/// An event of a workout (pause, lap, segment).
public struct WorkoutEvent: Sendable, Equatable {
    public var type: String
    public var date: Date?
    public var duration: Double?
    public var durationUnit: String?

    public init(type: String, date: Date? = nil, duration: Double? = nil, durationUnit: String? = nil) {
        (self.type, self.date, self.duration, self.durationUnit) = (type, date, duration, durationUnit)
    }
}

/// A NoAlc day level. Stored as the HealthKit drink count 0, 4 or 6.
public enum NoAlcLevel: String, Sendable, Codable, CaseIterable, Comparable {
    case steady, easy, wild

    /// 0–1 drinks steady, 2–5 easy, 6+ wild.
    public init(drinks: Int) {
        switch drinks {
        case ...1: self = .steady
        case 2...5: self = .easy
        default: self = .wild
        }
    }

    /// A day read back from the sum of its samples: ≥ 6 wild, ≥ 4 easy, else steady.
    public init(dayTotal: Double) {
        self = dayTotal >= 6 ? .wild : dayTotal >= 4 ? .easy : .steady
    }

    /// The value stored in the alcoholic-beverages sample.
    public var storedValue: Double {
        switch self {
        case .steady: 0
        case .easy: 4
        case .wild: 6
        }
    }

    public static func < (a: NoAlcLevel, b: NoAlcLevel) -> Bool { a.storedValue < b.storedValue }

    /// The entries a new NoAlc entry from `source` replaces among its day's `existing` ones: the
    /// last entry for a day wins over the earlier ones from the app's sources; an entry from
    /// another source replaces nothing.
    public static func entriesReplaced(by source: SourceID, among existing: [Sample]) -> [Sample] {
        source.isApp ? existing.filter { $0.source.isApp } : []
    }
}

/// The three habits habit tracks.
public enum Habit: String, Sendable, CaseIterable, Codable {
    case meditate, workout, noalc
}
