import Foundation
import HabitKit

/// Human-readable text for entries and results.
enum TextRendering {
    /// `10 min`, `1 h 30 min`, `45 s`.
    static func duration(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded())
        if total < 60 { return "\(total) s" }
        let h = total / 3600, m = (total % 3600) / 60, s = total % 60
        var parts: [String] = []
        if h > 0 { parts.append("\(h) h") }
        if m > 0 { parts.append("\(m) min") }
        if s > 0 && h == 0 { parts.append("\(s) s") }
        return parts.joined(separator: " ")
    }

    static func number(_ value: Double, decimals: Int = 1) -> String {
        // Whole numbers without ".0" — within Int's range only: an imported 1e20 or ±Infinity
        // prints as Double does, never traps.
        if value == value.rounded(), abs(value) < 9e15 { return String(Int(value)) }
        guard value.isFinite, abs(value) < 9e15 else { return String(value) }
        let factor = pow(10, Double(decimals))
        return String((value * factor).rounded() / factor)
    }

    static func clock(_ date: Date, _ calendar: HabitCalendar) -> String { calendar.time(of: date).description }

    static let shortUUIDLength = 8

    static func describe(_ entry: Entry, _ calendar: HabitCalendar) -> String {
        switch entry {
        case .sample(let s): describe(s, calendar)
        case .workout(let w, _): describe(w, calendar)
        }
    }

    /// Nothing for habit itself, `(watch)` for an extension (`dev.habit.watch`), `[name]` for
    /// another source (an imported one by its own name, ``SourceID/displayName``): the tag follows
    /// ``SourceID/isApp``, the one rule.
    static func sourceTag(_ source: SourceID) -> String {
        if source == .app { return "" }
        if source.isApp { return "  (" + source.bundleID.dropFirst("dev.habit.".count) + ")" }
        return "  [\(source.displayName)]"
    }

    static func describe(_ s: Sample, _ calendar: HabitCalendar) -> String {
        let source = sourceTag(s.source)
        switch s.type {
        case SampleType.mindfulSession:
            return "meditate  \(duration(s.end.timeIntervalSince(s.start)))  \(clock(s.start, calendar))–\(clock(s.end, calendar))\(source)"
        case SampleType.alcoholicBeverages:
            let level = NoAlcLevel(dayTotal: s.value ?? 0)
            let drinks = s.metadata["drinks"].map { " (\($0) drink\($0 == "1" ? "" : "s"))" } ?? ""
            return "noalc     \(level.rawValue)\(drinks) for \(calendar.day(containing: s.start))\(source)"
        case SampleType.activeEnergyBurned:
            return "energy    \(number(s.value ?? 0)) kcal  \(clock(s.start, calendar))\(source)"
        case let type where type.hasPrefix(HabitDefinition.loggedTypePrefix):
            let name = (s.metadata["habit"] ?? "habit").padding(toLength: 9, withPad: " ", startingAt: 0)
            let amount = s.unit == "count" && s.value == 1 ? "done" : s.value.map { number($0) + " " + (s.unit ?? "") } ?? "done"
            return "\(name) \(amount)  \(clock(s.start, calendar))\(source)"
        default:
            let value = s.value.map { number($0) + " " + (s.unit ?? "") } ?? ""
            return "\(s.type)  \(value)  \(clock(s.start, calendar))\(source)"
        }
    }

    static func describe(_ w: Workout, _ calendar: HabitCalendar) -> String {
        let source = sourceTag(w.source)
        let name = w.activityType.replacingOccurrences(of: "HKWorkoutActivityType", with: "")
        let energy = w.totalEnergyKcal.map { "  \(number($0)) kcal" } ?? ""
        return "workout   \(name) \(duration(w.duration))\(energy)  \(clock(w.start, calendar))–\(clock(w.end, calendar))\(source)"
    }

    /// "Today", "Yesterday", else "Mon 20 Oct" (with the year when it is not this year).
    static func dayHeading(_ day: LocalDay, today: LocalDay) -> String {
        if day == today { return "Today" }
        if day == today.adding(days: -1) { return "Yesterday" }
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let base = "\(weekdays[day.isoWeekday - 1]) \(day.day) \(months[day.month - 1])"
        return day.year == today.year ? base : base + " \(day.year)"
    }
}
