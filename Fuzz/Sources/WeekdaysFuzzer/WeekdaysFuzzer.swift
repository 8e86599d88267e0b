import Foundation
import FuzzDriver
import HabitKit

/// Fuzzes `WeekdaySet(parsing:)` with arbitrary text.
///
/// Laws: it never traps; a set it accepts holds at least one day, and its description (what
/// `remind list` prints) parses back to the same set.
@main
enum WeekdaysFuzzer {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            WeekdaysFuzzer.check(String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
            return 0
        })
    }

    static func check(_ text: String) {
        guard let days = try? WeekdaySet(parsing: text) else { return }
        guard days.mask != 0 else { fatalError("law broken: weekdays \(String(reflecting: text)) gave an empty set") }
        guard let again = try? WeekdaySet(parsing: days.description), again == days else {
            fatalError("law broken: weekdays \(String(reflecting: text)) gave \(days), which does not parse back to itself")
        }
    }
}
