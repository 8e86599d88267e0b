import Foundation

/// Why an export could not be read: where it broke and what was wrong.
public enum ImportError: HabitError, Equatable {
    case malformed(line: Int, element: String?, reason: String)
    case truncated(line: Int, element: String?)
    case notAHealthExport(String)
    case unreadable(String, reason: String)

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
            "\(path) holds no Apple Health export (no <HealthData> root); give export.xml or the export.zip the Health app wrote"
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        }
    }
}

/// One start tag: its name and attributes, decoded.
public struct XMLTag {
    public var name: String
    public var attributes: [(name: String, value: String)]

    public subscript(_ key: String) -> String? {
        for a in attributes where a.name == key { return a.value }
        return nil
    }
}

/// Receives the scanner's events.
protocol XMLScannerDelegate: AnyObject {
    /// `line` is computed only when asked for (error messages): counting lines is not free.
    func start(_ tag: XMLTag, selfClosing: Bool, line: @autoclosure () -> Int) throws
    func end(_ name: String, line: @autoclosure () -> Int) throws
}

/// A streaming, non-validating XML tokenizer for Apple Health exports, fed in chunks.
///
/// It reads start tags (with attributes), end tags and self-closing tags; skips text, comments,
/// processing instructions, CDATA and the DOCTYPE with its internal subset — whose entity
/// declarations are never expanded: only the five predefined entities and character references
/// are decoded, and any other entity reference is an error. Memory stays bounded by the largest
/// single tag. Throws ``ImportError`` with the line where the input broke.
final class XMLScanner {
    private var buffer: [UInt8] = []
    /// Newlines in the bytes already consumed and dropped from `buffer`.
    private var linesDropped = 0
    /// Where in `buffer` the token being handled starts (for line numbers).
    private var tokenStart = 0
    private var stack: [String] = []
    private unowned let delegate: any XMLScannerDelegate
    private(set) var bytesConsumed = 0
    private(set) var sawRoot = false

    /// The longest single markup construct accepted (a DOCTYPE with a big internal subset fits).
    static let maximumTokenBytes = 16 << 20

    init(delegate: any XMLScannerDelegate) {
        self.delegate = delegate
    }

    /// The 1-based line of the token being handled.
    var line: Int {
        linesDropped + 1 + Self.newlines(buffer, upTo: min(tokenStart, buffer.count))
    }

    private static func newlines(_ bytes: [UInt8], upTo end: Int) -> Int {
        var n = 0
        for k in 0..<end where bytes[k] == 0x0A { n += 1 }
        return n
    }

    /// Feeds the next chunk; complete tokens are reported, an incomplete tail is kept.
    func feed(_ chunk: UnsafeRawBufferPointer) throws {
        buffer.append(contentsOf: chunk)
        var i = 0
        let n = buffer.count
        try buffer.withUnsafeBufferPointer { b in
            let base = b.baseAddress!
            while i < n {
                // Text is skipped: jump to the next '<'.
                guard let lt = memchr(base + i, 0x3C, n - i) else {
                    i = n
                    break
                }
                i = UnsafeRawPointer(lt).assumingMemoryBound(to: UInt8.self) - base
                tokenStart = i
                guard let end = try tokenEnd(b, from: i, count: n) else { break }  // incomplete: wait for more
                try handleToken(b, from: i, to: end)
                i = end
            }
        }
        bytesConsumed += i
        if i > 0 {
            linesDropped += Self.newlines(buffer, upTo: i)
            buffer.removeFirst(i)
        }
        tokenStart = 0
        if buffer.count > Self.maximumTokenBytes {
            throw ImportError.malformed(line: line, element: stack.last, reason: "a single tag longer than 16 MiB")
        }
    }

    /// Call after the last chunk: anything left open means the file was cut short.
    func finish() throws {
        let rest = buffer.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if !rest.isEmpty || !stack.isEmpty {
            throw ImportError.truncated(line: line, element: stack.last)
        }
        if !sawRoot { throw ImportError.truncated(line: line, element: nil) }
    }

