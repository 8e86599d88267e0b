/// The writing system of a letter, from the Unicode blocks of the scripts people name habits in
/// (Foundation on Linux has no script property). Pure and compact: ranges, not the whole
/// Scripts.txt. Decimal digits (of any script), `-`, and the combining marks shared by every
/// script are ``common``; a letter outside the known ranges is ``other(_:)`` of its 128-code-point block, so
/// two letters of unknown scripts pass together only when they are neighbours — the check is
/// conservative.
public enum UnicodeScript: Hashable, Sendable {
    case common
    case latin, greek, cyrillic, armenian, hebrew, arabic, syriac, thaana, nko
    case devanagari, bengali, gurmukhi, gujarati, oriya, tamil, telugu, kannada, malayalam, sinhala
    case thai, lao, tibetan, myanmar, georgian, hangul, ethiopic, cherokee, canadian, khmer, mongolian
    case hiragana, katakana, bopomofo, han
    /// A letter of a script this table does not know: its block (`value >> 7`).
    case other(UInt32)

    /// The first code point of each range and its script, sorted; a range runs to the next start.
    private static let starts: [(UInt32, UnicodeScript?)] = [
        (0x0000, .common), (0x0041, .latin), (0x005B, .common), (0x0061, .latin), (0x007B, .common),
        (0x00AA, .latin), (0x00AB, .common), (0x00BA, .latin), (0x00BB, .common), (0x00C0, .latin), (0x00D7, .common),
        (0x00D8, .latin), (0x00F7, .common), (0x00F8, .latin), (0x02B9, .common), (0x0300, .common),
        (0x0370, .greek), (0x0400, .cyrillic), (0x0530, .armenian), (0x0590, .hebrew), (0x0600, .arabic),
        (0x0700, .syriac), (0x0750, .arabic), (0x0780, .thaana), (0x07C0, .nko), (0x0800, nil),
        (0x08A0, .arabic), (0x0900, .devanagari), (0x0980, .bengali), (0x0A00, .gurmukhi), (0x0A80, .gujarati),
        (0x0B00, .oriya), (0x0B80, .tamil), (0x0C00, .telugu), (0x0C80, .kannada), (0x0D00, .malayalam),
        (0x0D80, .sinhala), (0x0E00, .thai), (0x0E80, .lao), (0x0F00, .tibetan), (0x1000, .myanmar),
        (0x10A0, .georgian), (0x1100, .hangul), (0x1200, .ethiopic), (0x13A0, .cherokee), (0x1400, .canadian),
        (0x1680, nil), (0x1780, .khmer), (0x1800, .mongolian), (0x18B0, nil),
        (0x1AB0, .common), (0x1B00, nil), (0x1C80, .cyrillic), (0x1C90, .georgian), (0x1CC0, nil),
        (0x1D00, .latin), (0x1D26, .greek), (0x1D2B, .cyrillic), (0x1D2C, .latin), (0x1D5D, .greek), (0x1D62, .latin),
        (0x1D66, .greek), (0x1D6B, .latin), (0x1D78, .cyrillic), (0x1D79, .latin), (0x1DC0, .common),
        (0x1E00, .latin), (0x1F00, .greek), (0x2000, .common), (0x2071, .latin), (0x2072, .common), (0x207F, .latin),
        (0x2080, .common), (0x2090, .latin), (0x209D, .common), (0x2C00, nil), (0x2C60, .latin), (0x2C80, nil),
        (0x2D00, .georgian), (0x2D30, nil), (0x2D80, .ethiopic), (0x2DE0, .cyrillic), (0x2E00, .common),
        (0x2E80, .han), (0x2FE0, .common), (0x3005, .han), (0x3006, .common), (0x3007, .han), (0x3008, .common),
        (0x3021, .han), (0x302A, .common), (0x3038, .han), (0x303C, .common), (0x3041, .hiragana), (0x3099, .common),
        (0x309D, .hiragana), (0x30A0, .common), (0x30A1, .katakana), (0x30FB, .common), (0x30FD, .katakana),
        (0x3100, .bopomofo), (0x3130, .hangul), (0x3190, .common), (0x31A0, .bopomofo), (0x31C0, .common),
        (0x31F0, .katakana), (0x3200, .common), (0x3400, .han), (0x4DC0, .common), (0x4E00, .han), (0xA000, nil),
        (0xA640, .cyrillic), (0xA6A0, nil), (0xA720, .latin), (0xA800, nil), (0xA8E0, .devanagari), (0xA900, nil),
        (0xA960, .hangul), (0xA980, nil), (0xAB30, .latin), (0xAB70, .cherokee), (0xABC0, nil), (0xAC00, .hangul),
        (0xD800, nil), (0xF900, .han), (0xFB00, .latin), (0xFB13, .armenian), (0xFB18, nil), (0xFB1D, .hebrew),
        (0xFB50, .arabic), (0xFE00, .common), (0xFE70, .arabic), (0xFF00, .common), (0xFF21, .latin), (0xFF3B, .common),
        (0xFF41, .latin), (0xFF5B, .common), (0xFF66, .katakana), (0xFF70, .common), (0xFF71, .katakana),
        (0xFF9E, .common), (0xFFA0, .hangul), (0xFFE0, .common), (0x10000, nil), (0x1B000, .katakana),
        (0x1B001, .hiragana), (0x1B100, nil), (0x1F000, .common), (0x1FB00, nil), (0x20000, .han), (0x40000, nil),
    ]

