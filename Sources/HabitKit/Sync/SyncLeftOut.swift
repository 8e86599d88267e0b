import Foundation

/// What a sync left out of one peer's file because this device may not write those types (issue
/// 46, point 9b): where the first such line begins (a ``SyncFolder/Mark``, so a replaced file is
/// still told), how many records were left out since, and their types. The reader's own mark moves
/// on past them; once one of these types may be written again, the next sync reads the file again
/// from this mark (applying a line twice changes nothing), so the records come after all.
public struct SyncLeftOut: Sendable, Equatable, CustomStringConvertible {
    public var mark: SyncFolder.Mark
    public var count: Int
    /// The types left out, sorted, each once.
    public var types: [String]

    public init(mark: SyncFolder.Mark, count: Int, types: [String]) {
        self.mark = mark
        self.count = count
        self.types = Array(Set(types)).sorted()
    }

    /// `"MARK␟COUNT␟TYPE␟TYPE…"` (U+001F between fields: no type, mark or count holds it).
    public init?(_ text: String) {
        let fields = text.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 3, let mark = SyncFolder.Mark(fields[0]), let count = Int(fields[1]), count >= 0 else { return nil }
        self.init(mark: mark, count: count, types: Array(fields[2...]).filter { !$0.isEmpty })
    }

    public var description: String { ([mark.description, String(count)] + types).joined(separator: "\u{1F}") }

    /// Two records of one file together: from the earlier mark, every type, both counts.
    public func merged(with other: SyncLeftOut) -> SyncLeftOut {
        SyncLeftOut(mark: other.mark.offset < mark.offset ? other.mark : mark, count: count + other.count, types: types + other.types)
    }

    /// What a sync leaves behind for a file it read: when it read the file again because a type
    /// may be written now (`reread`), only what this run left out (`new`); otherwise what was
    /// left out before and now together. Nil: nothing is left out of that file.
    public static func after(_ before: SyncLeftOut?, reread: Bool, new: SyncLeftOut?) -> SyncLeftOut? {
        if reread { return new }
        guard let before else { return new }
        return new.map(before.merged) ?? before
    }
}
