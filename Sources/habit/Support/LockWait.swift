import Foundation

/// How long a command waits for a store another process holds locked before it gives up
/// (`StoreError.busy`: exit 69, or a log saved for later): 10 s, or `HABIT_LOCK_WAIT` seconds.
///
/// The setting is bounded: below 1 s it is 1 s (a shorter wait would turn an ordinary overlap —
/// cron's check and a person's log — into a refusal), above 600 s it is 600 s; a value that is not
/// a number is not a setting, and the wait is 10 s. The test suites set 1 s, so that no test sits
/// out the 10 s (Standards/access.md, "The lock wait").
enum LockWait {
    static let standard: Duration = .seconds(10)
    static let shortest = 1.0
    static let longest = 600.0

    /// The wait this process uses (`HABIT_LOCK_WAIT`, bounded; else 10 s).
    static var full: Duration { wait(setting: Env.get("HABIT_LOCK_WAIT")) }

    /// The wait a `HABIT_LOCK_WAIT` of `text` gives (pure).
    static func wait(setting text: String?) -> Duration {
        guard let text, let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds.isFinite else { return standard }
        let bounded = min(max(seconds, shortest), longest)
        return .milliseconds(Int64((bounded * 1_000).rounded()))
    }
}
