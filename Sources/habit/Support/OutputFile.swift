import Foundation
import HabitKit

/// A file written in place of another: the bytes go to a temporary file (mode 0600: it is health
/// data) in the same folder, which is renamed over the target only once everything is written.
/// A failed or interrupted export leaves an existing file exactly as it was.
final class OutputFile {
    let path: String
    private let temporaryPath: String
    private let handle: FileHandle
    private var committed = false

    /// Refuses a target that is the store or one of its files, or a folder; then creates the
    /// temporary file beside it.
    init(path: String, store: String) throws(OutputFileError) {
        try Self.checkTarget(path, store: store)
        self.path = path
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var template = Array((folder + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw .cannotCreate(path, reason: String(cString: strerror(errno))) }
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    deinit {
        if !committed { unlink(temporaryPath) }
    }

    func write(_ data: Data) throws(OutputFileError) {
        do { try handle.write(contentsOf: data) } catch {
            throw .writeFailed(path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Flushes the file to disk and renames it over the target.
    func commit() throws(OutputFileError) {
        guard fsync(handle.fileDescriptor) == 0 else { throw .writeFailed(path, reason: String(cString: strerror(errno))) }
        guard rename(temporaryPath, path) == 0 else { throw .writeFailed(path, reason: String(cString: strerror(errno))) }
        committed = true
    }

    /// The target may not be the store, its `-wal`, `-shm` or `-journal` — compared by file
    /// identity (device and inode, following symlinks) when both exist, else by their resolved
    /// paths — and may not be a folder.
    static func checkTarget(_ path: String, store: String) throws(OutputFileError) {
        var target = stat()
        let exists = stat(path, &target) == 0
        if exists && (target.st_mode & S_IFMT) == S_IFDIR { throw .isFolder(path) }
        let resolvedTarget = resolved(path)
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let file = store + suffix
            var info = stat()
            if exists, stat(file, &info) == 0 {
                if info.st_dev == target.st_dev && info.st_ino == target.st_ino { throw .isStore(path, store: store) }
            } else if resolvedTarget == resolved(file) {
                throw .isStore(path, store: store)
            }
        }
    }

    /// The path with its folder's symlinks resolved (the file itself may not exist yet).
    private static func resolved(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        guard let real = realpath(folder, nil) else { return url.standardizedFileURL.path }
        defer { free(real) }
        return String(cString: real) + "/" + url.lastPathComponent
    }
}
