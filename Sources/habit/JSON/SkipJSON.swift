import Foundation
import HabitKit

/// `habit skip --json`: `{"habit":"floss"|null,"skipped":[days],"unchanged":[days]}`.
struct SkipJSON: Codable, Equatable {
    @Nullable var habit: String?
    let skipped: [LocalDay]
    /// Days that were skipped already.
    let unchanged: [LocalDay]
}

/// `habit unskip --json`: `{"habit","unskipped","unchanged","stillSkippedForAll"}`.
struct UnskipJSON: Codable, Equatable {
    @Nullable var habit: String?
    let unskipped: [LocalDay]
    /// Days that were not skipped (for this habit, or with --all for every habit).
    let unchanged: [LocalDay]
    /// Unskipping one habit: days that stay skipped because every habit is skipped on them.
    let stillSkippedForAll: [LocalDay]
}
