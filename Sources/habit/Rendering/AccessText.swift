import HabitKit

/// What every view says about a type habit may not read or write (Standards/access.md).
enum AccessText {
    /// The line of a habit whose data habit may not read, in place of its streak or day:
    /// `no read access (habit access allow alcohol --read)`.
    static func noReadAccess(_ report: HabitReport) -> String {
        "no read access (habit access allow \(report.accessName) --read)"
    }

    /// An import's or a sync's line for records of types habit may not write, or nil for none.
    static func notKept(_ count: Int) -> String? {
        guard count > 0 else { return nil }
        return "not kept: \(counting(count, "record")) of types habit may not write — habit access"
    }
}
