import Foundation
import HabitKit

/// Fuzzes the pending journal's reader (`PendingJournal.read`, what a replay and `habit doctor`
/// read from `pending.jsonl`) with arbitrary bytes.
///
/// Laws: it never traps; every complete line is an entry or unreadable, and the bytes after the
/// last newline are the torn line, exactly; an entry it accepts is well-formed, appears once per
/// UUID, and its own line (`PendingJournal.line`) reads back as one entry that writes the same line
/// again (a hand-made line may carry more than the milliseconds habit writes); reading is the same twice.
enum PendingFuzzer {
    /// One input, as libFuzzer hands it over (`HabitFuzz` picks the target).
    static func one(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        check(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }

    static func check(_ bytes: [UInt8]) {
        let contents = PendingJournal.read(bytes)
        guard contents == PendingJournal.read(bytes) else { fatalError("law broken: the same journal read two ways") }
        let lastNewline = bytes.lastIndex(of: 0x0A)
        let torn = lastNewline.map { Array(bytes[($0 + 1)...]) } ?? bytes
        guard contents.torn == torn else { fatalError("law broken: the torn line is not the bytes after the last newline") }
        let complete = lastNewline.map { bytes[...$0].split(separator: 0x0A).count } ?? 0
        guard contents.entries.count + contents.unreadable.count <= complete else {
            fatalError("law broken: \(contents.entries.count) entries and \(contents.unreadable.count) unreadable lines from \(complete) lines")
        }
        guard Set(contents.entries.map(\.uuid)).count == contents.entries.count else { fatalError("law broken: a UUID read twice") }
        for entry in contents.entries {
            guard entry.isWellFormed else { fatalError("law broken: an entry that is not well-formed was read: \(entry)") }
            guard let line = try? PendingJournal.line(entry) else { fatalError("law broken: an entry read cannot be written: \(entry)") }
            let again = PendingJournal.read(line)
            guard again.entries.count == 1, again.unreadable.isEmpty, again.torn.isEmpty,
                  let rewritten = try? PendingJournal.line(again.entries[0]), rewritten == line else {
                fatalError("law broken: \(entry) written as \(String(decoding: line, as: UTF8.self)) reads back as \(again)")
            }
            _ = entry.summary
        }
    }
}
