import Foundation
import GRDB

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

    /// The order objects are applied in: what others refer to first.
    var phase: Int {
        switch self {
        case .data(.habit): 0
        case .habitDeleted: 1
        case .data: 2
        case .setting: 3
        case .reminder: 4
        case .reminderDeleted: 5
        case .occurrence: 6
        case .deleted: 7
        }
    }
}

/// One other device's new lines, decoded: each object with the byte offset its line starts at
/// in the device's file, and the offset after the last complete line.
public struct SyncPeer: Sendable {
    public var device: String
    public var objects: [SyncObject]
    /// Where each object's line starts in the file (same count as `objects`).
    public var starts: [Int]
    public var end: Int

    public init(device: String, objects: [SyncObject], starts: [Int], end: Int) {
        self.device = device
        self.objects = objects
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
}

extension HabitStore {
    /// This store's device id and how far it has read each device's file in the folder `folder`
    /// (a key for the folder, e.g. its real path), making the device id on the first call.
    ///
    /// A device id belongs to one store file (its device and inode, kept beside the id): a store
    /// copied to another machine, or restored from a backup, is another file, takes a new id and
    /// sends everything again under it — two stores never append to one file (issue 23, point 11).
    public func syncProgress(folder: String, env: HabitEnvironment) throws -> SyncProgress {
        var info = stat()
        let file = stat(path, &info) == 0 ? "\(info.st_dev):\(info.st_ino)" : ""
        return try read { db in
            var device = try String.fetchOne(db, sql: "SELECT value FROM syncState WHERE key = 'device'")
            let madeIn = try String.fetchOne(db, sql: "SELECT value FROM syncState WHERE key = 'deviceFile'")
            var movedFrom: String?
            if let old = device, let madeIn, !file.isEmpty, madeIn != file {
                movedFrom = old
                device = nil
            }
            let isNew = device == nil
            if isNew { device = env.makeUUID().storeText }
            var marks: [String: SyncFolder.Mark] = [:]
            let prefix = "read:" + folder + "\u{1F}"
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM syncState WHERE substr(key, 1, ?) = ?",
                                        arguments: [prefix.utf8.count, prefix]) {
                let key: String = row[0]
                marks[String(key.utf8.dropFirst(prefix.utf8.count)) ?? ""] = SyncFolder.Mark(row[1] as String)
            }
            let own = try String.fetchOne(db, sql: "SELECT value FROM syncState WHERE key = ?", arguments: ["own:" + folder])
                .flatMap(SyncFolder.Mark.init)
            return SyncProgress(deviceID: device ?? "", marks: marks, own: movedFrom == nil ? own : nil, movedFrom: movedFrom,
                                isNew: isNew, file: file)
        }
    }

