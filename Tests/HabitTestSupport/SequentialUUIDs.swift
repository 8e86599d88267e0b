import Foundation

/// A deterministic UUID source for tests (a `HabitEnvironment`'s `makeUUID`):
/// 00000000-0000-4000-8000-00000000000N, N = 1, 2, …
public final class SequentialUUIDs: @unchecked Sendable {
    private var counter: UInt64
    private let lock = NSLock()

    public init(startingAt start: UInt64 = 1) { counter = start }

    public func next() -> UUID {
        lock.lock(); defer { lock.unlock() }
        let n = counter
        counter += 1
        let hex = String(n, radix: 16)
        let tail = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
        return UUID(uuidString: "00000000-0000-4000-8000-\(tail.suffix(12))")!
    }
}
