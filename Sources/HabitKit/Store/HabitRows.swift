import Foundation
import GRDB

/// A row of `habit`: a habit of the user's own (the built-ins have none).
struct HabitRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "habit"
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
    }
    var id: String
    var name: String
    var kind: String
    var unit: String?
    var goal: String?
    var target: Double?
    /// `day`, `week`, `month` or `days` (D in ``days``).
    var per: String
    var times: Int
    var fromType: String?
    var sources: String
    var since: String
    var archived: Bool
    /// 0 for a habit that records but never asks (schema v11; older rows read 1).
    var asks: Bool
    var created: Double
    var modified: Double
    /// D of a habit of N days in any D (schema v12); nil for every other period.
    var days: Int?
    /// The weekdays a daily habit is due on, bit 0 Monday … bit 6 Sunday (schema v14, `v14-weekday-schedules`); nil every day.
    var weekdays: Int?
    /// A command habit's command (schema v15). Read, never written by `insert` or `update`: it is
    /// not among the coding keys, so a definition that arrives by sync or import can neither set
    /// nor clear it (Standards/security.md). Only ``HabitStore/setCommand(_:habitID:_:)`` writes it.
    var command: String? = nil
    /// The habit's tags, comma-separated and sorted (schema v18, `v18-habit-tags`; ``HabitTag``); nil for none.
    var tags: String?

    enum CodingKeys: String, CodingKey {
        case id, name, kind, unit, goal, target, per, times, fromType, sources, since, archived, asks, created, modified, days, weekdays, tags
    }

    /// The columns ``init(row:)`` reads, by position, in its order: every read of the habits
    /// selects them (``selection`` in SQL, ``databaseSelection`` for GRDB's requests). By name,
    /// each lookup lowercased the names it compared (GRDB's row): 0.6 M instructions of a `status`.
    static let columnNames = ["id", "name", "kind", "unit", "goal", "target", "per", "times", "fromType", "sources", "since",
                              "archived", "asks", "created", "modified", "days", "weekdays", "command", "tags"]
    static let selection = columnNames.joined(separator: ", ")
    static var databaseSelection: [any SQLSelectable] { columnNames.map { Column($0) } }

    /// A row of ``columnNames``, read by position (no generic decoding: every streak, calendar and
    /// status reads the habits).
    init(row: Row) {
        (id, name, kind, unit, goal, target, per) = (row[0], row[1], row[2], row[3], row[4], row[5], row[6])
        (times, fromType, sources, since, archived, asks) = (row[7], row[8], row[9], row[10], row[11], row[12] ?? true)
        (created, modified, days, weekdays, command, tags) = (row[13], row[14], row[15], row[16], row[17], row[18])
    }

    init(_ d: HabitDefinition) {
        id = d.id
        name = d.name
        kind = d.kind.rawValue
        unit = d.unit
        switch d.goal {
        case .atLeast(let x): (goal, target) = ("atLeast", x)
        case .atMost(let x): (goal, target) = ("atMost", x)
        case nil: (goal, target) = (nil, nil)
        }
        per = d.per.name
        days = d.per.days
        times = d.times
        fromType = d.fromType
        sources = d.sources.storedText
        since = d.since.description
        archived = d.archived
        asks = d.asks
        weekdays = d.on?.mask
        created = d.created.timeIntervalSince1970
        modified = d.modified.timeIntervalSince1970
        command = d.command
        tags = HabitTag.stored(d.tags)
    }

    /// The definition, or a data error naming what is wrong.
    func definition() throws -> HabitDefinition {
        guard let kind = HabitDefinition.Kind(rawValue: kind), kind != .builtin,
              let per = HabitDefinition.Period(name: per, days: days), let since = LocalDay(since),
              weekdays.map({ (1...126).contains($0) && per == .day }) ?? true,
              let tags = tags.map(HabitTag.parse(stored:)) ?? [] else {
            throw StoreError.corrupt("habit \(quoted: name) has a definition this habit does not understand")
        }
        let goal: HabitDefinition.Goal? = switch (goal, target) {
        case ("atLeast", let x?): .atLeast(x)
        case ("atMost", let x?): .atMost(x)
        default: nil
        }
        let filter: HabitDefinition.SourceFilter = switch sources {
        case "app": .app
        case "all": .all
        default: .named((try? JSONDecoder().decode([String].self, from: Data(sources.utf8))) ?? [])
        }
        return HabitDefinition(id: id, name: name, kind: kind, unit: unit, goal: goal, per: per, times: times,
                               fromType: fromType, sources: filter, since: since, archived: archived, asks: asks,
                               on: weekdays.map(WeekdaySet.init(mask:)), created: Date(timeIntervalSince1970: created),
                               modified: Date(timeIntervalSince1970: modified), command: command, tags: tags)
    }
}

