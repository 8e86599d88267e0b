import Foundation
import ZIPFoundation

/// Where the XML of an export comes from: a plain `export.xml`, or the entry of an
/// `export.zip` whose root is `<HealthData` (read in place, never unpacked to disk).
struct ExportReader: @unchecked Sendable {  // used by one thread at a time: opened, then streamed by the reader thread
    static let chunkSize = 1 << 20

    private enum Input {
        case xml(FileHandle, first: Data)
        case zip(Archive, ZIPFoundation.Entry)
    }

    let path: String
    /// The size of the XML (the file, or the zip entry uncompressed).
    let totalBytes: Int?
    private let input: Input

    /// Opens `path`: a plain XML file, or a zip whose Health export entry is found by name or root.
    init(path: String) throws {
        self.path = path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw ImportError.unreadable(path, reason: reason)
        }
        let magic = handle.readData(ofLength: 4)
        if magic == Data([0x50, 0x4B, 0x03, 0x04]) {
            try? handle.close()
            let (archive, entry) = try Self.findExport(path)
            input = .zip(archive, entry)
            totalBytes = Int(entry.uncompressedSize)
        } else {
            input = .xml(handle, first: magic)
            totalBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        }
    }

    /// Streams the export's XML bytes to `consume`, in chunks of about 1 MiB.
    func stream(_ consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        switch input {
        case .xml(let handle, let first):
            defer { try? handle.close() }
            try first.withUnsafeBytes(consume)
            // read(2) straight into one reused buffer: FileHandle.readData reads 4 KiB at a time.
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
            defer { buffer.deallocate() }
            let fd = handle.fileDescriptor
            while true {
                let count = read(fd, buffer.baseAddress, Self.chunkSize)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw ImportError.unreadable(path, reason: String(cString: strerror(errno)))
                }
                if count == 0 { break }
                try consume(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
        case .zip(let archive, let entry):
            do {
                _ = try archive.extract(entry, bufferSize: Self.chunkSize, skipCRC32: false) { data in
                    try data.withUnsafeBytes(consume)
                }
            } catch let error as any HabitError {
                throw error
            } catch let error as ImportPipeline.Cancelled {
                throw error
            } catch {
                throw ImportError.unreadable(path, reason: "the zip entry \(entry.path) is damaged (\(error))")
            }
        }
    }

    private struct StopPeeking: Error {}

    private static func findExport(_ path: String) throws -> (Archive, ZIPFoundation.Entry) {
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
        return (archive, entry)
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
