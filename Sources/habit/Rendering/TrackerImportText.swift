import Foundation
import HabitKit

/// `habit import` of another tracker's file, in words: a line for the whole, one per habit.
enum TrackerImportText {
    static func lines(_ s: TrackerImportSummary) -> [String] {
        let verb = s.dryRun ? "would add" : "added"
        let merged = s.merged > 0 ? ", \(s.merged) \(s.dryRun ? "to merge" : "merged")" : ""
        var lines = ["\(s.tracker.rawValue): \(counting(s.habits.count, "habit")), \(s.created) new\(merged); "
                     + "\(verb) \(counting(s.checksAdded, "entry", plural: "entries")) and \(counting(s.skipsAdded, "skipped day"))"]
        let width = min(32, s.habits.map { Width.of($0.name) }.max() ?? 0)  // columns: a CJK name's are two a character
        for h in s.habits {
            let status = h.merged ? (s.dryRun ? "would merge into \(h.name)" : "merged into \(h.name)")
                : h.created ? (s.dryRun ? "new habit" : "created") : "imported before"
            var parts = [status, HabitText.asks(h.definition)]
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
            if let file = h.fileSettings {
                lines.append("    in the file: \(describe(file)); kept \(h.name)'s: \(describe(h.definition))")
            }
            if let before = h.sinceBefore {
                lines.append("    its history \(s.dryRun ? "would start" : "now starts") on \(h.definition.since), the file's first day (it started on \(before))")
            }
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

    /// A habit's kind and what it asks: "yes/no, every day", "quantity in ml, ≥ 2000 ml a day".
    private static func describe(_ d: HabitDefinition) -> String {
        (d.kind == .yesNo ? "yes/no" : "quantity in \(d.unit ?? "count")") + ", " + HabitText.asks(d)
    }
}
