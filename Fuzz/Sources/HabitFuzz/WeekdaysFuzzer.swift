import Foundation
import HabitKit

/// Fuzzes `WeekdaySet(parsing:)` with arbitrary text.
///
/// Laws: it never traps; a set it accepts holds at least one day, holds every day the text names
/// (`monday tuesday` may not drop Tuesday, issue 11 #13), and its description (what `remind list`
/// prints) parses back to the same set.
enum WeekdaysFuzzer {
    /// One input, as libFuzzer hands it over (`HabitFuzz` picks the target).
    static func one(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        WeekdaysFuzzer.check(String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
        return 0
    }

    static let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    static func check(_ text: String) {
        guard let days = try? WeekdaySet(parsing: text) else { return }
        guard days.mask != 0 else { fatalError("law broken: weekdays \(String(reflecting: text)) gave an empty set") }
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
            guard let day = names.firstIndex(where: { word == $0.prefix(3) || word == $0 }) else { continue }
            guard days.contains(isoWeekday: day + 1) else {
                fatalError("law broken: weekdays \(String(reflecting: text)) gave \(days), without \(word)")
            }
        }
        guard let again = try? WeekdaySet(parsing: days.description), again == days else {
            fatalError("law broken: weekdays \(String(reflecting: text)) gave \(days), which does not parse back to itself")
        }
    }
}
