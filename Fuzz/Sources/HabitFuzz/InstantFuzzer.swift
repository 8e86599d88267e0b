import Foundation
import HabitKit

/// Fuzzes `InputParsing.instant`. The first input byte picks one of a few fixed environments
/// (`0` Berlin, `1` New York, … — time zones with DST gaps, half-hour and 45-minute offsets, a skipped day; "now" on a DST
/// change); the rest is the text.
///
/// Laws: it never traps; an instant it accepts is finite, and from 1970 to 2100 it prints as ISO
/// 8601 with the zone's offset and that text reads back as the same instant (to the second).
enum InstantFuzzer {
    /// (time zone, now): fixed, so every input has one meaning.
    static let environments: [HabitEnvironment] = [
        ("Europe/Berlin", 1_761_469_200),        // 2025-10-26T10:00:00+01:00, the fall-back day
        ("America/New_York", 1_741_532_400),     // 2025-03-09T11:00:00-04:00, the spring-forward day
        ("UTC", 1_761_469_200),
        ("Australia/Lord_Howe", 1_759_600_800),  // half-hour DST
        ("Asia/Kathmandu", 1_761_469_200),       // +05:45
        ("Pacific/Apia", 1_325_419_200),         // 2012-01-01: 2011-12-30 never happened there
        ("America/St_Johns", 1_762_005_600),     // -03:30 / -02:30
    ].map { zone, now in
        HabitEnvironment(now: Date(timeIntervalSince1970: now), timeZone: TimeZone(identifier: zone)!,
                         makeUUID: { UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)) })
    }

    /// One input, as libFuzzer hands it over (`HabitFuzz` picks the target).
    static func one(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        guard let data, size > 0 else { return 0 }
        let env = InstantFuzzer.environments[Int(data[0] &- 0x30) % InstantFuzzer.environments.count]  // '0' is Berlin
        InstantFuzzer.check(String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self), env)
        return 0
    }

    /// The years habit means to accept (issue 11 #6: 1970 to 2100).
    static let supportedFrom = Date(timeIntervalSince1970: 0)
    static let supportedUntil = Date(timeIntervalSince1970: 4_133_980_800)  // 2101-01-01T00:00:00Z

    static func check(_ text: String, _ env: HabitEnvironment) {
        guard let instant = try? InputParsing.instant(text, in: env) else { return }
        let zone = env.timeZone.identifier
        guard instant.timeIntervalSince1970.isFinite else {
            fatalError("law broken: instant \(String(reflecting: text)) in \(zone) is not finite")
        }
        // Printing reads back only where offsets are whole minutes: from 1970 on (before, local
        // mean times such as Berlin's +00:53:28 lose their seconds in the printed offset).
        guard instant >= supportedFrom, instant < supportedUntil else { return }
        let printed = env.calendar.iso8601(instant)
        guard let again = try? InputParsing.instant(printed, in: env) else {
            fatalError("law broken: instant \(String(reflecting: text)) in \(zone) prints as \(printed), which does not read back")
        }
        let second = instant.timeIntervalSince1970.rounded(.down)
        guard again.timeIntervalSince1970 == second else {
            fatalError("law broken: instant \(String(reflecting: text)) in \(zone) is \(second) s, printed \(printed) reads back as \(again.timeIntervalSince1970) s")
        }
    }
}
