import Foundation
import HabitKit

/// Degraded mode (Standards/access.md): `status`, `today`, `streak` and `calendar` keep what they
/// printed (``AnswerCache``), and when the store cannot be read they print that instead, marked
/// `(stale: as of 14:02 — the store is locked)`, and exit 0. Without a kept answer the error is
/// the one of today. A stale answer is never shown while the store is readable: only the
/// failures of ``StaleReason`` lead to one.
enum DegradedMode {
    /// What a command printed, and whether to keep it.
    struct Answer {
        var text: String
        var kind: AnswerFile.Kind
        /// When it was read (ISO 8601 with its offset); nil: not kept (a month other than this one).
        var asOf: String?
    }

    /// How long `status` waits for a locked store before it answers from the cache.
    static let briefWait: Duration = .milliseconds(200)
    static var fullWait: Duration { LockWait.full }

    /// Runs `produce` with the store's wait and prints its answer, keeping it when it came from an
    /// existing store; prints the kept answer, marked, when the store cannot be read. With `brief`,
    /// a locked store is waited for ``briefWait`` when there is a kept answer to show, else for
    /// the usual 10 s, as without a cache.
    static func answer(_ location: StoreLocation, brief: Bool = false, _ produce: (Duration) throws -> Answer?) throws {
        let key = key(location)
        if folderIsMissing(location.path), let shown = stale(key, .missing) {
            Output.print(shown)
            return
        }
        let existed = location.exists
        let answer: Answer?
        do {
            answer = try produce(brief ? briefWait : fullWait)
        } catch {
            guard let reason = StaleReason(error) else { throw error }
            if let shown = stale(key, reason) {
                Output.print(shown)
                return
            }
            guard brief, reason == .locked else { throw error }
            answer = try produce(fullWait)
        }
        guard let answer else { return }
        Output.print(answer.text)
        if existed, let asOf = answer.asOf {
            AnswerCache.keep(AnswerFile.Entry(key: key, kind: answer.kind, asOf: asOf, body: answer.text))
        }
    }

    /// The store (its absolute path) and the command line as typed, with what changes its text:
    /// the columns it is laid out in and whether it is coloured.
    static func key(_ location: StoreLocation) -> String {
        let store = PathText.absolute(location.path)
        let arguments = CommandLine.arguments.dropFirst().joined(separator: "\u{1F}")
        return "\(store)\n\(Width.columns) \(Output.useColor ? "colour" : "plain")\n\(arguments)"
    }

    /// Whether the folder the store is in is gone (an unmounted drive, a synced folder not there).
    static func folderIsMissing(_ path: String) -> Bool {
        var info = stat()
        return stat(StoreFile.folder(of: path), &info) != 0 && errno == ENOENT
    }

    /// The kept answer for `key`, marked; nil when there is none (or it cannot be marked).
    static func stale(_ key: String, _ reason: StaleReason) -> String? {
        guard let entry = AnswerCache.answer(for: key), let now = try? LiveEnvironment.now() else { return nil }
        return StaleMark.marked(entry, reason: reason, now: now)
    }
}

/// Why the store cannot be read: the failures that show a kept answer.
enum StaleReason: String, Equatable {
    case locked
    case missing
    case unreadable
    case notAStore = "not-a-store"

    /// Nil for every other failure (bad input, an unknown habit, a store refused as unsafe or of a
    /// newer schema: those are not passing states, and their message says what to do).
    init?(_ error: any Error) {
        guard let error = error as? StoreError else { return nil }
        switch error {
        case .busy: self = .locked
        case .permissionDenied, .folderDenied, .cannotCreateFile, .io: self = .unreadable
        case .notADatabase, .notAHabitStore: self = .notAStore
        default: return nil
        }
    }

    var text: String {
        switch self {
        case .locked: "the store is locked"
        case .missing: "the store's folder is missing"
        case .unreadable: "the store cannot be read"
        case .notAStore: "the store is not a habit store"
        }
    }
}

