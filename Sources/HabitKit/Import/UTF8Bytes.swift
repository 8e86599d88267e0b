import Foundation

extension String {
    /// Calls `body` with the text's UTF-8 bytes: native text where it lies; other text (bridged,
    /// or not stored contiguously) copied first. The import's hot paths read text so: `withUTF8`
    /// alone needs a mutable copy of every string (a retain and a release).
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
