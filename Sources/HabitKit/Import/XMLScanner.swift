import Foundation

/// Why an export could not be read: where it broke and what was wrong.
public enum ImportError: HabitError, Equatable {
    case malformed(line: Int, element: String?, reason: String)
    case truncated(line: Int, element: String?)
    case notAHealthExport(String)
    /// The file cannot be opened, or is not a regular file (a folder, FIFO, device or socket).
    case unreadable(String, reason: String)
    /// A zip whose structure or data is broken: a wrong CRC-32, a bad deflate stream, a wrong size.
    case damagedArchive(String, reason: String)

    public var kind: ErrorKind {
        switch self {
        case .unreadable: .noInput
        default: .dataError
        }
    }

    public var description: String {
        switch self {
        case .malformed(let line, let element, let reason):
            "malformed export at line \(line)\(element.map { " in <\($0)>" } ?? ""): \(reason); nothing was imported"
        case .truncated(let line, let element):
            "the export ends early at line \(line)\(element.map { " inside <\($0)>" } ?? "") (truncated file?); nothing was imported — export again from the Health app"
        case .notAHealthExport(let path):
            "\(ImportText.escaped(path, limit: 200)) holds no Apple Health export (no <HealthData> root); give export.xml or the export.zip the Health app wrote"
        case .unreadable(let path, let reason):
            "cannot read \(ImportText.quoted(path)): \(reason)"
        case .damagedArchive(let path, let reason):
            "\(ImportText.quoted(path)) is a damaged zip: \(reason); nothing was imported — copy the export again from the phone"
        }
    }
}

/// Text from an export or a path, made safe to show on one line.
enum ImportText {
    /// `text` with control characters (``isControlCharacter(_:)``) and backslashes escaped
    /// (`\n`, `\u{1B}`, `\\`) and cut after `limit` characters.
    static func escaped(_ text: some StringProtocol, limit: Int = 80) -> String {
        escapingControlCharacters(text, limit: limit, backslashes: true)
    }

    /// The escaped text in single quotes, unless it is plain (printable, no space or quote).
    static func quoted(_ text: some StringProtocol) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && $0 != "'" && $0 != "\\" && !($0.value >= 0x80 && $0.value < 0xA0) }
        return plain ? String(text) : "'" + escaped(text, limit: 200) + "'"
    }

    /// Raw bytes from the file, escaped for a message.
    static func escaped(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int = 80) -> String {
        escaped(String(decoding: bytes, as: UTF8.self), limit: limit)
    }
}

/// One attribute of a start tag, as positions in the scanner's bytes (valid during the callback).
struct XMLAttribute {
    var nameStart: Int
    var nameEnd: Int
    var valueStart: Int
    var valueEnd: Int
    /// The raw value holds `&`: decode it before use (the scanner already checked every reference).
    var hasEntity: Bool
    /// The value holds a control character (U+0000–U+001F, U+007F), raw or from a character reference.
    var hasControl: Bool
}

/// One start tag, read in place: no byte is copied and no string made until asked for. Valid only
/// during the ``XMLScannerDelegate/start(_:selfClosing:line:)`` call that hands it over.
struct XMLTag {
    let base: UnsafePointer<UInt8>
    let nameStart: Int
    let nameEnd: Int
    let attributes: UnsafeBufferPointer<XMLAttribute>

