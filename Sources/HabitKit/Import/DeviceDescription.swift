/// Apple Health's `device` attribute, as habit keeps it.
///
/// Exports print the device as the description of an `HKDevice` object, memory address included:
/// `<<HKDevice: 0x283f7c5a0>, name:Apple Watch, manufacturer:Apple Inc., …>`. The address changes
/// from record to record and identifies nothing, so habit drops it; everything else is kept as it
/// is. Text without such an address comes back unchanged.
public enum DeviceDescription {
    /// `text` without the `: 0x…` address after `HKDevice` (the first occurrence only).
    public static func normalised(_ text: String) -> String {
        var text = text
        guard let cut = text.withUTF8({ addressRange(in: $0) }) else { return text }
        return text.withUTF8 { b in
            String(decoding: UnsafeBufferPointer(rebasing: b[..<cut.lowerBound]), as: UTF8.self)
                + String(decoding: UnsafeBufferPointer(rebasing: b[cut.upperBound...]), as: UTF8.self)
        }
    }

    /// Where the `: 0x…` address after the first `HKDevice: 0x` is in UTF-8 `b` (nil: none), so
    /// that the importer can drop it from bytes it decoded anyway.
    static func addressRange(in b: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let marker: [UInt8] = Array("HKDevice: 0x".utf8)
        guard b.count > marker.count else { return nil }
        var i = 0
        while i + marker.count <= b.count {
            if b[i] == 0x48, b[i + 1] == 0x4B {  // "HK": compare the rest only here
                var j = 2
                while j < marker.count, b[i + j] == marker[j] { j += 1 }
                if j == marker.count {
                    var end = i + j
                    while end < b.count, isHexDigit(b[end]) { end += 1 }
                    return end > i + j ? (i + 8)..<end : nil  // keep "HKDevice", drop ": 0x…"
                }
            }
            i += 1
        }
        return nil
    }

    private static func isHexDigit(_ b: UInt8) -> Bool {
        (b >= 48 && b <= 57) || (b >= 97 && b <= 102) || (b >= 65 && b <= 70)
    }
}
