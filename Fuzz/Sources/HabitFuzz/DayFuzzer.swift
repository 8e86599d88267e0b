import Foundation
import HabitKit

/// Fuzzes `InputParsing.day` with arbitrary text, today being 2025-10-26.
///
/// Laws: it never traps; a day it accepts is a real date that prints as `YYYY-MM-DD` and reads
/// back as the same day.
enum DayFuzzer {
    static let today = LocalDay(year: 2025, month: 10, day: 26)!

    /// One input, as libFuzzer hands it over (`HabitFuzz` picks the target).
    static func one(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        DayFuzzer.check(String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
        return 0
    }

    static func check(_ text: String) {
        guard let day = try? InputParsing.day(text, today: today) else { return }
        guard LocalDay(day.description) == day else {
            fatalError("law broken: day \(String(reflecting: text)) gave \(day.year)-\(day.month)-\(day.day), printed as \(day) which does not read back")
        }
    }
}
