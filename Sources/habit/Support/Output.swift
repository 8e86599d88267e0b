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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return try encoder.encode(value)
    }

    /// Colour only on a terminal and when NO_COLOR is unset.
    static var useColor: Bool {
        (Env.get("NO_COLOR") ?? "").isEmpty && isatty(STDOUT_FILENO) == 1
    }
}
