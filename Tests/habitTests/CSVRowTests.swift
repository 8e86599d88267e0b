import Foundation
import Testing
@testable import habit

/// `export --format csv`'s rows (``CSV/row(_:)``): RFC 4180 quoting, checked on UTF-8 bytes.
@Suite struct CSVRowTests {
    @Test(arguments: [
        (["a", "b", ""], "a,b,"),
        (["x,y"], "\"x,y\""),
        (["say \"hi\""], "\"say \"\"hi\"\"\""),
        (["line\nbreak"], "\"line\nbreak\""),
        (["carriage\rreturn"], "\"carriage\rreturn\""),
        // One Character "\r\n", equal to neither "\r" nor "\n": it was written unquoted.
        (["crlf\r\nend", "z"], "\"crlf\r\nend\",z"),
        // A quote with a combining mark is one Character that is not `"`: it was written unquoted.
        (["q\"\u{301}x"], "\"q\"\"\u{301}x\""),
        (["é,ü", "日本"], "\"é,ü\",日本"),
    ])
    func quotesWhatRFC4180Asks(fields: [String], row: String) {
        #expect(Array(CSV.row(fields).utf8) == Array(row.utf8))
    }

    /// Any fields of hostile characters read back as themselves with an RFC 4180 reader.
    @Test func rowsReadBackAsTheirFields() {
        var rng = SystemRandomNumberGenerator()
        let alphabet: [String] = ["a", ",", "\"", "\n", "\r", "\r\n", "\u{301}", "é", " ", "日", "\u{2028}"]
        for _ in 0..<500 {
            let fields = (0..<Int.random(in: 1...5, using: &rng)).map { _ in
                (0..<Int.random(in: 0...6, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
            }
            let read = Self.read(CSV.row(fields))
            #expect(read.map { Array($0.utf8) } == fields.map { Array($0.utf8) }, "\(fields.map { Array($0.utf8) })")
        }
    }

    /// A reader of one RFC 4180 record, on bytes.
    static func read(_ row: String) -> [String] {
        var fields: [[UInt8]] = [[]]
        var quoted = false, i = 0
        let bytes = Array(row.utf8)
        while i < bytes.count {
            let b = bytes[i]
            if quoted {
                if b == UInt8(ascii: "\"") {
                    if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") { fields[fields.count - 1].append(b); i += 1 } else { quoted = false }
                } else {
                    fields[fields.count - 1].append(b)
                }
            } else if b == UInt8(ascii: "\""), fields[fields.count - 1].isEmpty {
                quoted = true
            } else if b == UInt8(ascii: ",") {
                fields.append([])
            } else {
                fields[fields.count - 1].append(b)
            }
            i += 1
        }
        return fields.map { String(decoding: $0, as: UTF8.self) }
    }
}
