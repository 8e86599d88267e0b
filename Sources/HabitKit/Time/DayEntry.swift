import Foundation

/// Entries that name a day (Standards/date-semantics.md, "Entries that name a day"): a NoAlc
/// entry (always, by its type), and an own habit's entry logged for a day (`log NAME --date`, a
/// command habit's result, a tracker import's day), marked by ``metadataKey`` in its metadata.
/// Such an entry starts at the first instant of its calendar day
/// (``HabitCalendar/entryInstant(of:)``) and belongs to that day whatever `day-start` is
/// (``HabitCalendar/day(ofEntryAt:namesADay:)``). The mark is metadata, so export, import and
/// sync carry it as they carry every other key.
public enum DayEntry {
    /// The metadata key that marks an own habit's entry as naming a day; its value is ``markValue``.
    public static let metadataKey = "dayEntry"
    public static let markValue = "1"

    /// Whether an entry of `type` with `metadata` names a day.
    public static func namesADay(type: String, metadata: [String: String]) -> Bool {
        type == SampleType.alcoholicBeverages || metadata[metadataKey] != nil
    }

    /// The day `sample` belongs to in `calendar` (``HabitCalendar/day(ofEntryAt:namesADay:)``).
    public static func day(of sample: Sample, in calendar: HabitCalendar) -> LocalDay {
        calendar.day(ofEntryAt: sample.start, namesADay: namesADay(type: sample.type, metadata: sample.metadata))
    }
}
