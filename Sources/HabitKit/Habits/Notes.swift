import Foundation

/// A note written on an entry (`habit log … --note`, a comment a tracker import kept), as
/// `habit notes` lists it.
public struct Note: Sendable, Equatable {
    public var uuid: UUID
    /// The habit the entry counts for (a built-in's or an own habit's current name); for data of
    /// another type, the type's short name or its identifier.
    public var habit: String
    public var start: Date
    /// The day the entry belongs to (``HabitCalendar/day(ofEntryAt:namesADay:)``): an entry that
    /// names a day its calendar day, whatever the day-start is.
    public var day: LocalDay
    public var text: String
    public var source: SourceID

    public init(uuid: UUID, habit: String, start: Date, day: LocalDay, text: String, source: SourceID) {
        (self.uuid, self.habit, self.start, self.day, self.text, self.source) = (uuid, habit, start, day, text, source)
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

    /// Newest day first, in a day newest first; ties by UUID, so a listing is the same in every
    /// store that holds the notes.
    public static func newestFirst(_ a: Note, _ b: Note) -> Bool {
        (a.day, a.start, a.uuid.uuidString) > (b.day, b.start, b.uuid.uuidString)
    }
}

/// `habit notes --grep TEXT`: whether a note holds TEXT, letter case and accents ignored (`cafe`
/// finds `Café`), the text matched as it is — never as a pattern. In time linear in the note
/// (issue 46, point 12: Foundation's `range(of:options: [.caseInsensitive, .diacriticInsensitive])`,
/// used before, starts again at each character, so a 30 KB text against a 60 KB note took
/// minutes), with its answers on text people type (a property test holds them equal): each
/// character of the text and of the note is folded once (ASCII: lower case; any other:
/// `folding(options:)` — case and marks away; one that folds to nothing stands for itself), and
/// the folded text is found in the folded note by Knuth–Morris–Pratt, a match starting where a
/// character of the note starts and ending where one ends.
public struct NoteSearch: Sendable {
    private let pattern: [Character]
    /// KMP's failure function: `failure[i]` is the length of the longest proper border of `pattern[...i]`.
    private let failure: [Int]

    public init(_ text: String) {
        let pattern = text.flatMap(Self.fold)
        var failure = [Int](repeating: 0, count: pattern.count)
        var k = 0
        for i in pattern.indices.dropFirst() {
            while k > 0, pattern[i] != pattern[k] { k = failure[k - 1] }
            if pattern[i] == pattern[k] { k += 1 }
            failure[i] = k
        }
        (self.pattern, self.failure) = (pattern, failure)
    }

    /// Whether `note` holds the text (never an empty text).
    public func matches(_ note: String) -> Bool {
        guard !pattern.isEmpty else { return false }
        let m = pattern.count
        // Whether each of the last m folded characters began a character of the note: a match
        // starts only there.
        var starts = [Bool](repeating: false, count: m)
        var position = 0, k = 0
        var cache: [Character: [Character]] = [:]
        for character in note {
            let folded: [Character]
            if let known = cache[character] { folded = known } else {
                folded = Self.fold(character)
                cache[character] = folded
            }
            for (i, c) in folded.enumerated() {
                starts[position % m] = i == 0
                while k > 0, c != pattern[k] { k = failure[k - 1] }
                if c == pattern[k] { k += 1 }
                if k == m {
                    if starts[(position + 1) % m], folded[(i + 1)...].allSatisfy(Self.isMark) { return true }
                    k = failure[k - 1]
                }
                position += 1
            }
        }
        return false
    }

    /// One character folded for the search.
    static func fold(_ c: Character) -> [Character] {
        if c.isASCII { return Array(c.lowercased()) }
        let folded = String(c).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return folded.isEmpty ? [c] : Array(folded)
    }

    /// A character of combining marks alone (what a match may leave behind at its end).
    static func isMark(_ c: Character) -> Bool { c.unicodeScalars.allSatisfy(\.properties.isGraphemeExtend) }
}
