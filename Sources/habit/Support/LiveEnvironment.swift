import Foundation
import HabitKit

/// The live environment: built once at the top of a command, the only place that reads the
/// clock, the time zone and the UUID generator.
enum LiveEnvironment {
    /// `HABIT_NOW` (ISO 8601 with an offset, within the supported dates) when set, else the clock.
    static func now() throws(InputError) -> Date {
        if let text = Env.get("HABIT_NOW"), !text.isEmpty { return try InputParsing.now(text) }
        return Date()
    }

    /// The zone `TZ` names, or nil when `TZ` is unset or empty (then the `timezone` setting decides).
    static func zoneFromTZ() throws(InputError) -> TimeZone? {
        guard var tz = Env.get("TZ"), !tz.isEmpty else { return nil }
        if tz.hasPrefix(":") { tz.removeFirst() }
        if tz.hasPrefix("/"), let range = tz.range(of: "zoneinfo/") { tz = String(tz[range.upperBound...]) }
        guard let zone = TimeZone(identifier: tz) else { throw .invalidTimeZone(tz) }
        return zone
    }

    /// The zone: `TZ` first, then the `timezone` setting, then the system's zone; the day-start
    /// from the settings.
    static func make(now: Date, settings: Settings) throws(InputError) -> HabitEnvironment {
        let zone = try zoneFromTZ() ?? settings.timeZoneID.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
        return HabitEnvironment(now: now, timeZone: zone, dayStart: settings.dayStart, makeUUID: { UUID() })
    }
}