    /// One sync, in one transaction: what changed here since the last sync to `folder` is handed
    /// to `send` (which appends it to this device's file and must not return before it is on
    /// disk), the other devices' objects are applied, and the progress is saved — all or nothing.
    /// Objects applied here are not sent back (the sent position moves past them).
    ///
    /// Applying a line twice changes nothing, also within one run (a sync killed after it appended
    /// sends the same lines again). A sample whose workout has not come waits: the rest is applied,
    /// and its device's file is read again from that sample's line on the next run.
    ///
    /// `resend`: this device's file lost lines it had (a sync tool kept another copy of it), so
    /// everything is sent again. `mark` gives the mark of peer `i`'s file at an offset; `send`
    /// appends and returns the mark of this device's file after it.
    public func sync(folder: String, progress: SyncProgress, peers: [SyncPeer], resend: Bool = false,
                     mark: (_ peer: Int, _ offset: Int) -> SyncFolder.Mark?,
                     send: ([SyncObject]) throws -> SyncFolder.Mark?) throws -> SyncSummary {
        try write { db in
            var summary = SyncSummary()
            if progress.movedFrom != nil {
                // Everything is sent again under the new id; what was read stays read.
                try db.execute(sql: "DELETE FROM syncState WHERE substr(key, 1, 5) = 'sent:' OR substr(key, 1, 8) = 'sentLog:' OR substr(key, 1, 4) = 'own:'")
            }
            if progress.isNew { try Self.saveState("device", progress.deviceID, db) }
            if !progress.file.isEmpty { try Self.saveState("deviceFile", progress.file, db) }
            let sentKey = "sent:" + folder, seqKey = "sentLog:" + folder
            let sentAnchor = resend ? 0
                : Int64(try String.fetchOne(db, sql: "SELECT value FROM syncState WHERE key = ?", arguments: [sentKey]) ?? "0") ?? 0
            // The first sync to a folder sends every setting, reminder, occurrence and habit: a store
            // older than sync has them without log entries.
            let sentSeq = resend ? nil
                : try String.fetchOne(db, sql: "SELECT value FROM syncState WHERE key = ?", arguments: [seqKey]).flatMap { Int64($0) }
            let own = try Self.changes(afterAnchor: sentAnchor, afterSeq: sentSeq, db)

            var applier = try InterchangeApplier(db)
            // Each object with its peer and line start, so a sample left waiting can hold its file back.
            let tagged = peers.enumerated().flatMap { p, peer in zip(peer.objects, peer.starts).map { (object: $0, peer: p, start: $1) } }
            for (object, p, start) in tagged.enumerated().sorted(by: { ($0.element.object.phase, $0.offset) < ($1.element.object.phase, $1.offset) })
                .map(\.element) {
                if try applier.apply(object, tag: InterchangeApplier.Tag(peer: p, start: start)) { summary.received += 1 } else { summary.unchanged += 1 }
            }
            var offsets = peers.map(\.end)
            for (sample, tag) in try applier.finishWaiting() {
                guard let tag else { continue }
                offsets[tag.peer] = min(offsets[tag.peer], tag.start)
                summary.waiting.append("sample \(sample.uuid.storeText) waits for workout \(sample.workout?.storeText ?? "?")")
            }
            summary.renamed = applier.summary.renamed
            summary.devices = peers.count

            if let ownMark = try send(own.objects) { try Self.saveState("own:" + folder, ownMark.description, db) }
            summary.sent = own.objects.count

            var anchor = try ChangeCounter.current(db)
            if let pending = try ImportRun.firstPendingAnchor(db) { anchor = min(anchor, max(sentAnchor, pending - 1)) }
            let seq = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM syncLog") ?? 0
            try Self.saveState(sentKey, String(max(anchor, own.anchor)), db)
            try Self.saveState(seqKey, String(seq), db)
            for (i, (peer, offset)) in zip(peers, offsets).enumerated() {
                let saved = mark(i, offset) ?? SyncFolder.Mark(offset: offset, tail: "")
                try Self.saveState("read:" + folder + "\u{1F}" + peer.device, saved.description, db)
            }
            return summary
        }
    }

    private static func saveState(_ key: String, _ value: String, _ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO syncState (key, value) VALUES (?, ?)", arguments: [key, value])
    }

