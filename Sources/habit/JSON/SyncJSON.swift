import Foundation
import HabitKit

/// A sync file's data lines are the interchange format's (Standards/sync.md, "Lines").
extension InterchangeLineJSON: InterchangeDataLine {}

/// `habit sync --json`.
struct SyncJSON: Codable, Equatable {
    let device: String
    let sent: Int
    let applied: Int
    let unchanged: Int
    let devices: Int
    let renamed: [String]
    let skipped: [String]
    let waiting: [String]
    /// Records of types habit may not write here, left out (Standards/access.md).
    let notKept: Int
    /// What this sync noticed about the folder or the store: a conflict copy read, this device's
    /// file found without lines it had, a new device id for a copied or restored store.
    let notes: [String]

    init(device: String, summary s: SyncSummary, skipped: [String], notes: [String]) {
        self.device = device
        (sent, applied, unchanged, devices, renamed) = (s.sent, s.received, s.unchanged, s.devices, s.renamed)
        self.skipped = skipped
        waiting = s.waiting
        notKept = s.notKept
        self.notes = notes
    }
}
