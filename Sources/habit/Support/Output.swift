import Foundation
import HabitKit

/// Writing to stdout: text lines and JSON documents.
enum Output {
    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// One JSON document on one line: sorted keys, slashes unescaped (the DESIGN §8 contract).
    static func printJSON<T: Encodable>(_ value: T) throws {
        print(String(decoding: try encode(value), as: UTF8.self))
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