/// A row of `skip`: one skipped day of one habit, or of every habit (`habit` = `*`).
struct SkipRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "skip"
    enum Columns {
        static let habit = Column(CodingKeys.habit)
        static let day = Column(CodingKeys.day)
    }
    static let everyHabit = "*"
    var uuid: String
    var habit: String
    var day: String
    var created: Double
    var anchor: Int64
}

/// A skipped day as the change feed and the export list it.
public struct SkippedDay: Sendable, Equatable {
    public var uuid: UUID
    /// The habit's id (a built-in's name or an own habit's UUID); nil for a skip of every habit.
    public var habitID: String?
    /// The habit's name now; nil for every habit, or when the habit is gone.
    public var habitName: String?
    public var day: LocalDay
    public var created: Date
    public var anchor: Int64

    public init(uuid: UUID, habitID: String?, habitName: String?, day: LocalDay, created: Date, anchor: Int64) {
        (self.uuid, self.habitID, self.habitName, self.day, self.created, self.anchor) = (uuid, habitID, habitName, day, created, anchor)
    }
}

/// What `habit skip` / `unskip` changed.
public struct SkipChange: Sendable, Equatable {
    /// Days newly skipped (or no longer skipped).
    public var days: [LocalDay]
    /// Days asked for that were already so (skipped already; for unskip: not skipped by this habit).
    public var unchanged: [LocalDay]
    /// For `unskip NAME`: days that stay skipped because every habit is skipped on them.
    public var stillSkippedForAll: [LocalDay]
}

/// What `habit remove` deleted.
public struct HabitRemoval: Sendable, Equatable {
    public var entries: Int
    public var skips: Int
    public var reminders: Int
}

extension HabitStore {

    static func ownHabits(includingArchived: Bool, _ db: Database) throws -> [HabitDefinition] {
        try Row.fetchAll(db, sql: "SELECT " + HabitRecord.selection + " FROM habit ORDER BY name")
            .map { try HabitRecord(row: $0).definition() }
            .filter { includingArchived || $0.isShown }
    }


    /// Every habit shown (``HabitDefinition/isShown``; archived ones too with `includingArchived`),
    /// built-ins first, with `settings` (nil: read now) for the built-ins' goals and archived state.
    static func allHabits(env: HabitEnvironment, includingArchived: Bool, settings known: Settings? = nil,
                          _ db: Database) throws -> [HabitDefinition] {
        let settings = try known ?? Self.settings(db)
        var builtins = HabitDefinition.builtins(settings: settings, since: env.today, at: env.now).filter { includingArchived || $0.isShown }
        let filters = SourceFilters()  // resolved once for the three
        for i in builtins.indices {
            if let habit = builtins[i].builtin,
               let first = try Self.firstDay(of: habit, calendar: env.calendar, allSources: false, db, filters: filters) {
                builtins[i].since = first
            }
        }
        return builtins + (try ownHabits(includingArchived: includingArchived, db))
    }


    static func habit(named name: String, env: HabitEnvironment, _ db: Database) throws -> HabitDefinition {
        let key = name == "alcohol" ? "noalc" : name
        // An own habit by its name alone (a built-in's name is never an own habit's): a log of
        // one need not date the built-ins' first days (three queries) to find it.
        if Habit(rawValue: key) == nil,
           let row = try Row.fetchOne(db, sql: "SELECT " + HabitRecord.selection + " FROM habit WHERE name = ?", arguments: [key]) {
            return try HabitRecord(row: row).definition()
        }
        let all = try allHabits(env: env, includingArchived: true, db)
        guard let found = all.first(where: { $0.name == key }) else {
            if let now = try renamed(from: key, among: all, db) { throw HabitInputError.renamed(name, to: now) }
            throw HabitInputError.unknownHabit(name, existing: all.filter(\.isShown).map(\.name))
        }
        return found
    }

