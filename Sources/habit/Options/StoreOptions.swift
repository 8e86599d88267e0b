import ArgumentParser
import Foundation
import HabitKit

/// Where the store is (`--db PATH`, `HABIT_DB`, the XDG default) and the ways to open it.
///
/// Commands check their input before the store is opened, so refused input never creates a
/// store. Checks that need "now", the time zone or the day-start run inside ``reading(_:)`` /
/// ``writing(_:)``, after the live environment is built and before a new store is created: an
/// existing store is opened first, whatever `TZ` says, because its `day-start` (and, without
/// `TZ`, its `timezone`) setting decides what "today" is (opening an existing store changes none
/// of its bytes).
struct StoreLocation {
    /// `--db PATH`, when given.
    let db: String?

    /// The store and the rule that chose it (``HabitPaths/store(option:)``).
    var place: StorePlace { HabitPaths.live.store(option: db) }

    var path: String { place.path }

    /// Whether a store file is there (an existing store is opened, a missing one is created).
    var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// Opens the store for a command that only reads: streak, calendar, today, export, timeline,
    /// log list, remind list, changes without --save, config get/list.
    /// `lockWait` shortens the wait for a store another process holds locked (`status`, Standards/access.md).
    func openForReading(lockWait: Duration = LockWait.full) throws -> HabitStore {
        try HabitStore.open(path: path, access: .read, lockWait: lockWait)  // a missing store reads as empty; nothing is created
    }

    /// Opens the store for a command that writes, creating it when missing; then forgets the
    /// answers kept for degraded mode (``AnswerCache``: nothing changes before the store is open,
    /// and a log saved for later leaves them to show while the store cannot be read) and applies
    /// the pending journal to it (``Pending/apply(to:)``; nothing but one `lstat` without one).
    func openForWriting() throws -> HabitStore {
        if let folder = missingFolder { throw StoreFolderMissing(folder: folder) }  // an unmounted drive: create nothing
        let isNew = !exists
        let store = try HabitStore.open(path: path, access: .create, lockWait: LockWait.full)
        AnswerCache.invalidate()
        // Remembered, so that its folder missing later reads as an unmounted drive, not a first run.
        if isNew { StoreMemory.made(path) }
        try Pending.apply(to: store)
        return store
    }

    /// Opens an existing store for writing; without one, throws `missing` and creates nothing
    /// (deleting, undoing or changing what is not there).
    func openExistingForWriting(orThrow missing: @autoclosure () -> any Error) throws -> HabitStore {
        guard try existsForWriting() else { throw missing() }
        return try openForWriting()
    }

    /// Whether a store is there, for a command that writes (or would write were there a store): a
    /// store on a drive that is not mounted (``missingFolder``) is neither there nor absent — it
    /// throws ``StoreFolderMissing`` (exit 69), so that no command reports a change it did not keep
    /// or calls a habit or reminder unknown because its store is away.
    func existsForWriting() throws -> Bool {
        if let folder = missingFolder { throw StoreFolderMissing(folder: folder) }
        return exists
    }

    /// The live environment, then `check` with it, then the store opened for reading.
    func reading<T>(_ check: (HabitEnvironment) throws -> T) throws -> (HabitStore, HabitEnvironment, T) {
        try open({ try openForReading() }, check)
    }

    func reading() throws -> (HabitStore, HabitEnvironment) {
        let (store, env, _) = try reading { _ in () }
        return (store, env)
    }