    /// The index just past the markup token starting at `i` (`b[i] == '<'`), or nil if it is not complete yet.
    private func tokenEnd(_ b: UnsafeBufferPointer<UInt8>, from i: Int, count n: Int) throws -> Int? {
        func find(_ pattern: [UInt8], from start: Int) -> Int? {
            var j = start
            while j + pattern.count <= n {
                if b[j] == pattern[0] {
                    var ok = true
                    for k in 1..<pattern.count where b[j + k] != pattern[k] { ok = false; break }
                    if ok { return j + pattern.count }
                }
                j += 1
            }
            return nil
        }
        guard i + 1 < n else { return nil }
        switch b[i + 1] {
        case 0x3F: return find([0x3F, 0x3E], from: i + 2)  // <? … ?>
        case 0x21:  // <!
            if i + 3 < n && b[i + 2] == 0x2D && b[i + 3] == 0x2D { return find([0x2D, 0x2D, 0x3E], from: i + 4) }
            if i + 8 < n && b[i + 2] == 0x5B { return find([0x5D, 0x5D, 0x3E], from: i + 2) }  // <![CDATA[ … ]]>
            guard i + 3 < n else { return nil }
            // <!DOCTYPE … [ internal subset ] >: skip brackets and quoted strings.
            var j = i + 2, depth = 0
            var quote: UInt8 = 0
            while j < n {
                let c = b[j]
                if quote != 0 {
                    if c == quote { quote = 0 }
                } else if c == 0x22 || c == 0x27 {
                    quote = c
                } else if c == 0x5B {
                    depth += 1
                } else if c == 0x5D {
                    depth -= 1
                } else if c == 0x3E && depth <= 0 {
                    return j + 1
                }
                j += 1
            }
            return nil
        default:
            // A tag ends at the first '>' outside quotes. Apple escapes '>' in values, so the first
            // '>' almost always is it: find it with memchr and check the quotes before it balance.
            let base = b.baseAddress!
            var j = i + 1
            while j < n {
                guard let gtPointer = memchr(base + j, 0x3E, n - j) else { return nil }
                let gt = UnsafeRawPointer(gtPointer).assumingMemoryBound(to: UInt8.self) - base
                if memchr(base + i + 1, 0x3C, gt - i - 1) != nil {
                    throw ImportError.malformed(line: line, element: stack.last, reason: "'<' inside a tag")
                }
                if Self.quotesBalance(b, from: i + 1, to: gt) { return gt + 1 }
                j = gt + 1
            }
            return nil
        }
    }

    /// Whether `b[from..<to]` ends outside any quoted attribute value.
    private static func quotesBalance(_ b: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        let base = b.baseAddress!
        if memchr(base + from, 0x27, to - from) == nil {
            // Only double quotes (Apple's style): they balance when there is an even number.
            var count = 0
            var p = from
            while p < to, let q = memchr(base + p, 0x22, to - p) {
                count += 1
                p = UnsafeRawPointer(q).assumingMemoryBound(to: UInt8.self) - base + 1
            }
            return count % 2 == 0
        }
        var quote: UInt8 = 0
        for k in from..<to {
            let c = b[k]
            if quote != 0 {
                if c == quote { quote = 0 }
            } else if c == 0x22 || c == 0x27 {
                quote = c
            }
        }
        return quote == 0
    }

