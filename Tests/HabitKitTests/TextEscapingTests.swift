import Foundation
import Testing
@testable import HabitKit

/// The one control-character escaper and the one metadata string escaper, as each caller uses them.
@Suite struct TextEscapingTests {
    /// The interchange fields' test for control characters reads UTF-8 bytes (issue 28): for every
    /// scalar, alone and between other text, it says what Unicode's category Cc says.
    @Test func interchangeFieldsFindExactlyTheCharactersOfCategoryCc() {
        var found = 0, wrong: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let control = scalar.properties.generalCategory == .control
            var text = ""
            text.unicodeScalars.append(scalar)
            if InterchangeField.holdsControlCharacter(text) != control || InterchangeField.holdsControlCharacter("aé" + text + "€") != control {
                wrong.append(value)
            }
            if control { found += 1 }
        }
        // At every place of a longer text (it is read eight bytes at a time).
        for value in UInt32(0)...0x800 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let control = scalar.properties.generalCategory == .control
            for before in 0..<17 {
                var text = String(repeating: "x", count: before)
                text.unicodeScalars.append(scalar)
                if InterchangeField.holdsControlCharacter(text + "yz\u{A0}") != control { wrong.append(value) }
            }
        }
        #expect(wrong.isEmpty)
        #expect(found == 65)
        #expect(!InterchangeField.holdsControlCharacter(""))
    }

    @Test func messagesEscapeControlCharactersAndKeepBackslashes() {
        #expect(escapingControlCharacters("a\\b\n\t\u{1B}\u{85}\u{2028}é") == #"a\b\n\t\u{1B}\u{85}\u{2028}é"#)
    }

    /// Text from an export or a path also escapes backslashes (an escape can be told from text
    /// that looks like one) and is cut after its limit.
    @Test func importTextEscapesBackslashesAndIsCut() {
        #expect(ImportText.escaped("a\\u{1B}\u{1B}\r") == #"a\\u{1B}\u{1B}\r"#)
        #expect(ImportText.escaped("abcd", limit: 3) == "abc…")
        #expect(ImportText.escaped("abc", limit: 3) == "abc")
        #expect(ImportText.quoted("it's\n") == #"'it's\n'"#)
    }

    /// The store's metadata text: JSON escapes for quote, backslash and control characters, other
    /// text as it is; the import's byte path writes the same.
    @Test func metadataStringsAreEscapedAsJSON() {
        #expect(MetadataCoding.encode(["k": "a\"b\\c\nd\r\t\u{1}é"]) == #"{"k":"a\"b\\c\nd\r\t\u0001é"}"#)
        #expect(MetadataCoding.encode(["plain": "text"]) == #"{"plain":"text"}"#)
        let text = "x\u{1F}\"y"
        var bytes: [UInt8] = []
        MetadataCoding.appendQuoted(Array(text.utf8), 0, text.utf8.count, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #""x\u001f\"y""#)
        // Keys sorted as Swift orders strings; of a key given twice, the last value.
        #expect(MetadataCoding.encode(["b": "2", "a": "1", "é": "3", "Z": "x\n"]) == #"{"Z":"x\n","a":"1","b":"2","é":"3"}"#)
        #expect(MetadataCoding.encode(pairs: [("b", "1"), ("a", "\""), ("b", "3")]) == #"{"a":"\"","b":"3"}"#)
        #expect(MetadataCoding.encode([:]) == nil && MetadataCoding.encode(pairs: []) == nil)
    }

    /// Metadata is read without JSONSerialization when it is plain (issue 28): on every text the
    /// store can hold — written by `encode`, or by older versions and hand edits — `decode` gives
    /// what JSONSerialization gives, and the quick reader declines what it does not read.
    @Test func metadataIsReadAsJSONSerializationReadsIt() {
        let pieces = ["", "a", "k", "é", "e\u{301}", "😀", "\"", "\\", "\n", "\u{1}", "/", ":", ",", "{", "}", " ", "1", "true"]
        var state: UInt64 = 7
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        func text() -> String { (0..<(next() % 4)).map { _ in pieces[next() % pieces.count] }.joined() }
        func serialized(_ json: String) -> [String: String] {
            guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return [:] }
            return object.mapValues { "\($0)" }
        }
        var plain = 0
        for _ in 0..<3000 {
            var pairs: [String: String] = [:]
            for _ in 0..<(next() % 5) { pairs[text()] = text() }
            let json = MetadataCoding.encode(pairs)
            #expect(MetadataCoding.decode(json) == pairs)
            if let json, MetadataCoding.decodePlain(json) != nil { plain += 1 }
        }
        #expect(plain > 500)
        let others = ["{}", "{\"a\":1}", "{\"a\":\"b\",\"a\":\"c\"}", "{ \"a\":\"b\"}", "{\"a\":\"b\"", "{\"a\":\"b\"}x", "[]", "",
                      "{\"a\":\"\\u00e9\"}", "{\"a\":null}", "{\"a\":\"b\",}", "{\"a\"}", "{\"e\u{301}\":\"1\",\"é\":\"2\"}", "{\"a\":\"b\"}}"]
        for json in others { #expect(MetadataCoding.decode(json) == serialized(json), "\(json)") }
    }
}
