import Foundation
import HabitKit

/// The summary `habit import` prints, and its progress bar.
enum ImportText {
    static func lines(_ summary: ImportSummary, seconds: Double) -> [String] {
        var lines = ["\(summary.dryRun ? "would import" : "imported") \(summary.samples) records and \(summary.workouts) workouts "
                     + "from \(counting(summary.sources.count, "new source")) in \(String(format: "%.2f", seconds)) s "
                     + "(\(String(format: "%.1f", Double(summary.bytes) / 1e6 / max(seconds, 1e-6))) MB/s)"]
        lines.append("  duplicates skipped: \(summary.duplicates); records inside correlations (each stored once, with its value): \(summary.correlationChildren)")
        // The most frequent types first (ties by name); a cut list says what it left out, right
        // under it (`--json` lists every type).
        lines += counted(summary.samplesByType, shown: shownTypes, more: "record types")
        lines += counted(summary.workoutsByType, shown: shownTypes, more: "workout types")
        if summary.activitySummaries > 0 {
            lines.append("  \(String(summary.activitySummaries).leftPadded(8))  days of Activity rings (new or changed)")
        }
        if summary.rejected > 0 {
            lines.append("  rejected (not stored: a number that is not finite, a control character or a date outside 1970–2100): \(summary.rejected)")
            for r in summary.rejections { lines.append("    \(r)") }
            if summary.rejected > summary.rejections.count { lines.append("    … and \(summary.rejected - summary.rejections.count) more") }
        }
        if summary.futureDated > 0 {
            lines.append("  warning: \(summary.futureDated) \(summary.futureDated == 1 ? "record starts" : "records start") after now (kept; check the phone's clock)")
        }
        if let line = AccessText.notKept(summary.notKept) { lines.append("  " + line) }
        if !summary.skipped.isEmpty {
            lines.append("  not kept: " + summary.skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        return lines
    }

    /// How many types the text lists before "… and N more".
    static let shownTypes = 12

    static func counted(_ counts: [String: Int], shown: Int, more what: String) -> [String] {
        let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        var lines = sorted.prefix(shown).map { "  \(String($0.value).leftPadded(8))  \($0.key)" }
        if sorted.count > shown {
            let rest = sorted.dropFirst(shown)
            lines.append("  … and \(rest.count) more \(what) (\(rest.map(\.value).reduce(0, +)) records)")
        }
        return lines
    }
}

/// A one-line progress bar on stderr: bytes and records per second. Silent when not a terminal.
final class ProgressBar {
    let enabled: Bool
    let clock: ContinuousClock
    let start: ContinuousClock.Instant

    init(enabled: Bool, clock: ContinuousClock) {
        self.enabled = enabled
        self.clock = clock
        start = clock.now
    }

    func update(_ p: ImportProgress) {
        guard enabled else { return }
        let d = start.duration(to: clock.now)
        let s = max(Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18, 1e-3)
        var line = ""
        if let total = p.totalBytes, total > 0 {
            let fraction = min(1, Double(p.bytesRead) / Double(total))
            let filled = Int(fraction * 30)
            line = "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] \(Int(fraction * 100))%  "
        }
        line += String(format: "%.1f MB/s  %.0f records/s  %d records", Double(p.bytesRead) / 1e6 / s, Double(p.objects) / s, p.objects)
        Output.write("\r\u{1B}[K" + line, to: STDERR_FILENO)
    }

    func clear() {
        if enabled { Output.write("\r\u{1B}[K", to: STDERR_FILENO) }
    }
}
