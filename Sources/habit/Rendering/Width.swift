import Foundation
import HabitKit

/// Fitting text to the terminal: its width, a string's display width, and lines cut or wrapped
/// to it (Standards/cli.md, "Output").
enum Width {
    /// The columns text is laid out in: `COLUMNS`, else the terminal's own width (stdout), else 80;
    /// never below 40.
    static let columns: Int = {
        if let text = Env.get("COLUMNS"), let n = Int(text.trimmingCharacters(in: .whitespaces)), n > 0 { return max(40, n) }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return max(40, Int(size.ws_col)) }
        return 80
    }()

    /// The columns `text` takes: one per grapheme cluster, two for an East Asian wide one, none for
    /// the ANSI colour codes of ``Style``.
    static func of(_ text: some StringProtocol) -> Int {
        // A listing's every line is made of one-column scalars (issue 28): counted on its bytes.
        if let narrow = text.utf8.withContiguousStorageIfAvailable(narrowWidth), let narrow { return narrow }
        return clusterWidth(text)
    }

    /// The columns of UTF-8 `bytes` when each scalar in them is one column wide and a grapheme
    /// cluster of its own — printable ASCII, Latin-1 and Latin Extended-A/B letters and signs
    /// (U+00A0–U+024F), the dashes, quotes, bullets, ellipsis and primes of General Punctuation
    /// (U+2010–U+2027, U+2030–U+205E) — with ``Style``'s colour codes taking none: what
    /// ``clusterWidth(_:)`` gives for such text, without breaking it into clusters. Nil for any
    /// other byte (a control character, a combining mark, a joiner, a wide or unknown scalar):
    /// then only the clusters can tell.
    static func narrowWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0, width = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b >= 0x20 && b < 0x7F {
                width += 1
                i += 1
            } else if b == 0x1B {
                // A colour code: nothing up to and including its `m` (the end of the text if none).
                i += 1
                while i < n && bytes[i] != UInt8(ascii: "m") { i += 1 }
                i += 1
            } else if b >= 0xC2 && b <= 0xC9 {
                guard i + 1 < n, bytes[i + 1] & 0xC0 == 0x80 else { return nil }
                let scalar = UInt32(b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                guard scalar >= 0xA0 && scalar <= 0x24F else { return nil }
                width += 1
                i += 2
            } else if b == 0xE2 {
                guard i + 2 < n, bytes[i + 1] & 0xC0 == 0x80, bytes[i + 2] & 0xC0 == 0x80 else { return nil }
                let scalar = 0x2000 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                guard (0x2010...0x2027).contains(scalar) || (0x2030...0x205E).contains(scalar) else { return nil }
                width += 1
                i += 3
            } else {
                return nil
            }
        }
        return width
    }

    /// The columns `text` takes, cluster by cluster (``of(_:)`` without its shortcut).
    static func clusterWidth(_ text: some StringProtocol) -> Int {
        var width = 0, inEscape = false
        for character in text {
            if inEscape {
                if character == "m" { inEscape = false }
                continue
            }
            if character == "\u{1B}" { inEscape = true; continue }
            width += character.unicodeScalars.first.map(isWide) == true ? 2 : 1
        }
        return width
    }

    /// CJK, Hangul, fullwidth forms and emoji: the blocks terminals draw two columns wide.
    private static func isWide(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD: true
        default: false
        }
    }

    /// `text` padded with spaces to `width` columns, or cut to it with a final `…` (plain text only).
    static func pad(_ text: String, to width: Int) -> String {
        let w = of(text)
        if w <= width { return text + String(repeating: " ", count: width - w) }
        return cut(text, to: width)
    }

    /// `text` cut to at most `width` columns, ending in `…` when something was left out (colour
    /// codes are kept, and reset after the `…`).
    static func cut(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        var out = "", used = 0, inEscape = false, styled = false
        for character in text {
            if inEscape || character == "\u{1B}" {
                inEscape = character != "m"
                styled = true
                out.append(character)
                continue
            }
            let w = of(String(character))
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…" + (styled ? "\u{1B}[0m" : "")
    }

    /// A name column's width: the longest name (at least `minimum`), narrowed so that `rest`
    /// columns beside it still fit in ``columns`` (names longer than that are cut with `…`).
    static func nameColumn(_ names: [String], minimum: Int = 9, rest: Int) -> Int {
        let longest = max(minimum, names.map { of($0) }.max() ?? 0)
        return max(min(longest, columns - rest), 6)
    }

    /// `text` broken at spaces into lines of at most `width` columns (a word longer than that is cut).
    static func wrap(_ text: String, to width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            if line.isEmpty { line = word } else if of(line) + 1 + of(word) <= width { line += " " + word } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines.map { cut($0, to: width) }
    }

    /// `head` and `tail` on one line when they fit (`separator` between them), else `head` cut to
    /// fit and, under it, `tail` after `indent` spaces (and cut to fit).
    static func beside(_ head: String, _ tail: String, separator: String = "  ", indent: Int = 4) -> [String] {
        if of(head) + of(separator) + of(tail) <= columns { return [head + separator + tail] }
        let indent = min(indent, max(0, columns - of(tail)))
        return [cut(head, to: columns), String(repeating: " ", count: indent) + cut(tail, to: columns - indent)]
    }

    /// `head` followed by `text` wrapped to what is left of the line; the other lines start with
    /// `indent` (`head`'s width in spaces when nil). When fewer than 24 columns would be left,
    /// the text starts on a line of its own, indented by four.
    static func hanging(_ head: String, _ text: String, indent: String? = nil) -> [String] {
        let room = columns - of(head)
        guard room >= 24 else { return [head.trimmingTrailingSpaces] + wrap(text, to: columns - 4).map { "    " + $0 } }
        let lead = indent ?? String(repeating: " ", count: of(head))
        let wrapped = wrap(text, to: min(room, columns - of(lead)))
        return [head + wrapped[0]] + wrapped.dropFirst().map { lead + $0 }
    }
}
