import Foundation

/// Read and write access per data type (Standards/access.md, "Access per data type"), as
/// HealthKit grants it: a type habit may not write is never stored — by `log`, `import`, `sync` —
/// and a type it may not read is absent from every answer. A new store allows everything.
///
/// The types are sample type identifiers (`HKCategoryTypeIdentifierMindfulSession`, an own
/// habit's `dev.habit.habit.<id>`), `HKWorkoutTypeIdentifier` for workouts, and
/// `HKActivitySummaryTypeIdentifier` for the Activity rings.
public struct AccessGrants: Sendable, Equatable {
    /// What is not allowed, by type; a type not listed is allowed both ways.
    public private(set) var restricted: [String: AccessGrant]

    public init(_ grants: [AccessGrant] = []) {
        restricted = [:]
        for g in grants where !(g.read && g.write) { restricted[g.type] = g }
    }

    /// Everything allowed: a new store, or one whose grants were never changed.
    public static let everything = AccessGrants()

    public var allowsEverything: Bool { restricted.isEmpty }

    public func mayRead(_ type: String) -> Bool { restricted[DataTypes.accessType(of: type)]?.read ?? true }
    public func mayWrite(_ type: String) -> Bool { restricted[DataTypes.accessType(of: type)]?.write ?? true }

    /// Whether `definition`'s days may be read (the type it reads: ``DataTypes/read(by:)``).
    public func mayRead(_ definition: HabitDefinition) -> Bool { mayRead(DataTypes.read(by: definition)) }

    /// The types that may not be read.
    public var unreadable: [String] { restricted.values.filter { !$0.read }.map(\.type).sorted() }

    /// The first type of `types` that may not be written, if any.
    public func firstNotWritable(_ types: [String]) -> String? { types.first { !mayWrite($0) } }

    /// Why the data of the habit `definition` — its entries, its skips, its command's result, its
    /// removal — may not be stored or changed, or nil when it may: the one check every writer of
    /// a habit's data makes, on the grants its own transaction read (Standards/access.md).
    public func writeDenial(of definition: HabitDefinition) -> AccessError? {
        let type = DataTypes.read(by: definition)
        return mayWrite(type) ? nil : .writeDenied(type: type, name: definition.accessName)
    }

    /// The grant of `type` after `allow` (true) or deny (false) of `read` and/or `write`.
    public func changing(_ type: String, allow: Bool, read: Bool, write: Bool) -> AccessGrant {
        let now = restricted[type] ?? AccessGrant(type: type, read: true, write: true)
        return AccessGrant(type: type, read: read ? allow : now.read, write: write ? allow : now.write)
    }
}

extension HabitDefinition {
    /// The name `habit access` takes for the type this habit's days come from: its short name
    /// (`alcohol`, `steps`), else an own habit's name, else the identifier.
    public var accessName: String {
        let type = DataTypes.read(by: self)
        if let short = DataTypes.shortName(of: type) { return short }
        return fromType == nil ? name : type
    }
}

/// One type's grant.
public struct AccessGrant: Sendable, Equatable, Codable {
    public var type: String
    public var read: Bool
    public var write: Bool

    public init(type: String, read: Bool, write: Bool) {
        (self.type, self.read, self.write) = (type, read, write)
    }
}

/// The data types habit knows, their short names, and which type each habit reads and each
/// entry writes.
public enum DataTypes {
    public static let workout = "HKWorkoutTypeIdentifier"
    /// The Activity rings (one type for the three, as in HealthKit's `HKActivitySummaryType`).
    public static let activitySummary = "HKActivitySummaryTypeIdentifier"

    /// The short names `habit access` takes and shows, besides `--from`'s (``HabitDataType/shortNames``).
    static let ownShortNames: [(name: String, type: String)] = [
        ("workouts", workout),
        ("alcohol", SampleType.alcoholicBeverages),
        (HabitDataType.activitySummaryName, activitySummary),
    ]

    /// The short name of `type`, when it has one.
    public static func shortName(of type: String) -> String? {
        if let own = ownShortNames.first(where: { $0.type == type }) { return own.name }
        return HabitDataType.shortNames.first { $0.value.identifier == type }?.key
    }

    /// The type access is granted on for `type`: an Activity ring's type is the rings' one type.
    public static func accessType(of type: String) -> String {
        type.hasPrefix(ActivityRing.typePrefix) ? activitySummary : type
    }

