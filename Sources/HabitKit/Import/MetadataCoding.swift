import Foundation

/// The one metadata encoding of the store: a JSON object of strings, keys sorted, nil when empty.
/// The importer's hot path writes the same text (``MetadataCoding/encode(pairs:)``).
public enum MetadataCoding {
    public static func encode(_ metadata: [String: String]) -> String? {
        encode(pairs: metadata.map { ($0.key, $0.value) })
    }

    /// Sorted by key; for a key given twice, the last value wins.
    public static func encode(pairs: [(String, String)]) -> String? {
        switch pairs.count {
        case 0: return nil
        case 1: return "{" + quoted(pairs[0].0) + ":" + quoted(pairs[0].1) + "}"
        default:
            var latest: [(String, String)] = []
            for (k, v) in pairs {
                if let i = latest.firstIndex(where: { $0.0 == k }) { latest[i].1 = v } else { latest.append((k, v)) }
            }
            latest.sort { $0.0 < $1.0 }
            return "{" + latest.map { quoted($0.0) + ":" + quoted($0.1) }.joined(separator: ",") + "}"
        }
    }

    public static func decode(_ json: String?) -> [String: String] {
        guard let json, let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return [:] }
        return object.mapValues { "\($0)" }
    }

    private static func quoted(_ s: String) -> String {
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + s + "\"" }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
