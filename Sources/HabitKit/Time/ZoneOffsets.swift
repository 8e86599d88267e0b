import Foundation

/// A time zone's offset from UTC at instants, remembered for the spans between the zone's
/// transitions. `TimeZone.secondsFromGMT(for:)` asks ICU each time under a lock (~4,500
/// instructions: 13 % of a long `log list`, where each entry's day and times ask it about ten
/// times); the offset is the same everywhere between two transitions, so a few spans answer
/// nearly every question.
///
/// A span is `(low, high)`, both ends excluded, with no transition inside: `high` is the first
/// transition after the instant asked about (`nextDaylightSavingTimeTransition(after:)`, which
/// lists every change of offset, standard or daylight — ``HabitCalendar/starts(of:)`` relies on
/// the same), `low` the last one at or before it, else the start of a search window before it. Four
/// spans are kept (so a caller moving between today and a year long ago does not evict each time),
/// from the 65th question on (the first 64 go to the zone).
/// Thread-safe: a calendar is shared by the import's two threads.
final class ZoneOffsets: @unchecked Sendable {
    private struct Span {
        var low: Double
        var high: Double
        var offset: Int
    }

    /// How far before an instant the search for the last transition starts: a window of
    /// seconds (not day arithmetic), longer than the ~6 months between two DST transitions.
    private static let window = 200.0 * 86_400
    private static let slots = 4
    /// Questions answered by the zone before spans are remembered.
    private static let warmUp = 64

    let zone: TimeZone
    private let lock = NSLock()
    private var spans: [Span] = []
    private var replace = 0
    private var asked = 0

    init(_ zone: TimeZone) {
        self.zone = zone
        spans.reserveCapacity(Self.slots)
    }

    /// `zone.secondsFromGMT(for: date)`, exactly.
    func offset(at date: Date) -> Int {
        let t = date.timeIntervalSince1970
        lock.lock()
        defer { lock.unlock() }
        for span in spans where span.low < t && t < span.high { return span.offset }
        let offset = zone.secondsFromGMT(for: date)
        // A short command (a log asks a few dozen times) never pays for listing transitions: the
        // zone's first transition look-up builds its rules (~0.25 M instructions).
        guard asked >= Self.warmUp else {
            asked += 1
            return offset
        }
        guard t.isFinite, let span = span(around: t, offset: offset) else { return offset }
        if spans.count < Self.slots {
            spans.append(span)
        } else {
            spans[replace] = span
            replace = (replace + 1) % Self.slots
        }
        return offset
    }

    /// The span without a transition around `t`, or nil when the zone's answers do not agree
    /// with one (then nothing is remembered and each question goes to the zone).
    private func span(around t: Double, offset: Int) -> Span? {
        var low = t - Self.window
        var end: Double?
        for _ in 0..<8 {
            guard let next = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: low))?.timeIntervalSince1970 else {
                end = .infinity
                break
            }
            guard next > low else { return nil }
            if next > t {
                end = next
                break
            }
            low = next
        }
        guard let high = end else { return nil }  // more than eight transitions in the window: not remembered
        // Both ends agree with `t`'s offset, or nothing is remembered.
        let inside = [low + 1, high.isFinite ? high - 1 : t]
        guard inside.allSatisfy({ $0 > low && $0 < high && zone.secondsFromGMT(for: Date(timeIntervalSince1970: $0)) == offset }) else {
            return nil
        }
        return Span(low: low, high: high, offset: offset)
    }
}
