// swift-tools-version: 6.0
// libFuzzer targets for habit's parsers: a package of its own, so the root package's
// `swift build` and `swift test` never see it. Build and run with `scripts/fuzz.sh`
// (it passes `-Xswiftc -sanitize=fuzzer,address`: SwiftPM's own `--sanitize` flags reach the
// compiler as two `-sanitize=` options, of which only the last takes effect).
//
// Every target is in one executable, `HabitFuzz NAME …` (Sources/HabitFuzz/main.swift), so that
// one build links it once.
import PackageDescription

let package = Package(
    name: "habit-fuzz",
    dependencies: [
        .package(name: "habit", path: ".."),
    ],
    targets: [
        // Declares libFuzzer's `LLVMFuzzerRunDriver`: the executable has a Swift `main` (SwiftPM
        // links executables with its own entry point), which hands the arguments to libFuzzer.
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "HabitFuzz",
            dependencies: ["FuzzDriver", .product(name: "HabitKit", package: "habit")]
        ),
    ]
)
