// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "habit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "habit", targets: ["habit"]),
        .library(name: "HabitKit", targets: ["HabitKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    ],
    targets: [
        .target(
            name: "HabitKit",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                "CSQLiteSetup",
            ]
        ),
        // SQLite's process-wide settings, which Swift cannot make itself (Sources/CSQLiteSetup/shim.h).
        .systemLibrary(name: "CSQLiteSetup"),
        // ncurses for `habit ui` (issue 26 point 2): only the executable links it, never HabitKit.
        .systemLibrary(
            name: "CNCurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // The C library's allocator settings, made once at start (Sources/CMalloc/shim.h).
        .systemLibrary(name: "CMalloc"),
        .executableTarget(
            name: "habit",
            dependencies: [
                "HabitKit",
                "CNCurses",
                "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What both test targets share (Foundation only: `swift build` builds it too).
        .target(name: "HabitTestSupport", path: "Tests/HabitTestSupport"),
        .testTarget(
            name: "HabitKitTests",
            dependencies: ["HabitKit", "HabitTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "habitTests",
            dependencies: ["habit", "HabitKit", "HabitTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                           .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
    ]
)
