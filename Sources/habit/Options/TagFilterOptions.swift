import ArgumentParser
import HabitKit

/// `--tag T` of the commands that show several habits (today, status, streak, calendar, score,
/// ask, remind list, habits): only the habits with any of the tags given (``HabitTag/select(_:tags:)``;
/// Standards/habits.md, "Tags").
struct TagFilterOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Only the habits with this tag; repeat it for any of several.", valueName: "tag"))
    var tag: [String] = []

    /// The habits to show: nil (every habit, as without the option) when no tag is given, else the
    /// own habits — archived ones only with `includingArchived` — that carry any of the tags. A
    /// habit named as well (`named`) is refused: one chooses, or the other.
    func habits(_ store: HabitStore, named: String? = nil, includingArchived: Bool = false) throws -> [HabitDefinition]? {
        try Self.habits(tags: tag, store, named: named, includingArchived: includingArchived)
    }

    /// ``habits(_:named:includingArchived:)`` for the tags `tag`.
    static func habits(tags tag: [String], _ store: HabitStore, named: String? = nil,
                       includingArchived: Bool = false) throws -> [HabitDefinition]? {
        guard !tag.isEmpty else { return nil }
        if named != nil { throw HabitInputError.tagAndHabit }
        let own = try store.read(.ownHabits(includingArchived: true))
        // Every tag must be carried by some habit (archived too): a typo is refused, not an empty answer.
        return try HabitTag.select(own, tags: tag).filter { includingArchived || $0.isShown }
    }

    /// The habits a command about one habit or several shows (streak, score, calendar): those with
    /// the tags `tag`, else the one `named` (a built-in or one's own, archived too), else nil (every
    /// habit). A tag and a name together are refused (``habits(tags:_:named:includingArchived:)``).
    static func chosen(tags tag: [String], _ store: HabitStore, named: String?, env: HabitEnvironment) throws -> [HabitDefinition]? {
        try habits(tags: tag, store, named: named) ?? named.map { [try store.read(.habit(named: $0, env: env))] }
    }
}
