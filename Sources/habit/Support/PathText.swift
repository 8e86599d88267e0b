import Foundation

/// Paths as text, without Foundation's URL machinery: every read asks for its store's absolute
/// path (the kept answer's key), and through `URL` that cost a read ~0.9 M instructions, most of it
/// the Swift runtime's first conformance look-ups (`Set<UInt8>`, UTF-16 views). ``absolute(_:)``
/// gives the text `URL(fileURLWithPath:).standardizedFileURL.path` gives (`PathTextTests` holds that
/// both agree). A store's folder is ``StoreFile/folder(of:)``'s.
enum PathText {
    /// `path` made absolute (against the working directory when it is relative), its `.` and empty
    /// parts dropped and each `..` taking away the part before it (none above `/`).
    static func absolute(_ path: String) -> String {
        var full = path
        if !path.hasPrefix("/"), let cwd = getcwd(nil, 0) {
            full = String(cString: cwd) + "/" + path
            free(cwd)
        }
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        guard !parts.isEmpty else { return "/" }
        var absolute = ""  // not `joined`: its first use on `[Substring]` costs a conformance scan
        for part in parts {
            absolute += "/"
            absolute += part
        }
        return absolute
    }
}
