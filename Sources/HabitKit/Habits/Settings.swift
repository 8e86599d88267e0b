import Foundation

/// The user's settings, stored in the store's `setting` table as text and validated here.
public struct Settings: Sendable, Equatable {
    public enum Key: String, CaseIterable, Sendable {
        case weight
        case timezone
        case minMinutes = "min-minutes"
        case meditateGoal = "meditate-goal"
        case workoutGoal = "workout-goal"
        case weekStart = "week-start"
        case dayStart = "day-start"
        case grace

        /// What a valid value looks like, for error messages and `habit config list`.
        public var expected: String {
            switch self {
            case .weight: "body mass in kg, 20–400 (default 70)"
            case .timezone: "an IANA time zone such as Europe/Berlin (default: TZ, else the system zone)"
            case .minMinutes: "whole minutes 1–1440 a day must reach to count (default 2)"
            case .meditateGoal: "meditation ring goal in whole minutes 1–1440 (default 10)"
            case .workoutGoal: "workout ring goal in whole minutes 1–1440 (default 30)"
            case .weekStart: "monday or sunday (default monday)"
            case .dayStart: "the time each day starts, HH:MM from 00:00 to 12:00 (default 00:00)"
            case .grace: "minutes 1–1440 a reminder check looks back (default 15)"
            }
        }

        public init(parsing text: String) throws(InputError) {
            guard let key = Key(rawValue: text.lowercased()) else {
                throw .unknownSetting(text, suggestion: closestMatch(text, in: Key.allCases.map(\.rawValue)))
            }
            self = key
        }
    }

    public var weightKg: Double = 70
    public var timeZoneID: String?
    public var minMinutes: Int = 2
    public var meditateGoalMinutes: Int = 10
    public var workoutGoalMinutes: Int = 30
    public var weekStartsOnSunday = false
    /// When each habit day starts (00:00 … 12:00, whole minutes): day D is `[D at dayStart, D+1 at dayStart)`.
    public var dayStart: LocalTime = .midnight
    public var graceMinutes: Int = 15
    /// The built-ins archived (`habit archive noalc`), each stored as its own row
    /// ``archivedKey(_:)`` = `true` (Standards/habits.md, "Archiving"); in ``Habit`` order.
    public var archivedBuiltins: [Habit] = []

    public init() {}

    /// Builds settings from stored text values; unknown keys are ignored, and a value that no
    /// longer validates falls back to its default.
    public init(stored: [String: String]) {
        for (k, v) in stored {
            guard let key = Key(rawValue: k) else { continue }
            _ = try? apply(key, v)
        }
        archivedBuiltins = Habit.allCases.filter { stored[Self.archivedKey($0)] == "true" }
    }

    /// The row of the `setting` table that says the built-in `habit` is archived (`true`; unset
    /// or absent: shown). Not a user setting (`config` never lists it); it syncs and is exported
    /// as settings are, the latest word winning.
    public static func archivedKey(_ habit: Habit) -> String { "archived-" + habit.rawValue }

    /// Validates `value` for `key` and returns it normalised for storage.
    @discardableResult
    public mutating func apply(_ key: Key, _ value: String) throws(InputError) -> String {
        let v = value.trimmedASCII
        let bad = InputError.invalidSetting(key: key.rawValue, value: value, expected: key.expected)
        func minutes() throws(InputError) -> Int {
            guard let n = Int(v), (1...1440).contains(n) else { throw bad }
            return n
        }
        switch key {
        case .weight:
            let text = v.lowercased().hasSuffix("kg") ? String(v.dropLast(2)).trimmedASCII : v
            // Decimal digits only: Double("0x48") is 72, Double("7e1") is 70.
            let decimal = !text.isEmpty && text.allSatisfy { ("0"..."9").contains($0) || $0 == "." } && text.filter { $0 == "." }.count <= 1
            guard decimal, let kg = Double(text), kg.isFinite, (20...400).contains(kg) else { throw bad }
            weightKg = kg
            return Self.text(kg: kg)
        case .timezone:
            guard TimeZone(identifier: v) != nil, v.contains("/") || v == "UTC" else { throw bad }
            timeZoneID = v
            return v
        case .minMinutes: minMinutes = try minutes(); return String(minMinutes)
        case .meditateGoal: meditateGoalMinutes = try minutes(); return String(meditateGoalMinutes)
        case .workoutGoal: workoutGoalMinutes = try minutes(); return String(workoutGoalMinutes)
        case .grace: graceMinutes = try minutes(); return String(graceMinutes)
        case .weekStart:
            switch v.lowercased() {
            case "monday", "mon": weekStartsOnSunday = false; return "monday"
            case "sunday", "sun": weekStartsOnSunday = true; return "sunday"
            default: throw bad
            }
        case .dayStart:
            guard let time = Self.dayStart(parsing: v) else { throw bad }
            dayStart = time
            return time.description
        }
    }

    /// `04:00` or `4:00`, from 00:00 through 12:00; no seconds.
    private static func dayStart(parsing text: String) -> LocalTime? {
        let padded = text.utf8.count == 4 ? "0" + text : text
        guard padded.utf8.count == 5, let time = LocalTime(padded),
              time <= LocalTime.noon else { return nil }
        return time
    }

    /// `72`, `72.5`: a whole weight without decimals.
    private static func text(kg: Double) -> String { kg == kg.rounded() ? String(Int(kg)) : String(kg) }

    /// The effective value of `key` as text (defaults included).
    public func value(of key: Key) -> String? {
        switch key {
        case .weight: Self.text(kg: weightKg)
        case .timezone: timeZoneID
        case .minMinutes: String(minMinutes)
        case .meditateGoal: String(meditateGoalMinutes)
        case .workoutGoal: String(workoutGoalMinutes)
        case .weekStart: weekStartsOnSunday ? "sunday" : "monday"
        case .dayStart: dayStart.description
        case .grace: String(graceMinutes)
        }
    }
}
