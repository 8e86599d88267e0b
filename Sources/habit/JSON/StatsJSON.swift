import Foundation
import HabitKit

/// `habit stats --json`: `{"type","unit","per","allSources","buckets":[{"start","end","count",
/// "sum","avg","min","max"}]}`; also `"habit"` (null for a data type) and, when nothing was found
/// but other sources have samples, `"otherSourceSamples"`. `allSources` is true when every
/// source was read: with `--all-sources`, or for a `--from` habit that counts all sources.
struct StatsJSON: Codable, Equatable {
    struct Bucket: Codable, Equatable {
        let start: LocalDay
        let end: LocalDay
        let count: Int
        let sum: Double
        @Nullable var avg: Double?
        @Nullable var min: Double?
        @Nullable var max: Double?
    }

    @Nullable var habit: String?
    let type: String
    let unit: String
    let per: String
    let allSources: Bool
    let otherSourceSamples: Int?
    let buckets: [Bucket]

    init(_ stats: HabitStatistics) {
        habit = stats.habit
        type = stats.type
        unit = stats.unit
        per = stats.per.name
        allSources = stats.sources == .all
        otherSourceSamples = stats.otherSourceCount > 0 ? stats.otherSourceCount : nil
        buckets = stats.buckets.map {
            // Sums and averages of amounts to at most 6 decimals (Standards/json.md): 3 × 0.1 is 0.3, not 0.30000000000000004.
            Bucket(start: $0.start, end: $0.end, count: $0.count, sum: JSONNumbers.rounded($0.sum), avg: $0.average.map { JSONNumbers.rounded($0) },
                   min: $0.min, max: $0.max)
        }
    }
}
