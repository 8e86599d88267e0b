import Foundation
import HabitKit

/// Human-readable text for entries and results.
enum TextRendering {
    /// `10 min`, `1 h 30 min`, `45 s`.
    static func duration(_ seconds: TimeInterval) -> String {
        // Stored durations are bounded (StoredNumbers); a store written before that may hold any.
        guard seconds.isFinite, abs(seconds) < 1e15 else { return "\(seconds) s" }
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
        // Below 1, enough decimals for two significant digits: 0.01503 is 0.015, not 0.0.
        let places = abs(value) < 1 ? max(decimals, min(1 - Int(log10(abs(value)).rounded(.down)), 12)) : decimals
        let factor = pow(10, Double(places))
        let rounded = (value * factor).rounded() / factor
        return abs(rounded) < 1e-4 ? String(format: "%.\(places)f", rounded) : String(rounded)
    }

    /// An amount as a person says it: `8 glasses`, `1 glass`, `8000` (a count has no unit), and a
    /// duration unit's as a duration (`7 h`, `1 h 30 min`).
    static func amount(_ value: Double, _ unit: String?, decimals: Int = 1) -> String {
        guard let unit, unit != "count" else { return number(value, decimals: decimals) }
        let seconds: Double? = switch unit { case "s": 1; case "min": 60; case "h": 3600; default: nil }
        if let seconds, value > 0, value.isFinite, value * seconds < 1e9 { return duration(value * seconds) }
        return number(value, decimals: decimals) + " " + (value == 1 ? unit : plural(unit))
    }

    /// The unit of a habit's amounts as a question or a heading names it: `glasses`, `pages`,
    /// `minutes`; nil for a count (`how many?`, never `how many count?`).
    static func unitWords(_ unit: String?) -> String? {
        guard let unit, unit != "count" else { return nil }
        return HabitUnit.isDuration(unit) ? HabitUnit.unitName(unit) : plural(unit)
    }

    /// A day's value of `habit` as a person says it (Standards/habits.md, "Words"): `0 glasses`,
    /// `1 glass`, `25 min`, `done`; NoAlc's as its level — its value is the level's stored count,
    /// never drinks — `steady`, `easy`, `wild`, or `no entry` (`done`: the day is done, which
    /// tells a steady day from one without an entry, both 0).
    static func dayValue(_ value: Double, of habit: HabitDefinition, done: Bool) -> String {
        switch habit.builtin {
        case .noalc?: return value > 0 ? NoAlcLevel(dayTotal: value).rawValue : done ? NoAlcLevel.steady.rawValue : "no entry"
        case .meditate?, .workout?: return amount(value, "min")
        case nil: return habit.kind == .yesNo ? (value > 0 ? "done" : "not done") : amount(value, habit.unit)
        }
    }

    /// A NoAlc entry as a person says it: `2 drinks (easy)`, `1 drink (steady)`; the level alone
    /// when the drinks are not known (a level was logged, or an import gave none).
    static func drinks(_ drinks: Int?, level: NoAlcLevel) -> String {
        drinks.map { "\(counting($0, "drink")) (\(level.rawValue))" } ?? level.rawValue
    }

    /// `done/target` in the target's unit: `3/8 glasses`, `25 min/7 h`, `0/8000`.
    static func progress(_ value: Double, of target: Double, _ unit: String?) -> String {
        let done = HabitUnit.isDuration(unit) ? amount(value, unit) : number(value)
        return done + "/" + amount(target, unit)
    }

