import ArgumentParser
import Foundation
import HabitKit

/// A failed command as habit reports it: one line on stderr and a sysexits status. `main` is the
/// only place that turns errors into output and an exit status.
struct Failure {
    let message: String
    let status: Int32

    /// The failure for `error`, or nil when it is ArgumentParser's clean exit (`--help`, `--version`).
    /// `whileParsing`: thrown by the parser or a `validate()`, where every refusal is a usage error.
    init?(_ error: any Error, whileParsing: Bool) {
        if let error = error as? any HabitError {
            message = error.description
            status = Self.status(for: error.kind)
            return
        }
        let code = HabitCommand.exitCode(for: error)
        if code == .success { return nil }
        if code == .failure && !(error is ExitCode) && !whileParsing {
            // Neither habit's nor the parser's: an operating-system failure surfaced unmapped.
            message = "unexpected failure: \(error); nothing else was changed"
            status = Self.status(for: .ioError)
            return
        }
        message = Self.parserMessage(for: error)
        let usage = code.rawValue == ExitCode.validationFailure.rawValue || (whileParsing && code == .failure)
        status = usage ? Self.status(for: .usage) : code.rawValue
    }

    /// The line written to stderr: `habit: …`, control characters escaped so it stays one line.
    var line: String { "habit: " + escapingControlCharacters(message) + "\n" }

    static func status(for kind: ErrorKind) -> Int32 { kind.exitStatus }

    /// ArgumentParser's message in habit's voice: lowercase, with the help of the command that
    /// failed ("see 'habit log meditate --help'").
    private static func parserMessage(for error: any Error) -> String {
        var message = HabitCommand.message(for: error)
        if let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true {
            message = first.lowercased() + message.dropFirst()
        }
        if message.contains("--help") { return message }
        let full = HabitCommand.fullMessage(for: error)
        var help = "habit --help"
        if let start = full.range(of: "See '"), let end = full[start.upperBound...].range(of: "'") {
            help = String(full[start.upperBound..<end.lowerBound])
        }
        // `habit log NAME` is the hidden subcommand `_habit`: say it as a person types it.
        help = help.replacingOccurrences(of: "log \(LogGrammar.habit.name) ", with: "log NAME ")
        return message + " (see '\(help)')"
    }
}

/// A store on a disk that fills up can make SQLite's mapped shared-memory file fault (SIGBUS):
/// on a file system of 1 KiB blocks the pages SQLite maps are only partly allocated, and the
/// first write to the rest kills the process with a crash dump. The store stays whole (the
/// write-ahead log was not committed); habit says so in one line and exits 74 (EX_IOERR).
enum DiskFullSignal {
    static func install() {
        signal(SIGBUS) { _ in
            let message: StaticString = "habit: the disk is full (or the store's file system failed): nothing was changed; free some space and run the command again\n"
            _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
            _exit(74)
        }
    }
}
