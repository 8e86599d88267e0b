import Foundation
import GRDB

extension HabitStore {
    /// The calendar for `range` (e.g. ``DayRange/month(containing:)``), from the daily summary.
    public func calendar(for range: DayRange, calendar: HabitCalendar, allSources: Bool = false) throws -> CalendarView {
        let (settings, summary) = try read { db in
            (try Self.settings(db), try Self.dailySummary(in: range, calendar: calendar, allSources: allSources, energy: true, db))
        }
        return CalendarView(days: summary.summaries.map { CalendarDay($0, settings: settings) }, range: range,
                            allSources: allSources, otherSourceCount: summary.otherSourceCount, settings: settings)
    }
}