    /// What changed here: data objects and deletions after `afterAnchor`, and the settings,
    /// reminders, habits and occurrences the sync log lists after `afterSeq` (as they are now).
    static func changes(afterAnchor: Int64, afterSeq: Int64?, _ db: Database) throws -> (objects: [SyncObject], anchor: Int64) {
        var objects: [SyncObject] = []
        var current = try ChangeCounter.current(db)
        if let pending = try ImportRun.firstPendingAnchor(db) { current = min(current, max(afterAnchor, pending - 1)) }
        let sources = try SourceNames(db)

        // Habits first (entries and reminders refer to them), from the log.
        var seen: Set<String> = []
        var logged: [(kind: String, key: String)] = []
        let listed = afterSeq.map { seq in SQLRequest<Row>(sql: "SELECT kind, key FROM syncLog WHERE seq > ? ORDER BY seq DESC", arguments: [seq]) }
            ?? SQLRequest<Row>(sql: """
                SELECT 'occurrence', r.uuid || ' ' || o.day FROM occurrence o JOIN reminder r ON r.id = o.reminderId
                UNION ALL SELECT 'reminderDeleted', uuid FROM reminderTombstone
                UNION ALL SELECT 'reminder', uuid FROM reminder
                UNION ALL SELECT 'setting', key FROM setting
                UNION ALL SELECT 'habitDeleted', id FROM habitTombstone
                UNION ALL SELECT 'habit', id FROM habit
                """)
        for row in try Row.fetchAll(db, listed) {
            let entry = (kind: row[0] as String, key: row[1] as String)
            let id = entry.kind.replacingOccurrences(of: "Deleted", with: "") + "\u{1F}" + entry.key
            if seen.insert(id).inserted { logged.append(entry) }
        }
        logged.reverse()
        for entry in logged where entry.kind == "habit" || entry.kind == "habitDeleted" {
            if let row = try HabitRecord.fetchOne(db, key: entry.key) {
                objects.append(.data(.habit(try row.definition())))
            } else if let modified = try Double.fetchOne(db, sql: "SELECT modified FROM habitTombstone WHERE id = ?", arguments: [entry.key]) {
                objects.append(.habitDeleted(id: entry.key, modified: Date(timeIntervalSince1970: modified)))
            }
        }
        for row in try SampleViewRecord.all().changed(after: afterAnchor).filter(Column("anchor") <= current).fetchAll(db) {
            objects.append(.data(.sample(row.sample, sources.description(row.sample.source, version: row.sourceVersion))))
        }
        for row in try WorkoutViewRecord.all().changed(after: afterAnchor).filter(Column("anchor") <= current).fetchAll(db) {
            let (statistics, events) = try details(ofWorkout: row.id, db)
            objects.append(.data(.workout(row.workout, sources.description(row.workout.source, version: row.sourceVersion),
                                          statistics: statistics, events: events)))
        }
        for skip in try skips(after: afterAnchor, db) where skip.anchor <= current { objects.append(.data(.skip(skip))) }
        for summary in try activitySummaries(changedAfter: afterAnchor, upTo: current, db) { objects.append(.data(.activitySummary(summary))) }
        for entry in logged {
            switch entry.kind {
            case "setting":
                if let row = try SettingRecord.fetchOne(db, key: entry.key) {
                    objects.append(.setting(key: row.key, value: row.value, modified: Date(timeIntervalSince1970: row.modified)))
                }
            case "reminder", "reminderDeleted":
                if let row = try ReminderRecord.filter(Column("uuid") == entry.key).fetchOne(db) {
                    objects.append(.reminder(try row.reminder()))
                } else if let modified = try Double.fetchOne(db, sql: "SELECT modified FROM reminderTombstone WHERE uuid = ?",
                                                             arguments: [entry.key]) {
                    objects.append(.reminderDeleted(uuid: UUID(storeText: entry.key), modified: Date(timeIntervalSince1970: modified)))
                }
            case "occurrence":
                let parts = entry.key.split(separator: " ")
                guard parts.count == 2, let day = LocalDay(parts[1]) else { continue }
                if let row = try Row.fetchOne(db, sql: """
                    SELECT o.at, o.state, o.handled FROM occurrence o JOIN reminder r ON r.id = o.reminderId
                    WHERE r.uuid = ? AND o.day = ?
                    """, arguments: [String(parts[0]), day.description]), let state = OccurrenceState(rawValue: row[1]) {
                    objects.append(.occurrence(reminder: UUID(storeText: String(parts[0])), day: day,
                                               at: Date(timeIntervalSince1970: row[0]), state: state,
                                               handled: Date(timeIntervalSince1970: row[2])))
                }
            default: continue
            }
        }
        for t in try tombstones(since: afterAnchor, db) where t.anchor <= current {
            objects.append(.deleted(uuid: t.uuid, kind: t.kind, type: t.type))
        }
        return (objects, current)
    }
}

/// Applies interchange and sync objects inside one write transaction: what `habit import
/// FILE.ndjson` and `habit sync` share. Every rule converges: applied on any device in any order,
/// the same objects leave the same store (Standards/sync.md).
struct InterchangeApplier {
    let db: Database
    var summary = InterchangeSummary()
    private var deleted: Set<String>
    /// Samples whose workout has not come yet, in the order they came, once each.
    private var waiting: [(Sample, SourceDescription, Tag?)] = []
    private var waitingUUIDs: Set<UUID> = []
    /// Where an object came from (sync: a peer's file and its line), for a sample left waiting.
    private var tag: Tag?

