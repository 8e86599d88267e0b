import Foundation
import HabitKit

/// `habit doctor`'s `sync` lines (issue 46, point 9), one per thing found in each folder the store
/// has synced with: a store behind its own file there (a backup copied back over it in place), and
/// records of a peer's file left out for types this device may not write. Nothing found, no line.
enum SyncFindings {
    static func findings(_ store: StoreOptions) -> [Finding] {
        guard let folders = try? store.snapshot({ opened, env in try opened.read(.syncFolders(env: env)) }) else { return [] }
        return folders.flatMap(findings)
    }

    static func findings(_ state: SyncFolderState) -> [Finding] {
        // The folder is checked as a sync checks it; one that is gone or not safe is the sync's to say.
        guard let shared = try? SyncFolder(path: state.folder) else { return [] }
        let sync = "habit sync \(ShellWords.quote(state.folder))"
        var out: [Finding] = []
        let ownFile = shared.path + "/" + SyncFolder.fileName(device: state.device)
        if let own = state.own, let bytes = shared.ownBehind(ownFile, own: own) {
            out.append(Finding(check: "sync", status: .warning,
                               detail: "this device's file in \(state.folder) holds \(counting(bytes, "byte")) of lines this store does not know it wrote "
                                   + "(a backup copied back over the store in place, or a sync cut off after it wrote): the next sync reads them back "
                                   + "and applies what the store lacks, and writes none of them again",
                               fix: sync))
        }
        for left in state.leftOut {
            let whose = left.file == state.device ? "this device's own file" : "device \(left.file)'s file"
            let what = "\(counting(left.record.count, "record")) of \(left.names.joined(separator: ", ")) from \(whose) in \(state.folder) were left out"
            if left.writableNow.isEmpty {
                out.append(Finding(check: "sync", status: .ok,
                                   detail: what + ": habit may not write them here; after 'habit access allow TYPE' the next sync reads them again",
                                   fix: nil))
            } else {
                out.append(Finding(check: "sync", status: .warning,
                                   detail: what + " while habit could not write them; \(left.writableNow.joined(separator: ", ")) may be written now: "
                                       + "the next sync reads those lines again (each record is added once)",
                                   fix: sync))
            }
        }
        return out
    }
}