    /// The plural of a unit of `habit add --unit` (lowercase letters or %): glass → glasses,
    /// page → pages; symbols and abbreviations (km, min, h, kcal, %), words that already end in
    /// a single s (steps), and anything but a plain word of three letters or more stay as they are.
    static func plural(_ unit: String) -> String {
        let kept: Set<String> = ["s", "min", "h", "km", "m", "mi", "ft", "yd", "cm", "mm", "kcal", "cal", "kj", "kg", "g",
                                 "mg", "lb", "lbs", "oz", "l", "ml", "dl", "cl", "bpm", "hrv", "count"]
        guard !kept.contains(unit), unit.count >= 3, unit.allSatisfy({ ("a"..."z").contains($0) }),
              unit.contains(where: { "aeiouy".contains($0) }) else { return unit }
        if unit.hasSuffix("ss") || ["x", "z", "ch", "sh"].contains(where: unit.hasSuffix) { return unit + "es" }
        if unit.hasSuffix("s") { return unit }
        if unit.hasSuffix("y"), let before = unit.dropLast().last, !"aeiou".contains(before) { return unit.dropLast() + "ies" }
        return unit + "s"
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
        if source.isApp { return "  (" + escapingControlCharacters(source.bundleID.dropFirst("dev.habit.".count)) + ")" }
        return "  [\(escapingControlCharacters(source.displayName))]"
    }

    static func describe(_ s: Sample, _ calendar: HabitCalendar) -> String {
        let source = sourceTag(s.source)
        switch s.type {
        case SampleType.mindfulSession:
            return "meditate  \(duration(s.end.timeIntervalSince(s.start)))  \(clock(s.start, calendar))–\(clock(s.end, calendar))\(source)"
        case SampleType.alcoholicBeverages:
            let level = NoAlcLevel(dayTotal: s.value ?? 0)
            let drinks = s.metadata["drinks"].map { " (\($0) drink\($0 == "1" ? "" : "s"))" } ?? ""
            return "noalc     \(level.rawValue)\(drinks) for \(DayEntry.day(of: s, in: calendar))\(source)"
        case SampleType.activeEnergyBurned:
            return "energy    \(number(s.value ?? 0)) kcal  \(clock(s.start, calendar))\(source)"
        case let type where type.hasPrefix(HabitDefinition.loggedTypePrefix):
            let habit = escapingControlCharacters(s.metadata["habit"] ?? "habit")
            let name = Width.pad(habit, to: max(9, Width.of(habit)))
            // An entry without an amount counts for no day (a note Loop kept on a day not done).
            let amount = s.unit == "count" && s.value == 1 ? "done" : s.value.map { Self.amount($0, s.unit) } ?? "not done"
            return "\(name) \(amount)  \(clock(s.start, calendar))\(source)"
        default:
            let value = s.value.map { amount($0, s.unit.map(escapingControlCharacters)) } ?? ""
            return "\(escapingControlCharacters(s.type))  \(value)  \(clock(s.start, calendar))\(source)"
        }
    }

    static func describe(_ w: Workout, _ calendar: HabitCalendar) -> String {
        let source = sourceTag(w.source)
        let name = activityName(w.activityType)
        let energy = w.totalEnergyKcal.map { "  \(number($0)) kcal" } ?? ""
        return "workout   \(name) \(duration(w.duration))\(energy)  \(clock(w.start, calendar))–\(clock(w.end, calendar))\(source)"
    }

    /// A workout's activity as `habit log workout` names it (`hiit`, `yoga`), else HealthKit's
    /// name without its prefix (`Swimming`).
    static func activityName(_ type: String) -> String {
        Activity.allCases.first { $0.workoutActivityType == type }?.rawValue
            ?? escapingControlCharacters(type.replacingOccurrences(of: "HKWorkoutActivityType", with: ""))
    }

    /// "Today", "Yesterday", else "Mon 20 Oct" (with the year when it is not this year).
    static func dayHeading(_ day: LocalDay, today: LocalDay) -> String {
        if day == today { return "Today" }
        if day == today.adding(days: -1) { return "Yesterday" }
        return dayName(day, today: today)
    }

    /// "Tue 24 Nov" (with the year when it is not this year).
    static func dayName(_ day: LocalDay, today: LocalDay) -> String {
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let base = "\(weekdays[day.isoWeekday - 1]) \(day.day) \(months[day.month - 1])"
        return day.year == today.year ? base : base + " \(day.year)"
    }
}
