import Foundation

/// The names `habit changes --save NAME` keeps anchors under: 1 to 64 letters, digits, `-`, `_`
/// and `.` — a word, never a path or a pattern.
public enum AnchorName {
    /// Throws ``FeedError/invalidAnchorName(_:)`` for a name that is not one.
    public static func validate(_ name: String) throws {
        guard !name.isEmpty, name.count <= 64, name.unicodeScalars.allSatisfy({
            CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)
        }) else { throw FeedError.invalidAnchorName(name) }
    }
}
