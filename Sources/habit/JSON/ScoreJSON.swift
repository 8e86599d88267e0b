import Foundation
import HabitKit

/// `habit score --json`: `{"asOf","habits":[{"habit","score"}]}`, scores cut to 6 decimals.
struct ScoreJSON: Codable, Equatable {
    struct HabitJSON: Codable, Equatable {
        let habit: String
        let score: Double
        /// `"denied"` when habit may not read the habit's data (its score is then 0); left out otherwise.
        var access: String?
    }

    let asOf: String
    let habits: [HabitJSON]

    /// `overview`: read with `scores: true` (``HabitReport/score`` is nil otherwise).
    init(_ overview: HabitOverview) {
        asOf = overview.asOf.description
        habits = overview.reports.map { HabitJSON(habit: $0.definition.name, score: Self.sixDecimals($0.score ?? 0), access: $0.accessJSON) }
    }

    /// The score cut to 6 decimals, as Standards/habits.md writes it: twenty good days, 0.6557476…, are
    /// 0.655747 (rounding would say 0.655748). The added millionth of a millionth keeps a score that is
    /// a whole number of millionths from dropping one through its binary form.
    static func sixDecimals(_ score: Double) -> Double { (score * 1e6 + 1e-6).rounded(.down) / 1e6 }
}
