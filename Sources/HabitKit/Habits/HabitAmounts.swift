import Foundation

/// Units of habits' amounts: durations (`s`, `min`, `h`) convert into one another, so a habit
/// counted in minutes takes `25m`, `1h` or `1h30m`; any other unit is a word the amount may repeat
/// (`3`, `3glass`, `3 glasses`) but never replace (`3kg` for a habit in glasses is refused).
public enum HabitUnit {
    /// Seconds per unit for the duration units, by every spelling accepted (`m` is not one: as a
    /// unit it is metres; amounts like `25m` are durations all the same, read by ``InputParsing``).
    static let durationSeconds: [String: Double] = [
        "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
        "min": 60, "mins": 60, "minute": 60, "minutes": 60,
        "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
    ]

    /// The canonical spelling of a unit: `min`, `h`, `s` for durations, else the text itself.
    public static func canonical(_ text: String) throws(HabitInputError) -> String {
        let t = text.trimmedASCII.lowercased()
        if let s = durationSeconds[t] { return s == 1 ? "s" : s == 60 ? "min" : "h" }
        let b = Array(t.utf8)
        guard (1...16).contains(b.count), b.allSatisfy({ (97...122).contains($0) || $0 == 37 }) else {
            throw .invalidAmount(text, reason: "a unit is 1–16 letters (glass, km, kcal, page, %)")
        }
        return t
    }

    public static func isDuration(_ unit: String?) -> Bool { unit.map { durationSeconds[$0] != nil } ?? false }

    /// Parses an amount in `unit` (nil: a plain count): a finite number ≥ 0, optionally followed
    /// by the unit (or, for a duration unit, written as a duration: `25m`, `1h30m`).
    public static func amount(_ text: String, unit: String?, habit: String) throws(HabitInputError) -> Double {
        let t = text.trimmedASCII.lowercased()
        guard !t.isEmpty else { throw .invalidAmount(text, reason: "it is empty") }
        if t.hasPrefix("-") { throw .invalidAmount(text, reason: "it is negative") }
        let digits = t.prefix { ("0"..."9").contains($0) || $0 == "." }
        let suffix = t.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        if let unit, let perUnit = durationSeconds[unit] {
            if suffix.isEmpty {
                guard let n = Double(digits), n.isFinite else { throw .invalidAmount(text, reason: "expected a number") }
                return n
            }
            do {
                return try InputParsing.duration(t) / perUnit
            } catch {
                throw .unitMismatch(text, habit: habit, unit: unitName(unit))
            }
        }
        guard let n = Double(digits), n.isFinite, !digits.isEmpty else {
            throw .invalidAmount(text, reason: "expected a number, e.g. 3 or 2.5")
        }
        guard n < StoredNumbers.magnitude else { throw .invalidAmount(text, reason: "it is too large (at most 999,999,999,999)") }
        if !suffix.isEmpty {
            guard let unit, suffix == unit || suffix == unit + "s" || suffix == unit + "es" else {
                throw .unitMismatch(text, habit: habit, unit: unit.map(unitName) ?? "plain numbers")
            }
        }
        return n
    }

    /// A target: a finite number > 0 (durations welcome for duration units: `7h`, `150min`).
    public static func target(_ text: String, unit: String?) throws(HabitInputError) -> Double {
        if text.trimmedASCII.hasPrefix("-") { throw .invalidTarget(text, reason: "it is negative") }
        let value: Double
        do {
            value = try amount(text, unit: unit, habit: "the target")
        } catch {
            throw .invalidTarget(text, reason: "write a number" + (isDuration(unit) ? " or a duration (7h, 90m)" : "")
                                 + (unit.map { " in \(unitName($0))" } ?? ""))
        }
        guard value.isFinite, value > 0 else { throw .invalidTarget(text, reason: "it must be a number above zero") }
        guard value < StoredNumbers.magnitude else { throw .invalidTarget(text, reason: "it is too large") }
        return value
    }

    /// `minutes`, `hours`, `seconds` or the unit itself.
    public static func unitName(_ unit: String) -> String {
        switch unit {
        case "min": "minutes"
        case "h": "hours"
        case "s": "seconds"
        default: unit
        }
    }
}

/// What a `--from` habit reads: a HealthKit type and how a sample becomes an amount.
public struct HabitDataType: Sendable, Equatable {
    public enum Measure: Sendable, Equatable {
        /// The samples' values, converted to the habit's unit.
        case value
        /// The samples' durations in the habit's (duration) unit.
        case duration
        /// Asleep time: durations of sleep-analysis samples in an asleep stage, over the night
        /// before the day (`[D−1 18:00, D 18:00)` civil time).
        case asleep
        /// An Activity ring of the day's `ActivitySummary`: its value, or (a yes/no habit) an
        /// entry when it is closed.
        case ring(ActivityRing)

        /// The measure's name, spelled without reflection (`"\(measure)"` goes through `Mirror`
        /// and the runtime's conformance look-ups; Benchmarks/README.md, "Issue 28, point 6:
        /// `status` without ArgumentParser"). The same text as `"\(measure)"` for the three cases
        /// a kept day total reads, so a kept total's fingerprint is unchanged by it.
        var name: String {
            switch self {
            case .value: "value"
            case .duration: "duration"
            case .asleep: "asleep"
            case .ring(let ring): "ring(\(ring.rawValue))"
            }
        }
    }

