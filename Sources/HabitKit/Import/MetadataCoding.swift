import Foundation

/// The one metadata encoding of the store: a JSON object of strings, keys sorted, nil when empty.
/// The importer's hot path writes the same text (``MetadataCoding/encode(pairs:)``).
public enum MetadataCoding {
    public static func encode(_ metadata: [String: String]) -> String? {
        metadata.isEmpty ? nil : text(of: metadata.sorted { $0.key < $1.key })
    }

    /// Sorted by key; for a key given twice, the last value wins.
    public static func encode(pairs: [(String, String)]) -> String? {
        switch pairs.count {
        case 0: return nil
        case 1: return text(of: pairs)
        default:
            var latest: [(String, String)] = []
            for (k, v) in pairs {
                if let i = latest.firstIndex(where: { $0.0 == k }) { latest[i].1 = v } else { latest.append((k, v)) }
            }
            latest.sort { $0.0 < $1.0 }
            return text(of: latest)
        }
    }

    /// `{"k":"v",…}` of pairs in their order, written into one buffer (a sync applies one per
    /// sample with metadata: strings joined piece by piece cost it several thousand instructions).
    private static func text(of pairs: [(key: String, value: String)]) -> String {
        var out: [UInt8] = [0x7B]
        out.reserveCapacity(pairs.reduce(2) { $0 + $1.key.utf8.count + $1.value.utf8.count + 6 })
        for (index, (key, value)) in pairs.enumerated() {
            if index > 0 { out.append(0x2C) }
            appendQuoted(key.utf8, to: &out)
            out.append(0x3A)
            appendQuoted(value.utf8, to: &out)
        }
        out.append(0x7D)
        return String(decoding: out, as: UTF8.self)
    }

    public static func decode(_ json: String?) -> [String: String] {
        guard let json else { return [:] }
        if let plain = decodePlain(json) { return plain }
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return [:] }
        return object.mapValues { "\($0)" }
    }

    /// The text ``encode(pairs:)`` writes when no key or value needs an escape — `{"k":"v",…}`
    /// with no backslash — read without JSONSerialization (issue 28: it was a listing's per-row
    /// cost); nil for anything else (escapes, numbers, spaces, a key given twice), which
    /// ``decode(_:)`` leaves to JSONSerialization as before.
    static func decodePlain(_ json: String) -> [String: String]? {
        var json = json
        return json.withUTF8 { b -> [String: String]? in
            let n = b.count
            guard n >= 2, b[0] == 0x7B, b[n - 1] == 0x7D else { return nil }
            var result: [String: String] = [:]
            if n == 2 { return result }
            var i = 1
            // One string from `i` (at its opening quote): its text, `i` after its closing quote.
            func string() -> String? {
                guard i < n, b[i] == 0x22 else { return nil }
                let start = i + 1
                var k = start
                while k < n, b[k] != 0x22 {
                    if b[k] == 0x5C || b[k] < 0x20 { return nil }
                    k += 1
                }
                guard k < n else { return nil }
                i = k + 1
                return String(decoding: UnsafeBufferPointer(rebasing: b[start..<k]), as: UTF8.self)
            }
            while true {
                guard let key = string(), i < n, b[i] == 0x3A else { return nil }
                i += 1
                guard let value = string(), i < n, result.updateValue(value, forKey: key) == nil else { return nil }
                if b[i] == 0x7D { return i == n - 1 ? result : nil }
                guard b[i] == 0x2C else { return nil }
                i += 1
            }
        }
    }

    /// A byte that a JSON string cannot hold as it is: a control character, `"` or `\`.
    @inline(__always) static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C }

    /// Appends the UTF-8 text `bytes[start..<end]` as a JSON string: the one escaping of metadata
    /// (`\"`, `\\`, `\n`, `\r`, `\t`, else `\u00xx` for a control character). The import's hot
    /// path writes straight from the export's bytes with it.
    static func appendQuoted(_ bytes: [UInt8], _ start: Int, _ end: Int, to out: inout [UInt8]) {
        appendQuoted(bytes[start..<end], to: &out)
    }

    /// Appends the UTF-8 text `bytes` as a JSON string (the escaping above).
    static func appendQuoted<Bytes: Collection<UInt8>>(_ bytes: Bytes, to out: inout [UInt8]) {
        out.append(0x22)
        if !bytes.contains(where: needsEscape) {
            out.append(contentsOf: bytes)
            out.append(0x22)
            return
        }
        for c in bytes {
            switch c {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(0x6E)
            case 0x0D: out.append(0x5C); out.append(0x72)
            case 0x09: out.append(0x5C); out.append(0x74)
            case 0..<0x20: out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hexDigits[Int(c >> 4)], hexDigits[Int(c & 0x0F)]])
            default: out.append(c)
            }
        }
        out.append(0x22)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