    var name: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base + nameStart, count: nameEnd - nameStart) }
    var nameString: String { String(decoding: name, as: UTF8.self) }

    func attributeName(_ a: XMLAttribute) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + a.nameStart, count: a.nameEnd - a.nameStart)
    }

    /// The value's bytes as written (entities not decoded).
    func raw(_ a: XMLAttribute) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + a.valueStart, count: a.valueEnd - a.valueStart)
    }

    /// The value, entities decoded.
    func string(_ a: XMLAttribute) -> String {
        if !a.hasEntity { return String(decoding: raw(a), as: UTF8.self) }
        var out: [UInt8] = []
        XMLScanner.decodeEntities(raw(a), into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the decoded value to `out`.
    func appendDecoded(_ a: XMLAttribute, to out: inout [UInt8]) {
        if a.hasEntity {
            XMLScanner.decodeEntities(raw(a), into: &out)
        } else {
            out.append(contentsOf: raw(a))
        }
    }

    /// The first attribute called `key`, decoded (a convenience: the mapper reads bytes in place).
    subscript(_ key: String) -> String? {
        var key = key
        return key.withUTF8 { k in
            for a in attributes where XMLScanner.equal(attributeName(a), k) { return string(a) }
            return nil
        }
    }
}

/// Receives the scanner's events.
protocol XMLScannerDelegate: AnyObject {
    /// `line` is computed only when asked for (error messages): counting lines is not free.
    func start(_ tag: XMLTag, selfClosing: Bool, line: @autoclosure () -> Int) throws
    /// `name` is valid only during the call.
    func end(_ name: UnsafeBufferPointer<UInt8>, line: @autoclosure () -> Int) throws
}

/// A streaming, non-validating XML tokenizer for Apple Health exports, fed in chunks.
///
/// It reads start tags (with attributes), end tags and self-closing tags; skips text, comments,
/// processing instructions, CDATA and the DOCTYPE with its internal subset — whose entity
/// declarations are never expanded: only the five predefined entities and character references
/// are decoded, and any other entity reference is an error. Throws ``ImportError`` with the line
/// where the input broke.
///
/// Bounds, so that no file can make it slow or unbounded: every byte is examined a constant number
/// of times, however the chunks cut the tokens (a token that straddles chunks is resumed where the
/// last look stopped, never rescanned); a single markup construct longer than
/// ``maximumTokenBytes`` (64 MiB), elements nested deeper than ``maximumDepth`` (256) and a tag
/// with more than ``maximumAttributes`` (1,024) attributes are refused. Memory stays below about
/// twice the largest token. Nothing recurses.
final class XMLScanner {
    /// The longest single markup construct accepted (a DOCTYPE with a big internal subset fits;
    /// Apple's tags are under 2 KiB).
    static let maximumTokenBytes = 64 << 20
    /// The deepest element nesting accepted (Apple's exports nest four deep).
    static let maximumDepth = 256
    /// The most attributes one tag may have (Apple's `Me` has about ten).
    static let maximumAttributes = 1024

    @exclusivity(unchecked) private var buffer: [UInt8] = []
    /// Newlines in the bytes already consumed and dropped.
    @exclusivity(unchecked) private var linesDropped = 0
    /// The bytes being scanned: a fed chunk (scanned in place) or `buffer`; the newlines before
    /// `regionCounted` in it are in `linesDropped` already.
    @exclusivity(unchecked) private var region: UnsafeBufferPointer<UInt8>?
    @exclusivity(unchecked) private var regionCounted = 0
    /// Where in the region (or in `buffer` between feeds) the token being handled starts.
    @exclusivity(unchecked) private var tokenStart = 0
    /// A token that the bytes so far do not complete, and how far it was looked at.
    @exclusivity(unchecked) private var pending: Pending?
    /// The names of the open elements, one after the other, and where each starts.
    @exclusivity(unchecked) private var openNames: [UInt8] = []
    @exclusivity(unchecked) private var openStarts: [Int] = []
    /// The attributes of the tag being read: room for the most a tag may have, allocated once.
    private let attributes = UnsafeMutablePointer<XMLAttribute>.allocate(capacity: XMLScanner.maximumAttributes)
    @exclusivity(unchecked) private var attributeCount = 0
    private unowned let delegate: any XMLScannerDelegate
    // Hot state, touched by one thread and never re-entrantly: no run-time exclusivity checks.
    @exclusivity(unchecked) private(set) var bytesConsumed = 0
    @exclusivity(unchecked) private(set) var sawRoot = false

    private struct Pending {
        enum Kind { case undetermined, startTag, endTag, comment, instruction, cdata, declaration }
        var start: Int
        var kind: Kind = .undetermined
        /// The next byte to look at.
        var position: Int
        var quote: UInt8 = 0
        var depth = 0
    }

    init(delegate: any XMLScannerDelegate) {
        self.delegate = delegate
    }

    deinit { attributes.deallocate() }

    /// The 1-based line of the token being handled.
    var line: Int {
        if let region { return linesDropped + 1 + Self.newlines(region, from: regionCounted, upTo: min(tokenStart, region.count)) }
        return buffer.withUnsafeBufferPointer { linesDropped + 1 + Self.newlines($0, from: 0, upTo: min(tokenStart, $0.count)) }
    }

    /// The innermost open element, for messages.
    private var openElement: String? {
        guard let start = openStarts.last else { return nil }
        return ImportText.escaped(String(decoding: openNames[start...], as: UTF8.self))
    }

    /// Feeds the next chunk; complete tokens are reported, an incomplete tail is kept.
    ///
    /// The chunk is read where it lies. Only a token cut by the chunk's start is copied: the
    /// tail kept from before is completed from the chunk's head, in pieces that double, so no
    /// byte is copied more than about twice however long the token.
    func feed(_ chunk: UnsafeRawBufferPointer) throws {
        guard chunk.count > 0 else { return }
        let bytes = chunk.bindMemory(to: UInt8.self)
        var start = 0
        if !buffer.isEmpty {
            let carry = buffer.count
            var taken = 0
            while true {
                let piece = min(bytes.count - taken, max(4096, buffer.count))
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[taken..<(taken + piece)]))
                taken += piece
                let consumed = try buffer.withUnsafeBufferPointer { b in
                    let consumed = try scanRegion(b, from: 0)
                    linesDropped += Self.newlines(b, from: 0, upTo: consumed)
                    return consumed
                }
                if consumed >= carry {
                    // The carried token is done: the rest of the buffer is the chunk's own bytes,
                    // read again in place below (an open token goes on where it was looked at).
                    bytesConsumed += consumed
                    start = consumed - carry
                    buffer.removeAll(keepingCapacity: true)
                    if var p = pending {
                        p.start -= carry
                        p.position -= carry
                        pending = p
                    }
                    break
                }
                // Nothing is consumed until the carried token is complete.
                if taken == bytes.count {
                    try checkPendingLength()
                    return
                }
            }
        }
        let consumed = try scanRegion(bytes, from: start)
        linesDropped += Self.newlines(bytes, from: start, upTo: consumed)
        bytesConsumed += consumed - start
        if consumed < bytes.count { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[consumed...])) }
        tokenStart = 0
        if var p = pending {
            p.start -= consumed
            p.position -= consumed
            pending = p
            tokenStart = p.start
        }
        try checkPendingLength()
    }

    private func checkPendingLength() throws {
        if let p = pending, buffer.count - p.start > Self.maximumTokenBytes {
            tokenStart = p.start
            throw ImportError.malformed(line: line, element: openElement, reason: "a single tag longer than 64 MiB (the most habit reads)")
        }
    }

    /// Call after the last chunk: anything left open means the file was cut short.
    func finish() throws {
        tokenStart = pending?.start ?? 0
        // A start tag cut off by the end of the file is parsed as far as it goes first: a problem
        // inside it is reported as when the file is read at once, before "ends early".
        if let p = pending, p.kind == .startTag || p.kind == .undetermined, p.start + 1 < buffer.count,
           ![0x2F, 0x21, 0x3F].contains(buffer[p.start + 1]) {
            _ = try buffer.withUnsafeBufferPointer { try startTag($0, from: p.start, count: $0.count) }
        }
        let rest = buffer.drop { Self.isSpace($0) }
        if !rest.isEmpty || !openStarts.isEmpty {
            throw ImportError.truncated(line: line, element: openElement)
        }
        if !sawRoot { throw ImportError.truncated(line: line, element: nil) }
    }

    /// Reports every complete token in `b`; returns how many leading bytes are done with (the
    /// start of an incomplete token, which is then `pending`, or all of them).
    private func scanRegion(_ b: UnsafeBufferPointer<UInt8>, from start: Int) throws -> Int {
        region = b
        regionCounted = start
        defer { region = nil }
        guard let base = b.baseAddress else { return 0 }
        let n = b.count
        var i = start
        if var p = pending {
            tokenStart = p.start
            guard let end = try advance(&p, b) else {
                pending = p
                return p.start
            }
            pending = nil
            try handle(p.kind, b, from: p.start, to: end)
            i = end
        }
        while i < n {
            // Text is skipped: jump to the next '<'.
            guard let lt = memchr(base + i, 0x3C, n - i) else { return n }
            i = UnsafeRawPointer(lt).assumingMemoryBound(to: UInt8.self) - base
            tokenStart = i
            if i + 1 < n, b[i + 1] != 0x2F, b[i + 1] != 0x21, b[i + 1] != 0x3F {
                // The common case, a start tag, is read in one pass where it lies.
                if let end = try startTag(b, from: i, count: n) {
                    i = end
                    continue
                }
            }
            var p = Pending(start: i, position: i + 1)
            guard let end = try advance(&p, b) else {
                pending = p
                return i
            }
            try handle(p.kind, b, from: i, to: end)
            i = end
        }
        return n
    }

    /// Looks further into the token `p` (from `p.position` on, never again at bytes already
    /// seen); returns the index just past its end, or nil (with `p` updated) when `b` ends first.
    private func advance(_ p: inout Pending, _ b: UnsafeBufferPointer<UInt8>) throws -> Int? {
        guard let base = b.baseAddress else { return nil }
        let n = b.count
        let s = p.start
        if p.kind == .undetermined {
            guard s + 1 < n else { return nil }
            switch b[s + 1] {
            case 0x3F: p.kind = .instruction; p.position = s + 2  // <? … ?>
            case 0x2F: p.kind = .endTag; p.position = s + 2  // </ … >
            case 0x21:  // <!
                guard s + 3 < n else { return nil }
                if b[s + 2] == 0x2D && b[s + 3] == 0x2D {
                    p.kind = .comment; p.position = s + 4  // <!-- … -->
                } else if b[s + 2] == 0x5B {
                    p.kind = .cdata; p.position = s + 3  // <![CDATA[ … ]]>
                } else {
                    p.kind = .declaration; p.position = s + 2  // <!DOCTYPE … [ internal subset ] >
                }
            default: p.kind = .startTag; p.position = s + 1
            }
        }
        var j = p.position
        switch p.kind {
        case .undetermined:
            return nil
        case .comment, .instruction, .cdata:
            // Ends with "-->", "?>" or "]]>" after its opening: find each '>' and look back.
            let (closer, length, contentStart): (UInt8, Int, Int) = switch p.kind {
            case .comment: (0x2D, 3, s + 4)
            case .instruction: (0x3F, 2, s + 2)
            default: (0x5D, 3, s + 3)
            }
            while j < n, let gt = memchr(base + j, 0x3E, n - j) {
                let k = UnsafeRawPointer(gt).assumingMemoryBound(to: UInt8.self) - base
                if k - (length - 1) >= contentStart && b[k - 1] == closer && (length == 2 || b[k - 2] == closer) { return k + 1 }
                j = k + 1
            }
            p.position = n
            return nil
        case .declaration:
            while j < n {
                let c = b[j]
                if p.quote != 0 {
                    if c == p.quote { p.quote = 0 }
                } else if c == 0x22 || c == 0x27 {
                    p.quote = c
                } else if c == 0x5B {
                    p.depth += 1
                } else if c == 0x5D {
                    p.depth -= 1
                } else if c == 0x3E && p.depth <= 0 {
                    return j + 1
                }
                j += 1
            }
            p.position = n
            return nil
        case .endTag:
            guard let gt = memchr(base + j, 0x3E, n - j) else {
                if memchr(base + j, 0x3C, n - j) != nil { throw malformed("'<' inside a tag") }
                p.position = n
                return nil
            }
            let k = UnsafeRawPointer(gt).assumingMemoryBound(to: UInt8.self) - base
            if memchr(base + j, 0x3C, k - j) != nil { throw malformed("'<' inside a tag") }
            return k + 1
        case .startTag:
            // Ends at the first '>' outside quotes; '<' may appear nowhere in it. Before reporting a
            // '<', the tag so far is parsed as a whole tag is: its first problem is what is
            // reported, the same however the chunks cut the file (found by the fuzzer).
            func misplacedLessThan(at k: Int, _ reason: String) throws -> Never {
                _ = try startTag(b, from: s, count: min(k + 1, n))
                var nameEnd = s + 1  // named after the tag being read, as the whole-tag parse names it
                while nameEnd < k, !Self.isSpace(b[nameEnd]), b[nameEnd] != 0x3E, b[nameEnd] != 0x2F { nameEnd += 1 }
                // A '<' inside the name itself is reported for the parent, as the whole-tag parse does.
                throw malformed(nameEnd < k ? reason : "'<' inside a tag",
                                element: nameEnd > s + 1 && nameEnd < k ? Self.text(b, s + 1, nameEnd) : nil)
            }
            while j < n {
                if p.quote != 0 {
                    guard let q = memchr(base + j, Int32(p.quote), n - j) else {
                        if let lt = memchr(base + j, 0x3C, n - j) {
                            try misplacedLessThan(at: UnsafeRawPointer(lt).assumingMemoryBound(to: UInt8.self) - base,
                                                  "'<' inside an attribute value")
                        }
                        p.position = n
                        return nil
                    }
                    let k = UnsafeRawPointer(q).assumingMemoryBound(to: UInt8.self) - base
                    if let lt = memchr(base + j, 0x3C, k - j) {
                        try misplacedLessThan(at: UnsafeRawPointer(lt).assumingMemoryBound(to: UInt8.self) - base,
                                              "'<' inside an attribute value")
                    }
                    p.quote = 0
                    j = k + 1
                } else {
                    let c = b[j]
                    if c == 0x22 || c == 0x27 {
                        p.quote = c
                    } else if c == 0x3E {
                        return j + 1
                    } else if c == 0x3C {
                        try misplacedLessThan(at: j, "'<' inside a tag")
                    }
                    j += 1
                }
            }
            p.position = n
            return nil
        }
    }

    /// Handles the complete token `b[from..<to]` of `kind`.
    private func handle(_ kind: Pending.Kind, _ b: UnsafeBufferPointer<UInt8>, from i: Int, to end: Int) throws {
        tokenStart = i
        if end - i > Self.maximumTokenBytes {
            throw malformed("a single tag longer than 64 MiB (the most habit reads)")
        }
        switch kind {
        case .startTag:
            // Read again within exactly its bytes: both readings must agree on where it ends.
            guard try startTag(UnsafeBufferPointer(rebasing: b[..<end]), from: i, count: end) == end else {
                throw malformed("a tag that cannot be read")
            }
        case .endTag:
            try endTag(b, from: i, to: end)
        default:
            return  // PI, comment, CDATA, DOCTYPE
        }
    }

    private func malformed(_ reason: String, element: String? = nil) -> ImportError {
        .malformed(line: line, element: element ?? openElement, reason: reason)
    }

    private func endTag(_ b: UnsafeBufferPointer<UInt8>, from i: Int, to end: Int) throws {
        var j = i + 2
        while j < end - 1 && !Self.isSpace(b[j]) { j += 1 }
        let name = UnsafeBufferPointer(rebasing: b[(i + 2)..<j])
        while j < end - 1 && Self.isSpace(b[j]) { j += 1 }
        guard j == end - 1, name.count > 0 else { throw malformed("a closing tag that is not </name>") }
        guard let open = openStarts.last,
              openNames.withUnsafeBufferPointer({ Self.equal(UnsafeBufferPointer(rebasing: $0[open...]), name) }) else {
            throw malformed("</\(ImportText.escaped(name))> does not close " + (openElement.map { "<\($0)>" } ?? "anything"),
                            element: openElement ?? ImportText.escaped(name))
        }
        try delegate.end(name, line: self.line)
        openNames.removeSubrange(open...)
        openStarts.removeLast()
    }

    /// Reads the start tag at `i` (`b[i] == '<'`) and reports it; returns the index just past it,
    /// or nil when `b` ends before the tag does (nothing is reported then).
    private func startTag(_ b: UnsafeBufferPointer<UInt8>, from i: Int, count n: Int) throws -> Int? {
        guard let base = b.baseAddress else { return nil }
        var j = i + 1
        while j < n {
            let c = b[j]
            if (c | 0x20) &- 0x61 < 26 { j += 1; continue }  // a letter: the common case
            if Self.isSpace(c) || c == 0x3E || c == 0x2F { break }
            if c == 0x3C { throw malformed("'<' inside a tag") }
            if c == 0x22 || c == 0x27 || c == 0x3D {
                throw malformed("'\(ImportText.escaped(String(UnicodeScalar(c))))' in an element name")
            }
            j += 1
        }
        guard j < n else { return nil }
        let nameEnd = j
        guard nameEnd > i + 1 else { throw malformed("a tag without a name") }
        attributeCount = 0
        let end: Int
        let selfClosing: Bool
        while true {
            while j < n && Self.isSpace(b[j]) { j += 1 }
            guard j < n else { return nil }
            let c = b[j]
            if c == 0x3E {
                end = j + 1
                selfClosing = false
                break
            }
            if c == 0x2F {
                guard j + 1 < n else { return nil }
                guard b[j + 1] == 0x3E else { throw malformed("'/' inside a tag") }
                end = j + 2
                selfClosing = true
                break
            }
            let nameStart = j
            while j < n {
                let c = b[j]
                if (c | 0x20) &- 0x61 < 26 { j += 1; continue }  // a letter: the common case
                if Self.isSpace(c) || c == 0x3D || c == 0x3E || c == 0x2F { break }
                if c == 0x3C { throw malformed("'<' inside a tag", element: Self.text(b, i + 1, nameEnd)) }
                if c == 0x22 || c == 0x27 {
                    throw malformed("'\(ImportText.escaped(String(UnicodeScalar(c))))' in an attribute name",
                                    element: ImportText.escaped(UnsafeBufferPointer(rebasing: b[(i + 1)..<nameEnd])))
                }
                j += 1
            }
            guard j < n else { return nil }
            let attrNameEnd = j
            while j < n && Self.isSpace(b[j]) { j += 1 }
            guard j < n else { return nil }
            guard b[j] == 0x3D, attrNameEnd > nameStart else {
                throw malformed("attribute '\(Self.text(b, nameStart, attrNameEnd))' has no value", element: Self.text(b, i + 1, nameEnd))
            }
            j += 1
            while j < n && Self.isSpace(b[j]) { j += 1 }
            guard j < n else { return nil }
            let quote = b[j]
            guard quote == 0x22 || quote == 0x27 else {
                throw malformed("attribute '\(Self.text(b, nameStart, attrNameEnd))' value is not quoted", element: Self.text(b, i + 1, nameEnd))
            }
            let valueStart = j + 1
            // One pass over the value: its end, and whether it holds '&', '<' or a control character.
            let (valueEnd, flags) = Self.scanValue(base, from: valueStart, count: n, quote: quote)
            j = valueEnd
            if flags & Self.lessThan != 0 { throw malformed("'<' inside an attribute value", element: Self.text(b, i + 1, nameEnd)) }
            guard j < n else { return nil }
            var hasControl = flags & Self.control != 0
            if flags & Self.ampersand != 0 {
                if let problem = Self.checkEntities(UnsafeBufferPointer(start: base + valueStart, count: j - valueStart),
                                                    hasControl: &hasControl) {
                    throw malformed(problem, element: Self.text(b, i + 1, nameEnd))
                }
            }
            guard attributeCount < Self.maximumAttributes else {
                throw malformed("more than \(Self.maximumAttributes) attributes in one tag", element: Self.text(b, i + 1, nameEnd))
            }
            (attributes + attributeCount).initialize(to: XMLAttribute(nameStart: nameStart, nameEnd: attrNameEnd, valueStart: valueStart, valueEnd: j,
                                                                      hasEntity: flags & Self.ampersand != 0, hasControl: hasControl))
            attributeCount += 1
            j += 1
            // A value must be followed by a space or the tag's end.
            guard j < n else { return nil }
            guard Self.isSpace(b[j]) || b[j] == 0x3E || b[j] == 0x2F else {
                throw malformed("no space after the value of attribute '\(Self.text(b, nameStart, attrNameEnd))'", element: Self.text(b, i + 1, nameEnd))
            }
        }
        if end - i > Self.maximumTokenBytes {
            throw malformed("a single tag longer than 64 MiB (the most habit reads)")
        }
        let name = UnsafeBufferPointer(start: base + i + 1, count: nameEnd - i - 1)
        if openStarts.isEmpty {
            if sawRoot { throw malformed("content after the root element", element: ImportText.escaped(name)) }
            guard Self.equal(name, Self.healthData) else { throw ImportError.notAHealthExport("<\(ImportText.escaped(name))> root") }
            sawRoot = true
        }
        if !selfClosing {
            guard openStarts.count < Self.maximumDepth else {
                throw malformed("elements nested deeper than \(Self.maximumDepth) levels")
            }
        }
        let tag = XMLTag(base: base, nameStart: i + 1, nameEnd: nameEnd,
                         attributes: UnsafeBufferPointer(start: attributes, count: attributeCount))
        try delegate.start(tag, selfClosing: selfClosing, line: self.line)
        if selfClosing {
            try delegate.end(name, line: self.line)
        } else {
            openStarts.append(openNames.count)
            openNames.append(contentsOf: name)
        }
        return end
    }

    /// `b[from..<to]`, escaped for a message.
    private static func text(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> String {
        ImportText.escaped(UnsafeBufferPointer(rebasing: b[from..<to]))
    }

    private static let healthData: [UInt8] = Array("HealthData".utf8)
    private static let control: UInt8 = 1, ampersand: UInt8 = 2, lessThan: UInt8 = 4

    // Eight bytes at a time ("SIMD within a register"): each mask has the high bit set in exactly
    // the bytes that match.
    private static let ones: UInt64 = 0x0101_0101_0101_0101, lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, highs: UInt64 = 0x8080_8080_8080_8080

    /// The bytes of `x` that are zero.
    @inline(__always) static func zeroBytes(_ x: UInt64) -> UInt64 { ~(((x & lows) &+ lows) | x | lows) }

    /// The bytes of `x` below 0x20.
    @inline(__always) private static func controlBytes(_ x: UInt64) -> UInt64 { ~((x | highs) &- 0x2020_2020_2020_2020) & ~x & highs }

    /// The end of the attribute value starting at `from` (the index of its closing `quote`, or
    /// `count` when the bytes end first) and whether it holds a control character, '&' or '<'.
    @inline(__always)
    private static func scanValue(_ base: UnsafePointer<UInt8>, from: Int, count n: Int, quote: UInt8) -> (Int, UInt8) {
        let q = UInt64(quote) &* ones
        var amp: UInt64 = 0, lt: UInt64 = 0, ctl: UInt64 = 0
        var j = from
        while j + 8 <= n {
            let x = UInt64(littleEndian: UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self))
            let quotes = zeroBytes(x ^ q)
            var a = zeroBytes(x ^ (0x26 &* ones)), l = zeroBytes(x ^ (0x3C &* ones))
            var c = controlBytes(x) | zeroBytes(x ^ (0x7F &* ones))
            if quotes != 0 {
                let k = quotes.trailingZeroBitCount >> 3
                let before: UInt64 = k == 0 ? 0 : ~0 >> UInt64(64 - 8 * k)
                a &= before; l &= before; c &= before
                amp |= a; lt |= l; ctl |= c
                return (j + k, flags(amp, lt, ctl))
            }
            amp |= a; lt |= l; ctl |= c
            j += 8
        }
        var tail: UInt8 = 0
        while j < n {
            let c = base[j]
            if c == quote { break }
            if c < 0x20 || c == 0x7F { tail |= control } else if c == 0x26 { tail |= ampersand } else if c == 0x3C { tail |= lessThan }
            j += 1
        }
        return (j, flags(amp, lt, ctl) | tail)
    }

    @inline(__always) private static func flags(_ amp: UInt64, _ lt: UInt64, _ ctl: UInt64) -> UInt8 {
        (ctl != 0 ? control : 0) | (amp != 0 ? ampersand : 0) | (lt != 0 ? lessThan : 0)
    }

    /// How many newlines `bytes[from..<end]` holds.
    static func newlines(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, upTo end: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var n = 0, j = from
        while j < end, let nl = memchr(base + j, 0x0A, end - j) {
            n += 1
            j = UnsafeRawPointer(nl).assumingMemoryBound(to: UInt8.self) - base + 1
        }
        return n
    }

    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        return memcmp(pa, pb, a.count) == 0
    }

    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8]) -> Bool {
        b.withUnsafeBufferPointer { equal(a, $0) }
    }

    /// The reason the references in `raw` cannot be decoded, or nil when all are fine (then
    /// `hasControl` is set when one decodes to a control character).
    static func checkEntities(_ raw: UnsafeBufferPointer<UInt8>, hasControl: inout Bool) -> String? {
        guard let base = raw.baseAddress else { return nil }
        var k = 0
        while k < raw.count {
            guard let amp = memchr(base + k, 0x26, raw.count - k) else { return nil }
            k = UnsafeRawPointer(amp).assumingMemoryBound(to: UInt8.self) - base
            guard let (scalar, next) = reference(raw, at: k) else {
                var e = k + 1
                while e < raw.count && raw[e] != 0x3B && e - k < 12 { e += 1 }
                guard e < raw.count, raw[e] == 0x3B else { return "a bare '&' in an attribute value" }
                let entity = ImportText.escaped(UnsafeBufferPointer(rebasing: raw[(k + 1)..<e]))
                if raw[k + 1] == 0x23 { return "invalid character reference '&\(entity);'" }
                return "entity '&\(entity);' is not expanded (habit never expands DTD entities)"
            }
            if scalar < 0x20 || scalar == 0x7F { hasControl = true }
            k = next
        }
        return nil
    }

    /// The scalar of the reference at `raw[k] == '&'` and the index after its ';', or nil when
    /// it is not a predefined entity or a valid character reference.
    private static func reference(_ raw: UnsafeBufferPointer<UInt8>, at k: Int) -> (UInt32, Int)? {
        // The common ones first: &lt; &gt; &amp;
        if k + 3 < raw.count && raw[k + 3] == 0x3B && raw[k + 2] == 0x74 {
            if raw[k + 1] == 0x6C { return (0x3C, k + 4) }
            if raw[k + 1] == 0x67 { return (0x3E, k + 4) }
        }
        var e = k + 1
        while e < raw.count && raw[e] != 0x3B && e - k < 12 { e += 1 }
        guard e < raw.count, raw[e] == 0x3B else { return nil }
        let name = UnsafeBufferPointer(rebasing: raw[(k + 1)..<e])
        if let byte = predefinedEntity(name) { return (UInt32(byte), e + 1) }
        guard name.count >= 2, name[0] == 0x23 else { return nil }
        var value: UInt32 = 0
        let hex = name[1] == 0x78 || name[1] == 0x58
        let digits = UnsafeBufferPointer(rebasing: name[(hex ? 2 : 1)...])
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        for d in digits {
            let v: UInt32
            switch d {
            case 0x30...0x39: v = UInt32(d - 0x30)
            case 0x61...0x66 where hex: v = UInt32(d - 0x61 + 10)
            case 0x41...0x46 where hex: v = UInt32(d - 0x41 + 10)
            default: return nil
            }
            value = value &* (hex ? 16 : 10) &+ v
        }
        guard Unicode.Scalar(value) != nil else { return nil }
        return (value, e + 1)
    }

    /// Appends `raw` with its references decoded (checked before by ``checkEntities(_:hasControl:)``;
    /// anything else is copied as it is).
    static func decodeEntities(_ raw: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        guard let base = raw.baseAddress else { return }
        var k = 0
        while k < raw.count {
            // The text up to the next '&' as it is, then the reference.
            let amp = memchr(base + k, 0x26, raw.count - k).map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) - base } ?? raw.count
            if amp > k { out.append(contentsOf: UnsafeBufferPointer(rebasing: raw[k..<amp])) }
            k = amp
            guard k < raw.count else { return }
            guard let (scalar, next) = reference(raw, at: k), let u = Unicode.Scalar(scalar) else {
                out.append(0x26)
                k += 1
                continue
            }
            if scalar < 0x80 {
                out.append(UInt8(scalar))
            } else if let encoded = UTF8.encode(u) {
                out.append(contentsOf: encoded)
            }
            k = next
        }
    }

    /// `lt`, `gt`, `amp`, `quot`, `apos` → their byte; nil for anything else.
    static func predefinedEntity(_ n: UnsafeBufferPointer<UInt8>) -> UInt8? {
        switch n.count {
        case 2 where n[1] == 0x74 && n[0] == 0x6C: return 0x3C  // lt
        case 2 where n[1] == 0x74 && n[0] == 0x67: return 0x3E  // gt
        case 3 where n[0] == 0x61 && n[1] == 0x6D && n[2] == 0x70: return 0x26  // amp
        case 4 where n[0] == 0x71 && n[1] == 0x75 && n[2] == 0x6F && n[3] == 0x74: return 0x22  // quot
        case 4 where n[0] == 0x61 && n[1] == 0x70 && n[2] == 0x6F && n[3] == 0x73: return 0x27  // apos
        default: return nil
        }
    }

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }
}
