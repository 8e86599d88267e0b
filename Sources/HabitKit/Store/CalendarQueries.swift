import Foundation
import GRDB


extension StoreRequest where Value == CalendarView {
    /// The calendar for `range` (e.g. ``DayRange/month(containing:)``), from the daily summary.
    public static func calendar(for range: DayRange, calendar: HabitCalendar, allSources: Bool = false) -> Self {
        Self(transaction: { transaction in
            let settings = try transaction.settings()
            let summary = try HabitStore.dailySummary(in: range, calendar: calendar, allSources: allSources, energy: true,
                                                      grants: try transaction.grants(), transaction.db)
            return CalendarView(days: summary.summaries.map { CalendarDay($0, settings: settings) }, range: range,
                                allSources: allSources, otherSourceCount: summary.otherSourceCount, settings: settings)
        })
    }
}
