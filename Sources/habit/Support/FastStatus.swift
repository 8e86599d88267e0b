import HabitKit

/// The plain forms of `habit status`, read without ArgumentParser: what a status bar runs every
/// few seconds (`habit status`, `--format F`, `--db PATH`, each at most once, written
/// `--option value`).
///
/// Building ArgumentParser's argument sets is a large part of a `status` (the runtime's conformance
/// look-ups, as for ``FastLog``; the figures are in Benchmarks/README.md). The options are the command's
/// own, by the names and the value type its declaration uses (``Status/formatOption``,
/// ``StoreOptions/dbOption``, ``Status/Format``), and the work is the command's own
/// (``Status/answer(format:tags:location:)``). Anything else — `--tag`, `--help`, `--format=x`, a
/// value the type refuses, a repeated option, a path that starts with `-` — returns nil, and
/// ArgumentParser reads the line as always (`FastStatusTests` holds that both readings agree).
enum FastStatus {
    /// The status `arguments` (without the program name) ask for, ready to run; nil when they are not a plain one.
    static func plan(_ arguments: [String]) -> (() throws -> Void)? {
        guard arguments.first == Status.configuration.commandName,
              let given = FastRead.Given(arguments.dropFirst(), flags: [], options: [Status.formatOption]) else { return nil }
        var format = Status.defaultFormat
        if let text = given.value(of: Status.formatOption) {
            guard let chosen = Status.Format(rawValue: text) else { return nil }
            format = chosen
        }
        return { try Status.answer(format: format, tags: [], location: given.location) }
    }
}
