import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file in habit's own folders was not opened (``OwnFile/open(_:_:mode:followLink:)``).
public enum OwnFileRefusal: Error, Equatable, Sendable {
    /// A symbolic link where habit's file should be (habit never reads or writes through one).
    case link
    /// A FIFO, a socket, a device or a folder: nothing habit wrote there.
    case notRegularFile
    /// Any other failure of `open` or `fstat` (its `errno`).
    case failed(Int32)

    /// The reason in words, for a message: "it is not a regular file".
    public var reason: String {
        switch self {
        case .link: "it is a symbolic link; habit never reads or writes through a link"
        case .notRegularFile: "it is not a regular file (a FIFO, a socket, a device or a folder is in its place)"
        case .failed(let code): String(cString: strerror(code))
        }
    }
}

/// The one way habit opens a file of its own under its state, cache and config folders (the
/// pending journal, the stores it made, set-aside lines, the hooks' log, the streaks it
/// remembers, the kept answers, the reminder unit it wrote) — Standards/security.md. A FIFO put
/// in such a file's place would block an `open` for reading until a writer comes (and one for
/// writing until a reader comes), hanging a status bar that polls `habit status`: so the file is
/// opened with `O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY`, checked with `fstat` to be a
/// regular file, and only then set blocking again.
public enum OwnFile {
    /// Opens `path` with `flags` (`O_RDONLY`, `O_RDWR | O_APPEND | O_CREAT`, …; created `mode`).
    /// Nil when it is missing (and not created). Never blocks. `followLink`: a link is followed
    /// (for a file another program may link into place, as `systemctl link` does); still only a
    /// regular file is opened.
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o600, followLink: Bool = false) throws(OwnFileRefusal) -> Int32? {
        let fd = Glibc_open(path, flags | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | (followLink ? 0 : O_NOFOLLOW), mode)
        guard fd >= 0 else {
            switch errno {
            case ENOENT: return nil
            case ELOOP: throw .link
            case ENXIO, EISDIR: throw .notRegularFile  // a FIFO without a reader (for writing); a folder
            case let code: throw .failed(code)
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw .failed(code)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .notRegularFile
        }
        let status = fcntl(fd, F_GETFL)
        if status >= 0, status & O_NONBLOCK != 0 { _ = fcntl(fd, F_SETFL, status & ~O_NONBLOCK) }
        return fd
    }
}

#if canImport(Glibc)
private func Glibc_open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }
#elseif canImport(Darwin)
private func Glibc_open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Darwin.open(path, flags, mode) }
#endif
