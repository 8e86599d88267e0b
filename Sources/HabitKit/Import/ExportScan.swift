import Foundation

/// The import's reading half without a store: bytes through ``XMLScanner`` and ``HealthMapper``,
/// for the fuzz targets (`Fuzz/`) and anything else that wants to check an export's XML.
///
/// It touches no file and no database and never prints; a malformed input throws the same
/// ``ImportError`` an import would.
public enum ExportScan {
    /// Scans a whole export held in memory and returns how many objects (samples, correlations
    /// and workouts) the import would store.
    ///
    /// - Parameters:
    ///   - bytes: the XML of an export.
    ///   - chunkSize: when given (≥ 1), the bytes are fed in pieces of this size, as a file is
    ///     read, so tokens that straddle two chunks are exercised; nil feeds them at once.
    /// - Throws: ``ImportError`` where the input is malformed or cut short.
    public static func scan(_ bytes: UnsafeRawBufferPointer, chunkSize: Int? = nil) throws -> Int {
        var objects = 0
        let mapper = HealthMapper { _ in objects += 1 }
        let scanner = XMLScanner(delegate: mapper)  // holds the mapper unowned
        try withExtendedLifetime(mapper) {
            let step = max(1, chunkSize ?? bytes.count)
            var start = 0
            repeat {
                let end = min(bytes.count, start + step)
                try scanner.feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                start = end
            } while start < bytes.count
            try scanner.finish()
            mapper.finish(bytes: scanner.bytesConsumed)
        }
        return objects
    }
}
