import HabitKit

/// The text of `habit changes`: what was added, and what was removed said in words.
enum ChangesText {
    static func lines(_ changes: Changes, saved: String?, habitNames: [String: String], calendar: HabitCalendar) -> [String] {
        var lines = ["since \(changes.since): \(changes.samples.count) samples and \(changes.workouts.count) workouts added, "
                     + "\(changes.deleted.count) deleted; new anchor \(changes.anchor)" + (saved.map { " (saved as \(quoted: $0))" } ?? "")]
        for s in changes.samples.prefix(50) { lines.append("  + \(TextRendering.describe(s, calendar))  \(s.uuid.storeText)") }
        for w in changes.workouts.prefix(50) { lines.append("  + \(TextRendering.describe(w, calendar))  \(w.uuid.storeText)") }
        for d in changes.deleted.prefix(50) { lines.append("  - \(removed(d, habitNames: habitNames))  \(d.uuid.storeText)") }
        if changes.samples.count > 50 || changes.workouts.count > 50 || changes.deleted.count > 50 { lines.append("  … (--json lists everything)") }
        return lines
    }

    /// A tombstone in words: `water entry (deleted)`, `workout hiit (deleted)`, `skip of floss (taken
    /// back)`, `skip of every habit (taken back)`. `habitNames`: a habit's id to its name (a
    /// built-in's id is its name); a habit removed since is "a removed habit".
    static func removed(_ d: HabitStore.Tombstone, habitNames: [String: String]) -> String {
        func habit(_ id: String) -> String { habitNames[id] ?? Habit(rawValue: id)?.rawValue ?? "a removed habit" }
        switch d.kind {
        case .skip:
            return "skip of \(d.type == "*" ? "every habit" : habit(d.type)) (taken back)"
        case .workout:
            return "workout \(TextRendering.activityName(d.type)) (deleted)"
        case .sample:
            let what: String = switch d.type {
            case SampleType.mindfulSession: Habit.meditate.rawValue
            case SampleType.alcoholicBeverages: Habit.noalc.rawValue
            case SampleType.activeEnergyBurned: "workout energy"
            case let type where type.hasPrefix(HabitDefinition.loggedTypePrefix):
                habit(String(type.dropFirst(HabitDefinition.loggedTypePrefix.count)))
            default: escapingControlCharacters(HabitDataType.stored(d.type).displayName)
            }
            return "\(what) entry (deleted)"
        }
    }
}
