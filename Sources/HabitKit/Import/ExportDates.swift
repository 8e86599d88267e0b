import Foundation

/// The two shapes of the dates in an Apple Health export, read in place from its bytes: every
/// export since iOS 9 writes `2023-01-01 08:00:00 -0800`; those of iOS 8 and early iOS 9 wrote
/// `20230101080000-0800` (issue 49, point 2).
extension HealthMapper {
    /// `YYYYMMDDHHMMSS±HHMM` (`20141018163200+0100`), the shape of every date in exports of
    /// iOS 8 and early iOS 9; nil for any other text.
    static func parseCompactTimestamp(_ b: UnsafeBufferPointer<UInt8>) -> Timestamp.Parsed? {
        guard b.count == 19, let f = fixedFields(b, at: (0, 4, 6, 8, 10, 12), sign: 14) else { return nil }
        return Timestamp.Parsed(day: f.day, time: f.time, fraction: 0, offsetSeconds: f.offset)
    }

    /// `YYYY-MM-DD HH:MM:SS ±HHMM`, as seconds since 1970 and the offset; nil for any other text.
    static func parseAppleTimestamp(_ b: UnsafeBufferPointer<UInt8>) -> (seconds: Double, offset: Int)? {
        guard b.count == 25, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x20, b[13] == 0x3A, b[16] == 0x3A, b[19] == 0x20,
              let f = fixedFields(b, at: (0, 5, 8, 11, 14, 17), sign: 20) else { return nil }
        return (Double(f.day.ordinal * 86400 + f.time.secondsIntoDay - f.offset) + 0.0, f.offset)
    }

    /// A date written in fixed places of `b`: the year's 4 digits, then month, day, hour, minute
    /// and second (2 digits each) at the places `at` names, the offset's sign at `sign` and its
    /// hours and minutes (2 digits each) right after; nil when one is not there or out of range.
    @inline(__always) fileprivate static func fixedFields(_ b: UnsafeBufferPointer<UInt8>, at: (Int, Int, Int, Int, Int, Int),
                                                      sign: Int) -> (day: LocalDay, time: LocalTime, offset: Int)? {
        @inline(__always) func digits(_ at: Int, _ count: Int) -> Int? {
            var v = 0
            for k in at..<(at + count) {
                let d = b[k] &- 0x30
                guard d < 10 else { return nil }
                v = v * 10 + Int(d)
            }
            return v
        }
        guard b[sign] == 0x2B || b[sign] == 0x2D,
              let year = digits(at.0, 4), let month = digits(at.1, 2), let day = digits(at.2, 2),
              let hour = digits(at.3, 2), let minute = digits(at.4, 2), let second = digits(at.5, 2),
              let offsetHours = digits(sign + 1, 2), let offsetMinutes = digits(sign + 3, 2),
              let date = LocalDay(year: year, month: month, day: day), let time = LocalTime(hour: hour, minute: minute, second: second),
              offsetHours <= 18, offsetMinutes <= 59 else { return nil }
        return (date, time, (b[sign] == 0x2D ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60))
    }
}
