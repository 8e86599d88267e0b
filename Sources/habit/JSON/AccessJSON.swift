import HabitKit

/// One type in `habit access --json`.
struct AccessJSON: Encodable {
    var name: String
    var type: String
    var origin: String
    var read: String
    var write: String

    /// `{"noalc": "denied"}`: the habits of `overview` habit may not read; nil when there is none.
    static func denied(_ overview: HabitOverview) -> [String: String]? {
        let names = overview.reports.filter { !$0.readable }.map(\.definition.name)
        return names.isEmpty ? nil : Dictionary(uniqueKeysWithValues: names.map { ($0, "denied") })
    }

    init(_ e: AccessEntry) {
        (name, type, origin) = (e.name, e.type, e.origin.rawValue)
        (read, write) = (e.read ? "allowed" : "denied", e.write ? "allowed" : "denied")
    }
}
