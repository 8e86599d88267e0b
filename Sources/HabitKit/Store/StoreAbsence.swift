import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A store habit made that is not where it was (Standards/access.md, "Missing"): a drive that is
/// not mounted, where nothing may be created, or a folder someone deleted, which the next write
/// simply makes again.
public enum StoreAbsence {
    /// The device (`st_dev`) `folder` is on, or — when it is missing — the one its nearest
    /// existing folder above is on; nil when not even `/` can be looked at.
    public static func device(nearest folder: String) -> UInt64? {
        var path = folder
        while true {
            var info = stat()
            if stat(path, &info) == 0 { return UInt64(truncatingIfNeeded: info.st_dev) }
            guard path != "/", !path.isEmpty else { return nil }
            path = StoreFile.folder(of: path)
        }
    }

    /// Whether a store that is not there is on a drive that is not mounted: habit listed it as made
    /// on `remembered` (the device its folder was on), and the folder — or the nearest one above
    /// it that exists — is on another device now (the drive's mount point, or the file system the
    /// mount point sits on). A store habit never listed, listed without a device (an older habit's
    /// line), or whose place is on the device it was made on was deleted: it is made again.
    public static func isUnmounted(remembered: PendingJournalFile.Remembered?, nearest: UInt64?) -> Bool {
        guard case .listed(let device?)? = remembered, let nearest else { return false }
        return device != nearest
    }
}