    /// The script of `scalar`: ``common`` for what every script shares (digits, `-`, marks that
    /// combine with any letter), ``other(_:)`` for a letter of a script this table does not know.
    public init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        if scalar.properties.generalCategory == .decimalNumber {  // digits of every script are Common in a name
            self = .common
            return
        }
        var low = 0, high = Self.starts.count - 1
        while low < high {  // the last start ≤ value
            let mid = (low + high + 1) / 2
            if Self.starts[mid].0 <= value { low = mid } else { high = mid - 1 }
        }
        // A mark inside a script's block (a Devanagari vowel sign) counts for that script.
        self = Self.starts[low].1 ?? .other(value >> 7)
    }

    /// The sets of scripts one name may mix (UTS #39, "highly restrictive"): Latin with Japanese
    /// (Han, Hiragana, Katakana), with Chinese (Han, Bopomofo) or with Korean (Han, Hangul).
    private static let allowedMixes: [Set<UnicodeScript>] = [
        [.latin, .han, .hiragana, .katakana], [.latin, .han, .bopomofo], [.latin, .han, .hangul],
    ]

    /// The scripts of `text`'s letters, digits and marks (``common`` left out).
    public static func scripts(of text: some StringProtocol) -> Set<UnicodeScript> {
        var found = Set<UnicodeScript>()
        for scalar in text.unicodeScalars {
            let script = UnicodeScript(scalar)
            if script != .common { found.insert(script) }
        }
        return found
    }

    /// Whether `text` is "highly restrictive" (UTS #39): its letters are of one script, or of one
    /// of the allowed mixes (Japanese, Chinese, Korean, each with Latin). Never Latin, Greek and
    /// Cyrillic mixed: `flоss` with a Cyrillic `о` is refused.
    public static func isHighlyRestrictive(_ text: some StringProtocol) -> Bool {
        allows(scripts(of: text))
    }

    /// Whether letters of `scripts` may make one name: one script, or an allowed mix.
    public static func allows(_ scripts: Set<UnicodeScript>) -> Bool {
        scripts.count <= 1 || allowedMixes.contains { scripts.isSubset(of: $0) }
    }

    /// The scripts of `text`'s letters in words, for a message: "cyrillic, latin".
    public static func names(of text: some StringProtocol) -> String {
        Set(scripts(of: text).map { script in
            if case .other = script { return "another" }
            return "\(script)"
        }).sorted().joined(separator: ", ")
    }

    /// The script with the most letters in `text` (ties: the first one's), nil without letters.
    public static func main(of text: some StringProtocol) -> UnicodeScript? {
        var counts: [UnicodeScript: Int] = [:], order: [UnicodeScript] = []
        for scalar in text.unicodeScalars {
            let script = UnicodeScript(scalar)
            guard script != .common else { continue }
            if counts[script] == nil { order.append(script) }
            counts[script, default: 0] += 1
        }
        var best: UnicodeScript?, most = 0
        for script in order where counts[script, default: 0] > most { (best, most) = (script, counts[script, default: 0]) }
        return best
    }
}
