import Foundation

/// Which habits here a tracker file's habits join (`habit import FILE --merge`, `--map NAME=HABIT`),
/// instead of each becoming a habit of its own with the next free name (Standards/import-export.md,
/// "Merging into habits here"). Pure: checked against the file before the store is opened; the
/// store resolves the names inside the import's transaction.
public struct TrackerMatching: Sendable, Equatable {
    /// `--map FROM=TO`: the habit called `from` in the file joins the habit `to` here (made with that
    /// name when there is none).
    public struct Mapping: Sendable, Equatable {
        public var from: String
        public var to: String
    }

    /// `--merge`: a habit of the file joins the habit here that has the name it would get.
    public var byName: Bool
    public var mappings: [Mapping]

    public static let none = TrackerMatching(byName: false, mappings: [])

    public var isNone: Bool { !byName && mappings.isEmpty }

    public init(byName: Bool, mappings: [Mapping]) {
        self.byName = byName
        self.mappings = mappings
    }

    /// `byName` and each `--map` text `FROM=TO` (split at the last `=`: a habit name holds none):
    /// `FROM` not empty (surrounding spaces left out), `TO` a habit name one may give (never a
    /// command word or a built-in's), no `FROM` twice and no `TO` twice.
    public init(byName: Bool, map texts: [String]) throws(TrackerMatchError) {
        var mappings: [Mapping] = []
        for text in texts {
            guard let equals = text.lastIndex(of: "=") else { throw .badMap(text, reason: "it has no '='") }
            let from = text[..<equals].trimmingCharacters(in: .whitespaces)
            let target = String(text[text.index(after: equals)...])
            guard !from.isEmpty else { throw .badMap(text, reason: "the name before '=' is empty") }
            let to: String
            do {
                to = try HabitName.validate(target)
            } catch {
                throw .badMap(text, reason: error.description)
            }
            if mappings.contains(where: { $0.from == from }) { throw .badMap(text, reason: "\(quoted(from)) is mapped twice") }
            if mappings.contains(where: { $0.to == to }) {
                throw .badMap(text, reason: "two habits of the file are mapped to \(quoted(to)); a habit here takes one")
            }
            mappings.append(Mapping(from: from, to: to))
        }
        self.init(byName: byName, mappings: mappings)
    }

    /// The habit name here each mapped habit of `export` joins, by the habit's place in the file.
    /// A `FROM` names a habit of the file as written less surrounding spaces, else without case
    /// when that finds one; one that names none, or two (namesakes), is refused.
    public func targets(in export: TrackerExport, path: String) throws(TrackerMatchError) -> [Int: String] {
        var targets: [Int: String] = [:]
        let names = export.habits.map { $0.originalName.trimmingCharacters(in: .whitespaces) }
        for mapping in mappings {
            var found = names.indices.filter { names[$0] == mapping.from }
            if found.isEmpty { found = names.indices.filter { names[$0].lowercased() == mapping.from.lowercased() } }
            guard let index = found.first else {
                let known = names.prefix(8).map { quoted($0) }.joined(separator: ", ")
                throw .noSuchHabit(mapping.from, path: path, known: known + (names.count > 8 ? ", …" : ""))
            }
            guard found.count == 1 else { throw .namesakes(mapping.from, path: path, count: found.count) }
            targets[index] = mapping.to
        }
        return targets
    }
}

/// A `--merge` or `--map` habit import cannot follow (exit 64: nothing was imported).
public enum TrackerMatchError: HabitError, Equatable {
    /// A `--map` text that is not `NAME=HABIT` with a habit name one may give.
    case badMap(String, reason: String)
    /// `--map` names a habit the file does not have (`known`: the file's first names).
    case noSuchHabit(String, path: String, known: String)
    /// `--map` names two habits of the file (the same name twice there).
    case namesakes(String, path: String, count: Int)
    /// `--merge`/`--map` with a file that is not another tracker's.
    case notATracker(String)
    /// A yes/no habit of the file would join a quantity here: its days have no amount.
    case noAmounts(from: String, into: String, unit: String)
    /// The habit here reads imported data (`--from`): entries cannot be added to it.
    case readsData(from: String, into: String)
    /// `--map` to a name no habit has, for a habit an earlier import made under another name.
    case importedBefore(from: String, as: String, wanted: String)

    public var kind: ErrorKind { .usage }

    public var description: String {
        switch self {
        case .badMap(let text, let reason):
            "--map \(quoted(text)): \(reason); write --map 'NAME IN THE FILE=habit-name'; nothing was imported"
        case .noSuchHabit(let name, let path, let known):
            "--map: \(ImportText.quoted(path)) has no habit called \(quoted(name)) (it has \(known)); nothing was imported"
        case .namesakes(let name, let path, let count):
            "--map: \(ImportText.quoted(path)) has \(count) habits called \(quoted(name)); a map takes one — import without "
                + "--map for those; nothing was imported"
        case .notATracker(let path):
            "--merge and --map are for another tracker's file (Loop, harsh, HabitBull, a habit,date CSV); \(ImportText.quoted(path)) is an Apple Health export or habit's own export, whose entries keep their habits; nothing was imported"
        case .noAmounts(let from, let into, let unit):
            "\(quoted(from)) is a yes/no habit in the file and \(quoted(into)) here counts \(unit): its days have no "
                + "amount to add; map it to another habit (--map \(quoted(from + "=another-name"))); nothing was imported"
        case .readsData(let from, let into):
            "\(quoted(into)) reads imported data (--from): \(quoted(from)) cannot join it; "
                + "--map \(quoted(from + "=another-name")); nothing was imported"
        case .importedBefore(let from, let name, let wanted):
            "\(quoted(from)) was imported before as \(quoted(name)), and no habit is called \(quoted(wanted)): "
                + "--map \(quoted(from + "=" + name)), or rename it (habit edit \(name) --name \(wanted)); nothing was imported"
        }
    }
}
