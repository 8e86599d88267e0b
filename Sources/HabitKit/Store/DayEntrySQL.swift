import Foundation
import GRDB

/// ``DayEntry``'s rule in SQL, for the store's queries (only `Store/` writes SQL): which rows name
/// a day, and which start in a range by that rule.
extension DayEntry {
    /// SQL true for a `sample` row (or `sampleView` row, with its `type`) that starts in `range`,
    /// or for one that names a day, in `entries`.
    static func startsInSQL(_ range: InstantRange, entries: InstantRange) -> SQL {
        let (lo, hi) = (range.lowerBound.timeIntervalSince1970, range.upperBound.timeIntervalSince1970)
        let (elo, ehi) = (entries.lowerBound.timeIntervalSince1970, entries.upperBound.timeIntervalSince1970)
        return "CASE WHEN \(namesADaySQL) THEN start >= \(elo) AND start < \(ehi) ELSE start >= \(lo) AND start < \(hi) END"
    }

    /// SQL true for a `sample` row (or `sampleView` row) that names a day: ``namesADay(type:metadata:)`` in SQL.
    static var namesADaySQL: SQL {
        "(typeId IN (SELECT id FROM sampleType WHERE identifier = \(SampleType.alcoholicBeverages)) OR \(sql: markedSQL))"
    }

    /// SQL true for a `sample` row whose metadata marks it (metadata is one JSON object with its
    /// keys quoted, ``MetadataCoding``: a value's quotes are escaped, so only a key matches).
    static let markedSQL = #"instr(coalesce(metadata, ''), '"dayEntry":') > 0"#
}
