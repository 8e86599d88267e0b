import Foundation
import HabitKit

/// The text of `habit timeline`: days newest first, sessions, workouts and nights of sleep.
enum TimelineText {
    static func lines(_ timeline: [TimelineDay], today: LocalDay, calendar: HabitCalendar) -> [String] {
        var lines: [String] = []
        for day in timeline {
            if !lines.isEmpty { lines.append("") }
            lines.append(TextRendering.dayHeading(day.day, today: today))
            for item in day.items {
                switch item {
                case .entry(let e):
                    lines.append("  " + TextRendering.describe(e, calendar))
                    if case .sample(let s) = e, let note = s.metadata[NoteRules.key] { lines += noteLines(note) }
                case .workout(let w, let hr):
                    var line = "  " + TextRendering.describe(w, calendar)
                    // No distance for a workout without one (yoga; an export's `totalDistance="0"`).
                    if let d = w.totalDistanceMeters, d > 0 { line += String(format: "  %.2f km", d / 1000) }
                    if let hr {
                        line += String(format: "  ♥ %.0f bpm", hr.average)
                        if let n = hr.derivedFrom, let max = hr.maximum {
                            line += String(format: ", max %.0f (from %d heart-rate samples)", max, n)
                        }
                    }
                    lines.append(line)
                    if let note = w.metadata[NoteRules.key] { lines += noteLines(note) }
                case .rings(let s, _):
                    let rings = ActivityRing.allCases.compactMap { ring -> String? in
                        guard let (value, goal) = s.ring(ring) else { return nil }
                        let unit = ring == .move && s.moveKcal == nil ? "min" : ring.unit
                        let shown = goal.map { "\(TextRendering.number(value))/\(TextRendering.number($0)) \(unit)" }
                            ?? "\(TextRendering.number(value)) \(unit)"
                        return "\(ring.rawValue) \(shown)\(s.isClosed(ring) ? " ✓" : "")"
                    }
                    if !rings.isEmpty { lines.append("  rings     " + rings.joined(separator: "  ")) }
                case .recovery(let r):
                    let stages = SleepStage.allCases.compactMap { k in
                        r.stages[k].map { "\(k.rawValue) \(TextRendering.duration($0))" }
                    }.joined(separator: ", ")
                    // A night with only "in bed" samples says so instead of "0 s asleep".
                    let amount = r.asleep == 0 && r.inBed > 0
                        ? "\(TextRendering.duration(r.inBed)) in bed, no asleep data"
                        : "\(TextRendering.duration(r.asleep)) asleep"
                    var line = "  recovery  \(amount)  \(TextRendering.clock(r.start, calendar))–\(TextRendering.clock(r.end, calendar))  (\(stages))"
                    if let rhr = r.restingHeartRate { line += String(format: "  resting ♥ %.0f", rhr) }
                    if let hrv = r.heartRateVariability { line += String(format: "  HRV %.0f ms", hrv) }
                    lines.append(line)
                }
            }
        }
        return lines
    }

    /// An entry's note, on the lines under it, wrapped to the terminal (Standards/habits.md, "Notes").
    static func noteLines(_ note: String) -> [String] { Width.hanging("            ✎ ", escapingControlCharacters(note)) }
}
