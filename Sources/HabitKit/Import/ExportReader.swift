import Foundation
import GRDB
import ZIPFoundation

/// Where the XML of an export comes from: a plain `export.xml`, or the entry of an
/// `export.zip` whose root is `<HealthData` (read in place, never unpacked to disk).
enum ExportReader {
    static let chunkSize = 1 << 20

    /// Streams the export's XML bytes to `consume`; returns the total size when known.
    static func stream(path: String, totalBytes: (Int?) -> Void, _ consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw ImportError.unreadable(path, reason: reason)
        }
        let magic = handle.readData(ofLength: 4)
        if magic == Data([0x50, 0x4B, 0x03, 0x04]) {
            try? handle.close()
            try streamZip(path: path, totalBytes: totalBytes, consume)
            return
        }
        defer { try? handle.close() }
        totalBytes((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil)
        try magic.withUnsafeBytes(consume)
        while true {
            let data = handle.readData(ofLength: chunkSize)
            if data.isEmpty { break }
            try data.withUnsafeBytes(consume)
        }
    }

    private struct StopPeeking: Error {}

    private static func streamZip(path: String, totalBytes: (Int?) -> Void, _ consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw ImportError.unreadable(path, reason: "not a readable zip archive (\(error))")
        }
        let candidates = archive.filter { entry in
            let name = entry.path.split(separator: "/").last.map(String.init) ?? entry.path
            return entry.type == .file && !entry.path.hasPrefix("__MACOSX/") && !entry.path.contains("/__MACOSX/")
                && !name.hasPrefix("._") && name.lowercased().hasSuffix(".xml")
        }
        // export.xml first; then any other XML whose root is <HealthData (localised names).
        let ordered = candidates.sorted { a, b in
            (a.path.hasSuffix("/export.xml") || a.path == "export.xml") && !(b.path.hasSuffix("/export.xml") || b.path == "export.xml")
        }
        guard let entry = try ordered.first(where: { try hasHealthDataRoot(archive, $0) }) else {
            throw ImportError.notAHealthExport(path)
        }
        totalBytes(Int(entry.uncompressedSize))
        do {
            _ = try archive.extract(entry, bufferSize: chunkSize, skipCRC32: false) { data in
                try data.withUnsafeBytes(consume)
            }
        } catch let error as any HabitError {
            throw error
        } catch {
            throw ImportError.unreadable(path, reason: "the zip entry \(entry.path) is damaged (\(error))")
        }
    }

    private static func hasHealthDataRoot(_ archive: Archive, _ entry: ZIPFoundation.Entry) throws -> Bool {
        var head = Data()
        do {
            _ = try archive.extract(entry, bufferSize: 64 << 10, skipCRC32: true) { data in
                head.append(data)
                if head.count >= 64 << 10 { throw StopPeeking() }
            }
        } catch is StopPeeking {
        } catch {
            return false
        }
        return head.range(of: Data("<HealthData".utf8)) != nil
    }
}

extension HabitStore {
    /// From this export size on, an import may drop the secondary sample indexes and rebuild
    /// them at the end (see ``Schema/bulkDroppableIndexes``).
    static let bulkImportBytes = 64 << 20

    /// Bulk mode pays off when the export is large and mostly new: an export of ~450 bytes a
    /// record that would at least double the store. A re-import of data already there (all
    /// duplicates) keeps the indexes, since rebuilding them would cost more than it saves.
    static func prefersBulk(exportBytes: Int, threshold: Int, _ db: Database) throws -> Bool {
        guard exportBytes >= threshold else { return false }
        let stored = try Int.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM sample") ?? 0
        return exportBytes / 450 > stored
    }

    /// Imports an Apple Health `export.xml` or `export.zip`, streaming: memory does not grow
    /// with the file.
    ///
    /// The whole import is one transaction: a malformed or truncated file changes nothing.
    /// Every imported object gets a stable identity (a UUID made from its content — type, source,
    /// start, end, unit and value; not the per-record device address), so importing the same
    /// file, or a later export that contains it, adds nothing twice. Imported sources are
    /// external (`healthkit-import:<sourceName>`). With `dryRun`, the import runs and is rolled back.
    public func importHealthExport(at path: String, dryRun: Bool = false,
                                   progress: ((ImportProgress) -> Void)? = nil) throws -> ImportSummary {
        try importHealthExport(at: path, dryRun: dryRun, bulkFromBytes: Self.bulkImportBytes, progress: progress)
    }

    /// `bulkFromBytes` lets tests exercise bulk mode on small files.
    func importHealthExport(at path: String, dryRun: Bool, bulkFromBytes: Int,
                            progress: ((ImportProgress) -> Void)?) throws -> ImportSummary {
        try write(rollback: dryRun) { db in
            try db.execute(sql: "PRAGMA cache_size = -32768")  // 32 MiB of page cache for the index updates
            let importer = try HealthImporter(db: db)
            let scanner = XMLScanner(delegate: importer)
            var total: Int?
            var bulk = false
            var objects = 0
            var lastReport = 0
            importer.onObject = {
                objects += 1
                if objects - lastReport >= 10_000, let progress {
                    lastReport = objects
                    progress(ImportProgress(bytesRead: scanner.bytesConsumed, totalBytes: total, objects: objects))
                }
            }
            try ExportReader.stream(path: path, totalBytes: { total = $0 }) { chunk in
                if !bulk, let total, try Self.prefersBulk(exportBytes: total, threshold: bulkFromBytes, db) {
                    bulk = true
                    for index in Schema.bulkDroppableIndexes { try db.execute(sql: "DROP INDEX \(index.name)") }
                }
                try scanner.feed(chunk)
            }
            try scanner.finish()
            try importer.finish()
            if bulk {
                for index in Schema.bulkDroppableIndexes { try db.execute(sql: index.sql) }
            }
            progress?(ImportProgress(bytesRead: scanner.bytesConsumed, totalBytes: total, objects: objects))
            var summary = importer.finalSummary
            summary.bytes = scanner.bytesConsumed
            summary.dryRun = dryRun
            return summary
        }
    }
}
