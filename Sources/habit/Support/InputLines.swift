import Foundation

/// The lines typed to `habit ask` on its standard input, each held up to ``limit`` bytes: a
/// longer line is read on to its end without being kept and comes back as ``Line/tooLong(_:)``,
/// so an endless line (`yes | tr -d '\n' | habit ask`) never fills the memory (issue 46, point
/// 12: Swift's `readLine` held 617 MB after 30 s). LF or CRLF ends a line, as `readLine`
/// strips them; a last line without a newline is a line; bytes that are not UTF-8 are repaired.
struct InputLines {
    enum Line: Equatable {
        case text(String)
        /// A line of more than ``InputLines/limit`` bytes: how many it had (without its newline).
        case tooLong(Int)
    }

    /// What `ask` keeps of one line: an answer with a note of ``PendingJournal/maximumText``
    /// bytes fits twice over.
    static let limit = 8_192

    private let descriptor: Int32
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var position = 0, filled = 0
    private var ended = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// The next line; nil at the end of the input (or when it cannot be read).
    mutating func next() -> Line? {
        var line: [UInt8] = []
        var length = 0
        while true {
            if position == filled {
                if ended || !refill() {
                    ended = true
                    guard length > 0 else { return nil }
                    return Self.line(line, length: length)
                }
            }
            let newline = chunk[position..<filled].firstIndex(of: 0x0A)
            let end = newline ?? filled
            let piece = end - position
            if length + piece <= Self.limit + 1 {  // + 1: a CR before the LF is not the line's
                line.append(contentsOf: chunk[position..<end])
            }
            length += piece
            position = newline.map { $0 + 1 } ?? filled
            if newline != nil { return Self.line(line, length: length) }
        }
    }

    private static func line(_ bytes: [UInt8], length: Int) -> Line {
        var bytes = bytes, length = length
        if bytes.last == 0x0D, length <= limit + 1 { (bytes, length) = (bytes.dropLast(), length - 1) }
        guard length <= limit else { return .tooLong(length) }
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    /// Reads the next chunk; false at the end of the input or on an error.
    private mutating func refill() -> Bool {
        while true {
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            (position, filled) = (0, n)
            return true
        }
    }
}
