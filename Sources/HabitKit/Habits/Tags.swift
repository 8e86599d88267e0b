import Foundation

/// The rules for a habit's tags (Standards/habits.md, "Tags"): groups of habits — `morning`,
/// `health` — that `--tag T` filters by and `habit habits` groups by. Pure: no store.
///
/// - A tag is written as a habit's name is (``HabitName/isWellFormed(_:)``: letters of any script,
///   digits and `-`, starting with a letter, at most 32 characters), folded to lower case, so
///   `--tag Morning` is `morning`. A tag may be a command word: it is never a command.
/// - A habit has at most ``maximumPerHabit`` tags, kept sorted and each once; the built-ins have none.
/// - `--tag T` (filters) keeps the habits that carry any of the tags given; a tag that no habit
///   carries is refused with the tags there are, as an unknown habit is.
public enum HabitTag {
    /// The most tags one habit carries.
    public static let maximumPerHabit = 8

    /// `text` as a tag (NFC, lower case), or `.invalidTag`.
    public static func validate(_ text: String) throws(HabitInputError) -> String {
        let tag = text.precomposedStringWithCanonicalMapping.lowercased().precomposedStringWithCanonicalMapping
        guard HabitName.isWellFormed(tag) else { throw .invalidTag(text) }
        return tag
    }

    /// `texts` as tags, sorted and each once.
    public static func validate(_ texts: [String]) throws(HabitInputError) -> [String] {
        var tags: Set<String> = []
        for text in texts { tags.insert(try validate(text)) }
        return tags.sorted()
    }

    /// `tags` when they are a habit's tags as habit writes them — 1 to ``maximumPerHabit``, each
    /// well formed and in its folded form, sorted, each once — else nil: what a stored column and an
    /// interchange or sync line must hold.
    public static func canonical(_ tags: [String]) -> [String]? {
        guard (1...maximumPerHabit).contains(tags.count), (try? validate(tags)) == tags else { return nil }
        return tags
    }

    /// The tags of a stored `tags` column: comma-separated, as ``canonical(_:)`` takes them; nil when
    /// the text is not that (a store habit does not understand).
    public static func parse(stored text: String) -> [String]? {
        canonical(text.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    }

    /// The `tags` column of `tags`: nil for none.
    public static func stored(_ tags: [String]) -> String? {
        tags.isEmpty ? nil : tags.joined(separator: ",")
    }

    /// `habits` with any of `tags` (each validated); every habit when `tags` is empty. A tag that
    /// none of `habits` carries (archived ones included) is `.unknownTag`, naming the tags there are.
    public static func select(_ habits: [HabitDefinition], tags texts: [String]) throws(HabitInputError) -> [HabitDefinition] {
        guard !texts.isEmpty else { return habits }
        let wanted = try validate(texts)
        let carried = Set(habits.flatMap(\.tags))
        if let unknown = wanted.first(where: { !carried.contains($0) }) {
            throw .unknownTag(unknown, existing: carried.sorted())
        }
        let any = Set(wanted)
        return habits.filter { $0.tags.contains(where: any.contains) }
    }

    /// `habits` grouped by tag for `habit habits`: each tag (sorted) with the habits that carry it
    /// (in the order given; a habit with two tags is in both groups), then the habits without a
    /// tag under nil. Empty groups are left out.
    public static func groups(_ habits: [HabitDefinition]) -> [(tag: String?, habits: [HabitDefinition])] {
        let tags = Set(habits.flatMap(\.tags)).sorted()
        var groups: [(tag: String?, habits: [HabitDefinition])] = tags.map { tag in (tag, habits.filter { $0.tags.contains(tag) }) }
        let untagged = habits.filter(\.tags.isEmpty)
        if !untagged.isEmpty { groups.append((nil, untagged)) }
        return groups
    }
}
