import ArgumentParser
import Foundation
import HabitKit

/// `habit sync DIR [--json]`: sync with the other devices that share DIR through a file-sync tool.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync with other devices through a folder a file-sync tool keeps in step (Syncthing, Nextcloud, Dropbox, git).",
        discussion: """
            Each device appends what changed on it since its last sync to its own file in DIR \\
            (habit-<device id>.ndjson) and applies the new lines of every other device's file. Entries and \\
            deletions merge without conflicts; settings, habit definitions and reminders take the latest \\
            change; a reminder handled on one device is not delivered again on another. A line a sync tool \\
            has not finished copying waits for the next run; conflict copies are read as their device's lines, \\
            and a device whose own file lost lines sends everything again. Run it from \\
            cron as often as you like (see Standards/sync.md).
            """)

    @Argument(help: "The shared folder (the user's, not writable by others).") var folder: String

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let shared = try SyncFolder(path: folder)  // checked before the store is opened
        let (store, env) = try store.writing()
        let encoder = SyncLine.encoder()
        let calendar = env.calendar
        var device = "", unsafe: [String] = [], notes: [String] = []
        var paths: [String] = []
        var written = 0
        var summary = try store.sync(folder: shared.path, env: env, dataLines: InterchangeLineJSON.self) { progress in
            device = progress.deviceID
            var peers: [SyncPeer] = []
            if let old = progress.movedFrom {
                notes.append("this store is not the file device \(old) synced from (copied or restored): it syncs as a new device, \(progress.deviceID)")
            }
            // This device's file must still hold what it appended: a sync tool that kept another copy
            // of it (the other side's, in a conflict) lost those lines, so everything is sent again.
            let ownFile = shared.path + "/" + SyncFolder.fileName(device: progress.deviceID)
            let resend = progress.own.map { shared.mark(ownFile, at: $0.offset) != $0 } ?? false
            if resend { notes.append("this device's file lost lines it had (a sync tool kept another copy of it): sending everything again") }
            for peer in try shared.peers(except: progress.deviceID) {
                if let device = peer.conflictOf {
                    if device == progress.deviceID && !resend { continue }  // this device's own lines, all here
                    if progress.marks[peer.key] == nil { notes.append("found a conflict copy, read as device \(device)'s lines: \(peer.key)") }
                }
                let lines: [[UInt8]], starts: [Int], offset: Int
                do {
                    (lines, starts, offset) = try shared.read(peer.path, after: progress.marks[peer.key])
                } catch let error as StoreError {
                    // One unsafe peer file (a link, a FIFO) is left out and said; the others still sync.
                    unsafe.append(error.description)
                    continue
                }
                peers.append(SyncPeer(device: peer.key, lines: lines, starts: starts, end: offset))
                paths.append(peer.path)
            }
            for key in progress.rereading.keys.sorted() {
                let types = progress.rereading[key, default: []].map { DataTypes.shortName(of: $0) ?? $0 }.joined(separator: ", ")
                notes.append("reading \(key == progress.deviceID ? "this device's own file" : "device \(key)'s file") again from where records of \(types) were left out: habit may write them now")
            }
            // This device's own lines the store does not hold (issue 46, point 9): read back like a
            // peer's (Standards/sync.md, "A store behind its own file"); none of them is written again.
            let back = try SyncReadBack.read(shared, file: ownFile, progress: progress)
            if let back {
                peers.append(SyncPeer(device: progress.deviceID, lines: back.lines, starts: back.starts, end: back.end))
                paths.append(ownFile)
                if let note = back.note { notes.append(note) }
            }
            return SyncExchange(peers: peers, resend: resend, mark: { shared.mark(paths[$0], at: $1) }) { objects in
                let inFile = Set(back?.lines ?? [])
                let lines = try objects.map { try SyncLine.encode($0, dataLines: InterchangeLineJSON.self, calendar: calendar, encoder) }
                    .filter { !inFile.contains($0) }
                written = lines.count
                try shared.append(lines, device: progress.deviceID)
                return shared.mark(ownFile, at: shared.size(ownFile))
            }
        }
        summary.sent = written  // a line its own file holds already is not written again
        // A line no version of habit wrote: left out and said, never applied half.
        let skipped = summary.unreadable.map { "\((paths[$0.peer] as NSString).lastPathComponent), new line \($0.line + 1): \($0.reason)" }
        if output.json {
            try Output.printJSON(SyncJSON(device: device, summary: summary, skipped: skipped + unsafe, notes: notes))
            return
        }
        var lines = ["sent \(summary.sent) changes; applied \(summary.received) from \(summary.devices) other device\(summary.devices == 1 ? "" : "s")"
                     + (summary.unchanged > 0 ? " (\(summary.unchanged) known already or older than what is here)" : "")]
        lines += notes.map(escapingControlCharacters)
        lines += summary.renamed.map { "  two habits had one name: \($0)" }
        if !summary.waiting.isEmpty {
            lines.append("\(summary.waiting.count) entr\(summary.waiting.count == 1 ? "y waits" : "ies wait") for a workout not here yet (read again next time):")
            lines += summary.waiting.prefix(5).map { "  " + $0 }
        }
        if let line = AccessText.notKept(summary.notKept) { lines.append(line) }
        lines += unsafe.map { "left out: " + escapingControlCharacters($0) }
        if !skipped.isEmpty {
            lines.append("\(skipped.count) line\(skipped.count == 1 ? "" : "s") not understood and left out:")
            lines += skipped.prefix(5).map { "  " + escapingControlCharacters($0) }
        }
        Output.print(lines.joined(separator: "\n"))
    }
}

/// This device's own lines a sync reads back (issue 46, point 9): those beyond what the store
/// knows it wrote (a backup copied back over the store in place keeps its device id and inode;
/// a sync cut off after it appended), and those from a line of its own that waits or was left out.
enum SyncReadBack {
    struct Lines {
        var lines: [[UInt8]]
        var starts: [Int]
        var end: Int
        var note: String?
    }

    static func read(_ shared: SyncFolder, file: String, progress: SyncProgress) throws -> Lines? {
        var from = progress.marks[progress.deviceID]
        let behind = progress.own.flatMap { shared.ownBehind(file, own: $0) != nil ? $0 : nil }
        if let behind, from.map({ $0.offset > behind.offset }) ?? true { from = behind }
        guard let from, shared.size(file) > from.offset else { return nil }
        let (lines, starts, end) = try shared.read(file, after: from)
        let n = behind.map { mark in starts.filter { $0 >= mark.offset }.count } ?? 0
        let note = n == 0 ? nil
            : "this device's file holds \(counting(n, "line")) this store did not know it wrote (a backup copied back over the store, or a sync cut off after it wrote): read back and applied; none is written again"
        return Lines(lines: lines, starts: starts, end: end, note: note)
    }
}
