import Foundation
import Testing
@testable import HabitKit

/// Issue 46, point 11: a habit's name is NFKC and its letters are of one script (UTS #39 "highly
/// restrictive"), read from ``UnicodeScript``'s block table.
@Suite struct UnicodeScriptTests {
    static let scripts: [(String, UnicodeScript)] = [
        ("a", .latin), ("z", .latin), ("é", .latin), ("ß", .latin), ("ł", .latin), ("ẞ", .latin), ("ɐ", .latin),
        ("α", .greek), ("ω", .greek), ("ά", .greek), ("ἀ", .greek), ("о", .cyrillic), ("я", .cyrillic), ("ѕ", .cyrillic),
        ("ա", .armenian), ("א", .hebrew), ("ب", .arabic), ("ह", .devanagari), ("ি", .bengali), ("த", .tamil),
        ("ก", .thai), ("ა", .georgian), ("한", .hangul), ("ᄀ", .hangul), ("あ", .hiragana), ("ア", .katakana),
        ("ㄅ", .bopomofo), ("漢", .han), ("々", .han), ("𠀀", .han), ("ሀ", .ethiopic), ("Ꭰ", .cherokee),
        ("1", .common), ("٣", .common), ("३", .common), ("-", .common), ("\u{301}", .common), ("ー", .common),
        ("ⰰ", .other(0x2C00 >> 7)), ("ꆈ", .other(0xA188 >> 7)),
    ]

    @Test(arguments: scripts)
    func eachLetterHasItsScript(_ text: String, _ script: UnicodeScript) throws {
        let scalar = try #require(text.unicodeScalars.first)
        #expect(UnicodeScript(scalar) == script)
    }

    static let oneScript = ["floss", "cold-shower", "café", "красное-мясо", "χ٣", "पढ़ना", "読書タイム", "ひらがなカタカナ漢字",
                            "한국어-漢字", "注音ㄅㄆ", "abc-漢字", "ロールプレイング", "run-5km", "ⰰⰱ"]
    static let mixed = ["flоss", "аbc", "fooα", "ßя", "한ひ", "ㄅあ", "ㄅ한", "aא", "ⰰa", "ⰰꆈ", "ab-вг"]

    @Test(arguments: oneScript)
    func lettersOfOneScriptOrAnAllowedMixAreHighlyRestrictive(_ name: String) {
        #expect(UnicodeScript.isHighlyRestrictive(name))
    }

    @Test(arguments: mixed)
    func latinCyrillicGreekOrTwoOtherScriptsMixedAreNot(_ name: String) {
        #expect(!UnicodeScript.isHighlyRestrictive(name))
    }

    /// Names: `flоss` (a Cyrillic о) and `аbc` are refused as mixed scripts; full-width `ｆｌｏｓｓ`
    /// is `floss` (NFKC), and so is the ligature in `ﬂoss`.
    @Test func aNameIsNFKCAndOfOneScript() throws {
        #expect(throws: HabitInputError.mixedScripts("flоss")) { try HabitName.validate("flоss") }
        #expect(throws: HabitInputError.mixedScripts("аbc")) { try HabitName.validate("аbc") }
        #expect(try HabitName.validate("ｆｌｏｓｓ") == "floss")
        #expect(try HabitName.validate("ﬂoss") == "floss")
        #expect(HabitInputError.mixedScripts("flоss").description.contains("cyrillic, latin"))
    }

    static let renames: [(String, String)] = [
        ("flоss", "fl-ss"), ("аbc", "bc"), ("yoga-с-машей", "с-машей"), ("abc-漢字", "abc-漢字"), ("fooα", "foo"),
        ("a\u{301}я", "a\u{301}"),
    ]

    /// An import or sync names a habit whose name mixes scripts by its main script's letters.
    @Test(arguments: renames)
    func aMixedNameKeepsItsMainScript(_ name: String, _ kept: String) {
        #expect(HabitName.inOneScript(name) == kept)
        #expect(UnicodeScript.isHighlyRestrictive(HabitName.inOneScript(name)))
    }

    @Test func aTrackerSlugIsInOneScript() {
        #expect(TrackerRules.slug("Flоss") == "fl-ss")
        #expect(TrackerRules.slug("ｆｌｏｓｓ") == "floss")
        #expect(TrackerRules.mixesScripts("Flоss") && !TrackerRules.mixesScripts("Floss"))
    }
}
