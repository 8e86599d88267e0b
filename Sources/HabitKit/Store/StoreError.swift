import Foundation
import GRDB

/// Failures of the store: opening it, locking, permissions, and entries that are not there.
public enum StoreError: HabitError {
    case cannotCreateFolder(String, reason: String)
    case cannotCreateFile(String, reason: String)
    case permissionDenied(String)
    /// The store's folder does not let the user look into it (its mode or owner): the store in it
    /// may well be there.
    case folderDenied(String)
    case readOnly(String)
    case busy(String)
    case notADatabase(String)
    case io(String, message: String)
    case newerSchema(String, version: Int, supported: Int)
    case notFound(UUID)
    case partOfWorkout(sample: UUID, workout: UUID)
    case nothingToUndo
    case constraint(String)
    /// The store holds something its schema should make impossible.
    case corrupt(String)
    /// A file that is not a habit store: refused untouched.
    case notAHabitStore(String, reason: String)
    /// A path habit will not trust (owner, mode, links).
    case unsafePath(String, reason: String)
    /// A sync folder, or a file in it, that habit will not read or write (a link, a FIFO, another user's).
    case unsafeSyncFile(String, reason: String)
    /// Another `habit import` into the same store is running.
    case importRunning(String)

    public var kind: ErrorKind {
        switch self {
        case .cannotCreateFolder, .cannotCreateFile: .cantCreate
        case .permissionDenied, .folderDenied, .readOnly, .unsafePath, .unsafeSyncFile: .permission
        case .busy, .newerSchema, .importRunning: .unavailable
        case .notADatabase, .constraint, .partOfWorkout, .corrupt, .notAHabitStore: .dataError
        case .io: .ioError
        case .notFound, .nothingToUndo: .noInput
        }
    }

    public var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason):
            "cannot create the store folder \(path): \(reason); choose another place with --db PATH or HABIT_DB"
        case .cannotCreateFile(let path, let reason):
            "cannot create the store \(path): \(reason); choose another place with --db PATH or HABIT_DB"
        case .permissionDenied(let path):
            "permission denied for the store \(path); check its owner and mode (it should be yours, 0600)"
        case .folderDenied(let folder):
            "the store's folder \(folder) does not let you in (permission denied), so the store in it cannot be opened; "
                + "nothing was changed — make it yours and open to you: chmod 700 \(ShellWords.quote(folder))"
        case .readOnly(let path):
            "the store \(path) is read-only, so nothing was written; make it and its folder writable (chmod u+w)"
        case .busy(let path):
            "the store \(path) stayed locked by another habit process for 10 s; nothing was written — try again"
        case .notADatabase(let path):
            "\(path) is not a habit store (not an SQLite database, or damaged); point --db elsewhere or restore a backup"
        case .io(let path, let message):
            "I/O error on the store \(path): \(message); check the disk (space, permissions) and try again"
        case .newerSchema(let path, let version, let supported):
            "the store \(path) has schema version \(version), newer than this habit understands (\(supported)); update habit"
        case .notFound(let uuid):
            "no entry with UUID \(uuid.storeText); see 'habit log list' for the entries there are"
        case .partOfWorkout(let sample, let workout):
            "sample \(sample.storeText) belongs to workout \(workout.storeText); delete the workout instead"
        case .nothingToUndo:
            "nothing to undo: the store has no entry from habit's own sources"
        case .constraint(let message):
            "the store refused the change (\(message)); nothing was written"
        case .notAHabitStore(let path, let reason):
            "\(path) is not a habit store (\(reason)); it was left untouched — point --db or HABIT_DB at a habit store"
        case .importRunning(let path):
            "another habit import into \(path) is running; wait for it to finish, then import again"
        case .unsafePath(let path, let reason):
            "will not use the store \(path): \(reason)"
        case .unsafeSyncFile(let path, let reason):
            "will not sync with \(path): \(reason)"
        case .corrupt(let what):
            "the store is damaged: \(what); run 'habit doctor', or restore a backup"
        }
    }

    /// Refuses the store at `path` when its schema `version` is newer than this binary's.
    static func refuseNewer(_ version: Int, path: String) throws(StoreError) {
        if version > Schema.currentVersion { throw .newerSchema(path, version: version, supported: Schema.currentVersion) }
    }

    /// Maps an SQLite error to what it means for the person at the terminal.
    static func from(_ error: any Error, path: String) -> any Error {
        if error is any HabitError { return error }
        guard let db = error as? DatabaseError else { return error }
        switch db.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return StoreError.busy(path)
        case .SQLITE_READONLY: return StoreError.readOnly(path)
        case .SQLITE_PERM, .SQLITE_AUTH: return StoreError.permissionDenied(path)
        case .SQLITE_CANTOPEN: return StoreError.cannotCreateFile(path, reason: db.message ?? "unable to open")
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return StoreError.notADatabase(path)
        case .SQLITE_IOERR, .SQLITE_FULL: return StoreError.io(path, message: db.message ?? "\(db.resultCode)")
        case .SQLITE_CONSTRAINT: return StoreError.constraint(db.message ?? "constraint failed")
        default: return StoreError.io(path, message: db.message ?? "\(db.resultCode)")
        }
    }
}
