import Foundation
import HabitKit

/// `habit import` of another tracker's file, in words: a line for the whole, one per habit.
enum TrackerImportText {
    static func lines(_ s: TrackerImportSummary) -> [String] {
        let verb = s.dryRun ? "would add" : "added"
        var lines = ["\(s.tracker.rawValue): \(counting(s.habits.count, "habit")), \(s.created) new; "
                     + "\(verb) \(counting(s.checksAdded, "entry", plural: "entries")) and \(counting(s.skipsAdded, "skipped day"))"]
        let width = min(32, s.habits.map { Width.of($0.name) }.max() ?? 0)  // columns: a CJK name's are two a character
        for h in s.habits {
            var parts = [h.created ? (s.dryRun ? "new" : "created") : "imported before",
                         HabitText.asks(h.definition)]
            if h.definition.archived { parts.append("archived") }
            parts.append("\(verb) \(counting(h.checksAdded, "entry", plural: "entries")), \(counting(h.skipsAdded, "skip"))")
            if h.notesAdded > 0 { parts.append("\(verb) \(counting(h.notesAdded, "note")) of days not done") }
            if h.checksKnown + h.skipsKnown > 0 { parts.append("\(h.checksKnown + h.skipsKnown) already here or deleted here") }
            lines.append("  \(Width.pad(h.name, to: width))  ← \(quoted(h.originalName)): "
                         + parts.joined(separator: " · "))
            if h.mixedScripts {
                lines.append("    the name \(quoted(h.originalName)) mixes letters of more than one script (\(UnicodeScript.names(of: h.originalName))): "
                             + "imported as \(quoted(h.name))")
            }
            if let clash = h.clash {
                lines.append("    the name \(quoted(clash)) is another habit's or a command word: not merged, imported as \(quoted(h.name))")
            }
            if let approximation = h.approximation { lines.append("    no exact equivalent: \(approximation)") }
            if h.targetUnknown {
                lines.append("    the export holds no target for it (Loop before mid-2025) and its Scores.csv does not tell it: "
                             + "set one with 'habit edit \(h.name) --at-least N' (or --at-most N)")
            }
        }
        if !s.leftOut.isEmpty {
            lines.append("\(counting(s.leftOut.count, "habit")) without any data in the file, not created: "
                         + s.leftOut.map { quoted($0) }.joined(separator: ", "))
        }
        if s.rejectedCount > 0 {
            lines.append("\(counting(s.rejectedCount, "line")) not understood and left out:")
            lines += s.rejected.map { "  " + $0 }
        }
        if let line = AccessText.notKept(s.notKept) { lines.append(line) }
        if s.dryRun { lines.append("dry run: nothing was changed") }
        return lines
    }
}
