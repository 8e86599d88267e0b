import Foundation
import HabitKit

/// Input the command line refuses after parsing it: ambiguous ids, a store that is not empty.
enum UsageError: HabitError {
    /// A prefix matching more than one entry.
    case ambiguousEntry(String, candidates: [UUID])
    /// `habit demo` on a store that already holds data.
    case storeNotEmpty(String)
    /// `--at` and `--end` together; `--since` and `--anchor` together (the option names).
    case exclusive(String, String)
    /// `--from` after `--to`.
    case emptyRange(from: String, to: String)
    /// `--db=`: an option written with `=` and nothing after it (the option's name).
    case emptyValue(String)
    /// `--db --json`: a path option whose value starts with `-` (the option, the value).
    case dashPath(String, String)
    /// `habit calender`: a first word that is no command but close to one (the word, the command).
    case unknownCommand(String, suggestion: String)
    /// `habit add floss --every-day`: an option only `habit edit` has (the option).
    case editOnly(String)

    var kind: ErrorKind { .usage }

    var description: String {
        switch self {
        case .ambiguousEntry(let prefix, let candidates):
            "\(quoted: prefix) matches more than one entry (\(candidates.map { $0.storeText }.joined(separator: ", "))); give more of the UUID"
        case .storeNotEmpty(let path):
            "the store \(quoted: path) already holds data; use --force to add demo data anyway, or --db for another file"
        case .exclusive(let a, let b):
            "give \(a) or \(b), not both"
        case .emptyRange(let from, let to):
            "--from \(quoted: from) is after --to \(quoted: to); ranges are [from, to), so --from must not be after --to"
        case .emptyValue(let option):
            "\(option)= has an empty value; write \(option)=VALUE or \(option) VALUE, or leave \(option) out"
        case .editOnly(let option):
            "\(option) is for 'habit edit': it takes back what an earlier add or edit gave, and a new habit has nothing to take back (see 'habit add --help')"
        case .dashPath(let option, let value):
            "\(option) \(quoted: value): a path that starts with '-' looks like an option; give the path after \(option), or write it \(quoted: "./" + value)"
        case .unknownCommand(let word, let suggestion):
            "unknown command \(quoted: word); did you mean \(quoted: suggestion)? (see 'habit --help')"
        }
    }
}

/// Rules of the raw command line that hold for every command, checked before anything reads it
/// (the fast `log` path or ArgumentParser).
enum RawArguments {
    /// An option written with an empty value, `--db=`, is refused: ArgumentParser would take the
    /// next word as its value (`habit streak --db= --json` would read a store named `--json`).
    /// Words after `--` are not habit's options (`habit remind check --notify command -- prog …`).
    ///
    /// A path option's value that starts with `-` is refused (`habit streak --db --json` would
    /// read a store named `--json` and print text): a path written so is `./-…`. The fast paths
    /// read the same words, so this one check holds for them too.
    static func check(_ arguments: [String]) throws(UsageError) {
        for (i, word) in arguments.enumerated() {
            if word == "--" { return }
            if word.count > 3, word.hasPrefix("--"), word.last == "=", word.firstIndex(of: "=") == word.index(before: word.endIndex) {
                throw .emptyValue(String(word.dropLast()))
            }
            for option in pathOptions {
                if word == option, i + 1 < arguments.count, arguments[i + 1].hasPrefix("-") { throw .dashPath(option, arguments[i + 1]) }
                if word.hasPrefix(option + "=-") { throw .dashPath(option, String(word.dropFirst(option.count + 1))) }
            }
        }
    }

    /// The options whose value is a path, in every command that has them.
    static let pathOptions = ["--" + StoreOptions.dbOption, "--output"]
}

/// An output file `habit export --output` cannot write.
enum OutputFileError: HabitError {
    /// The output is the store itself, or its `-wal`/`-shm`/`-journal` file.
    case isStore(String, store: String)
    case isFolder(String)
    /// A block device, a socket: nothing an export should be written over.
    case notAFile(String)
    /// A symlink to nothing: habit does not create what a dangling link points to.
    case danglingLink(String)
    case cannotCreate(String, reason: String)
    case writeFailed(String, reason: String)
    case standardOutputFailed(reason: String)

    var kind: ErrorKind {
        switch self {
        case .isStore, .isFolder, .notAFile, .danglingLink: .usage
        case .cannotCreate: .cantCreate
        case .writeFailed, .standardOutputFailed: .ioError
        }
    }

    var description: String {
        switch self {
        case .isStore(let path, let store):
            "--output \(quoted: path) is the store \(quoted: store) (or one of its files); writing there would destroy it — give another file"
        case .isFolder(let path):
            "--output \(quoted: path) is a folder; give the path of a file to write, e.g. \(quoted: path + "/export.ndjson")"
        case .notAFile(let path):
            "--output \(quoted: path) is neither a regular file nor a pipe or terminal; give the path of a file to write"
        case .danglingLink(let path):
            "--output \(quoted: path) is a symbolic link to a file that does not exist; give the file's own path"
        case .cannotCreate(let path, let reason):
            "cannot create --output \(quoted: path): \(reason); choose a folder you can write to"
        case .writeFailed(let path, let reason):
            "writing --output \(quoted: path) failed: \(reason); the file was left as it was"
        case .standardOutputFailed(let reason):
            "writing to standard output failed: \(reason)"
        }
    }
}

/// Installing the reminder trigger: the crontab, the systemd units.
enum TriggerError: HabitError {
    /// `crontab` is not on PATH.
    case crontabMissing
    /// `crontab` could not be started.
    case crontabUnavailable(String)
    /// `crontab ARGS` exited non-zero (its first line of stderr, if any).
    case crontabFailed(arguments: [String], status: Int32, message: String)
    /// A path that cannot be written into a crontab line or a unit file.
    case unsafePath(String, what: String, reason: String)
    case cannotWriteUnit(String, reason: String)

    var kind: ErrorKind {
        switch self {
        case .crontabMissing, .crontabUnavailable: .unavailable
        case .crontabFailed: .ioError
        case .unsafePath: .usage
        case .cannotWriteUnit: .cantCreate
        }
    }

    var description: String {
        switch self {
        case .crontabMissing:
            "crontab not found on PATH; install cron (apt-get install cron) or use 'habit remind systemd --install'"
        case .crontabUnavailable(let reason):
            "crontab could not be started (\(reason)); nothing was changed"
        case .crontabFailed(let arguments, let status, let message):
            "'crontab \(arguments.joined(separator: " "))' failed (exit \(status)\(message.isEmpty ? "" : ": " + quoted(message))); nothing was changed"
        case .unsafePath(let path, let what, let reason):
            "the \(what) \(quoted: path) cannot go into a \(reason); use a path without such characters"
        case .cannotWriteUnit(let path, let reason):
            "cannot write the unit file \(quoted: path): \(reason); nothing was installed"
        }
    }
}

/// A notifier that failed after the reminders were delivered.
enum NotifierError: HabitError {
    case failed([String])

    var kind: ErrorKind { .ioError }

    var description: String {
        switch self {
        case .failed(let failures):
            "notifier failed (\(failures.joined(separator: "; "))); the reminder stays delivered and is not retried"
        }
    }
}
