import ArgumentParser
import Foundation
import HabitKit

/// Nothing typed is lost (Standards/access.md): a `habit log …` or `habit skip` that cannot write
/// saves its entry to the pending journal and exits 75; every command that opens the store for
/// writing applies the journal first (``StoreLocation/openForWriting()``).
enum Pending {
    /// `$XDG_STATE_HOME/habit/pending.jsonl`, else `~/.local/state/habit/pending.jsonl`.
    static var journal: PendingJournalFile { PendingJournalFile(folder: stateFolder) }

    /// `$XDG_STATE_HOME/habit` (an absolute XDG_STATE_HOME), else `~/.local/state/habit`.
    static var stateFolder: String {
        if let xdg = Env.get("XDG_STATE_HOME"), xdg.hasPrefix("/") { return xdg + "/habit" }
        return (Env.get("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.local/state/habit"
    }

    /// Why a write that failed with `error` is saved for later, or nil when it is not (every
    /// other failure is reported as it always was).
    static func reason(for error: any Error) -> String? {
        switch error as? StoreError {
        case .busy?: "the store is locked"
        case .readOnly?: "the store is read-only"
        case .folderDenied(let folder)?: "the store's folder \(folder) does not let you in (permission denied: chmod 700 gives it back)"
        default: nil
        }
    }

    /// Doctor's findings on the journal: each pending entry; a journal habit refuses is a problem.
    static func findings() -> [Finding] {
        let journal = journal
        guard journal.exists else { return [] }
        do {
            return PendingJournal.findings(try journal.peek(), path: journal.path)
        } catch {
            return [Finding(check: "pending journal", status: .problem, detail: "\(error)",
                            fix: "move \(journal.path) aside, check it, and make it yours, 0600, not a link")]
        }
    }

    /// ` · 1 pending` after a status line, or nothing.
    static func suffix(_ count: Int) -> String { count > 0 ? " · \(count) pending" : "" }

    /// The line `today` and a bar's tooltip give pending entries.
    static func tooltip(_ count: Int) -> String { "\(count) pending: saved while the store could not be written; added at the next write" }

    /// The entries in the journal now (doctor, status, today); none when it cannot be read.
    static func count() -> Int {
        let journal = journal
        guard journal.exists else { return 0 }
        return (try? journal.peek().entries.count) ?? 0
    }

    /// Applies the journal to `store`, once per entry (an entry whose UUID is stored is done), all
    /// of it in one transaction with the reminder cancellations it makes
    /// (``HabitStore/applyJournal(_:read:setAside:)``). An entry that can no longer be applied
    /// (its habit removed, …) is set aside with a line on stderr; a store failure leaves the
    /// journal as it was.
    static func apply(to store: HabitStore) throws {
        let journal = journal
        guard journal.exists else { return }  // the fast path: one lstat
        try journal.take { contents in
            var refused: [PendingEntry] = []
            try store.applyJournal(contents.entries, read: { entry, settings, batch in try write(entry, store: batch, settings: settings) },
                                   setAside: { entry, error in
                refused.append(entry)
                let message = (error as? any HabitError)?.description ?? "\(error)"
                let line = "a pending entry could not be added (\(message)); it was set aside in \(journal.setAsidePath): \(entry.summary)"
                Output.write("habit: " + escapingControlCharacters(line) + "\n", to: STDERR_FILENO)
            })
            return refused
        }
    }

    /// What one entry writes, read again as it was typed: the request (or skip) its words make,
    /// "now" when it was typed, its first record getting its UUID.
    private static func write(_ entry: PendingEntry, store: HabitStore, settings: Settings) throws -> (JournalWrite, HabitEnvironment) {
        try TypedText.checkNote(entry.note, option: "--note")  // as the command line would have refused it
        var env = try LiveEnvironment.make(now: entry.typed, settings: settings)
        if let zone = entry.zone.flatMap(TimeZone.init(identifier:)) { env.timeZone = zone }
        let uuids = FirstUUID(entry.uuid)
        env.makeUUID = { uuids.next() }
        let at = try entry.at.map { try TimeValue(parsing: $0) }
        let end = try entry.end.map { try TimeValue(parsing: $0) }
        let date = try entry.date.map { try DayValue(parsing: $0) }
        let source = try entry.source.map { try SourceValue(parsing: $0).source } ?? .app
        let when = LogRequest.When(at: at, end: end, date: date)
        // Replayed, a log runs no hooks (Standards/automation.md).
        switch entry.kind {
        case .meditate:
            return (.log(LogRequest(.meditation(seconds: entry.seconds ?? 0), when: when, note: entry.note, source: source, writer: .quiet)), env)
        case .workout:
            let activity = try Activity(parsing: entry.activity ?? "")
            return (.log(LogRequest(.workout(activity, seconds: entry.seconds ?? 0, met: entry.met), when: when, note: entry.note,
                                    source: source, writer: .quiet)), env)
        case .alcohol:
            let drinks = try LogGrammar.drinks([entry.drinks ?? ""])
            return (.log(LogRequest(.alcohol(drinks.level, drinks: drinks.drinks), when: when, source: source, writer: .quiet)), env)
        case .habit:
            return (.log(try LogHabit.request(name: entry.habit ?? "", amount: entry.amount, when: when, note: entry.note, writer: .quiet,
                                              store: store, env: env)), env)
        case .skip:
            let habit = try entry.habit.map { try store.read(.habit(named: $0, env: env)) }
            if let habit, habit.archived { throw HabitInputError.archived(habit.name) }
            let days = try SkipDaysOptions.days(first: date ?? DayValue(parsing: "today"), named: "<day>",
                                                to: try entry.to.map { try DayValue(parsing: $0) }, today: env.today)
            return (.skip(habitID: habit?.id, days: days), env)
        }
    }

    /// Hands out `first`, then fresh UUIDs.
    private final class FirstUUID: @unchecked Sendable {
        private var first: UUID?
        private let lock = NSLock()
        init(_ first: UUID) { self.first = first }
        func next() -> UUID {
            lock.withLock {
                defer { first = nil }
                return first ?? UUID()
            }
        }
    }
}

/// A log or skip saved to the pending journal: one line, exit 75 (EX_TEMPFAIL).
struct SavedForLater: HabitError {
    let reason: String
    var kind: ErrorKind { .tempFail }
    var description: String { "saved for later: \(reason); it will be added the next time habit can write" }
}

/// A command that writes, other than `log` and `skip` (which save what was typed), on a store whose
/// drive is not mounted (``StoreLocation/missingFolder``): it creates nothing, so that nothing — and
/// no pending entry — lands in a new, empty store where the drive should be.
struct StoreFolderMissing: HabitError {
    let folder: String
    var kind: ErrorKind { .unavailable }
    var description: String {
        what + ", so it creates nothing: mount it and try again, or choose another store with --db (\(Self.goneForGood))"
    }

    /// What is wrong, as this error and `habit doctor` say it.
    var what: String { "the store's folder \(quoted: folder) is missing (a drive that is not mounted?); habit made a store there before" }

    /// The way out when the drive will not come back, as this error and `habit doctor` say it.
    static var goneForGood: String { "if that store is gone for good, take its line out of \(quoted: Pending.journal.storesPath)" }

    /// `habit doctor`'s `store` line for it: a problem, nothing checked, nothing created.
    var finding: Finding {
        Finding(check: "store", status: .problem, detail: what + ", so it was not checked and nothing is created there",
                fix: "mount the drive and run habit doctor again (\(Self.goneForGood))")
    }
}

extension StoreLocation {
    /// The store's folder, when the store habit made there is on a drive that is not mounted: the
    /// folder is missing (or the store is, from a folder that is the drive's empty mount point), and
    /// habit listed the store as made on another device than the one its place is on now
    /// (``StoreAbsence/isUnmounted(remembered:nearest:)``). A log or skip is then saved, and nothing
    /// is created. A store never made, or deleted with its folder, is a first run: made again.
    /// One `stat` of the folder and one of the store when both are there; the list is read only
    /// when one is missing.
    var missingFolder: String? {
        let folder = StoreFile.folder(of: path)
        var info = stat()
        if stat(folder, &info) == 0 {
            guard stat(path, &info) != 0, errno == ENOENT else { return nil }
        } else if errno != ENOENT {
            return nil
        }
        guard let remembered = Pending.journal.remembered(store: Self.absolute(path)) else { return nil }
        return StoreAbsence.isUnmounted(remembered: remembered, nearest: StoreAbsence.device(nearest: folder)) ? folder : nil
    }

    static func absolute(_ path: String) -> String { PathText.absolute(path) }

    /// Runs `write` (opens the store, writes, prints); when the store cannot be written — locked
    /// past the wait, read-only, or a chosen store's folder missing — saves the entry `pending`
    /// makes (from a new UUID, the instant the command began and `TZ`) to the pending journal
    /// instead and throws ``SavedForLater``.
    func writeOrSave(_ pending: (inout PendingEntry) -> Void, kind: PendingEntry.Kind, _ write: () throws -> Void) throws {
        let typed = try LiveEnvironment.now()
        func save(_ reason: String) throws -> Never {
            var entry = PendingEntry(uuid: UUID(), typed: typed, zone: (try? LiveEnvironment.zoneFromTZ())??.identifier, kind: kind)
            pending(&entry)
            // The journal keeps only what a replay can apply: an entry it would set aside is refused now.
            guard entry.isWellFormed else {
                throw ValidationError("this entry cannot be saved for later: a value in it is longer than \(PendingJournal.maximumText) bytes; nothing was saved")
            }
            try Pending.journal.append(entry)
            throw SavedForLater(reason: reason)
        }
        if let folder = missingFolder { try save("the store's folder \(folder) is missing (a drive that is not mounted?)") }
        do {
            try write()
        } catch {
            guard let reason = Pending.reason(for: error) else { throw error }
            try save(reason)
        }
    }
}

extension DrinksValue {
    /// The drinks or the level, as the journal keeps it (read again by ``LogGrammar/drinks(_:)``).
    var text: String { drinks.map(String.init) ?? level.rawValue }
}

extension SourceID {
    /// The source as the journal keeps it: nil for habit's own (read again as ``SourceID/app``).
    var journalText: String? { self == .app ? nil : bundleID }
}
