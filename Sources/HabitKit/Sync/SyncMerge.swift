import Foundation

/// The merge rules of `habit sync` and `habit import FILE.ndjson` (Standards/sync.md, "Merge
/// rules"), without a store: the store reads what is here, asks these, and writes what they say.
/// Every rule converges: applied on any device in any order, the same lines leave the same store.
public enum SyncMerge {
    /// One version of a setting, a habit definition or a reminder: when it was changed (seconds
    /// since 1970, as stored) and its text (the tie-break: the stored fields, joined).
    public struct Version: Sendable, Equatable {
        public var modified: TimeInterval
        public var text: String

        public init(modified: TimeInterval, text: String) {
            self.modified = modified
            self.text = text
        }

        /// A setting's version: unset is the empty value.
        public init(setting value: String?, modified: TimeInterval) { self.init(modified: modified, text: value ?? "") }
    }

    /// What to do with an object that came.
    public enum Decision: Sendable, Equatable {
        /// Not here: store it.
        case insert
        /// Here in an older (or losing) version: replace it.
        case update
        /// Already so here, or lost to a later word: change nothing.
        case keep
    }

    /// Last writer wins: the later `modified`; at the same instant the larger text, so that every
    /// device picks the same of two versions.
    public static func wins(_ incoming: Version, over here: Version) -> Bool {
        incoming.modified > here.modified || (incoming.modified == here.modified && incoming.text > here.text)
    }

    /// A setting, habit definition or reminder that came, against the version here (nil: none)
    /// and the time it was removed here (nil: never): a removal at or after its change keeps it out.
    public static func decide(_ incoming: Version, here: Version?, removedAt: TimeInterval? = nil) -> Decision {
        if let removedAt, removedAt >= incoming.modified { return .keep }
        guard let here else { return .insert }
        return wins(incoming, over: here) ? .update : .keep
    }

    /// What a removal (of a habit or a reminder) that came does.
    public enum Removal: Sendable, Equatable {
        /// The object here goes, and its tombstone is kept.
        case remove
        /// Nothing here: the tombstone is kept, so that the object never comes.
        case remember
        /// The object here was changed after the removed version: the edit wins, nothing changes.
        case keep
    }

    /// A removal stamped `removedAt`, against the `modified` of the object here (nil: not here).
    public static func removal(removedAt: TimeInterval, here: TimeInterval?) -> Removal {
        guard let here else { return .remember }
        return here <= removedAt ? .remove : .keep
    }

    /// Handled occurrences, from the weakest: delivered beats suppressed beats cancelled.
    public static func rank(_ state: OccurrenceState) -> Int {
        switch state {
        case .cancelled: 0
        case .suppressed: 1
        case .delivered: 2
        }
    }

    /// An occurrence (one per reminder and day) handled elsewhere, against its state here: a
    /// handled one is never handled again, and of two states the stronger stays.
    public static func decide(_ incoming: OccurrenceState, here: OccurrenceState?) -> Decision {
        guard let here else { return .insert }
        return rank(incoming) > rank(here) ? .update : .keep
    }

    /// A skip (`uuid`, lower-case text) against the skip here of the same habit and day: two
    /// devices that skipped one day keep the smaller UUID; a deleted skip never comes back.
    public static func decide(skip uuid: String, here: String?, deleted: Bool) -> Decision {
        if deleted { return .keep }
        guard let here else { return .insert }
        return uuid < here ? .update : .keep
    }

    /// Two habits with one name (made on two devices before they synced): whether `incoming` is
    /// the one renamed — the one created later, at the same instant the one with the larger id.
    public static func incomingLosesName(_ incoming: HabitDefinition, to other: HabitDefinition) -> Bool {
        (incoming.created, incoming.id) > (other.created, other.id)
    }

    /// The name a habit that lost its name takes: its own, cut to leave room, and the first four
    /// digits of its id (`water-3f2a`).
    public static func clashName(_ habit: HabitDefinition) -> String {
        let suffix = "-" + habit.id.prefix(4).lowercased()
        return TrackerRules.cut(habit.name, to: 32 - suffix.count) + suffix
    }

    /// A line's object with where it came from: peer `peer`'s file at byte `start`.
    public struct Tagged: Sendable, Equatable {
        public var object: SyncObject
        public var peer: Int
        public var start: Int
    }

    /// A line of a peer's file that is not an object habit writes: peer `peer`'s new line
    /// `line` (from 0), and why.
    public struct Unreadable: Sendable, Equatable {
        public var peer: Int
        public var line: Int
        public var reason: String
    }

    /// The order a sync applies the other devices' lines in: what others refer to first (habits,
    /// then their removals, data, settings, reminders, their removals, occurrences, deletions),
    /// and within one phase as the files list them — save that samples and workouts, the bulk of
    /// every file, come after the phase's other data (skips, rings), which never refer to them.
    public struct Plan: Sendable {
        /// Decoded already, applied before the bulk: phases up to data.
        public var first: [Tagged] = []
        /// The lines that open as a sample or a workout (``SyncLine/opensAsSampleOrWorkout(_:)``),
        /// in the files' order: decoded while they are applied.
        public var bulk: [(peer: Int, line: Int)] = []
        /// Decoded already, applied after the bulk: settings and everything after them.
        public var last: [Tagged] = []
        /// The lines decoded already that are not objects habit writes.
        public var unreadable: [Unreadable] = []
    }

    /// The plan for `peers`' lines, every line but the bulk decoded by `decode`.
    public static func plan(_ peers: [SyncPeer], decode: ([UInt8]) -> Result<SyncObject, InterchangeJSONFailure>) -> Plan {
        // Gathered phase by phase, which keeps the files' order within each (a sort would move
        // every object many times over).
        var plan = Plan()
        var phases: [[Tagged]] = Array(repeating: [], count: SyncObject.phases)
        for (p, peer) in peers.enumerated() {
            for (index, line) in peer.lines.enumerated() {
                if SyncLine.opensAsSampleOrWorkout(line) {
                    plan.bulk.append((p, index))
                    continue
                }
                switch decode(line) {
                case .success(let object): phases[object.phase].append(Tagged(object: object, peer: p, start: peer.starts[index]))
                case .failure(let error): plan.unreadable.append(Unreadable(peer: p, line: index, reason: error.reason))
                }
            }
        }
        plan.first = phases[...SyncObject.dataPhase].flatMap { $0 }
        plan.last = phases[(SyncObject.dataPhase + 1)...].flatMap { $0 }
        return plan
    }

    /// A bulk line's object as the sync takes it: a line that opens as a sample or a workout and
    /// decodes as another kind (possible only through a key written twice) is not understood —
    /// it would be applied out of its phase.
    public static func bulkObject(_ decoded: Result<SyncObject, InterchangeJSONFailure>) -> Result<SyncObject, InterchangeJSONFailure> {
        switch decoded {
        case .success(.data(.sample)), .success(.data(.workout)), .failure: decoded
        case .success: .failure(InterchangeJSONFailure("it opens as a sample or a workout line and is another kind"))
        }
    }

    /// Where each peer's file is read from next time: after its last complete line, or from the
    /// line of its first sample left waiting for its workout.
    public static func readOffsets(_ peers: [SyncPeer], waiting: [(peer: Int, start: Int)]) -> [Int] {
        var offsets = peers.map(\.end)
        for (peer, start) in waiting { offsets[peer] = min(offsets[peer], start) }
        return offsets
    }
}
