import Foundation

/// What a sync file carries, line by line (Standards/sync.md): the interchange objects, and what
/// only sync needs — deletions, settings, reminders, reminder removals, handled occurrences.
public enum SyncObject: Sendable, Equatable {
    case data(InterchangeObject)
    /// A sample, workout or skip deleted (its tombstone).
    case deleted(uuid: UUID, kind: TombstoneKind, type: String)
    /// A setting set (value) or unset (nil), at `modified`.
    case setting(key: String, value: String?, modified: Date)
    /// A reminder as it is now (its `id` means nothing on another device; its UUID does).
    case reminder(Reminder)
    case reminderDeleted(uuid: UUID, modified: Date)
    /// A habit of one's own removed (its entries' deletions travel as tombstones).
    case habitDeleted(id: String, modified: Date)
    /// An occurrence handled: delivered, suppressed or cancelled — on any device, never again.
    case occurrence(reminder: UUID, day: LocalDay, at: Date, state: OccurrenceState, handled: Date)

    /// How many phases there are (``phase`` is below).
    static let phases = 8
    /// The phase of data objects (samples, workouts, skips, rings).
    static let dataPhase = 2

    /// The order objects are applied in: what others refer to first.
    var phase: Int {
        switch self {
        case .data(.habit): 0
        case .habitDeleted: 1
        case .data: Self.dataPhase
        case .setting: 3
        case .reminder: 4
        case .reminderDeleted: 5
        case .occurrence: 6
        case .deleted: 7
        }
    }
}

/// One other device's new lines, as read: each complete line (without its newline) with the byte
/// offset it starts at in the device's file, and the offset after the last complete line. The
/// lines are decoded as the sync applies them (``SyncMerge/plan(_:decode:)``).
public struct SyncPeer: Sendable {
    public var device: String
    public var lines: [[UInt8]]
    /// Where each line starts in the file (same count as `lines`).
    public var starts: [Int]
    public var end: Int

    public init(device: String, lines: [[UInt8]], starts: [Int], end: Int) {
        self.device = device
        self.lines = lines
        self.starts = starts
        self.end = end
    }
}

/// How far a store has got with one sync folder.
public struct SyncProgress: Sendable, Equatable {
    /// This store's device id (made on its first sync; never sent in settings).
    public var deviceID: String
    /// How far each other device's file (or conflict copy) was applied, by its key.
    public var marks: [String: SyncFolder.Mark]
    /// What this device's own file held after its last sync here (nil before the first).
    public var own: SyncFolder.Mark?
    /// The store file is not the one the device id was made in (copied to another machine, or
    /// restored from a backup): it takes a new device id, and sends everything under it.
    public var movedFrom: String?
    /// The device id is new (a first sync, or a moved store): saved by the sync that uses it, so
    /// a sync that fails leaves the store as it was.
    var isNew = false
    /// This store file's identity (device and inode), kept beside the device id.
    var file = ""
    /// What earlier syncs left out of each file (by its key) for types this device may not write.
    public var leftOut: [String: SyncLeftOut] = [:]
    /// The files read again from where such lines began, because these of their types may be
    /// written now (their marks in `marks` moved back): by key.
    public var rereading: [String: [String]] = [:]
}

/// What other devices' lines did here, and what this device sent.
public struct SyncSummary: Sendable, Equatable {
    public var sent = 0
    public var received = 0
    /// Lines that were already so here (or lost to a later word).
    public var unchanged = 0
    public var devices = 0
    /// Habits renamed because another habit had their name (`water` → `water-1a2b`).
    public var renamed: [String] = []
    /// Samples whose workout is neither here nor in the lines read (a file cut off before the
    /// workout's line, or a line naming a workout that never was): each waits, and its device's
    /// file is read again from its line next time. "sample … waits for workout …".
    public var waiting: [String] = []
    /// Records of a type habit may not write here (``AccessGrants``): left out.
    public var notKept = 0
    /// Lines no version of habit wrote: left out, never applied in part; by peer, in file order.
    public var unreadable: [SyncMerge.Unreadable] = []
}

/// What the folder gives one sync, asked for inside the sync's transaction once the store's
/// progress is known (``HabitStore/sync(folder:env:_:)``).
public struct SyncExchange {
    /// The other devices' new lines.
    public var peers: [SyncPeer]
    /// This device's file lost lines it had (a sync tool kept another copy of it): everything is
    /// sent again.
    public var resend: Bool
    /// The mark of peer `peer`'s file at `offset` (nil: the file is shorter or cannot be read).
    public var mark: (_ peer: Int, _ offset: Int) -> SyncFolder.Mark?
    /// Appends this device's objects to its file, on disk before it returns; gives the mark of the
    /// file after them.
    public var send: ([SyncObject]) throws -> SyncFolder.Mark?

    public init(peers: [SyncPeer], resend: Bool, mark: @escaping (_ peer: Int, _ offset: Int) -> SyncFolder.Mark?,
                send: @escaping ([SyncObject]) throws -> SyncFolder.Mark?) {
        (self.peers, self.resend, self.mark, self.send) = (peers, resend, mark, send)
    }
}
