import Foundation
import HabitKit

/// Fuzzes the import's reader — `XMLScanner` and `HealthMapper`, through `ExportScan` — with
/// arbitrary bytes. The first byte picks a chunk size (1–64 bytes), the rest is the XML.
///
/// Laws: it never traps and never reads out of bounds (AddressSanitizer); the outcome — the
/// number of objects, or the error's message — is the same whether the bytes arrive at once or
/// in chunks, as a file is read.
enum ExportScanFuzzer {
    /// One input, as libFuzzer hands it over (`HabitFuzz` picks the target).
    static func one(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        guard let data, size > 0 else { return 0 }
        ExportScanFuzzer.check(UnsafeRawBufferPointer(start: data + 1, count: size - 1), chunkSize: 1 + Int(data[0] &- 0x30) % 64)  // '0': 1 byte
        return 0
    }

    static func outcome(_ xml: UnsafeRawBufferPointer, chunkSize: Int?) -> String {
        do {
            return "\(try ExportScan.scan(xml, chunkSize: chunkSize)) objects"
        } catch {
            return "error: \(error)"
        }
    }

    static func check(_ xml: UnsafeRawBufferPointer, chunkSize: Int) {
        let whole = outcome(xml, chunkSize: nil)
        let chunked = outcome(xml, chunkSize: chunkSize)
        guard whole == chunked else {
            fatalError("law broken: read at once → \(whole); in chunks of \(chunkSize) bytes → \(chunked)")
        }
    }
}
