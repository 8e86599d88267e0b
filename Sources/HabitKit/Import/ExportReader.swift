import Foundation
import ZIPFoundation

/// Where the XML of an export comes from: a plain `export.xml`, or the entry of an
/// `export.zip` whose root is `<HealthData` (read in place, never unpacked to disk).
///
/// Opening it is the check that the import can start: the path is opened once, without blocking
/// (`O_NONBLOCK`: a FIFO without a writer does not hang), and the open descriptor — not the path,
/// which could change in between — must be a regular file. A folder, FIFO, device or socket is
/// refused with ``ImportError/unreadable(_:reason:)`` (exit 66). A zip is read through the same
/// open file, and the entry's CRC-32 and size are checked after its last byte.
public struct ExportReader: @unchecked Sendable {  // used by one thread at a time: opened, then streamed by the reader thread
    static let chunkSize = 1 << 20

    private enum Input {
        case xml(OpenFile)
        case zip(Archive, ZIPFoundation.Entry)
    }

    let path: String
    /// The size of the XML (the file, or the zip entry uncompressed).
    public let totalBytes: Int?
    private let input: Input

    /// Opens `path`: a plain XML file, or a zip whose Health export entry is found by name or root.
    ///
    /// - Throws: ``ImportError/unreadable(_:reason:)`` when it cannot be opened or is not a
    ///   regular file; ``ImportError/damagedArchive(_:reason:)`` for a zip that cannot be read;
    ///   ``ImportError/notAHealthExport(_:)`` for a zip without a Health export.
    public init(path: String) throws {
        self.path = path
        let file = try OpenFile(path: path)
        var magic: UInt32 = 0
        let count = withUnsafeMutableBytes(of: &magic) { pread(file.descriptor, $0.baseAddress, 4, 0) }
        if count < 0 { throw ImportError.unreadable(path, reason: String(cString: strerror(errno))) }
        if count == 4 && UInt32(littleEndian: magic) == 0x0403_4B50 {  // "PK\u{3}\u{4}"
            let (archive, entry) = try Self.findExport(path, file: file)
            input = .zip(archive, entry)
            totalBytes = Int(exactly: entry.uncompressedSize)
        } else {
            input = .xml(file)
            totalBytes = file.size
        }
    }

    /// Streams the export's XML bytes to `consume`, in chunks of about 1 MiB.
    func stream(_ consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        switch input {
        case .xml(let file):
            // read(2) straight into one reused buffer, from the start.
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
            defer { buffer.deallocate() }
            var offset: off_t = 0
            while true {
                let count = pread(file.descriptor, buffer.baseAddress, Self.chunkSize, offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw ImportError.unreadable(path, reason: String(cString: strerror(errno)))
                }
                if count == 0 { break }
                offset += off_t(count)
                try consume(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
        case .zip(let archive, let entry):
            var size = 0
            let checksum: CRC32
            do {
                checksum = try archive.extract(entry, bufferSize: Self.chunkSize, skipCRC32: false) { data in
                    size += data.count
                    try data.withUnsafeBytes(consume)
                }
            } catch let error as any HabitError {
                throw error
            } catch let error as ImportPipeline.Cancelled {
                throw error
            } catch {
                throw ImportError.damagedArchive(path, reason: "its entry \(ImportText.quoted(entry.path)) cannot be read (\(error))")
            }
            // ZIPFoundation computes the CRC-32 but leaves the comparison to the caller.
            guard checksum == entry.checksum else {
                throw ImportError.damagedArchive(path, reason: "the CRC-32 of \(ImportText.quoted(entry.path)) is "
                    + Self.hex(checksum) + ", the archive says " + Self.hex(entry.checksum))
            }
            guard UInt64(size) == entry.uncompressedSize else {
                throw ImportError.damagedArchive(path, reason: "\(ImportText.quoted(entry.path)) holds \(size) bytes, the archive says \(entry.uncompressedSize)")
            }
        }
    }

    private static func hex(_ crc: CRC32) -> String {
        let digits = String(crc, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    private struct StopPeeking: Error {}

    private static func findExport(_ path: String, file: OpenFile) throws -> (Archive, ZIPFoundation.Entry) {
        let archive = try file.zipArchive(as: path)
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

/// A file opened for reading that is known to be a regular file; closed when the last copy goes.
final class OpenFile: @unchecked Sendable {
    let descriptor: Int32
    let size: Int

    init(path: String) throws {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            let reason = switch code {
            case ENOENT: "no such file"
            case EACCES, EPERM: "permission denied"
            case ENXIO: "it is a socket or a device without a reader, not a regular file; give the exported file itself"
            default: String(cString: strerror(code))
            }
            throw ImportError.unreadable(path, reason: reason)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ImportError.unreadable(path, reason: reason)
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            close(fd)
            let what = switch type {
            case S_IFDIR: "a folder"
            case S_IFIFO: "a FIFO (named pipe)"
            case S_IFCHR, S_IFBLK: "a device"
            case S_IFSOCK: "a socket"
            default: "not a regular file"
            }
            // Every import opens its file here (Apple Health's, an ndjson, a tracker's): advice for all of them.
            throw ImportError.unreadable(path, reason: "it is \(what), not a file; give the exported file itself")
        }
        // Regular files never block; reads go on normally.
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        descriptor = fd
        size = Int(info.st_size)
    }

    /// A path that opens this very file again (the descriptor's entry in /proc, /dev/fd elsewhere).
    var reopenablePath: String {
        #if os(Linux)
        "/proc/self/fd/\(descriptor)"
        #else
        "/dev/fd/\(descriptor)"
        #endif
    }

    /// The file read as a zip archive, opened again through ``reopenablePath`` (the descriptor
    /// already checked, never the path a second time). A file that is not one is a damaged
    /// archive, named `path`.
    func zipArchive(as path: String) throws(ImportError) -> Archive {
        do {
            return try Archive(url: URL(fileURLWithPath: reopenablePath), accessMode: .read)
        } catch {
            throw .damagedArchive(path, reason: "it is not a readable zip archive (\(error))")
        }
    }

    deinit { close(descriptor) }
}