    /// Opens the store for reading and runs `body` in one snapshot of it (``HabitStore/snapshot(_:)``):
    /// the environment is made from the settings read in that snapshot — once — and everything the
    /// command shows comes from that one state of the store. `check` runs with the environment
    /// first, as in ``reading(_:)``; a missing store reads as an empty one and is not created.
    /// `forExit`: the store is closed as the process ends next (``HabitStore/closeForExit()``),
    /// for a command with nothing left to do after its snapshot (`status`).
    func snapshot<C, T>(lockWait: Duration = LockWait.full, forExit: Bool = false, _ check: (HabitEnvironment) throws -> C,
                        _ body: (HabitStore, HabitEnvironment, C) throws -> T) throws -> T {
        let now = try LiveEnvironment.now()  // a bad HABIT_NOW opens nothing
        _ = try LiveEnvironment.zoneFromTZ()  // a bad TZ opens nothing either
        let opened = try openForReading(lockWait: lockWait)
        let result = try opened.snapshot { store, settings in
            let env = try LiveEnvironment.make(now: now, settings: settings)
            return try body(store, env, try check(env))
        }
        if forExit { opened.closeForExit() }  // after the snapshot: what it kept is written
        return result
    }

    func snapshot<T>(lockWait: Duration = LockWait.full, forExit: Bool = false,
                     _ body: (HabitStore, HabitEnvironment) throws -> T) throws -> T {
        try snapshot(lockWait: lockWait, forExit: forExit, { _ in () }) { store, env, _ in try body(store, env) }
    }

    /// The live environment, then `check` with it, then the store opened (created) for writing.
    func writing<T>(_ check: (HabitEnvironment) throws -> T) throws -> (HabitStore, HabitEnvironment, T) {
        try open(openForWriting, check)
    }

    func writing() throws -> (HabitStore, HabitEnvironment) {
        let (store, env, _) = try writing { _ in () }
        return (store, env)
    }

    private func open<T>(_ opener: () throws -> HabitStore,
                         _ check: (HabitEnvironment) throws -> T) throws -> (HabitStore, HabitEnvironment, T) {
        let now = try LiveEnvironment.now()  // a bad HABIT_NOW opens nothing
        _ = try LiveEnvironment.zoneFromTZ()  // a bad TZ opens nothing either
        if exists {
            let store = try opener()
            let env = try LiveEnvironment.make(now: now, settings: try store.read(.settings))
            return (store, env, try check(env))
        }
        let env = try LiveEnvironment.make(now: now, settings: Settings())  // no store, no settings: the defaults
        let value = try check(env)
        return (try opener(), env, value)
    }
}

/// `--db PATH`, shared by every command that touches the store (``StoreLocation`` does the rest).
struct StoreOptions: ParsableArguments {
    /// The option's name, read by ``FastStatus`` too.
    static let dbOption = "db"

    @Option(name: .customLong(Self.dbOption), parsing: .unconditional,
            help: ArgumentHelp("The store file (default: $HABIT_DB, else $XDG_DATA_HOME/habit/habit.sqlite).", valueName: "path"))
    var db: String?

    var location: StoreLocation { StoreLocation(db: db) }
    var path: String { location.path }
    var place: StorePlace { location.place }
    var exists: Bool { location.exists }
    func existsForWriting() throws -> Bool { try location.existsForWriting() }
    func openForReading() throws -> HabitStore { try location.openForReading() }
    func openForWriting() throws -> HabitStore { try location.openForWriting() }
    func openExistingForWriting(orThrow missing: @autoclosure () -> any Error) throws -> HabitStore {
        try location.openExistingForWriting(orThrow: missing())
    }
    func reading<T>(_ check: (HabitEnvironment) throws -> T) throws -> (HabitStore, HabitEnvironment, T) { try location.reading(check) }
    func reading() throws -> (HabitStore, HabitEnvironment) { try location.reading() }
    func snapshot<C, T>(_ check: (HabitEnvironment) throws -> C, _ body: (HabitStore, HabitEnvironment, C) throws -> T) throws -> T {
        try location.snapshot(check, body)
    }
    func snapshot<T>(_ body: (HabitStore, HabitEnvironment) throws -> T) throws -> T { try location.snapshot(body) }
    func writing<T>(_ check: (HabitEnvironment) throws -> T) throws -> (HabitStore, HabitEnvironment, T) { try location.writing(check) }
    func writing() throws -> (HabitStore, HabitEnvironment) { try location.writing() }
}
