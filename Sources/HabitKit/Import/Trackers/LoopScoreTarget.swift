import Foundation

/// The target of a numerical Loop habit whose export does not carry it (`Habits.csv` before
/// mid-2025 has no `Target Value`), found from the `Scores.csv` Loop wrote beside its
/// `Checkmarks.csv`: Loop's score moves each day by `s = s' × m + (1 − m) × c`, where `c` is the
/// share of the target the day's window reached. A day below the target tells `c`, and so the
/// target; the target is then checked against every day of the file.
///
/// Loop's score of a numerical habit, in the eras that wrote no target (Standards/import-export.md,
/// "Loop's CSV exports, era by era"): until 2020, `m = 0.5^(f/13)` (`f` = N/D) on the day's value
/// alone (`ScoreList.java`); from 2021, `m = 0.5^(√f/13)` on the sum of the last D days, at least
/// or (from late 2021) at most the target, an at-most habit starting at 1 (`ScoreList.kt`).
enum LoopScoreTarget {
    /// One way Loop may have scored the habit.
    private struct Model {
        var multiplier: Double
        var window: Int
        var atMost: Bool
    }

    /// Loop wrote each score rounded to 4 decimals.
    private static let rounding = 0.00005 + 1e-9

    /// The goal that makes Loop's score of the habit the `scores` given (day, score; any order),
    /// from its days' `values` (in the unit: thousandths already divided) and skipped days, and its
    /// frequency `numerator` in `denominator` days. Nil when the scores do not tell it (no day
    /// below the target, days missing from the scores, or no target reproduces every day).
    static func goal(values: [LocalDay: Double], skips: Set<LocalDay>, scores: [(LocalDay, Double)],
                     numerator: Int, denominator: Int) -> HabitDefinition.Goal? {
        guard (1...365).contains(denominator), (1...365).contains(numerator), scores.count >= 2,
              let first = scores.map(\.0).min(), let last = scores.map(\.0).max() else { return nil }
        let count = first.days(until: last) + 1
        guard count == scores.count, count <= 50_000 else { return nil }
        var series = [Double](repeating: 0, count: count)
        for (day, score) in scores {
            guard score.isFinite, (0...1).contains(score) else { return nil }
            series[first.days(until: day)] = score
        }
        var amounts = [Double](repeating: 0, count: count)
        var skipped = [Bool](repeating: false, count: count)
        for i in 0..<count {
            let day = first.adding(days: i)
            amounts[i] = max(0, values[day] ?? 0)
            if skips.contains(day) {
                skipped[i] = true
                amounts[i] = 0.003  // Loop's SKIP is the raw value 3, which its window adds up
            }
        }
        guard amounts.contains(where: { $0 > 0 }) else { return nil }
        let f = Double(numerator) / Double(denominator)
        let models = [Model(multiplier: pow(0.5, f.squareRoot() / 13), window: denominator, atMost: false),
                      Model(multiplier: pow(0.5, f / 13), window: 1, atMost: false),
                      Model(multiplier: pow(0.5, f.squareRoot() / 13), window: denominator, atMost: true)]
        for model in models {
            let sums = windowSums(amounts, model.window)
            guard let (lo, hi) = bounds(model, sums: sums, skipped: skipped, series: series) else { continue }
            for target in candidates(lo, hi) where reproduces(model, target: target, sums: sums, skipped: skipped, series: series) {
                return model.atMost ? .atMost(target) : .atLeast(target)
            }
        }
        return nil
    }

    private static func windowSums(_ amounts: [Double], _ window: Int) -> [Double] {
        var sums = [Double](repeating: 0, count: amounts.count)
        var rolling = 0.0
        for i in amounts.indices {
            rolling += amounts[i]
            if i >= window { rolling -= amounts[i - window] }
            sums[i] = rolling
        }
        return sums
    }

    /// The targets every day allows, `lo...hi`, each day's `c` known to within the rounding of
    /// its score and of the day before; nil when a day allows none or no day bounds it both ways.
    private static func bounds(_ model: Model, sums: [Double], skipped: [Bool], series: [Double]) -> (Double, Double)? {
        let m = model.multiplier
        var lo = 0.0, hi = Double.infinity
        for i in series.indices where !skipped[i] {
            let prev = i == 0 ? (model.atMost ? 1 : 0) : series[i - 1]
            let slack = i == 0 ? 0 : rounding
            let cLo = (series[i] - rounding - m * (prev + slack)) / (1 - m)
            let cHi = (series[i] + rounding - m * (prev - slack)) / (1 - m)
            guard cLo <= 1 + 1e-9, cHi >= -1e-9 else { return nil }
            let sum = sums[i]
            if model.atMost {
                // c = clamp(2 − sum/T, 0, 1): 1 on a day within the limit.
                if sum <= 0 {
                    guard cHi >= 1 - 1e-9 else { return nil }
                    continue
                }
                if cLo > 0 { lo = max(lo, sum / (2 - cLo)) }
                if cHi < 1 { hi = min(hi, sum / (2 - cHi)) }
            } else {
                // c = min(1, sum/T): 0 on a day without any amount.
                if sum <= 0 {
                    guard cLo <= 1e-9 else { return nil }
                    continue
                }
                guard cHi > 0 else { return nil }
                if cHi < 1 { lo = max(lo, sum / cHi) }
                if cLo > 0 { hi = min(hi, sum / cLo) }
            }
        }
        guard lo > 0, hi.isFinite, lo <= hi * (1 + 1e-12) else { return nil }
        return (lo, hi)
    }

    /// The targets in `lo...hi` with the fewest decimals first (a whole number, then tenths, …),
    /// as people type a target.
    private static func candidates(_ lo: Double, _ hi: Double) -> [Double] {
        var out: [Double] = []
        for decimals in 0...3 {
            let scale = pow(10, Double(decimals))
            var t = (lo * scale - 1e-9).rounded(.up) / scale
            while t <= hi * (1 + 1e-12), out.count < 20 {
                if !out.contains(t) { out.append(t) }
                t = ((t * scale).rounded() + 1) / scale
            }
        }
        return out.filter { $0 > 0 && $0 < StoredNumbers.magnitude }
    }

    /// Whether Loop's score with `target`, from the first day, is the file's every day.
    private static func reproduces(_ model: Model, target: Double, sums: [Double], skipped: [Bool], series: [Double]) -> Bool {
        let m = model.multiplier
        var s: Double = model.atMost ? 1 : 0
        for i in series.indices {
            if !skipped[i] {
                let c = model.atMost ? min(1, max(0, 2 - sums[i] / target)) : min(1, sums[i] / target)
                s = s * m + c * (1 - m)
            }
            if abs(s - series[i]) > rounding { return false }
        }
        return true
    }
}
