import Foundation
@testable import HabitKit

/// Test helpers: fixed environments and fresh stores.
enum Fixture {
    static func zone(_ id: String) -> TimeZone { TimeZone(identifier: id)! }

    /// An environment at `iso` (ISO 8601 with offset) in time zone `tz`, with sequential UUIDs.
    static func env(_ iso: String, _ tz: String = "Europe/Berlin") -> HabitEnvironment {
        let uuids = SequentialUUIDs()
        return HabitEnvironment(now: instant(iso), timeZone: zone(tz), makeUUID: { uuids.next() })
    }

    static func instant(_ iso: String) -> Date {
        guard let d = Timestamp.parse(iso)?.instant else { fatalError("bad fixture instant \(iso)") }
        return d
    }

    static func day(_ text: String) -> LocalDay {
        guard let d = LocalDay(text) else { fatalError("bad fixture day \(text)") }
        return d
    }

    /// A fresh on-disk store in its own temporary folder (WAL needs a file).
    static func fileStore() throws -> (HabitStore, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habit-test-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("store/habit.sqlite").path
        return (try HabitStore.open(path: path), folder)
    }
}

/// A small deterministic PRNG (SplitMix64) for property tests: a failing seed reproduces.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