    struct Tag {
        var peer: Int
        var start: Int
    }

    init(_ db: Database) throws {
        self.db = db
        deleted = Set(try String.fetchAll(db, sql: "SELECT uuid FROM tombstone"))
    }

    private func known(_ table: String, _ uuid: String) throws -> Bool {
        if deleted.contains(uuid) { return true }
        return try Bool.fetchOne(db, sql: "SELECT 1 FROM \(table) WHERE uuid = ?", arguments: [uuid]) ?? false
    }

    /// Stores `object` unless the store has it (or a later word); returns whether anything changed.
    mutating func apply(_ object: SyncObject, tag: Tag?) throws -> Bool {
        self.tag = tag
        defer { self.tag = nil }
        return try apply(object)
    }

    mutating func apply(_ object: SyncObject) throws -> Bool {
        switch object {
        case .data(let data): return try apply(data)
        case .deleted(let uuid, let kind, let type): return try delete(uuid, kind: kind, type: type)
        case .setting(let key, let value, let modified):
            let stamp = modified.timeIntervalSince1970
            if let row = try SettingRecord.fetchOne(db, key: key),
               !(stamp > row.modified || (stamp == row.modified && (value ?? "") > (row.value ?? ""))) {
                return false
            }
            try SettingRecord(key: key, value: value, modified: stamp).upsert(db)
            summary.settings += 1
            return true
        case .reminder(let reminder):
            guard let uuid = reminder.uuid?.storeText else { return false }
            let stamp = reminder.modified.timeIntervalSince1970
            if let gone = try Double.fetchOne(db, sql: "SELECT modified FROM reminderTombstone WHERE uuid = ?", arguments: [uuid]),
               gone >= stamp {
                return false
            }
            var row = ReminderRecord(reminder)
            if let here = try ReminderRecord.filter(Column("uuid") == uuid).fetchOne(db) {
                let newer = stamp > here.modified || (stamp == here.modified && Self.text(row) > Self.text(here))
                guard newer else { return false }
                row.id = here.id
                try row.update(db)
            } else {
                row.id = nil
                try row.insert(db)
            }
            summary.reminders += 1
            return true
        case .reminderDeleted(let uuid, let modified):
            let stamp = modified.timeIntervalSince1970
            if let here = try ReminderRecord.filter(Column("uuid") == uuid.storeText).fetchOne(db) {
                guard here.modified <= stamp else { return false }  // edited after the removed version: the edit wins
                try db.execute(sql: "DELETE FROM reminder WHERE uuid = ?", arguments: [uuid.storeText])
            }
            try db.execute(sql: "INSERT INTO reminderTombstone (uuid, modified) VALUES (?, ?) ON CONFLICT (uuid) DO UPDATE SET modified = max(modified, excluded.modified)",
                           arguments: [uuid.storeText, stamp])
            return true
        case .habitDeleted(let id, let modified):
            let stamp = modified.timeIntervalSince1970
            if let here = try HabitRecord.fetchOne(db, key: id) {
                guard here.modified <= stamp else { return false }
                try db.execute(sql: "DELETE FROM skip WHERE habit = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM reminder WHERE activity = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM habit WHERE id = ?", arguments: [id])
            }
            try db.execute(sql: "INSERT INTO habitTombstone (id, modified) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET modified = max(modified, excluded.modified)",
                           arguments: [id, stamp])
            return true
        case .occurrence(let reminder, let day, let at, let state, let handled):
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM reminder WHERE uuid = ?", arguments: [reminder.storeText]) else {
                return false
            }
            let rank: [OccurrenceState: Int] = [.cancelled: 0, .suppressed: 1, .delivered: 2]
            if let here = try OccurrenceState.fetchOne(db, sql: "SELECT state FROM occurrence WHERE reminderId = ? AND day = ?",
                                                       arguments: [id, day.description]) {
                guard (rank[state] ?? 0) > (rank[here] ?? 0) else { return false }
                try db.execute(sql: "UPDATE occurrence SET state = ?, at = ?, handled = ? WHERE reminderId = ? AND day = ?",
                               arguments: [state, at.timeIntervalSince1970, handled.timeIntervalSince1970, id, day.description])
                summary.occurrences += 1
                return true
            }
            try OccurrenceRecord(reminderId: id, day: day.description, at: at.timeIntervalSince1970, state: state,
                                 handled: handled.timeIntervalSince1970).insert(db)
            summary.occurrences += 1
            return true
        }
    }

    private static func text(_ r: ReminderRecord) -> String {
        [r.title, r.message, r.activity, String(r.hour), String(r.minute), String(r.weekdays), String(r.lookbackHours), String(r.enabled)]
            .joined(separator: "\u{1F}")
    }

    private mutating func apply(_ object: InterchangeObject) throws -> Bool {
        switch object {
        case .habit(let habit): return try apply(habit)
        case .sample(let sample, let source):
            if try waitingUUIDs.contains(sample.uuid) || known("sample", sample.uuid.storeText) { return false }
            if try !store(sample, source) {
                waiting.append((sample, source, tag))
                waitingUUIDs.insert(sample.uuid)
            }
            return true
        case .workout(let workout, let source, let statistics, let events):
            if try known("workout", workout.uuid.storeText) { return false }
            let versionID = try recordVersionID(of: workout.source, source)
            let id = try HabitStore.insert(workout, db)
            try RecordSourceVersion.set(versionID, table: "workout", rowID: id, db)
            for s in statistics {
                try WorkoutStatisticRecord(workoutId: id, type: s.type, start: s.start?.timeIntervalSince1970,
                                           end: s.end?.timeIntervalSince1970, average: s.average, minimum: s.minimum,
                                           maximum: s.maximum, sum: s.sum, unit: s.unit).insert(db)
            }
            for e in events {
                try WorkoutEventRecord(workoutId: id, type: e.type, date: e.date?.timeIntervalSince1970,
                                       duration: e.duration, durationUnit: e.durationUnit).insert(db)
            }
            summary.workouts += 1
            return true
        case .activitySummary(let day):
            guard try ActivitySummaryRecord.save(day, db, anchor: { try ChangeCounter.next(db) }) else { return false }
            summary.activitySummaries += 1
            return true
        case .skip(let skip):
            let habit = skip.habitID ?? SkipRecord.everyHabit
            let uuid = skip.uuid.storeText
            if deleted.contains(uuid) { return false }
            if let here = try String.fetchOne(db, sql: "SELECT uuid FROM skip WHERE habit = ? AND day = ?",
                                              arguments: [habit, skip.day.description]) {
                // Two devices skipped the same day: the smaller UUID is the skip everywhere.
                guard uuid < here else { return false }
                try db.execute(sql: "UPDATE skip SET uuid = ? WHERE uuid = ?", arguments: [uuid, here])
                return true
            }
            try SkipRecord(uuid: uuid, habit: habit, day: skip.day.description,
                           created: skip.created.timeIntervalSince1970, anchor: try ChangeCounter.next(db)).insert(db)
            summary.skips += 1
            return true
        }
    }

    /// A habit definition: new, or newer than the one here (last writer wins; a tie goes to the
    /// larger text, so every device picks the same). Two habits with one name: the one created
    /// later (or, at the same instant, with the larger id) gets its id's first four digits after it.
    private mutating func apply(_ incoming: HabitDefinition) throws -> Bool {
        var habit = incoming
        if let gone = try Double.fetchOne(db, sql: "SELECT modified FROM habitTombstone WHERE id = ?", arguments: [habit.id]),
           gone >= habit.modified.timeIntervalSince1970 {
            return false
        }
        let here = try HabitRecord.fetchOne(db, key: habit.id).map { try $0.definition() }
        if let here {
            let a = HabitRecord(habit), b = HabitRecord(here)
            let newer = a.modified > b.modified || (a.modified == b.modified && Self.text(a) > Self.text(b))
            guard newer else { return false }
        }
        if let other = try HabitRecord.filter(Column("name") == habit.name && Column("id") != habit.id).fetchOne(db) {
            let otherDefinition = try other.definition()
            let incomingLoses = (habit.created, habit.id) > (otherDefinition.created, otherDefinition.id)
            if incomingLoses {
                let renamed = Self.clashName(habit)
                summary.renamed.append("\(habit.name) → \(renamed)")
                habit.name = renamed
            } else {
                var loser = otherDefinition
                loser.name = Self.clashName(otherDefinition)
                summary.renamed.append("\(otherDefinition.name) → \(loser.name)")
                try HabitRecord(loser).update(db)
            }
        }
        if here == nil {
            try HabitRecord(habit).insert(db)
            summary.habits += 1
        } else {
            try HabitRecord(habit).update(db)
            summary.habitsUpdated += 1
        }
        return true
    }

    private static func clashName(_ habit: HabitDefinition) -> String {
        let suffix = "-" + habit.id.prefix(4).lowercased()
        return TrackerRules.cut(habit.name, to: 32 - suffix.count) + suffix
    }

    private static func text(_ r: HabitRecord) -> String {
        [r.name, r.kind, r.unit ?? "", r.goal ?? "", r.target.map { String($0) } ?? "", r.per, String(r.times), r.fromType ?? "",
         r.sources, r.since, String(r.archived), String(r.created), String(r.asks)].joined(separator: "\u{1F}")
    }

    private mutating func store(_ sample: Sample, _ source: SourceDescription) throws -> Bool {
        var workoutID: Int64?
        if let workout = sample.workout {
            workoutID = try Int64.fetchOne(db, sql: "SELECT id FROM workout WHERE uuid = ?", arguments: [workout.storeText])
            if workoutID == nil { return false }
        }
        let versionID = try recordVersionID(of: sample.source, source)
        let id = try HabitStore.insert(sample, workoutId: workoutID, db)
        try RecordSourceVersion.set(versionID, table: "sample", rowID: id, db)
        summary.samples += 1
        return true
    }

    /// Makes the source row on first use (with this object's name and version) and returns what
    /// the object's row stores for its own version: nil when it is the source row's.
    private func recordVersionID(of id: SourceID, _ source: SourceDescription) throws -> Int64? {
        let row = try SourceRecord.row(of: id, name: source.name, version: source.version, db)
        return try RecordSourceVersion.id(source.version, sourceVersion: row.version, db)
    }

    /// A deletion: the object goes (its tombstone is made by the trigger); one not here yet gets
    /// its tombstone now, so that it never comes.
    private mutating func delete(_ uuid: UUID, kind: TombstoneKind, type: String) throws -> Bool {
        let text = uuid.storeText
        if deleted.contains(text) { return false }
        deleted.insert(text)
        let table = switch kind {
        case .sample: "sample"
        case .workout: "workout"
        case .skip: "skip"
        }
        try db.execute(sql: "DELETE FROM \(table) WHERE uuid = ?", arguments: [text])
        if db.changesCount == 0 {
            try db.execute(sql: "INSERT INTO tombstone (anchor, uuid, kind, type) VALUES (?, ?, ?, ?)",
                           arguments: [try ChangeCounter.next(db), text, kind, type])
        }
        return true
    }

    /// Samples of workouts that came later in the file; one whose workout never came refuses it all.
    mutating func finish() throws {
        if let (sample, _) = try finishWaiting().first {
            throw InterchangeError.missingWorkout(sample: sample.uuid, workout: sample.workout ?? sample.uuid)
        }
    }

    /// Stores the samples whose workout came later; returns those whose workout never came, with
    /// where each came from (sync leaves them waiting for the next run).
    mutating func finishWaiting() throws -> [(Sample, Tag?)] {
        let pending = waiting
        waiting = []
        waitingUUIDs = []
        var unresolved: [(Sample, Tag?)] = []
        for (sample, source, tag) in pending where try !store(sample, source) { unresolved.append((sample, tag)) }
        return unresolved
    }
}
