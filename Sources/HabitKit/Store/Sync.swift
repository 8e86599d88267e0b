import Foundation
import GRDB

extension HabitStore {
    /// One sync with the folder `folder` (a key for it, e.g. its real path), in one transaction:
    /// the store's progress with the folder is read (making the device id on the first sync),
    /// `exchange` is given it and reads the other devices' new lines, those are applied, what
    /// changed here since the last sync is handed to the exchange's `send` (which appends it to
    /// this device's file and must not return before it is on disk), and the progress is saved —
    /// all or nothing. Objects applied here are not sent back (the sent position moves past them).
    ///
    /// Applying a line twice changes nothing, also within one run (a sync killed after it appended
    /// sends the same lines again). A sample whose workout has not come waits: the rest is applied,
    /// and its device's file is read again from that sample's line on the next run.
    ///
    /// A device id belongs to one store file (its device and inode, kept beside the id): a store
    /// copied to another machine, or restored from a backup, is another file, takes a new id and
    /// sends everything again under it — two stores never append to one file (issue 23, point 11).
    ///
    /// The lines are decoded as `DataLine` and ``SyncLine`` and applied in ``SyncMerge/plan(_:decode:)``'s
    /// order; samples and workouts are decoded on a second thread while they are applied.
    public func sync<DataLine: InterchangeDataLine>(folder: String, env: HabitEnvironment, dataLines: DataLine.Type,
                                                    _ exchange: (SyncProgress) throws -> SyncExchange) throws -> SyncSummary {
        var info = stat()
        let file = stat(path, &info) == 0 ? "\(info.st_dev):\(info.st_ino)" : ""
        return try write { db in
            let progress = try Self.syncProgress(folder: folder, file: file, env: env, db)
            let exchange = try exchange(progress)
            let (peers, resend) = (exchange.peers, exchange.resend)
            var summary = SyncSummary()
            if progress.movedFrom != nil { try Self.sendEverythingAgain(db) }  // under the new id; what was read stays read
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

            try db.useLargeWriteCache()
            var applier = try InterchangeApplier(db)
            // Each object with its peer and line start, so a sample left waiting can hold its file back.
            func apply(_ object: SyncObject, peer: Int, start: Int) throws {
                let notKept = applier.summary.notKept
                if try applier.apply(object, tag: InterchangeApplier.Tag(peer: peer, start: start)) {
                    summary.received += 1
                } else if applier.summary.notKept == notKept {
                    summary.unchanged += 1
                }
            }
            let decoder = SyncLine.decoder()
            let plan = SyncMerge.plan(peers) { line in
                Result { () throws(InterchangeJSONFailure) in try SyncLine.decode(line, dataLines: DataLine.self, decoder) }
            }
            var unreadable = plan.unreadable
            for tagged in plan.first { try apply(tagged.object, peer: tagged.peer, start: tagged.start) }
            try SyncLine.decodeEach(plan.bulk, of: peers, dataLines: DataLine.self) { decoded, index in
                let (peer, line) = plan.bulk[index]
                switch SyncMerge.bulkObject(decoded) {
                case .success(let object): try apply(object, peer: peer, start: peers[peer].starts[line])
                case .failure(let error): unreadable.append(SyncMerge.Unreadable(peer: peer, line: line, reason: error.reason))
                }
            }
            for tagged in plan.last { try apply(tagged.object, peer: tagged.peer, start: tagged.start) }
            summary.unreadable = unreadable.sorted { ($0.peer, $0.line) < ($1.peer, $1.line) }
            summary.notKept = applier.summary.notKept
            var waiting: [(peer: Int, start: Int)] = []
            for (sample, tag) in try applier.finishWaiting() {
                guard let tag else { continue }
                waiting.append((tag.peer, tag.start))
                summary.waiting.append("sample \(sample.uuid.storeText) waits for workout \(sample.workout?.storeText ?? "?")")
            }
            let offsets = SyncMerge.readOffsets(peers, waiting: waiting)
            summary.renamed = applier.summary.renamed
            summary.devices = peers.filter { $0.device != progress.deviceID }.count  // not its own file read back

            if let ownMark = try exchange.send(own.objects) { try Self.saveState("own:" + folder, ownMark.description, db) }
            summary.sent = own.objects.count

            var anchor = try ChangeCounter.current(db)
            if let pending = try ImportRun.firstPendingAnchor(db) { anchor = min(anchor, max(sentAnchor, pending - 1)) }
            let seq = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM syncLog") ?? 0
            try Self.saveState(sentKey, String(max(anchor, own.anchor)), db)
            try Self.saveState(seqKey, String(seq), db)
            for (i, (peer, offset)) in zip(peers, offsets).enumerated() {
                let key = "read:" + folder + "\u{1F}" + peer.device
                // This device's own file is read only from a line left waiting; else from its own mark.
                if peer.device == progress.deviceID && offset >= peer.end {
                    try db.execute(sql: "DELETE FROM syncState WHERE key = ?", arguments: [key])
                    continue
                }
                let saved = exchange.mark(i, offset) ?? SyncFolder.Mark(offset: offset, tail: "")
                try Self.saveState(key, saved.description, db)
            }
            try Self.saveLeftOut(applier.leftOut, peers: peers, folder: folder, progress: progress, exchange: exchange, db)
            return summary
        }
    }

