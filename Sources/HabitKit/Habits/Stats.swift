import Foundation

/// One period of `habit stats`: `[start, end)` and what the samples in it add up to.
public struct StatsBucket: Sendable, Equatable {
    public var start: LocalDay
    /// The first day after the bucket.
    public var end: LocalDay
    public var count: Int
    public var sum: Double
    /// Nil when the bucket is empty.
    public var min: Double?
    public var max: Double?

    public init(start: LocalDay, end: LocalDay, count: Int = 0, sum: Double = 0, min: Double? = nil, max: Double? = nil) {
        self.start = start
        self.end = end
        self.count = count
        self.sum = sum
        self.min = min
        self.max = max
    }

    /// The mean of the samples; nil when the bucket is empty.
    public var average: Double? { count > 0 ? sum / Double(count) : nil }
}

/// The buckets of `habit stats` (Standards/habits.md): half-open periods — days, weeks starting on
/// the `week-start` day, calendar months — one after another, each with the count, sum, min and
/// max of the samples that belong to it. Empty buckets are kept (count 0). Pure: the store
/// decides each sample's day (the day it starts in, as every day in habit), this puts the day
/// in its period.
public struct StatsBuckets: Sendable, Equatable {
    public let per: HabitDefinition.Period
    public private(set) var buckets: [StatsBucket]

    /// The buckets that cover `days`, widened to whole periods (a week range starting on a
    /// Wednesday starts on that week's first day). `per` is a calendar period — a day, a week or
    /// a month (``HabitDefinition/Period/calendar``): `habit stats` refuses a window of days.
    public init(per: HabitDefinition.Period, covering days: DayRange, weekStartsOnSunday: Bool) {
        self.per = per
        buckets = Self.periods(per, covering: days, weekStartsOnSunday: weekStartsOnSunday).map {
            StatsBucket(start: $0.lowerBound, end: $0.upperBound)
        }
    }

    /// `buckets` without the empty ones that end on or before `since`: a habit's stats begin with
    /// the period it began in, not with twelve periods of zeros from before it existed. The last
    /// bucket always stays.
    public static func since(_ since: LocalDay, _ buckets: [StatsBucket]) -> [StatsBucket] {
        let dropped = buckets.prefix { $0.end <= since && $0.count == 0 }.count
        return Array(buckets.dropFirst(Swift.min(dropped, Swift.max(0, buckets.count - 1))))
    }

    /// The days the buckets cover: from the first one's start to the last one's end.
    public var days: DayRange {
        guard let first = buckets.first, let last = buckets.last else { return DayRange(day: LocalDay(ordinal: 0)) }
        return DayRange(first.start, upTo: last.end)
    }

    /// Counts a sample of `value` on `day`; a day outside the buckets is ignored.
    public mutating func add(_ value: Double, on day: LocalDay) {
        guard let i = index(of: day) else { return }
        buckets[i].count += 1
        buckets[i].sum += value
        buckets[i].min = Swift.min(buckets[i].min ?? value, value)
        buckets[i].max = Swift.max(buckets[i].max ?? value, value)
    }

    /// The bucket holding `day`: buckets are contiguous and sorted, so a binary search.
    func index(of day: LocalDay) -> Int? {
        var lo = 0, hi = buckets.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if buckets[mid].end <= day { lo = mid + 1 } else { hi = mid }
        }
        return lo < buckets.count && buckets[lo].start <= day ? lo : nil
    }

    /// The periods of `per` from the one holding the first day of `days` through the one
    /// holding its last day (none for an empty range).
    public static func periods(_ per: HabitDefinition.Period, covering days: DayRange, weekStartsOnSunday: Bool) -> [DayRange] {
        var result: [DayRange] = []
        guard !days.isEmpty else { return result }
        var period = HabitEvaluator.period(per, of: days.lowerBound, weekStartsOnSunday: weekStartsOnSunday)
        while period.lowerBound < days.upperBound {
            result.append(period)
            period = HabitEvaluator.period(per, of: period.upperBound, weekStartsOnSunday: weekStartsOnSunday)
        }
        return result
    }

    /// The default range of `habit stats`: the last `count` periods up to and including the
    /// one holding `today`.
    public static func recent(_ per: HabitDefinition.Period, count: Int = 12, through today: LocalDay,
                              weekStartsOnSunday: Bool) -> DayRange {
        let current = HabitEvaluator.period(per, of: today, weekStartsOnSunday: weekStartsOnSunday)
        var start = current.lowerBound
        for _ in 1..<Swift.max(1, count) {
            start = HabitEvaluator.period(per, of: start.adding(days: -1), weekStartsOnSunday: weekStartsOnSunday).lowerBound
        }
        return DayRange(start, upTo: current.upperBound)
    }
}

extension StatsBuckets {
    /// The days `habit stats` looks at: `[from, to)` as given; without `--to`, through the period
    /// holding today (or `from`, if later); without `--from`, the `count` periods before `to`
    /// (through the one holding its last day); without either, the last `count` periods up to
    /// and including the current one.
    public static func range(from: LocalDay?, to: LocalDay?, per: HabitDefinition.Period, count: Int = 12, today: LocalDay,
                             weekStartsOnSunday: Bool) throws(HabitInputError) -> DayRange {
        switch (from, to) {
        case (nil, nil):
            return recent(per, count: count, through: today, weekStartsOnSunday: weekStartsOnSunday)
        case (let from?, nil):
            let end = HabitEvaluator.period(per, of: Swift.max(from, today), weekStartsOnSunday: weekStartsOnSunday).upperBound
            return DayRange(from, upTo: end)
        case (nil, let to?):
            return recent(per, count: count, through: to.adding(days: -1), weekStartsOnSunday: weekStartsOnSunday)
        case (let from?, let to?):
            guard from < to else { throw .emptyRange(from.description, to.description) }
            return DayRange(from, upTo: to)
        }
    }
}