/// A kept answer marked stale, per ``AnswerFile/Kind`` (pure: `now` is passed).
enum StaleMark {
    /// `(stale: as of 14:02 — the store is locked)`; the date too when the answer is not of
    /// `now`'s day (in the answer's own offset).
    static func mark(asOf: String, reason: StaleReason, now: Date) -> String? {
        guard let parsed = Timestamp.parse(asOf), let offset = parsed.offsetSeconds else { return nil }
        let time = String(format: "%02d:%02d", parsed.time.hour, parsed.time.minute)
        let sameDay = Timestamp.format(now, offsetSeconds: offset).hasPrefix(parsed.day.description)
        return "(stale: as of \(sameDay ? time : "\(parsed.day) \(time)") — \(reason.text))"
    }

    static func marked(_ entry: AnswerFile.Entry, reason: StaleReason, now: Date) -> String? {
        guard let mark = mark(asOf: entry.asOf, reason: reason, now: now) else { return nil }
        switch entry.kind {
        case .text:
            return entry.body + (entry.body.contains("\n") ? "\n" : " ") + mark
        case .tmux:
            return entry.body + " #[fg=colour244]\(mark)#[default]"
        case .i3blocks:
            let lines = entry.body.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.count == 3 else { return nil }
            return [lines[0] + " " + mark, lines[1] + " (stale)", StatusText.staleColor].joined(separator: "\n")
        case .waybar:
            guard let bar = try? JSONDecoder().decode(WaybarJSON.self, from: Data(entry.body.utf8)),
                  let text = try? Output.encode(bar.stale(mark)) else { return nil }
            return String(decoding: text, as: UTF8.self)
        case .json:
            guard let member = try? Output.encode(StaleJSON(asOf: entry.asOf, reason: reason.rawValue)) else { return nil }
            return adding(member: "stale", value: String(decoding: member, as: UTF8.self), to: entry.body)
        }
    }

    /// `"stale": {"asOf": …, "reason": …}` in a `--json` answer.
    struct StaleJSON: Encodable {
        let asOf: String
        let reason: String
    }

    /// `object` (one JSON object, keys sorted, as ``Output/printJSON(_:)`` writes it) with the
    /// member `name: value` added in its sorted place; nil when `object` is not such an object or
    /// already has the member.
    static func adding(member name: String, value: String, to object: String) -> String? {
        let bytes = Array(object.utf8), wanted = Array(name.utf8)
        guard bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return nil }
        var depth = 0, inString = false, escaped = false, expectingKey = false
        var keyStart: Int?, insertAt: Int?
        for (i, c) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if c == UInt8(ascii: "\\") {
                    escaped = true
                } else if c == UInt8(ascii: "\"") {
                    inString = false
                    if let start = keyStart {
                        let key = bytes[(start + 1)..<i]
                        if key.elementsEqual(wanted) { return nil }
                        if insertAt == nil, wanted.lexicographicallyPrecedes(key) { insertAt = start }
                        keyStart = nil
                    }
                }
                continue
            }
            switch c {
            case UInt8(ascii: "\""):
                inString = true
                if depth == 1, expectingKey { keyStart = i }
                expectingKey = false
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                expectingKey = depth == 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ","): expectingKey = depth == 1
            default: break
            }
        }
        guard depth == 0, !inString else { return nil }
        let pair = Array("\"\(name)\":\(value)".utf8)
        var out = bytes
        if let insertAt {
            out.insert(contentsOf: pair + [UInt8(ascii: ",")], at: insertAt)
        } else {
            out.insert(contentsOf: (bytes.count > 2 ? [UInt8(ascii: ",")] : []) + pair, at: bytes.count - 1)
        }
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(out)), parsed is [String: Any] else { return nil }
        return String(decoding: out, as: UTF8.self)
    }
}