    /// Forgets what was sent to every folder, so that the next sync sends everything again (peers
    /// keep what they have, by UUID); what was read stays read.
    static func sendEverythingAgain(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM syncState WHERE substr(key, 1, 5) = 'sent:' OR substr(key, 1, 8) = 'sentLog:' OR substr(key, 1, 4) = 'own:'")
    }

    /// This store's device id and how far it has read each device's file in `folder`; a new
    /// device id (saved by the sync that uses it) on the first sync, or when the store file
    /// (`file`: its device and inode) is not the one the id was made in.
    private static func syncProgress(folder: String, file: String, env: HabitEnvironment, _ db: Database) throws -> SyncProgress {
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
        var progress = SyncProgress(deviceID: device ?? "", marks: marks, own: movedFrom == nil ? own : nil, movedFrom: movedFrom,
                                    isNew: isNew, file: file)
        try readAgainWhatMayBeWrittenNow(folder: folder, &progress, db)
        return progress
    }

    static func saveState(_ key: String, _ value: String, _ db: Database) throws {
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
                var definition = try row.definition()
                definition.command = nil  // per device: never sent (Standards/security.md)
                objects.append(.data(.habit(definition)))
            } else if let modified = try Double.fetchOne(db, sql: "SELECT modified FROM habitTombstone WHERE id = ?", arguments: [entry.key]) {
                objects.append(.habitDeleted(id: entry.key, modified: Date(timeIntervalSince1970: modified)))
            }
        }
        // What habit may not read here is not sent (Standards/access.md); allowing it again sends
        // everything once more (``HabitStore/setAccess(_:allow:read:write:at:)``).
        let grants = try grants(db)
        for row in try SampleViewRecord.all().readable(grants).changed(after: afterAnchor).filter(SampleViewRecord.Columns.anchor <= current).fetchAll(db) {
            objects.append(.data(.sample(row.sample, sources.description(row.sample.source, version: row.sourceVersion))))
        }
        let workouts = WorkoutBatches(detailsOf: try WorkoutViewRecord.all().changed(after: afterAnchor)
            .filter(WorkoutViewRecord.Columns.anchor <= current).fetchCursor(db), db)
        while grants.mayRead(DataTypes.workout), let (row, (statistics, events)) = try workouts.nextWorkout() {
            objects.append(.data(.workout(row.workout, sources.description(row.workout.source, version: row.sourceVersion),
                                          statistics: statistics, events: events)))
        }
        for skip in try skips(after: afterAnchor, db) where skip.anchor <= current { objects.append(.data(.skip(skip))) }
        for summary in try activitySummaries(changedAfter: afterAnchor, upTo: current, db) where grants.mayRead(DataTypes.activitySummary) {
            objects.append(.data(.activitySummary(summary)))
        }
        for entry in logged {
            switch entry.kind {
            case "setting":
                if let row = try SettingRecord.fetchOne(db, key: entry.key) {
                    objects.append(.setting(key: row.key, value: row.value, modified: Date(timeIntervalSince1970: row.modified)))
                }
            case "reminder", "reminderDeleted":
                if let row = try ReminderRecord.filter(ReminderRecord.Columns.uuid == entry.key).fetchOne(db) {
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
        for t in try tombstones(since: afterAnchor, db) where t.anchor <= current
        && (t.kind == .skip || grants.mayRead(t.kind == .workout ? DataTypes.workout : t.type)) {
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

    /// The access grants as they stand in this transaction: a record of a type habit may not
    /// write is not stored (counted in ``InterchangeSummary/notKept``), nor a sample of a workout
    /// that was not kept.
    private let grants: AccessGrants
    private var workoutsNotKept: Set<UUID> = []
    /// Each record left out for its type with where it came from (sync: remembered, so the
    /// lines are read again once the type may be written: Standards/sync.md).
    private(set) var leftOut: [(tag: Tag, type: String)] = []
    /// The statements and ids a sample line needs, prepared and looked up once.
    private let rows: AppliedRows

    init(_ db: Database) throws {
        self.db = db
        deleted = Set(try String.fetchAll(db, sql: "SELECT uuid FROM tombstone"))
        grants = try HabitStore.grants(db)
        rows = try AppliedRows(db)
    }

    /// A record of `type` habit may not write here: not stored, counted, and remembered by its line.
    private mutating func leaveOut(_ type: String, tag: Tag?) {
        summary.notKept += 1
        if let tag { leftOut.append((tag, type)) }
    }

    private func known(_ table: String, _ uuid: String) throws -> Bool {
        if deleted.contains(uuid) { return true }
        return try rows.has(table, uuid: uuid)
    }

    /// Stores `object` unless the store has it (or a later word); returns whether anything changed.
    mutating func apply(_ object: SyncObject, tag: Tag?) throws -> Bool {
        self.tag = tag
        defer { self.tag = nil }
        return try apply(object)
    }

    mutating func apply(_ object: SyncObject) throws -> Bool {
        // A sample's or workout's insert takes its anchor from the counter ``AppliedRows`` keeps;
        // every other object may read or take anchors in the store (triggers, ``ChangeCounter``),
        // so the counter is written back first.
        switch object {
        case .data(.sample), .data(.workout): break
        default: try rows.settleAnchor()
        }
        switch object {
        case .data(let data): return try apply(data)
        case .deleted(let uuid, let kind, let type): return try delete(uuid, kind: kind, type: type)
        case .setting(let key, let value, let modified):
            let stamp = modified.timeIntervalSince1970
            let here = try SettingRecord.fetchOne(db, key: key).map { SyncMerge.Version(setting: $0.value, modified: $0.modified) }
            guard SyncMerge.decide(SyncMerge.Version(setting: value, modified: stamp), here: here) != .keep else { return false }
            try SettingRecord(key: key, value: value, modified: stamp).upsert(db)
            summary.settings += 1
            return true
        case .reminder(let reminder):
            guard let uuid = reminder.uuid?.storeText else { return false }
            let gone = try Double.fetchOne(db, sql: "SELECT modified FROM reminderTombstone WHERE uuid = ?", arguments: [uuid])
            var row = ReminderRecord(reminder)
            let here = try ReminderRecord.filter(ReminderRecord.Columns.uuid == uuid).fetchOne(db)
            switch SyncMerge.decide(SyncMerge.Version(reminder: reminder), here: try here.map { .init(reminder: try $0.reminder()) },
                                    removedAt: gone) {
            case .keep: return false
            case .update:
                row.id = here?.id
                try row.update(db)
            case .insert:
                row.id = nil
                try row.insert(db)
            }
            summary.reminders += 1
            return true
        case .reminderDeleted(let uuid, let modified):
            let stamp = modified.timeIntervalSince1970
            let here = try Double.fetchOne(db, sql: "SELECT modified FROM reminder WHERE uuid = ?", arguments: [uuid.storeText])
            switch SyncMerge.removal(removedAt: stamp, here: here) {
            case .keep: return false
            case .remove: try db.execute(sql: "DELETE FROM reminder WHERE uuid = ?", arguments: [uuid.storeText])
            case .remember: break
            }
            try db.execute(sql: "INSERT INTO reminderTombstone (uuid, modified) VALUES (?, ?) ON CONFLICT (uuid) DO UPDATE SET modified = max(modified, excluded.modified)",
                           arguments: [uuid.storeText, stamp])
            return true
        case .habitDeleted(let id, let modified):
            let stamp = modified.timeIntervalSince1970
            let here = try Double.fetchOne(db, sql: "SELECT modified FROM habit WHERE id = ?", arguments: [id])
            switch SyncMerge.removal(removedAt: stamp, here: here) {
            case .keep: return false
            case .remove:
                _ = try HabitStore.deleteHabitRow(id, db)
            case .remember: break
            }
            try db.execute(sql: "INSERT INTO habitTombstone (id, modified) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET modified = max(modified, excluded.modified)",
                           arguments: [id, stamp])
            return true
        case .occurrence(let reminder, let day, let at, let state, let handled):
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM reminder WHERE uuid = ?", arguments: [reminder.storeText]) else {
                return false
            }
            let here = try OccurrenceState.fetchOne(db, sql: "SELECT state FROM occurrence WHERE reminderId = ? AND day = ?",
                                                    arguments: [id, day.description])
            switch SyncMerge.decide(state, here: here) {
            case .keep: return false
            case .update:
                try db.execute(sql: "UPDATE occurrence SET state = ?, at = ?, handled = ? WHERE reminderId = ? AND day = ?",
                               arguments: [state, at.timeIntervalSince1970, handled.timeIntervalSince1970, id, day.description])
            case .insert:
                try OccurrenceRecord(reminderId: id, day: day.description, at: at.timeIntervalSince1970, state: state,
                                     handled: handled.timeIntervalSince1970).insert(db)
            }
            summary.occurrences += 1
            return true
        }
    }

    private mutating func apply(_ object: InterchangeObject) throws -> Bool {
        switch object {
        case .habit(let habit): return try apply(habit)
        case .sample(let sample, let source):
            if try waitingUUIDs.contains(sample.uuid) || known("sample", sample.uuid.storeText) { return false }
            if !grants.allowsEverything, !grants.mayWrite(sample.type) || sample.workout.map(workoutsNotKept.contains) == true {
                leaveOut(grants.mayWrite(sample.type) ? DataTypes.workout : sample.type, tag: tag)
                return false
            }
            if try !store(sample, source) {
                waiting.append((sample, source, tag))
                waitingUUIDs.insert(sample.uuid)
            }
            return true
        case .workout(let workout, let source, let statistics, let events):
            if try known("workout", workout.uuid.storeText) { return false }
            if !grants.mayWrite(DataTypes.workout) {
                workoutsNotKept.insert(workout.uuid)
                leaveOut(DataTypes.workout, tag: tag)
                return false
            }
            let id = try rows.insert(workout, source: try rows.source(workout.source, source))
            for s in statistics { try WorkoutStatisticRecord(workoutId: id, s).insert(db) }
            for e in events { try WorkoutEventRecord(workoutId: id, e).insert(db) }
            summary.workouts += 1
            return true
        case .activitySummary(let day):
            if !grants.mayWrite(DataTypes.activitySummary) {
                leaveOut(DataTypes.activitySummary, tag: tag)
                return false
            }
            guard try ActivitySummaryRecord.save(day, db, anchor: { try ChangeCounter.next(db) }) else { return false }
            summary.activitySummaries += 1
            return true
        case .skip(let skip):
            let habit = skip.habitID ?? SkipRecord.everyHabit
            let uuid = skip.uuid.storeText
            let here = deleted.contains(uuid) ? nil
                : try String.fetchOne(db, sql: "SELECT uuid FROM skip WHERE habit = ? AND day = ?", arguments: [habit, skip.day.description])
            switch SyncMerge.decide(skip: uuid, here: here, deleted: deleted.contains(uuid)) {
            case .keep: return false
            case .update:
                try db.execute(sql: "UPDATE skip SET uuid = ? WHERE uuid = ?", arguments: [uuid, here])
                return true
            case .insert: break
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
        let gone = try Double.fetchOne(db, sql: "SELECT modified FROM habitTombstone WHERE id = ?", arguments: [habit.id])
        let here = try HabitRecord.fetchOne(db, key: habit.id).map { try $0.definition() }
        let decision = SyncMerge.decide(SyncMerge.Version(habit: habit), here: here.map(SyncMerge.Version.init(habit:)), removedAt: gone)
        guard decision != .keep else { return false }
        if !UnicodeScript.isHighlyRestrictive(habit.name) {  // a name that could pass for another: one script kept
            let kept = HabitName.inOneScript(habit.name)
            let renamed = HabitName.isWellFormed(kept) && !HabitName.reserved.contains(kept) ? kept : "habit-" + habit.id.prefix(4).lowercased()
            summary.renamed.append("\(habit.name) → \(renamed) \(HabitName.mixedScriptsNote)")
            habit.name = renamed
        }
        if let other = try HabitRecord.filter(HabitRecord.Columns.name == habit.name && HabitRecord.Columns.id != habit.id).fetchOne(db) {
            let otherDefinition = try other.definition()
            if SyncMerge.incomingLosesName(habit, to: otherDefinition) {
                let renamed = SyncMerge.clashName(habit)
                summary.renamed.append("\(habit.name) → \(renamed)")
                habit.name = renamed
            } else {
                var loser = otherDefinition
                loser.name = SyncMerge.clashName(otherDefinition)
                summary.renamed.append("\(otherDefinition.name) → \(loser.name)")
                try HabitRecord(loser).update(db)
            }
        }
        if decision == .insert {
            try HabitRecord(habit).insert(db)
            summary.habits += 1
        } else {
            try HabitRecord(habit).update(db)
            summary.habitsUpdated += 1
        }
        return true
    }

    private mutating func store(_ sample: Sample, _ source: SourceDescription) throws -> Bool {
        var workoutID: Int64?
        if let workout = sample.workout {
            workoutID = try rows.workoutID(workout.storeText)
            if workoutID == nil { return false }
        }
        try rows.insert(sample, workoutID: workoutID, source: try rows.source(sample.source, source))
        summary.samples += 1
        return true
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
        for (sample, source, tag) in pending {
            if let workout = sample.workout, workoutsNotKept.contains(workout) {
                leaveOut(DataTypes.workout, tag: tag)  // its workout came later, of a type habit may not write
                continue
            }
            if try !store(sample, source) { unresolved.append((sample, tag)) }
        }
        try rows.settleAnchor()
        return unresolved
    }
}
