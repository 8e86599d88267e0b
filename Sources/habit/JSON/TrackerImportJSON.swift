import Foundation
import HabitKit

/// `habit import --json` of another tracker's file: what each of its habits became here.
struct TrackerImportJSON: Codable, Equatable {
    struct HabitJSON: Codable, Equatable {
        /// Its name in the other tracker.
        let from: String
        /// False when an earlier import made it.
        let created: Bool
        /// The name it would have had, taken by another habit (it was not merged into that one).
        let clash: String?
        /// The other tracker's frequency, when habit has no exact equivalent, and what it became.
        let approximation: String?
        let habit: HabitEntryJSON
        /// True when it joined a habit that was here (`--merge`, `--map`).
        let merged: Bool
        /// When it joined a habit whose settings differ: the habit the file's would have been
        /// (`habit` is the one here, kept as it is).
        let fileSettings: HabitEntryJSON?
        /// When it joined a habit whose history started later: the day it started on before.
        let sinceBefore: String?
        let entriesAdded: Int
        let entriesKnown: Int
        let skipsAdded: Int
        let skipsKnown: Int
        /// Notes of days not done, kept as entries without an amount.
        let notesAdded: Int
        /// A numerical habit imported without a target: the file neither holds nor tells it.
        let targetUnknown: Bool
    }

    let tracker: String
    let dryRun: Bool
    let habitsCreated: Int
    /// Habits of the file that joined a habit here.
    let habitsMerged: Int
    let entriesAdded: Int
    let skipsAdded: Int
    let habits: [HabitJSON]
    let rejected: Int
    let rejections: [String]
    /// Habits the file names without any data for them (not created), by their names there.
    let leftOut: [String]
    /// Entries and skips left out: their habit's type may not be written (as `import FILE.ndjson`).
    let notKept: Int

    init(_ s: TrackerImportSummary) {
        tracker = s.tracker.rawValue
        dryRun = s.dryRun
        habitsCreated = s.created
        habitsMerged = s.merged
        entriesAdded = s.checksAdded
        skipsAdded = s.skipsAdded
        habits = s.habits.map {
            HabitJSON(from: $0.originalName, created: $0.created, clash: $0.clash, approximation: $0.approximation,
                      habit: HabitEntryJSON($0.definition), merged: $0.merged, fileSettings: $0.fileSettings.map { HabitEntryJSON($0) }, sinceBefore: $0.sinceBefore?.description,
                      entriesAdded: $0.checksAdded, entriesKnown: $0.checksKnown,
                      skipsAdded: $0.skipsAdded, skipsKnown: $0.skipsKnown, notesAdded: $0.notesAdded, targetUnknown: $0.targetUnknown)
        }
        rejected = s.rejectedCount
        rejections = s.rejected
        leftOut = s.leftOut
        notKept = s.notKept
    }
}
