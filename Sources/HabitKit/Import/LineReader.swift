import Foundation

/// The lines of a text file, read in 1 MiB chunks from one open descriptor (a regular file,
/// checked once): `next()` gives each line's bytes (without its LF or CRLF) and its number.
/// A line longer than ``lineLimit`` is refused rather than held in memory.
public final class LineReader {
    public static let lineLimit = 16 << 20

    private let file: OpenFile
    private let path: String
    private var buffer: [UInt8] = []
    private var start = 0
    private var offset = 0
    private var ended = false
    public private(set) var lineNumber = 0

    public init(path: String) throws {
        self.path = path
        file = try OpenFile(path: path)
    }

    /// The file's size in bytes, as it was opened.
    public var size: Int { file.size }

    /// The next line, or nil at the end of the file. A last line without a newline is a line.
    public func next() throws -> [UInt8]? {
        while true {
            // memchr: the generic search of a slice cost an import of many short lines more (issue 28).
            let from = start
            if let newline = buffer.withUnsafeBufferPointer({ b -> Int? in
                guard let base = b.baseAddress, from < b.count, let hit = memchr(base + from, 0x0A, b.count - from) else { return nil }
                return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }) {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                lineNumber += 1
                return line
            }
            if ended {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                lineNumber += 1
                return line
            }
            if buffer.count - start > Self.lineLimit {
                throw ImportError.malformed(line: lineNumber + 1, element: nil, reason: "a line longer than \(Self.lineLimit >> 20) MiB")
            }
            buffer.removeSubrange(0..<start)
            start = 0
            let chunk = try file.read(from: offset, count: 1 << 20)
            offset += chunk.count
            if chunk.isEmpty { ended = true } else { buffer += chunk }
        }
    }
}
