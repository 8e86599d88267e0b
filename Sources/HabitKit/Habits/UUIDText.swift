import Foundation

extension UUID {
    /// habit's one spelling of a UUID as text: lowercase 8-4-4-4-12. The store keeps UUIDs so
    /// (and habit ids, which are UUIDs), and so they stand in sync and interchange lines, in
    /// `--json` and in text output. (The import's ``StableHash/uuidString(startMilliseconds:)``
    /// writes the same spelling without making a `UUID`, for speed.)
    /// Written from the bytes: `uuidString` formats each byte through the C library, which an
    /// import or sync of many lines paid for on every line (issue 28).
    public var storeText: String {
        String(unsafeUninitializedCapacity: 36) { out in
            putStoreText(out)
            return 36
        }
    }

    /// ``storeText``'s 36 bytes appended to `bytes`, with no String made (a listing writes one or
    /// two a row).
    public func appendStoreText(to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { out in
            putStoreText(out)
            bytes.append(contentsOf: out)
        }
    }

    private func putStoreText(_ out: UnsafeMutableBufferPointer<UInt8>) {
        withUnsafeBytes(of: uuid) { bytes in
            let digits: StaticString = "0123456789abcdef"
            var o = 0
            for (i, byte) in bytes.enumerated() {
                if i == 4 || i == 6 || i == 8 || i == 10 {
                    out[o] = 0x2D
                    o += 1
                }
                out[o] = digits.utf8Start[Int(byte >> 4)]
                out[o + 1] = digits.utf8Start[Int(byte & 0x0F)]
                o += 2
            }
        }
    }

    /// A UUID read back from the store (all zeros for text that is not one, which the schema
    /// never holds). Text from outside (a file, the command line) is parsed with
    /// `UUID(uuidString:)`, which can fail.
    init(storeText: String) {
        self = UUID(text: storeText) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }

    /// `UUID(uuidString:)`, with the spelling every line and row has — 8-4-4-4-12 hex digits,
    /// either case — read here rather than by Foundation's scanner (the C library's `sscanf`,
    /// a fifth of a sync's reading, issue 28). Any other text is Foundation's to take or refuse.
    public init?(text: String) {
        var text = text
        if let read = text.withUTF8(Self.canonical) {
            self = read
        } else if let read = UUID(uuidString: text) {
            self = read
        } else {
            return nil
        }
    }

    /// The UUID of `b` when it is spelt 8-4-4-4-12 in hex digits; nil otherwise.
    private static func canonical(_ b: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard b.count == 36 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let read = withUnsafeMutableBytes(of: &bytes) { out -> Bool in
            var i = 0
            for o in 0..<16 {
                if o == 4 || o == 6 || o == 8 || o == 10 {
                    guard b[i] == 0x2D else { return false }
                    i += 1
                }
                guard let high = hexValue(b[i]), let low = hexValue(b[i + 1]) else { return false }
                out[o] = high << 4 | low
                i += 2
            }
            return true
        }
        return read ? UUID(uuid: bytes) : nil
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }
}
