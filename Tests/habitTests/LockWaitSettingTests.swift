import Foundation
import Testing
@testable import habit

/// `HABIT_LOCK_WAIT` (``LockWait``): seconds a command waits for a locked store, bounded to 1–600;
/// anything that is not a number leaves the usual 10 s (Standards/access.md, "The lock wait").
@Suite struct LockWaitSettingTests {
    @Test(arguments: [
        (nil, 10_000), ("", 10_000), ("ten", 10_000), ("nan", 10_000), ("inf", 10_000), ("1s", 10_000),
        ("1", 1_000), ("2.5", 2_500), (" 3 ", 3_000), ("600", 600_000),
        ("0", 1_000), ("0.01", 1_000), ("-5", 1_000),  // never below 1 s
        ("601", 600_000), ("1e9", 600_000),  // never above 600 s
    ] as [(String?, Int64)])
    func theSettingIsBoundedAndANonNumberLeavesTenSeconds(_ text: String?, _ milliseconds: Int64) {
        #expect(LockWait.wait(setting: text) == .milliseconds(milliseconds))
    }
}
