import HabitKit

/// The lines of `habit skip` and `habit unskip`.
enum SkipText {
    /// Days as runs: "2026-12-24 … 2026-12-27 (4 days), 2026-12-30".
    static func runs(_ days: [LocalDay]) -> String {
        var parts: [String] = []
        var i = 0
        let sorted = days.sorted()
        while i < sorted.count {
            var j = i
            while j + 1 < sorted.count, sorted[j + 1] == sorted[j].adding(days: 1) { j += 1 }
            parts.append(i == j ? sorted[i].description : "\(sorted[i]) … \(sorted[j]) (\(j - i + 1) days)")
            i = j + 1
        }
        return parts.joined(separator: ", ")
    }

    static func skipped(_ change: SkipChange, habit: String?) -> [String] {
        let who = habit ?? "every habit"
        var lines: [String] = []
        if !change.days.isEmpty { lines.append("skipped \(who) on \(runs(change.days))") }
        if !change.unchanged.isEmpty { lines.append("\(who) was skipped already on \(runs(change.unchanged))") }
        return lines
    }

    static func unskipped(_ change: SkipChange, habit: String?) -> [String] {
        let who = habit ?? "every habit"
        var lines: [String] = []
        if !change.days.isEmpty { lines.append("unskipped \(who) on \(runs(change.days))") }
        let forAll = Set(change.stillSkippedForAll)
        let unchanged = change.unchanged.filter { !forAll.contains($0) }
        if !unchanged.isEmpty {
            lines.append("\(habit.map { "\($0) was not skipped" } ?? "there was no skip for every habit") on \(runs(unchanged))")
        }
        if let habit, !change.stillSkippedForAll.isEmpty {
            lines.append("\(habit) stays skipped on \(runs(change.stillSkippedForAll)): every habit is skipped then "
                         + "('habit unskip --all DAY' takes that back)")
        }
        return lines
    }
}
