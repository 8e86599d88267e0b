import ArgumentParser
import HabitKit

/// A command-line value that parses itself and explains a refusal: the typed values of habit's
/// options and arguments (durations, times, days, weekdays, drinks, ids …).
///
/// Options declare it with `transform: T.parse`, so ArgumentParser words a refusal as "the value
/// '-1' is invalid for '--met <met>': give a number above 1 …" — the argument, the value, and
/// what would be accepted. Values that may look like negative numbers take their option's next
/// word unconditionally (`parsing: .unconditional`), so `--note -3` and `--end '-2 08:00'` work.
protocol ArgumentValue: ExpressibleByArgument {
    /// Parses `text`, or throws an ``InputError`` whose `explanation` says what is accepted.
    init(parsing text: String) throws(InputError)
}

extension ArgumentValue {
    init?(argument: String) {
        guard let value = try? Self(parsing: argument) else { return nil }
        self = value
    }

    /// For `transform:`: ArgumentParser prints the refusal's explanation after the value.
    static func parse(_ text: String) throws -> Self {
        do {
            return try Self(parsing: text)
        } catch {
            throw ArgumentRefusal(error: error)
        }
    }

    /// For positional values collected as text (see ``PositionalWords``): the refusal worded as
    /// ArgumentParser words it for options.
    static func parse(_ text: String, as name: String) throws(ValidationError) -> Self {
        do {
            return try Self(parsing: text)
        } catch {
            throw ArgumentRefusal(error: error).validationError(value: text, name: name)
        }
    }
}

/// A value refused by its type: the explanation after "the value 'x' is invalid for '<name>':".
struct ArgumentRefusal: Error, CustomStringConvertible {
    let error: InputError

    var description: String { error.explanation }

    func validationError(value: String, name: String) -> ValidationError {
        ValidationError("the value \(quoted: value) is invalid for '\(name)': \(error.explanation)")
    }
}

/// Positional words of a command whose values may start with `-` (a negative duration or drink
/// count): ArgumentParser skips dash-prefixed words for ordinary positionals and then reports a
/// missing argument, so such commands collect their words with `parsing: .allUnrecognized` and
/// check them here. A word that looks like an option (`--nte`, `-x`) is reported as one.
enum PositionalWords {
    /// Refuses a word that looks like an option rather than a value: `--anything`, `-letter…`.
    static func checkNoOptions(_ words: [String], command: String) throws(ValidationError) {
        for word in words where word.hasPrefix("--") || (word.hasPrefix("-") && word.dropFirst().first?.isLetter == true) {
            throw ValidationError("unknown option \(quoted: word) for '\(command)'; see '\(command) --help' for its options")
        }
    }
}

extension PositionalWords {
    /// Exactly one value of type `T` (`habit remind edit 3`), `what` it is in words; `example`
    /// shows the right form.
    static func one<T: ArgumentValue>(_ words: [String], as name: String, what: String, command: String,
                                      example: String) throws(ValidationError) -> T {
        try checkNoOptions(words, command: command)
        guard words.count == 1 else {
            throw ValidationError(words.isEmpty ? "give \(what), e.g. '\(example)'" : "give one \(what), e.g. '\(example)' (got \(words.count) words)")
        }
        return try T.parse(words[0], as: name)
    }

    /// At most one value of type `T` (`habit remind pause [ID]`).
    static func optional<T: ArgumentValue>(_ words: [String], as name: String, what: String, command: String,
                                           example: String) throws(ValidationError) -> T? {
        if words.isEmpty { return nil }
        return try one(words, as: name, what: what, command: command, example: example) as T
    }
}

/// Text a person types that habit keeps and shows again — a note, a reminder's title and message:
/// no control characters (ESC, BEL, CR, tab, newline …), as a habit's name. What is stored is what
/// every device's sync takes and what a terminal shows as it is (Standards/security.md).
enum TypedText {
    static func check(_ text: String?, option: String) throws(ValidationError) {
        guard let text, let bad = text.unicodeScalars.first(where: isControlCharacter) else { return }
        throw ValidationError("\(option) holds a control character (\(escapingControlCharacters(String(bad)))): \(quoted(text)); type plain text on one line")
    }

    /// A note, as every writer takes it (`log --note`, `ask`, `ui`, a pending entry replayed):
    /// ``check(_:option:)``, and at most ``PendingJournal/maximumText`` bytes — what the pending
    /// journal keeps, so an entry saved for later is one `log` would have written.
    static func checkNote(_ text: String?, option: String) throws(ValidationError) {
        try check(text, option: option)
        guard let text, text.utf8.count > PendingJournal.maximumText else { return }
        throw ValidationError("\(option) is \(text.utf8.count) bytes long; a note holds at most \(PendingJournal.maximumText) bytes (UTF-8): shorten it")
    }
}
