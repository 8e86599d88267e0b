import Foundation
import Testing
@testable import HabitKit

/// Records the scanner's events as text, for comparing two readings of the same bytes.
final class EventRecorder: XMLScannerDelegate {
    var events: [String] = []

    func start(_ tag: XMLTag, selfClosing: Bool, line: @autoclosure () -> Int) throws {
        let attributes = tag.attributes.map { a in
            String(decoding: tag.attributeName(a), as: UTF8.self) + "=" + tag.string(a) + (a.hasControl ? "(control)" : "")
        }
        events.append("<\(tag.nameString) \(attributes.joined(separator: " "))\(selfClosing ? "/" : "")> @\(line())")
    }

    func end(_ name: UnsafeBufferPointer<UInt8>, line: @autoclosure () -> Int) throws {
        events.append("</\(String(decoding: name, as: UTF8.self))> @\(line())")
    }

    /// Scans `bytes` fed in pieces of `chunk` bytes (nil: at once) and returns the events.
    static func scan(_ bytes: [UInt8], chunk: Int? = nil) throws -> [String] {
        let recorder = EventRecorder()
        let scanner = XMLScanner(delegate: recorder)
        try withExtendedLifetime(recorder) {
            try bytes.withUnsafeBytes { raw in
                let step = max(1, chunk ?? raw.count)
                var start = 0
                while start < raw.count {
                    let end = min(raw.count, start + step)
                    try scanner.feed(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                    start = end
                }
            }
            try scanner.finish()
        }
        return recorder.events
    }

    static func scan(_ text: String, chunk: Int? = nil) throws -> [String] { try scan(Array(text.utf8), chunk: chunk) }
}

@Suite struct XMLScannerTests {
    static func malformed(_ body: () throws -> Void) -> (line: Int, reason: String)? {
        do {
            try body()
        } catch ImportError.malformed(let line, _, let reason) {
            return (line, reason)
        } catch {
            Issue.record("expected a malformed-export error, got \(error)")
        }
        return nil
    }

    /// The same bytes give the same events with the same line numbers however the chunks cut
    /// them — one byte at a time included (tokens straddle every boundary).
    @Test(arguments: [1, 2, 3, 7, 64, 333, 4096])
    func chunkBoundariesDoNotChangeWhatIsRead(_ chunk: Int) throws {
        let xml = try Array(Data(contentsOf: HealthImportTests.fixtures.appendingPathComponent("apple-health-small-b/export.xml")))
        let whole = try EventRecorder.scan(xml)
        #expect(whole.count > 20)
        #expect(try EventRecorder.scan(xml, chunk: chunk) == whole)
    }

    /// Long tokens (tens of KiB, with newlines inside values), cut by chunks of every size:
    /// the carried part of a token is completed from the next chunk in growing pieces, and the
    /// events and their lines stay the same.
    @Test(arguments: [1, 4095, 4097, 5000, 8192, 20_000, 65_536])
    func longTokensAcrossChunksAreReadTheSame(_ chunk: Int) throws {
        var xml = "<?xml version=\"1.0\"?>\n<HealthData>\n"
        for n in 0..<40 {
            let long = String(repeating: n % 3 == 0 ? "a&amp;b\n" : "xyz ", count: (n * 997) % 6000)
            xml += " <Record n=\"\(n)\" long='\(long)'/>\n <!-- \(String(repeating: "-", count: (n * 331) % 9000)) -->\n"
        }
        xml += "</HealthData>\n"
        let whole = try EventRecorder.scan(xml)
        #expect(whole.count == 82)
        #expect(try EventRecorder.scan(xml, chunk: chunk) == whole)
    }

