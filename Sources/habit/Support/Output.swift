import Foundation
import HabitKit

/// Writing to stdout: text lines and JSON documents.
enum Output {
    static func print(_ text: String) {
        write(text + "\n", to: STDOUT_FILENO)
    }

    /// All of `text` to the file descriptor, with write(2) itself: `FileHandle.write(Data(...))`
    /// costs a runtime scan of every protocol conformance of the binary for its cast of the bytes
    /// (a measurable part of a `habit log`; the figure is in Benchmarks/README.md). An error (a closed pipe
    /// without SIGPIPE, a full disk) ends the writing; what was written stays.
    static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { _ = writeAll(UnsafeRawBufferPointer($0), to: fd) }
    }

    /// All of `bytes` to `fd` with write(2), again after EINTR; false when a write fails.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return true }  // nothing to write
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, base + offset, bytes.count - offset)
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// One JSON document on one line: sorted keys, slashes unescaped (the Standards/json.md contract).
    static func printJSON<T: Encodable>(_ value: T) throws {
        print(try json(value))
    }

    /// The document ``printJSON(_:)`` prints, as text.
    static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }

    static func encode<T: Encodable>(_ value: T) throws -> Data {
        try makeEncoder().encode(value)
    }

    /// The one JSON encoder of the executable: keys sorted, slashes as they are, and numbers that
    /// JSON cannot write (a store written before imports refused them may hold ±Infinity or NaN)
    /// as the strings "Infinity", "-Infinity" and "NaN" instead of failing the whole command.
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    /// Colour only on a terminal and when NO_COLOR is unset.
    static var useColor: Bool {
        (Env.get("NO_COLOR") ?? "").isEmpty && isatty(STDOUT_FILENO) == 1
    }
}

/// Stdout for a listing that streams (issue 28): text gathered in one buffer and written with
/// write(2) in chunks of 64 KiB, so a century of entries needs memory for one chunk, not for the
/// whole answer. A write that fails (a closed pipe when SIGPIPE is ignored, a full disk) ends the
/// writing as ``Output/write(_:to:)`` does: ``Closed`` is thrown so the listing stops reading,
/// and the command ends quietly with what was written.
final class StreamedOutput {
    /// The reader went away; not a failure of the command.
    struct Closed: Error {}

    private var buffer: [UInt8] = []
    private let fd: Int32
    private static let chunk = 1 << 16

    init(fd: Int32 = STDOUT_FILENO) {
        self.fd = fd
        buffer.reserveCapacity(Self.chunk + 4096)
    }

    func write(_ text: String) throws(Closed) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= Self.chunk { try flush() }
    }

    func write(_ bytes: Data) throws(Closed) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.chunk { try flush() }
    }

    func write(_ bytes: [UInt8]) throws(Closed) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.chunk { try flush() }
    }

    func line(_ text: String) throws(Closed) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= Self.chunk { try flush() }
    }

    func flush() throws(Closed) {
        defer { buffer.removeAll(keepingCapacity: true) }
        if !buffer.withUnsafeBytes({ Output.writeAll($0, to: fd) }) { throw Closed() }
    }

    /// A JSON document with one array (`{"entries":[…]}`) written element by element: `empty` is
    /// the encoder's document without elements, split at its array's "]"; `elements` hands over
    /// each element written alone in the encoder's bytes (``JSONBytes``), so the bytes are those
    /// of the whole document encoded at once. A newline ends it, as ``Output/printJSON(_:)`` writes.
    func jsonArray(empty: Data, _ elements: (_ element: @escaping (JSONBytes) throws -> Void) throws -> Void) throws {
        let split = empty.lastIndex(of: UInt8(ascii: "]")) ?? empty.endIndex
        try write(empty[..<split])
        var first = true
        try elements { json in
            if !first { try self.write(",") }
            first = false
            try self.write(json.bytes)
        }
        try write(empty[split...])
        try write("\n")
    }

    /// Runs `body` with this output, then writes what is left; a closed reader ends it quietly.
    static func run(_ body: (StreamedOutput) throws -> Void) throws {
        let out = StreamedOutput()
        do {
            try body(out)
            try out.flush()
        } catch is Closed {
            return
        }
    }
}
