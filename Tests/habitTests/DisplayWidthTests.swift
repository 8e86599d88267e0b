import Foundation
import Testing
@testable import habit

/// A line's display width (``Width/of(_:)``): its shortcut on bytes gives what the clusters give.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("", 0),
        ("meditate  10 min", 16),
        ("14:44–14:54 · 10 min …", 22),
        ("\u{1B}[1mbold\u{1B}[0m –", 6),
        ("Müller ÿ Ő ɏ", 12),
        // Where the clusters decide: a combining mark, CR LF, a joiner, wide and emoji scalars.
        ("e\u{301}", 1),
        ("a\r\nb", 3),
        ("日本", 4),
        ("👍🏽x", 3),
        ("m\u{301}", 1),
        ("\u{1B}[1m\u{301}", 0),
    ])
    func widthIsTheClustersWidth(text: String, width: Int) {
        #expect(Width.of(text) == width)
        #expect(Width.clusterWidth(text) == width)
    }

    /// The lines of a listing take the shortcut: no text is broken into clusters on the way.
    @Test func listingLinesAreCountedOnTheirBytes() {
        for line in ["2025-10-26 14:44–14:54  meditate  10 min  · habit", "«notes» ‘quoted’ “twice” † ‰ ′ ‼ …", "Ærø Łódź ǅ ȷ"] {
            let narrow = Array(line.utf8).withUnsafeBufferPointer(Width.narrowWidth)
            #expect(narrow == Width.clusterWidth(line), "\(line)")
            #expect(narrow != nil)
        }
    }

    /// Random text of hostile pieces: the shortcut, when it answers, answers what the clusters do.
    @Test func shortcutAgreesWithClustersOnRandomText() {
        let pieces = ["a", "m", " ", "–", "·", "…", "é", "Ő", "\u{24F}", "\u{250}", "\u{2028}", "\u{200D}", "\u{301}",
                      "\u{FE0F}", "\u{1B}", "[", "1", ";", "\r", "\n", "\t", "日", "👍", "🏽", "🇩", "🇪", "\u{AD}",
                      "\u{7F}", "\u{A0}", "\u{9F}", "\u{205F}", "\u{2030}", "\u{200B}", "\u{0600}", "ᄀ", "ᅡ"]
        var rng = SyncTests.Seeded(state: 28)
        var shortcuts = 0
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let narrow = Array(text.utf8).withUnsafeBufferPointer(Width.narrowWidth)
            if let narrow {
                shortcuts += 1
                #expect(narrow == Width.clusterWidth(text), "\(Array(text.unicodeScalars.map(\.value)))")
            }
            #expect(Width.of(text) == Width.clusterWidth(text), "\(Array(text.unicodeScalars.map(\.value)))")
        }
        #expect(shortcuts > 100)
    }
}