    /// Quotes of the other kind, '>' and '/' inside values, entities and character references,
    /// spaces around '=': all read as XML means them.
    @Test func valuesHoldWhatXMLAllows() throws {
        let xml = """
            <HealthData>
             <Record a='say "hi"' b="x > y / z" c = "&lt;&amp;&gt;&quot;&apos;&#65;&#x42;&#x263A;" d="tab&#9;"/>
            </HealthData>
            """
        for chunk in [nil, 1, 5] {
            let events = try EventRecorder.scan(xml, chunk: chunk)
            #expect(events == ["<HealthData > @1",
                               "<Record a=say \"hi\" b=x > y / z c=<&>\"'AB☺ d=tab\t(control)/> @2", "</Record> @2",
                               "</HealthData> @3"])
        }
    }

    /// #8: an attribute of 16 MB of '>' (82 s before, for 1.6 MB: every '>' restarted the quote
    /// count from the tag's start) is read in one pass, fed as a file is, in 1 MiB chunks.
    @Test(arguments: [UInt8(ascii: ">"), UInt8(ascii: "a")])
    func aSixteenMegabyteAttributeIsReadInOnePass(_ filler: UInt8) throws {
        var xml = Array("<HealthData>\n <Record note=\"".utf8)
        xml += [UInt8](repeating: filler, count: 16_000_000)
        xml += Array("\"/>\n</HealthData>\n".utf8)
        let recorder = EventRecorder()
        let scanner = XMLScanner(delegate: recorder)
        try withExtendedLifetime(recorder) {
            try xml.withUnsafeBytes { raw in
                var start = 0
                while start < raw.count {
                    let end = min(raw.count, start + ExportReader.chunkSize)
                    try scanner.feed(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                    start = end
                }
            }
            try scanner.finish()
        }
        #expect(recorder.events.count == 4)
        #expect(recorder.events[1].utf8.count > 16_000_000)
        #expect(recorder.events[1].hasSuffix("/> @2"))
    }

    /// A single tag longer than the limit is refused with the line it starts on — while it is
    /// still being read, not after the whole file.
    @Test func aTagLongerThanTheLimitIsRefusedWithItsLine() throws {
        let recorder = EventRecorder()
        let scanner = XMLScanner(delegate: recorder)
        let head = Array("<HealthData>\n <Record type=\"a\"/>\n <Record note=\"".utf8)
        let chunk = [UInt8](repeating: 0x61, count: 1 << 20)
        var fed = 0
        let failure = Self.malformed {
            try withExtendedLifetime(recorder) {
                try head.withUnsafeBytes { try scanner.feed($0) }
                while fed < XMLScanner.maximumTokenBytes * 2 {
                    try chunk.withUnsafeBytes { try scanner.feed($0) }
                    fed += chunk.count
                }
            }
        }
        #expect(failure?.line == 3)
        #expect(failure?.reason.contains("64 MiB") == true)
        #expect(fed <= XMLScanner.maximumTokenBytes + chunk.count)
        #expect(recorder.events.count == 3)  // what came before was read
    }

    /// The same limit holds for a tag handed over whole (one feed of all the bytes).
    @Test func aTagLongerThanTheLimitInOneFeedIsRefused() throws {
        var xml = Array("<HealthData>\n<Record note=\"".utf8)
        xml += [UInt8](repeating: 0x61, count: XMLScanner.maximumTokenBytes)
        xml += Array("\"/>\n</HealthData>".utf8)
        let failure = Self.malformed { _ = try EventRecorder.scan(xml) }
        #expect(failure?.line == 2)
        #expect(failure?.reason.contains("64 MiB") == true)
    }

    /// Nesting is bounded: 256 levels (the root included) are read, one more is refused with its
    /// line; a hundred thousand levels fail the same way, never by exhausting a stack.
    @Test func nestingDeeperThanTheLimitFailsCleanly() throws {
        func nested(_ depth: Int) -> String {
            "<HealthData>\n" + String(repeating: "<a>", count: depth - 1) + "\n" + String(repeating: "</a>", count: depth - 1) + "</HealthData>"
        }
        #expect(try EventRecorder.scan(nested(XMLScanner.maximumDepth)).count == 2 * XMLScanner.maximumDepth)
        let failure = Self.malformed { _ = try EventRecorder.scan(nested(XMLScanner.maximumDepth + 1)) }
        #expect(failure?.line == 2)
        #expect(failure?.reason.contains("deeper than 256") == true)
        let deep = Self.malformed { _ = try EventRecorder.scan(nested(100_000), chunk: 1 << 20) }
        #expect(deep?.reason.contains("deeper than 256") == true)
    }

    @Test func tooManyAttributesAreRefused() throws {
        let attributes = (0...XMLScanner.maximumAttributes).map { "a\($0)=\"\"" }.joined(separator: " ")
        let failure = Self.malformed { _ = try EventRecorder.scan("<HealthData>\n<Record \(attributes)/></HealthData>") }
        #expect(failure?.reason.contains("more than 1024 attributes") == true)
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        let xml: String
        let line: Int
        let mentions: [String]
        var testDescription: String { mentions[0] }

        init(xml: String, line: Int, mentions: String...) {
            self.xml = xml
            self.line = line
            self.mentions = mentions
        }
    }

    /// Broken markup is an error with its line, whatever the chunking.
    @Test(arguments: [
        Broken(xml: "<HealthData>\n<Record a=\"x<y\"/>\n</HealthData>", line: 2, mentions: "'<' inside an attribute value"),
        Broken(xml: "<HealthData>\n<Record a=\"x\" <b/>\n</HealthData>", line: 2, mentions: "'<' inside a tag"),
        Broken(xml: "<HealthData>\n\n<Record a=x/>\n</HealthData>", line: 3, mentions: "is not quoted"),
        Broken(xml: "<HealthData>\n<Record a/>\n</HealthData>", line: 2, mentions: "has no value"),
        Broken(xml: "<HealthData>\n<Record a=\"1\"b=\"2\"/>\n</HealthData>", line: 2, mentions: "no space after"),
        Broken(xml: "<HealthData>\n<Rec\"ord/>\n</HealthData>", line: 2, mentions: "in an element name", "'<' inside an attribute value"),
        Broken(xml: "<HealthData>\n<Record a=\"&bogus;\"/>\n</HealthData>", line: 2, mentions: "never expands"),
        Broken(xml: "<HealthData>\n<Record a=\"&#xD800;\"/>\n</HealthData>", line: 2, mentions: "invalid character reference"),
        Broken(xml: "<HealthData>\n<Record a=\"AT&T\"/>\n</HealthData>", line: 2, mentions: "bare '&'"),
        Broken(xml: "<HealthData>\n<Record>\n</Workout>\n</HealthData>", line: 3, mentions: "does not close"),
        Broken(xml: "<HealthData>\n<Record/ >\n</HealthData>", line: 2, mentions: "'/' inside a tag"),
    ])
    func brokenMarkupIsAnErrorWithItsLine(_ broken: Broken) throws {
        for chunk in [nil, 1, 4] {
            let failure = Self.malformed { _ = try EventRecorder.scan(broken.xml, chunk: chunk) }
            #expect(failure?.line == broken.line, "chunk \(String(describing: chunk))")
            #expect(broken.mentions.contains { failure?.reason.contains($0) == true }, "\(failure?.reason ?? "")")
        }
    }

    /// A file cut inside a tag, a comment or the DOCTYPE is truncated at the line it was cut.
    @Test(arguments: ["<Record a=\"1", "<!-- note", "<?xml version", "<![CDATA[ x", "</HealthDa"])
    func aFileCutInsideATokenIsTruncated(_ tail: String) throws {
        let xml = "<HealthData>\n<Record a=\"1\"/>\n" + tail
        for chunk in [nil, 1] {
            #expect(throws: ImportError.truncated(line: 3, element: "HealthData")) { _ = try EventRecorder.scan(xml, chunk: chunk) }
        }
    }

    /// Comments, processing instructions, CDATA and a DOCTYPE whose subset holds '>' and quotes
    /// are skipped, and the lines after them still count right.
    @Test func commentsAndTheDoctypeAreSkipped() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [
             <!ELEMENT HealthData (Record)*>
             <!ATTLIST Record note CDATA "a > b ]">
            ]>
            <HealthData>
             <!-- a comment with <Record> and -- inside -->
             <![CDATA[ <Record/> ]]>
             <Record a="1"/>
            </HealthData>
            """
        for chunk in [nil, 1, 3] {
            #expect(try EventRecorder.scan(xml, chunk: chunk) == ["<HealthData > @6", "<Record a=1/> @9", "</Record> @9", "</HealthData> @10"])
        }
    }

    /// Control characters are flagged where they are, raw or written as a reference.
    @Test(arguments: ["\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "\n", "\t", "&#0;", "&#x1B;", "&#127;", "&#10;"])
    func controlCharactersInValuesAreFlagged(_ control: String) throws {
        let events = try EventRecorder.scan("<HealthData><Record a=\"x\(control)y\" b=\"&#x1F600;\"/></HealthData>")
        #expect(events[1].contains("(control) b="))
        #expect(!events[1].hasSuffix("(control)/> @1"))
    }
}
