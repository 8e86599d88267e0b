import Foundation

/// The versions the merge rules compare (``SyncMerge/decide(_:here:removedAt:)``): when a habit
/// definition or a reminder was changed, and the text that breaks a tie between two versions
/// changed at the same instant (Standards/sync.md, "Merge rules": the larger text wins, so every
/// device keeps the same one). The text is the object's fields as the store spells them, joined
/// by U+001F, in a fixed order; it must never change for the objects that exist, or two devices
/// running different versions of habit would keep different versions of one tie (tests:
/// `SyncVersionTests`).
extension SyncMerge.Version {
    /// A habit definition's version: name, kind, unit, goal, target, period, times, type read,
    /// sources, first day, archived, created, asks — then, each only when there is one, D of a
    /// habit of N days in any D, the weekday schedule (`on` and its mask) and the tags (`tags` and
    /// their stored text), so that every other habit's text is what it was before they existed.
    /// A command habit's command is not part of it: it never travels (Standards/security.md).
    public init(habit d: HabitDefinition) {
        let (goal, target): (String, String) = switch d.goal {
        case .atLeast(let x): ("atLeast", String(x))
        case .atMost(let x): ("atMost", String(x))
        case nil: ("", "")
        }
        var fields = [d.name, d.kind.rawValue, d.unit ?? "", goal, target, d.per.name, String(d.times), d.fromType ?? "",
                      d.sources.storedText, d.since.description, String(d.archived), String(d.created.timeIntervalSince1970),
                      String(d.asks)]
        if let days = d.per.days { fields.append(String(days)) }
        if let on = d.on { fields.append("on" + String(on.mask)) }
        if let tags = HabitTag.stored(d.tags) { fields.append("tags" + tags) }
        self.init(modified: d.modified.timeIntervalSince1970, text: fields.joined(separator: "\u{1F}"))
    }

    /// A reminder's version: title, message, habit, hour, minute, weekdays' mask, look-back hours
    /// and whether it is on (pause and resume are changes too).
    public init(reminder r: Reminder) {
        let fields = [r.title, r.message, r.activity, String(r.time.hour), String(r.time.minute), String(r.weekdays.mask),
                      String(r.lookbackHours), String(r.enabled)]
        self.init(modified: r.modified.timeIntervalSince1970, text: fields.joined(separator: "\u{1F}"))
    }
}

extension HabitDefinition.SourceFilter {
    /// The filter as the store keeps it and the tie-break spells it: `app`, `all`, or the names as
    /// a JSON array (`["Watch"]`).
    public var storedText: String {
        switch self {
        case .app: "app"
        case .all: "all"
        case .named(let names): (try? String(decoding: JSONEncoder().encode(names), as: UTF8.self)) ?? "app"
        }
    }
}