    /// The name the own habit once called `old` has now, when `old` is no habit's name: an
    /// entry keeps the name it was logged or imported under (its `habit` label,
    /// ``HabitDefinition/labelled(_:names:)``), so the newest entry labelled `old` among the own
    /// habits' entries names the habit it became — renamed once or more, here or on another
    /// device. Nil when no entry carries the name (a habit renamed before its first entry).
    static func renamed(from old: String, among habits: [HabitDefinition], _ db: Database) throws -> String? {
        let identifier = try String.fetchOne(db, sql: """
            SELECT t.identifier FROM sample s JOIN sampleType t ON t.id = s.typeId
            WHERE t.identifier LIKE ?
              AND (CASE WHEN json_valid(s.metadata) THEN json_extract(s.metadata, '$.habit') END) = ?
            ORDER BY s.start DESC LIMIT 1
            """, arguments: [HabitDefinition.loggedTypePrefix + "%", old])
        guard let identifier, identifier.hasPrefix(HabitDefinition.loggedTypePrefix) else { return nil }
        let id = identifier.dropFirst(HabitDefinition.loggedTypePrefix.count)
        return habits.first { $0.id == id && $0.name != old }?.name
    }

    /// Adds `definition`; a name already taken (by an own habit, archived included) is refused.
    public func addHabit(_ definition: HabitDefinition) throws {
        try write { db in
            if try HabitRecord.filter(HabitRecord.Columns.name == definition.name).fetchCount(db) > 0 {
                throw HabitInputError.nameTaken(definition.name)
            }
            try HabitRecord(definition).insert(db)
            if let command = definition.command { try Self.setCommand(command, habitID: definition.id, db) }
        }
    }

    /// A change to the built-in `habit` (`definition` as it is): only archiving it or bringing it
    /// back, stored as its setting row (``Settings/archivedKey(_:)``, changed at `env.now`, so
    /// that it syncs as settings do); any other change is refused.
    private static func archive(_ habit: Habit, _ definition: HabitDefinition, env: HabitEnvironment,
                                _ change: (inout HabitDefinition, _ entries: Int) throws -> Void, _ db: Database) throws -> HabitDefinition {
        var changed = definition
        try change(&changed, 0)
        var archivedOnly = changed
        archivedOnly.archived = definition.archived
        guard archivedOnly == definition else { throw HabitInputError.builtinFixed(definition.name, what: "changed") }
        if changed.archived != definition.archived {
            try SettingRecord(key: Settings.archivedKey(habit), value: changed.archived ? "true" : nil,
                              modified: env.now.timeIntervalSince1970).upsert(db)
        }
        return changed
    }

    /// Sets (nil: removes) the command of the habit `habitID`: the only write of `habit.command`.
    /// A command set is armed: the person typed it on this device.
    static func setCommand(_ command: String?, habitID: String, _ db: Database) throws {
        try db.execute(sql: "UPDATE habit SET command = ? WHERE id = ?", arguments: [command, habitID])
        try db.execute(sql: "DELETE FROM disarmedCommand WHERE habitId = ?", arguments: [habitID])
        if command == nil { try db.execute(sql: "DELETE FROM commandRun WHERE habitId = ?", arguments: [habitID]) }
    }

    /// Changes the own habit called `name` with `change` (which may throw to refuse); the
    /// definition's `modified` becomes `env.now`. Returns the definition as stored. `armingCommand`:
    /// the person typed its command (`edit --command`), which arms it even when it is the one stored
    /// (a restored backup's, disarmed).
    @discardableResult
    public func updateHabit(named name: String, env: HabitEnvironment, armingCommand: Bool = false,
                            _ change: (inout HabitDefinition, _ entries: Int) throws -> Void) throws -> HabitDefinition {
        try write { db in
            var definition = try Self.habit(named: name, env: env, db)
            if let builtin = definition.builtin { return try Self.archive(builtin, definition, env: env, change, db) }
            let entries = try definition.loggedType.map { type in
                try SampleViewRecord.all().ofType(type).fetchCount(db)
            } ?? 0
            let oldID = definition.id
            try change(&definition, entries)
            definition.id = oldID
            definition.modified = env.now
            if definition.name != name, try HabitRecord.filter(HabitRecord.Columns.name == definition.name).fetchCount(db) > 0 {
                throw HabitInputError.nameTaken(definition.name)
            }
            let oldCommand = try String.fetchOne(db, sql: "SELECT command FROM habit WHERE id = ?", arguments: [oldID])
            try HabitRecord(definition).update(db)
            if definition.command != oldCommand || (armingCommand && definition.command != nil) {
                try Self.setCommand(definition.command, habitID: oldID, db)
            }
            return definition
        }
    }

