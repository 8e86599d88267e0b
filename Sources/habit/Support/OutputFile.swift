import Foundation
import HabitKit

/// A file written in place of another: the bytes go to a temporary file (mode 0600: it is health
/// data) in the same folder, which is renamed over the target only once everything is written.
/// A failed or interrupted export leaves an existing file exactly as it was. A pipe or a
/// terminal (`/dev/stdout`, a FIFO) is written directly: there is nothing to replace.
final class OutputFile {
    let path: String
    /// The temporary file renamed over `path` on commit; nil when writing to a pipe or terminal.
    private let temporaryPath: String?
    private let handle: FileHandle
    private var committed = false

    /// Refuses a target that is the store or one of its files, a folder or a device; then creates
    /// the temporary file beside it.
    init(path: String, store: String) throws(OutputFileError) {
        let kind = try Self.checkTarget(path, store: store)
        self.path = path
        // Through a symlink, the file it points to is replaced (the link stays a link).
        let real = Self.realPath(path) ?? path
        if kind == .stream {
            let fd = open(real, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw .cannotCreate(path, reason: String(cString: strerror(errno))) }
            temporaryPath = nil
            handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            return
        }
        let url = URL(fileURLWithPath: real)
        let folder = url.deletingLastPathComponent().path
        var template = Array((folder + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw .cannotCreate(path, reason: String(cString: strerror(errno))) }
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        target = real
    }

    /// The file renamed over: `path`, or the file a symlink there points to.
    private var target = ""

    deinit {
        if !committed, let temporaryPath { unlink(temporaryPath) }
    }

    func write(_ data: Data) throws(OutputFileError) {
        do { try handle.write(contentsOf: data) } catch {
            throw .writeFailed(path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Flushes the file to disk and renames it over the target.
    func commit() throws(OutputFileError) {
        guard let temporaryPath else {
            committed = true
            return
        }
        guard fsync(handle.fileDescriptor) == 0 else { throw .writeFailed(path, reason: String(cString: strerror(errno))) }
        guard rename(temporaryPath, target) == 0 else { throw .writeFailed(path, reason: String(cString: strerror(errno))) }
        committed = true
    }

    enum TargetKind { case file, stream }

    /// The target may not be the store, its `-wal`, `-shm` or `-journal` — compared by file
    /// identity (device and inode, following symlinks) when both exist, else by their resolved
    /// paths — nor a folder, a block device or a socket. A pipe or a character device (a
    /// terminal, `/dev/stdout`, `/dev/null`) is a `.stream`, written directly.
    @discardableResult
    static func checkTarget(_ path: String, store: String) throws(OutputFileError) -> TargetKind {
        var link = stat()
        if lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK, realPath(path) == nil { throw .danglingLink(path) }
        var target = stat()
        let exists = stat(path, &target) == 0
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
        guard exists else { return .file }
        switch target.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: throw .isFolder(path)
        case S_IFCHR, S_IFIFO: return .stream
        default: throw .notAFile(path)
        }
    }

    /// The path with every symlink resolved, when it exists.
    private static func realPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
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
