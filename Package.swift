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
    ],
    targets: [
        .target(
            name: "HabitKit",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")]
        ),
        .executableTarget(
            name: "habit",
            dependencies: [
                "HabitKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "HabitKitTests",
            dependencies: ["HabitKit"]
        ),
        .testTarget(
            name: "habitTests",
            dependencies: ["habit", "HabitKit"]
        ),
    ]
)