    /// `--from activity-summary --field RING`.
    public static let activitySummaryName = "activity-summary"

    /// Whether it reads an Activity ring (one set a day, no sources to choose).
    public var isRing: Bool {
        if case .ring = measure { return true }
        return false
    }

    public init(ring: ActivityRing) {
        self.init(identifier: ring.typeIdentifier, measure: .ring(ring), defaultUnit: ring.unit)
    }

    public var identifier: String
    public var measure: Measure
    /// The unit amounts are given in when the user names none.
    public var defaultUnit: String

    public static let shortNames: [String: HabitDataType] = [
        "steps": HabitDataType(identifier: "HKQuantityTypeIdentifierStepCount", measure: .value, defaultUnit: "count"),
        "sleep": HabitDataType(identifier: "HKCategoryTypeIdentifierSleepAnalysis", measure: .asleep, defaultUnit: "min"),
        "mindful": HabitDataType(identifier: SampleType.mindfulSession, measure: .duration, defaultUnit: "min"),
        "active-energy": HabitDataType(identifier: SampleType.activeEnergyBurned, measure: .value, defaultUnit: "kcal"),
        "exercise": HabitDataType(identifier: "HKQuantityTypeIdentifierAppleExerciseTime", measure: .value, defaultUnit: "min"),
        "distance": HabitDataType(identifier: "HKQuantityTypeIdentifierDistanceWalkingRunning", measure: .value, defaultUnit: "km"),
    ]

    /// A short name or a HealthKit identifier (`HKQuantityTypeIdentifier…` counts values,
    /// `HKCategoryTypeIdentifier…` counts durations).
    public init(parsing text: String) throws(HabitInputError) {
        let t = text.trimmedASCII
        if let ring = ActivityRing(typeIdentifier: t) {
            self.init(ring: ring)
            return
        }
        if let known = Self.shortNames[t.lowercased()] {
            self = known
            return
        }
        if let known = Self.shortNames.values.first(where: { $0.identifier == t }) {
            self = known
            return
        }
        let b = Array(t.utf8)
        let word = b.count <= 128 && b.allSatisfy { (65...90).contains($0) || (97...122).contains($0) || (48...57).contains($0) }
        if word, t.hasPrefix("HKQuantityTypeIdentifier"), t.count > 24 {
            self = HabitDataType(identifier: t, measure: .value, defaultUnit: "count")
        } else if word, t.hasPrefix("HKCategoryTypeIdentifier"), t.count > 24 {
            self = HabitDataType(identifier: t, measure: .duration, defaultUnit: "min")
        } else {
            throw .unknownType(text)
        }
    }

    public init(identifier: String, measure: Measure, defaultUnit: String) {
        self.identifier = identifier
        self.measure = measure
        self.defaultUnit = defaultUnit
    }

    /// The type a stored definition names (no error: an identifier stored is one accepted before).
    public static func stored(_ identifier: String) -> HabitDataType {
        (try? HabitDataType(parsing: identifier)) ?? HabitDataType(identifier: identifier, measure: .value, defaultUnit: "count")
    }

    /// The short name of the type ("move ring" for an Activity ring), or its identifier.
    public var displayName: String {
        if case .ring(let ring) = measure { return "\(ring.rawValue) ring" }
        return Self.shortNames.first { $0.value.identifier == identifier }?.key ?? identifier
    }
}

/// Unit conversion for imported values: the units Apple Health writes for the short-named types.
public enum UnitConversion {
    /// The factor from `unit` to a base unit of its dimension, and the dimension.
    private static let factors: [String: (dimension: String, factor: Double)] = [
        "count": ("count", 1),
        "kcal": ("energy", 1), "Cal": ("energy", 1), "cal": ("energy", 0.001), "kJ": ("energy", 1 / 4.184), "kj": ("energy", 1 / 4.184),
        "m": ("length", 1), "km": ("length", 1000), "mi": ("length", 1609.344), "ft": ("length", 0.3048), "yd": ("length", 0.9144),
        "cm": ("length", 0.01),
        "s": ("time", 1), "min": ("time", 60), "h": ("time", 3600), "hr": ("time", 3600),
    ]

    /// What `unit` measures (`count`, `energy`, `length`, `time`), or nil for a unit habit does not convert.
    public static func dimension(of unit: String) -> String? { factors[unit]?.dimension }

    /// The units that measure `dimension`, sorted.
    public static func units(of dimension: String) -> [String] {
        factors.filter { $0.value.dimension == dimension }.map(\.key).sorted()
    }

    /// `value` in `from` expressed in `to`; the value unchanged when either unit is unknown or
    /// they measure different things (a count is a count).
    public static func convert(_ value: Double, from: String?, to: String) -> Double {
        guard let from, let f = Self.factors(from: from, to: to) else { return value }
        return f.apply(value)
    }

    /// What ``convert(_:from:to:)`` multiplies and divides by, looked up once for many values;
    /// nil when it leaves values unchanged.
    public struct Factors: Sendable, Equatable {
        var times: Double, over: Double
        /// The same arithmetic as ``convert(_:from:to:)``, to the last bit.
        public func apply(_ value: Double) -> Double { value * times / over }
    }

    public static func factors(from: String, to: String) -> Factors? {
        guard from != to, let a = factors[from], let b = factors[to], a.dimension == b.dimension else { return nil }
        return Factors(times: a.factor, over: b.factor)
    }
}