    /// Removes the own habit called `name` with its entries (tombstones for the change feed),
    /// its skips and its reminders, in one transaction.
    public func removeHabit(named name: String, env: HabitEnvironment) throws -> HabitRemoval {
        try write { db in
            let definition = try Self.habit(named: name, env: env, db)
            guard definition.kind != .builtin else { throw HabitInputError.builtinFixed(name, what: "removed") }
            // It deletes the habit's entries and skips: refused as `delete` and `skip` are.
            try Self.requireWriteOfHabit(definition.id, db)
            var entries = 0
            if let type = definition.loggedType, let typeID = try Lookup.sampleType.existingID(type, db) {
                try db.execute(literal: "DELETE FROM sample WHERE typeId = \(typeID)")
                entries = db.changesCount
            }
            let (skips, reminders) = try Self.deleteHabitRow(definition.id, db)
            return HabitRemoval(entries: entries, skips: skips, reminders: reminders)
        }
    }

    /// Deletes the habit `id` with what belongs to it beside its entries — its skips, reminders
    /// (their occurrences go with them), command runs and kept answers — for `habit remove` and a
    /// removal that arrives by sync alike; gives how many skips and reminders went.
    static func deleteHabitRow(_ id: String, _ db: Database) throws -> (skips: Int, reminders: Int) {
        try db.execute(sql: "DELETE FROM skip WHERE habit = ?", arguments: [id])
        let skips = db.changesCount
        try db.execute(sql: "DELETE FROM reminder WHERE activity = ?", arguments: [id])
        let reminders = db.changesCount
        try db.execute(sql: "DELETE FROM commandRun WHERE habitId = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM disarmedCommand WHERE habitId = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM answer WHERE habit = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM habit WHERE id = ?", arguments: [id])
        return (skips, reminders)
    }

    /// Skips `days` for the habit with id `habitID`, or for every habit when nil.
    /// Skips the habit `habitID` (nil: every habit) on `days`, or with `skipped` false takes the
    /// skips back.
    public func setSkipped(_ skipped: Bool, habitID: String?, days: DayRange, env: HabitEnvironment) throws -> SkipChange {
        skipped ? try skip(habitID: habitID, days: days, env: env) : try unskip(habitID: habitID, days: days)
    }

    func skip(habitID: String?, days: DayRange, env: HabitEnvironment) throws -> SkipChange {
        let key = habitID ?? SkipRecord.everyHabit
        return try write { db in
            try Self.requireWriteOfHabit(habitID, db)
            var change = SkipChange(days: [], unchanged: [], stillSkippedForAll: [])
            for day in days {
                let row = SkipRecord(uuid: env.makeUUID().storeText, habit: key, day: day.description,
                                     created: env.now.timeIntervalSince1970, anchor: 0)
                if try SkipRecord.filter(SkipRecord.Columns.habit == key && SkipRecord.Columns.day == row.day).fetchCount(db) > 0 {
                    change.unchanged.append(day)
                    continue
                }
                var stored = row
                stored.anchor = try ChangeCounter.next(db)
                try stored.insert(db)
                change.days.append(day)
            }
            return change
        }
    }

    /// Takes back the skips of `days` for the habit with id `habitID`, or the `--all` ones when nil.
    func unskip(habitID: String?, days: DayRange) throws -> SkipChange {
        let key = habitID ?? SkipRecord.everyHabit
        return try write { db in
            try Self.requireWriteOfHabit(habitID, db)
            var change = SkipChange(days: [], unchanged: [], stillSkippedForAll: [])
            for day in days {
                try db.execute(literal: "DELETE FROM skip WHERE habit = \(key) AND day = \(day.description)")
                if db.changesCount > 0 { change.days.append(day) } else { change.unchanged.append(day) }
                if habitID != nil,
                   try SkipRecord.filter(SkipRecord.Columns.habit == SkipRecord.everyHabit && SkipRecord.Columns.day == day.description).fetchCount(db) > 0 {
                    change.stillSkippedForAll.append(day)
                }
            }
            return change
        }
    }

