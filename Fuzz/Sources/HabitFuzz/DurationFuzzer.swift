import Foundation
import HabitKit

/// Fuzzes `InputParsing.duration` with arbitrary text (invalid UTF-8 becomes U+FFFD).
///
/// Laws: it never traps; a duration it accepts is a whole, finite number of seconds in (0, 24 h].
enum DurationFuzzer {
    /// One input, as libFuzzer hands it over (`HabitFuzz` picks the target).
    static func one(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        DurationFuzzer.check(String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
        return 0
    }

    static func check(_ text: String) {
        guard let seconds = try? InputParsing.duration(text) else { return }
        if !seconds.isFinite || seconds <= 0 || seconds > InputParsing.maximumDuration || seconds != seconds.rounded() {
            fatalError("law broken: duration \(String(reflecting: text)) gave \(seconds) s")
        }
    }
}