    /// The type whose samples `definition`'s days are read from.
    public static func read(by definition: HabitDefinition) -> String {
        if let builtin = definition.builtin { return read(by: builtin) }
        return accessType(of: definition.fromType ?? (HabitDefinition.loggedTypePrefix + definition.id))
    }

    /// The type a built-in's days are read from.
    public static func read(by builtin: Habit) -> String {
        switch builtin {
        case .meditate: SampleType.mindfulSession
        case .workout: workout
        case .noalc: SampleType.alcoholicBeverages
        }
    }

    /// The types `entry` stores: a workout stores its active energy too.
    public static func written(by entry: NewEntry) -> [String] {
        switch entry {
        case .meditation: written(by: Habit.meditate)
        case .workout: written(by: Habit.workout)
        case .alcohol: written(by: Habit.noalc)
        case .habit(let d, _, _, _), .habitDay(let d, _, _, _): written(by: d)
        }
    }

    /// The types an entry of `definition` stores (what `habit log` and `habit ask` need to write).
    public static func written(by definition: HabitDefinition) -> [String] {
        definition.builtin.map(written(by:)) ?? [read(by: definition)]
    }

    /// The types an entry of a built-in stores: a workout stores its active energy too.
    public static func written(by builtin: Habit) -> [String] {
        builtin == .workout ? [workout, SampleType.activeEnergyBurned] : [read(by: builtin)]
    }

    /// The types of the built-ins, in the order `habit access` lists them.
    public static let builtinTypes = [SampleType.mindfulSession, workout, SampleType.activeEnergyBurned, SampleType.alcoholicBeverages]

    /// The type `text` names: a short name (`alcohol`, `steps`, `workouts`), a built-in habit's
    /// name (`meditate`, `workout`, `noalc`), an own habit's name, or a full identifier — one of
    /// HealthKit's (`HK…TypeIdentifier…`), an own habit's `dev.habit.habit.<id>`, or any type
    /// `stored` holds. Only names and identifiers of this shape are accepted: the text is never
    /// matched as a pattern.
    public static func resolve(_ text: String, habits: [HabitDefinition], stored: [String]) throws(AccessInputError) -> String {
        let t = text.trimmedASCII
        let lower = t.lowercased()
        if let own = ownShortNames.first(where: { $0.name == lower }) { return own.type }
        if let short = HabitDataType.shortNames[lower] { return short.identifier }
        if let builtin = Habit(rawValue: lower) { return read(by: builtin) }
        if let habit = habits.first(where: { $0.name == lower }) { return read(by: habit) }
        if stored.contains(t) || habits.contains(where: { read(by: $0) == t }) || builtinTypes.contains(t) || t == activitySummary {
            return t
        }
        let b = Array(t.utf8)
        let word = b.count <= 128 && b.allSatisfy { (65...90).contains($0) || (97...122).contains($0) || (48...57).contains($0) }
        if word, ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier"].contains(where: { t.hasPrefix($0) && t.count > $0.count }) {
            return t
        }
        throw .unknownType(text, names: ownShortNames.map(\.name) + HabitDataType.shortNames.keys.sorted())
    }
}

/// A type `habit access` cannot name.
public enum AccessInputError: HabitError, Equatable {
    case unknownType(String, names: [String])

    public var kind: ErrorKind { .usage }

    public var description: String {
        switch self {
        case .unknownType(let t, let names):
            "unknown data type \(quoted: t): use \(names.joined(separator: ", ")), a habit's name or a HealthKit identifier (see 'habit access')"
        }
    }
}

/// A write or read of a type habit may not touch.
public enum AccessError: HabitError, Equatable {
    /// `name` (a short name, a habit's name or an identifier) may not be written.
    case writeDenied(type: String, name: String)
    /// `name` may not be read (`habit stats` of it).
    case readDenied(type: String, name: String)

    public var kind: ErrorKind { .permission }

    public var description: String {
        switch self {
        case .writeDenied(_, let name):
            "habit may not write \(name) data: nothing was stored (allow it with 'habit access allow \(name) --write')"
        case .readDenied(_, let name):
            "no read access to \(name) data (allow it with 'habit access allow \(name) --read')"
        }
    }
}
