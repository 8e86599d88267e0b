import Foundation

/// Rows of a CSV text (RFC 4180 as opencsv writes it): fields separated by ',', a field in double
/// quotes may hold ',', line breaks and `""` for a quote; lines end with LF or CRLF. A UTF-8 BOM
/// is dropped. Bytes that are not UTF-8 become U+FFFD. Each row comes with the line it starts on.
enum CSVText {
    struct Row: Equatable {
        var line: Int
        var fields: [String]
    }

    enum Failure: Error, Equatable {
        /// A quote opened and never closed, from this line on.
        case unclosedQuote(line: Int)
    }

    static func rows(_ data: Data) throws(Failure) -> [Row] {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var rows: [Row] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var rowLine = 1
        var quoted = false
        var quoteLine = 1
        var i = 0
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        func endRow() {
            endField()
            // A blank line is no row.
            if !(fields.count == 1 && fields[0].isEmpty) { rows.append(Row(line: rowLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
        }
        while i < bytes.count {
            let b = bytes[i]
            if quoted {
                if b == 0x22 {
                    if i + 1 < bytes.count && bytes[i + 1] == 0x22 {
                        field.append(0x22)
                        i += 2
                        continue
                    }
                    quoted = false
                } else {
                    if b == 0x0A { line += 1 }
                    field.append(b)
                }
                i += 1
                continue
            }
            switch b {
            case 0x22 where field.isEmpty:
                quoted = true
                quoteLine = line
            case 0x2C:
                endField()
            case 0x0D where i + 1 < bytes.count && bytes[i + 1] == 0x0A:
                break
            case 0x0A:
                endRow()
                line += 1
                rowLine = line
            default:
                field.append(b)
            }
            i += 1
        }
        if quoted { throw .unclosedQuote(line: quoteLine) }
        if !field.isEmpty || !fields.isEmpty { endRow() }
        return rows
    }
}

/// Lines of a text file (harsh's log and habits): a UTF-8 BOM is dropped, lines end with LF or
/// CRLF (a lone CR stays in its line), bytes that are not UTF-8 become U+FFFD. Split on bytes, not
/// on Characters: Swift counts "\r\n" as one Character, which a split on "\n" never finds.
enum TextLines {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Each line (numbered from 1) without its line end.
    static func lines(_ data: some Collection<UInt8>) -> [(number: Int, text: String)] {
        var bytes = Array(data)
        if bytes.starts(with: bom) { bytes.removeFirst(3) }
        var out: [(Int, String)] = []
        var start = 0
        var number = 1
        for (i, b) in bytes.enumerated() where b == 0x0A {
            var end = i
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            out.append((number, String(decoding: bytes[start..<end], as: UTF8.self)))
            number += 1
            start = i + 1
        }
        if start < bytes.count {
            var end = bytes.count
            if bytes[end - 1] == 0x0D { end -= 1 }
            out.append((number, String(decoding: bytes[start..<end], as: UTF8.self)))
        }
        return out
    }
}