    /// A skip of one habit (or its removal) changes that habit's data: refused when its type may not
    /// be written (``AccessGrants/writeDenial(of:)``). A skip of every habit (nil) names no type and
    /// is never refused.
    static func requireWriteOfHabit(_ habitID: String?, _ db: Database) throws {
        guard let habitID else { return }
        if let builtin = Habit(rawValue: habitID) { return try requireWrite([DataTypes.read(by: builtin)], db) }
        guard let row = try HabitRecord.fetchOne(db, key: habitID) else { return }
        if let denial = try grants(db).writeDenial(of: try row.definition()) { throw denial }
    }

    /// The skipped days of each habit id in `days` (the `--all` skips added to every id given).
    static func skippedDays(for ids: [String], in days: DayRange, _ db: Database) throws -> [String: Set<LocalDay>] {
        var result: [String: Set<LocalDay>] = Dictionary(uniqueKeysWithValues: ids.map { ($0, []) })
        // Plain SQL: a log of an own habit asks this to know whether its day is met (the query
        // interface would look the table's columns up in the schema first).
        let rows = try Row.fetchAll(db, sql: "SELECT habit, day FROM skip WHERE day >= ? AND day < ?",
                                    arguments: [days.lowerBound.description, days.upperBound.description])
        for row in rows {
            guard let day = LocalDay(row[1] as String) else { continue }
            let habit: String = row[0]
            if habit == SkipRecord.everyHabit {
                for id in ids { result[id]?.insert(day) }
            } else {
                result[habit]?.insert(day)
            }
        }
        return result
    }

    /// An amount of the own habit `definition` over `interval` (``log(_:source:env:)``; for tests).
    func logHabit(_ definition: HabitDefinition, amount: Double, _ interval: InstantRange, note: String?,
                  env: HabitEnvironment) throws -> LogResult {
        try log(.habit(definition, amount: amount, interval, note: note), env: env)
    }

    /// Skips added after `anchor` (the change feed), in change order.
    static func skips(after anchor: Int64, _ db: Database) throws -> [SkippedDay] {
        try Row.fetchAll(db, sql: """
            SELECT s.uuid, s.habit, s.day, s.created, s.anchor, h.name FROM skip s LEFT JOIN habit h ON h.id = s.habit
            WHERE s.anchor > ? ORDER BY s.anchor
            """, arguments: [anchor]).compactMap { row in
            guard let day = LocalDay(row[2] as String) else { return nil }
            let habit: String = row[1]
            let builtin = Habit(rawValue: habit)?.rawValue
            return SkippedDay(uuid: UUID(storeText: row[0]), habitID: habit == SkipRecord.everyHabit ? nil : habit,
                              habitName: builtin ?? row[5], day: day, created: Date(timeIntervalSince1970: row[3]), anchor: row[4])
        }
    }
}

extension StoreRequest where Value == [HabitDefinition] {
    /// The habits of one's own, by name; archived ones only with `archived`.
    public static func ownHabits(includingArchived: Bool = false) -> Self {
        Self { db in
            try HabitStore.ownHabits(includingArchived: includingArchived, db)
        }
    }

    /// Every habit: the three built-ins (their history starts at their first data day), then the
    /// own ones by name.
    public static func allHabits(env: HabitEnvironment, includingArchived: Bool = false) -> Self {
        Self { db in
            try HabitStore.allHabits(env: env, includingArchived: includingArchived, db)
        }
    }

    /// The habits shown (``HabitDefinition/isShown``: not archived), built-ins first, then the own
    /// ones by name: what every view lists (status, today, streak, calendar, ui, ask, score, the
    /// overview) when no habit is named.
    public static func shownHabits(env: HabitEnvironment) -> Self { allHabits(env: env, includingArchived: false) }
}

extension StoreRequest where Value == HabitDefinition {
    /// The habit called `name` (built-in or own, archived included), or an error listing the habits.
    public static func habit(named name: String, env: HabitEnvironment) -> Self {
        Self { db in
            try HabitStore.habit(named: name, env: env, db)
        }
    }
}
