import Foundation

/// When a logged session happened: from a duration and at most one of start or end.
public enum SessionInterval {
    /// `[start, end)` for a session of `duration` that starts at `start`, ends at `end`, or
    /// (neither given) ends now. Rejects sessions that start or end after now.
    public static func make(duration: TimeInterval, start: Date?, end: Date?, env: HabitEnvironment,
                            startText: String?, endText: String?) throws(InputError) -> InstantRange {
        let range: InstantRange
        if let start {
            range = InstantRange(start, upTo: start.addingTimeInterval(duration))
        } else {
            let e = end ?? env.now
            range = InstantRange(e.addingTimeInterval(-duration), upTo: e)
        }
        let nowText = env.calendar.iso8601(env.now)
        if range.lowerBound > env.now { throw .inFuture(startText ?? endText ?? "start", now: nowText) }
        if range.upperBound > env.now {
            throw .inFuture((startText.map { "\($0) + duration" } ?? endText) ?? "end", now: nowText)
        }
        return range
    }
}
