import Foundation

extension UUID {
    /// habit's one spelling of a UUID as text: lowercase 8-4-4-4-12. The store keeps UUIDs so
    /// (and habit ids, which are UUIDs), and so they stand in sync and interchange lines, in
    /// `--json` and in text output. (The import's ``StableHash/uuidString(startMilliseconds:)``
    /// writes the same spelling without making a `UUID`, for speed.)
    public var storeText: String { uuidString.lowercased() }

    /// A UUID read back from the store (all zeros for text that is not one, which the schema
    /// never holds). Text from outside (a file, the command line) is parsed with
    /// `UUID(uuidString:)`, which can fail.
    init(storeText: String) {
        self = UUID(uuidString: storeText) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }
}
