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
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }  // nothing to write
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, base + offset, bytes.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
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