    private func handleToken(_ b: UnsafeBufferPointer<UInt8>, from i: Int, to end: Int) throws {
        let second = b[i + 1]
        if second == 0x3F || second == 0x21 { return }  // PI, comment, CDATA, DOCTYPE
        if second == 0x2F {  // </name>
            var j = i + 2
            while j < end - 1 && !Self.isSpace(b[j]) { j += 1 }
            let name = String(decoding: UnsafeBufferPointer(rebasing: b[(i + 2)..<j]), as: UTF8.self)
            guard let open = stack.popLast(), open == name else {
                throw ImportError.malformed(line: line, element: stack.last ?? name,
                                            reason: "</\(name)> does not close " + (stack.last.map { "<\($0)>" } ?? "anything"))
            }
            try delegate.end(name, line: self.line)
            return
        }
        let selfClosing = b[end - 2] == 0x2F
        let limit = selfClosing ? end - 2 : end - 1
        var j = i + 1
        while j < limit && !Self.isSpace(b[j]) { j += 1 }
        guard j > i + 1 else { throw ImportError.malformed(line: line, element: stack.last, reason: "a tag without a name") }
        let name = String(decoding: UnsafeBufferPointer(rebasing: b[(i + 1)..<j]), as: UTF8.self)
        var attributes: [(name: String, value: String)] = []
        attributes.reserveCapacity(12)
        while true {
            while j < limit && Self.isSpace(b[j]) { j += 1 }
            if j >= limit { break }
            let nameStart = j
            while j < limit && b[j] != 0x3D && !Self.isSpace(b[j]) { j += 1 }
            let attrName = String(decoding: UnsafeBufferPointer(rebasing: b[nameStart..<j]), as: UTF8.self)
            while j < limit && Self.isSpace(b[j]) { j += 1 }
            guard j < limit, b[j] == 0x3D else {
                throw ImportError.malformed(line: line, element: name, reason: "attribute '\(attrName)' has no value")
            }
            j += 1
            while j < limit && Self.isSpace(b[j]) { j += 1 }
            guard j < limit, b[j] == 0x22 || b[j] == 0x27 else {
                throw ImportError.malformed(line: line, element: name, reason: "attribute '\(attrName)' value is not quoted")
            }
            let quote = b[j]
            let valueStart = j + 1
            guard let closePointer = memchr(b.baseAddress! + valueStart, Int32(quote), limit - valueStart) else {
                throw ImportError.malformed(line: line, element: name, reason: "unterminated attribute value")
            }
            j = UnsafeRawPointer(closePointer).assumingMemoryBound(to: UInt8.self) - b.baseAddress!
            let hasEntity = memchr(b.baseAddress! + valueStart, 0x26, j - valueStart) != nil
            let raw = UnsafeBufferPointer(rebasing: b[valueStart..<j])
            let value = hasEntity ? try decodeEntities(raw, element: name) : String(decoding: raw, as: UTF8.self)
            attributes.append((attrName, value))
            j += 1
        }
        if stack.isEmpty {
            if sawRoot { throw ImportError.malformed(line: line, element: name, reason: "content after the root element") }
            guard name == "HealthData" else { throw ImportError.notAHealthExport("<\(name)> root") }
            sawRoot = true
        }
        let tag = XMLTag(name: name, attributes: attributes)
        if !selfClosing { stack.append(name) }
        try delegate.start(tag, selfClosing: selfClosing, line: self.line)
        if selfClosing { try delegate.end(name, line: self.line) }
    }

    private func decodeEntities(_ raw: UnsafeBufferPointer<UInt8>, element: String) throws -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var k = 0
        while k < raw.count {
            let c = raw[k]
            guard c == 0x26 else { out.append(c); k += 1; continue }
            var e = k + 1
            while e < raw.count && raw[e] != 0x3B && e - k < 12 { e += 1 }
            guard e < raw.count, raw[e] == 0x3B else {
                throw ImportError.malformed(line: line, element: element, reason: "a bare '&' in an attribute value")
            }
            let name = UnsafeBufferPointer(rebasing: raw[(k + 1)..<e])
            if let byte = Self.predefinedEntity(name) {
                out.append(byte)
            } else {
                let entity = String(decoding: name, as: UTF8.self)
                let scalar: UInt32?
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    scalar = UInt32(entity.dropFirst(2), radix: 16)
                } else if entity.hasPrefix("#") {
                    scalar = UInt32(entity.dropFirst(1))
                } else {
                    throw ImportError.malformed(line: line, element: element,
                                                reason: "entity '&\(entity);' is not expanded (habit never expands DTD entities)")
                }
                guard let s = scalar, let u = Unicode.Scalar(s) else {
                    throw ImportError.malformed(line: line, element: element, reason: "invalid character reference '&\(entity);'")
                }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            }
            k = e + 1
        }
        return String(decoding: out, as: UTF8.self)
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
