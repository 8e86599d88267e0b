import Foundation
import Testing
@testable import HabitKit

/// `habit notes --grep` (issue 46, point 12): ``NoteSearch`` answers as Foundation's search did,
/// in time linear in the note.
@Suite struct NoteSearchTests {
    /// What `notes --grep` matched with before: Foundation's search, which starts again at each
    /// character of the note (quadratic). The reference the new search is held to.
    static func reference(_ note: String, _ text: String) -> Bool {
        note.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }

    /// Text people type: letters in both cases, precomposed accents and a base letter with a
    /// combining one, a ligature, Greek final sigma, Cyrillic, Han, Hangul, an emoji, a dotted
    /// capital I and a dotless i, full-width, titlecase digraphs. Left out, where Foundation's search
    /// answers oddly and the new one does not follow it: ß and ẞ (it found `ßb` in `süb`), a
    /// combining mark standing alone, an emoji's skin tone (`👍🏽` found in `👍`), CR and LF (`\r`
    /// found inside a CRLF).
    static let alphabet: [String] = [
        "a", "A", "b", "B", "e", "E", "s", "S", "i", "I", " ", "1", "-", ".",
        "é", "É", "e\u{301}", "E\u{301}", "ü", "u\u{308}", "Ü", "ﬁ", "σ", "ς", "Σ", "ά", "д", "Д", "ё", "Ё",
        "水", "한", "ㅎ", "👍", "İ", "ı", "ｓ", "Ｓ", "Å", "å", "Ω", "ω", "ǅ", "ǆ",
    ]

    static func random(_ rng: inout SeededRandom, length: ClosedRange<Int>) -> String {
        (0..<Int.random(in: length, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? "a" }.joined()
    }

    /// The law: on short random notes and texts (and texts cut from the note, case changed, so
    /// that matches are common) the new search answers exactly as the reference.
    @Test func answersAsFoundationsSearchOnRandomShortText() {
        var rng = SeededRandom(seed: 0x6E07E5)
        var found = 0
        for round in 0..<20_000 {
            let note = Self.random(&rng, length: 0...12)
            var text: String
            if round % 2 == 0, !note.isEmpty {
                let characters = Array(note)
                let from = Int.random(in: 0..<characters.count, using: &rng)
                let to = Int.random(in: from...characters.count, using: &rng)
                text = String(characters[from..<to])
                if Bool.random(using: &rng) { text = text.uppercased() }
                if Bool.random(using: &rng) { text = text.lowercased() }
            } else {
                text = Self.random(&rng, length: 0...4)
            }
            let expected = Self.reference(note, text)
            if expected { found += 1 }
            #expect(NoteSearch(text).matches(note) == expected,
                    "note \(note.unicodeScalars.map { String($0.value, radix: 16) }) text \(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(found > 2_000, "too few matches to test much: \(found)")
    }

    @Test(arguments: [("Café au lait", "cafe", true), ("CAFÉ", "café", true), ("Straße", "STRASSE", true),
                      ("naïve", "NAIVE", true), ("floss", "flos s", false), ("", "a", false), ("abc", "", false),
                      ("ΟΔΟΣ", "οδος", true), ("水を飲む", "飲", true)])
    func knownCases(_ note: String, _ text: String, _ expected: Bool) {
        #expect(NoteSearch(text).matches(note) == expected)
        #expect(Self.reference(note, text) == expected)
    }

    /// The case: a 30 KB text against a 60 KB note that nearly holds it everywhere (the
    /// old search compared up to 30,000 characters at each of 30,000 places: minutes). The bound
    /// is generous; it only tells linear from quadratic.
    @Test func aLongTextAgainstALongNoteIsLinear() {
        let text = String(repeating: "a", count: 30_000) + "b"
        let note = String(repeating: "A", count: 60_000)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(!NoteSearch(text).matches(note))
        #expect(NoteSearch(text).matches(note + "b"))
        #expect(clock.now - start < .seconds(10))
    }
}
