import Foundation
import ZIPFoundation

/// What `habit import PATH` was given, told by its first bytes (never by its name): an Apple
/// Health export (XML, or a zip with one), a Loop Habit Tracker CSV export (a zip with
/// `Habits.csv`), a Loop backup (an SQLite file), a harsh log (lines `YYYY-MM-DD : Name : y`),
/// HabitBull's CSV export (`HabitName,HabitDescription,HabitCategory,…`), a CSV of one's own (a
/// header naming a `habit` column), or habit's own interchange format (ndjson: lines that are
/// JSON objects) or CSV export (`kind,uuid,type,…`).
public enum TrackerFile {
    public enum Kind: Sendable, Equatable {
        case healthExport
        case loopCSV
        case loopBackup
        case harshLog
        /// HabitBull's CSV export: its first line starts `HabitName,HabitDescription,HabitCategory`.
        case habitBullCSV
        /// A CSV of one's own (``GenericCSVReader``): its first line names a `habit` column.
        case genericCSV
        /// habit's own interchange format (`habit export --format ndjson`): a line that is a JSON object.
        case interchange
        /// habit's own CSV export (`habit export --format csv`, ``HabitCSVReader``): its header
        /// starts `kind,uuid,type,start,end,…`. Told before the generic CSV, whose `habit` column it has.
        case habitCSV
    }

    /// Text files (harsh's log and habits) and CSV entries are read whole: at most this many bytes.
    static let textLimit = 64 << 20

    /// Opens `path` once (a regular file, or exit 66) and tells its kind. A zip that is not Loop's,
    /// and a text that starts with `<`, go to the Health importer, whose messages say what it
    /// expected; anything else (an empty zip, a CSV, any other text) is refused here, before a
    /// store is opened (exit 65). A CSV whose header names a `habit` column is the generic CSV's
    /// reader's to read or refuse (its message then says which column is missing or unknown).
    public static func kind(of path: String) throws -> Kind {
        let file = try OpenFile(path: path)
        let head = try file.read(from: 0, count: 4096)
        if head.starts(with: Array("SQLite format 3\u{0}".utf8)) { return .loopBackup }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            return LoopCSVReader.isLoopExport(file) ? .loopCSV : .healthExport
        }
        if head.starts(with: [0x50, 0x4B, 0x05, 0x06]) { throw TrackerImportError.unrecognised(path, what: "an empty zip") }
        if HarshReader.looksLikeLog(head) { return .harshLog }
        let text = head.starts(with: TextLines.bom) ? Array(head.dropFirst(3)) : head
        switch text.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
        case UInt8(ascii: "{"): return .interchange
        case UInt8(ascii: "<"): return .healthExport
        case nil: throw TrackerImportError.unrecognised(path, what: "empty")
        default:
            if HabitCSVReader.looksLikeExport(head) { return .habitCSV }
            if HabitBullReader.looksLikeExport(head) { return .habitBullCSV }
            if GenericCSVReader.looksLikeCSV(head) { return .genericCSV }
            throw TrackerImportError.unrecognised(path, what: nil)
        }
    }
}

extension OpenFile {
    /// Up to `count` bytes from `offset` (fewer at the end of the file).
    func read(from offset: Int, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(descriptor, base + filled, count - filled, off_t(offset + filled))
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw ImportError.unreadable(reopenablePath, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// The whole file, refused (as `path`) when it is larger than `limit` bytes.
    func readAll(limit: Int, path: String) throws -> Data {
        guard size <= limit else {
            throw TrackerImportError.malformed(path, reason: "it is \(size) bytes, more than a tracker's file of \(limit >> 20) MiB can be")
        }
        return Data(try read(from: 0, count: size))
    }
}

extension Archive {
    /// The bytes of `entry`, at most `limit` (a zip bomb stops there), its CRC-32 checked.
    func contents(of entry: ZIPFoundation.Entry, limit: Int, path: String) throws -> Data {
        guard entry.uncompressedSize <= UInt64(limit) else {
            throw TrackerImportError.malformed(path, reason: "\(ImportText.quoted(entry.path)) is larger than \(limit >> 20) MiB")
        }
        var data = Data()
        let checksum: CRC32
        do {
            checksum = try extract(entry, bufferSize: 64 << 10, skipCRC32: false) { chunk in
                data.append(chunk)
                if data.count > limit { throw TrackerImportError.malformed(path, reason: "\(ImportText.quoted(entry.path)) is larger than it says") }
            }
        } catch let error as TrackerImportError {
            throw error
        } catch {
            throw ImportError.damagedArchive(path, reason: "its entry \(ImportText.quoted(entry.path)) cannot be read (\(error))")
        }
        // ZIPFoundation computes the CRC-32 but leaves the comparison to the caller.
        guard checksum == entry.checksum, UInt64(data.count) == entry.uncompressedSize else {
            throw ImportError.damagedArchive(path, reason: "its entry \(ImportText.quoted(entry.path)) does not match its checksum or size")
        }
        return data
    }
}
