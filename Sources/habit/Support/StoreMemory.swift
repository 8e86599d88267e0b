import Foundation
import HabitKit

/// What habit remembers of the stores it made (`$XDG_STATE_HOME/habit/stores`,
/// ``PendingJournalFile/storesPath``): that a store was made at a path, and the device its folder
/// was on — so that the store missing later reads as a drive that is not mounted (nothing is created
/// there) when its place is on another device now, and as a deleted folder (made again) when not
/// (Standards/access.md, "Missing"). The memory never outlives a store habit itself took away: a
/// store a command made and then removed again (a refused import) is forgotten as that command ends.
enum StoreMemory {
    /// A store was just created at `path`: listed with the device its folder is on. A hint: never a
    /// reason to fail.
    static func made(_ path: String) {
        let store = PathText.absolute(path)
        made.add(store)
        guard let device = StoreAbsence.device(nearest: StoreFile.folder(of: store)) else { return }
        try? Pending.journal.remember(store: store, device: device)
    }

    /// As the process ends (``HabitCommand/main()``, after success and failure alike): each store
    /// this process made that is not there any more is taken off the list.
    static func settle() {
        for store in made.all() {
            var info = stat()
            if lstat(store, &info) != 0 && errno == ENOENT { try? Pending.journal.forget(store: store) }
        }
    }

    private static let made = Made()

    private final class Made: @unchecked Sendable {
        private var stores: [String] = []
        private let lock = NSLock()
        func add(_ store: String) { lock.withLock { if !stores.contains(store) { stores.append(store) } } }
        func all() -> [String] { lock.withLock { stores } }
    }
}
