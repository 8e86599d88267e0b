import Foundation
import FuzzDriver

/// One libFuzzer executable for every target, so that CI builds and links it once:
///
///     HabitFuzz NAME [libFuzzer flags and corpus folders…]
///
/// NAME picks the target (`scripts/fuzz.sh` lists them); the rest goes to libFuzzer as it would to
/// a fuzzer of its own (`HabitFuzz day crash-…` replays one input).
/// Each target's laws are in its own file; a broken law is a `fatalError` libFuzzer reports.
let targets: [String: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32] = [
    "duration": { DurationFuzzer.one($0, $1) },
    "instant": { InstantFuzzer.one($0, $1) },
    "day": { DayFuzzer.one($0, $1) },
    "weekdays": { WeekdaysFuzzer.one($0, $1) },
    "xml": { ExportScanFuzzer.one($0, $1) },
    "harsh": { HarshFuzzer.one($0, $1) },
    "pending": { PendingFuzzer.one($0, $1) },
]

// The name is the first argument, or HABIT_FUZZ_TARGET: libFuzzer's -fork and -jobs start this
// executable again with its own flags only, and the variable (set here) carries the name to them.
var arguments = CommandLine.arguments
if arguments.count >= 2, targets[arguments[1]] != nil {
    setenv("HABIT_FUZZ_TARGET", arguments[1], 1)
    arguments.remove(at: 1)
}
guard let name = getenv("HABIT_FUZZ_TARGET").map({ String(cString: $0) }), let target = targets[name] else {
    let names = targets.keys.sorted().joined(separator: ", ")
    FileHandle.standardError.write(Data("usage: HabitFuzz NAME [libFuzzer flags…]; NAME is one of \(names)\n".utf8))
    exit(64)
}
var kept = arguments.map { strdup($0) } + [nil]
var argc = Int32(arguments.count)
exit(kept.withUnsafeMutableBufferPointer { buffer in
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
    return LLVMFuzzerRunDriver(&argc, &argv, target)
})
