// swift-tools-version: 6.0
// libFuzzer targets for habit's parsers: a package of its own, so the root package's
// `swift build` and `swift test` never see it. Build and run with `scripts/fuzz.sh`
// (it passes `-Xswiftc -sanitize=fuzzer,address`: SwiftPM's own `--sanitize` flags reach the
// compiler as two `-sanitize=` options, of which only the last takes effect).
import PackageDescription

let fuzzers = ["DurationFuzzer", "InstantFuzzer", "DayFuzzer", "WeekdaysFuzzer", "ExportScanFuzzer", "HarshFuzzer"]

let package = Package(
    name: "habit-fuzz",
    dependencies: [
        .package(name: "habit", path: ".."),
    ],
    targets: [
        // Declares libFuzzer's `LLVMFuzzerRunDriver`: each fuzzer has a Swift `main` (SwiftPM
        // links executables with its own entry point), which hands the arguments to libFuzzer.
        .target(name: "FuzzDriver"),
    ] + fuzzers.map { name in
        .executableTarget(
            name: name,
            dependencies: ["FuzzDriver", .product(name: "HabitKit", package: "habit")]
        )
    }
)
