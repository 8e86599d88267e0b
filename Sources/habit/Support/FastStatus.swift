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
        guard arguments.first == Status.configuration.commandName else { return nil }
        var format: Status.Format?
        var db: String?
        var i = 1
        while i < arguments.count {
            guard i + 1 < arguments.count else { return nil }
            let (option, value) = (arguments[i], arguments[i + 1])
            if option == "--" + Status.formatOption, format == nil, let given = Status.Format(rawValue: value) {
                format = given
            } else if option == "--" + StoreOptions.dbOption, db == nil, !value.isEmpty, !value.hasPrefix("-") {
                db = value
            } else {
                return nil
            }
            i += 2
        }
        return { try Status.answer(format: format ?? Status.defaultFormat, tags: [], location: StoreLocation(db: db)) }
    }
}
