import Foundation
import HabitKit

/// `habit import FILE.ndjson` in words.
enum InterchangeText {
    static func lines(_ s: InterchangeSummary) -> [String] {
        let verb = s.dryRun ? "would add" : "added"
        var lines = ["\(verb) \(s.habits) habits, \(s.samples) samples, \(s.workouts) workouts, \(s.skips) skips, "
                     + "\(s.activitySummaries) days of Activity rings; "
                     + "\(s.habitsUpdated) habits updated (newer in the file); \(s.known) already here or deleted here"]
        if s.settings + s.reminders + s.occurrences + s.anchors > 0 {
            lines.append("\(verb) or updated \(s.settings) settings, \(s.reminders) reminders, \(s.occurrences) reminder occurrences; "
                         + "\(verb) \(s.anchors) anchor names")
        }
        lines += s.renamed.map { $0.hasSuffix(HabitName.mixedScriptsNote) ? "  renamed: \($0)" : "  a habit of that name exists here: \($0)" }
        if let line = AccessText.notKept(s.notKept) { lines.append(line) }
        if s.dryRun { lines.append("dry run: nothing was changed") }
        return lines
    }
}

/// `habit import FILE.ndjson --json`.
struct InterchangeImportJSON: Codable, Equatable {
    let dryRun: Bool
    let habits: Int
    let habitsUpdated: Int
    let samples: Int
    let workouts: Int
    let skips: Int
    let activitySummaries: Int
    let settings: Int
    let reminders: Int
    let occurrences: Int
    let anchors: Int
    let known: Int
    let renamed: [String]
    /// Records of types habit may not write, left out (Standards/access.md).
    let notKept: Int

    init(_ s: InterchangeSummary) {
        notKept = s.notKept
        (dryRun, habits, habitsUpdated, samples, workouts, skips, known, renamed) =
            (s.dryRun, s.habits, s.habitsUpdated, s.samples, s.workouts, s.skips, s.known, s.renamed)
        activitySummaries = s.activitySummaries
        (settings, reminders, occurrences, anchors) = (s.settings, s.reminders, s.occurrences, s.anchors)
    }
}
