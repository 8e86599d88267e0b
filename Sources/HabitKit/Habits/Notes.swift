import Foundation

/// A note written on an entry (`habit log … --note`, a comment a tracker import kept), as
/// `habit notes` lists it.
public struct Note: Sendable, Equatable {
    public var uuid: UUID
    /// The habit the entry counts for (a built-in's or an own habit's current name); for data of
    /// another type, the type's short name or its identifier.
    public var habit: String
    public var start: Date
    public var text: String
    public var source: SourceID

    public init(uuid: UUID, habit: String, start: Date, text: String, source: SourceID) {
        (self.uuid, self.habit, self.start, self.text, self.source) = (uuid, habit, start, text, source)
    }
}

/// The rules of `habit notes` that need no store (Standards/habits.md, "Notes").
public enum NoteRules {
    /// The metadata key a note is kept under, on samples and workouts alike.
    public static let key = "note"

    /// The name a note is listed under: the built-in that reads `type`, an own habit's current
    /// name (`names`: by id), else the type's short name or identifier.
    public static func habit(ofType type: String, names: [String: String]) -> String {
        if let builtin = Habit.allCases.first(where: { DataTypes.read(by: $0) == type }) { return builtin.rawValue }
        if type.hasPrefix(HabitDefinition.loggedTypePrefix),
           let name = names[String(type.dropFirst(HabitDefinition.loggedTypePrefix.count))] { return name }
        return DataTypes.shortName(of: type) ?? type
    }

    /// Whether `note` holds `text`: letter case and accents are ignored (`cafe` finds `Café`), and
    /// the text is matched as it is — never as a pattern.
    public static func matches(_ note: String, _ text: String) -> Bool {
        note.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }

    /// Newest first; ties by UUID, so a listing is the same in every store that holds the notes.
    public static func newestFirst(_ a: Note, _ b: Note) -> Bool {
        (a.start, a.uuid.uuidString) > (b.start, b.uuid.uuidString)
    }
}
