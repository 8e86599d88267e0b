import ArgumentParser
import Foundation
import HabitKit

/// Tab completion of habit names: the shell asks the installed binary itself
/// (`habit ---completion edit -- positional@0 …`), which answers with the user's own habits read
/// from the store the command line names (`--db PATH`, else `HABIT_DB`, else the XDG default),
/// plus the built-ins where the command takes them.
///
/// It runs at every TAB, so it only reads: a missing store is not created (only the built-ins
/// are offered), a store that cannot be read offers nothing of its own, and nothing is ever
/// printed but the names.
enum HabitNameCompletion {
    /// `edit`, `remove`: one of the user's own habits, archived ones included.
    static let own = CompletionKind.custom { (words: [String], _: Int, _: String) -> [String] in
        habits(words) { $0.kind != .builtin }
    }

    /// `archive`: any habit, built-ins and archived ones included (`--undo` brings one back).
    static let every = CompletionKind.custom { (words: [String], _: Int, _: String) -> [String] in habits(words) { _ in true } }

    /// `unarchive`: the archived habits.
    static let archived = CompletionKind.custom { (words: [String], _: Int, _: String) -> [String] in habits(words) { !$0.isShown } }

    /// `score`, `remind add`, `streak --habit`, `calendar --habit`: a habit shown (``HabitDefinition/isShown``:
    /// an archived built-in is not offered).
    static let any = CompletionKind.custom { (words: [String], _: Int, _: String) -> [String] in habits(words, \.isShown) }

    /// `stats`: a habit, or a data type by its short name.
    static let habitOrType = CompletionKind.custom { (words: [String], _: Int, _: String) -> [String] in
        habits(words, \.isShown) + HabitDataType.shortNames.keys.sorted()
    }

    /// `skip` and `unskip` take `NAME DAY` or `--all DAY` as words: a habit first (not with
    /// `--all`), then the day.
    static let skipWords = CompletionKind.custom { (words: [String], index: Int, _: String) -> [String] in
        let days = ["today", "yesterday"]
        if words.prefix(index).contains("--all") { return days }
        let before = positionalWords(words, before: index, after: ["skip", "unskip"])
        return before == 0 ? habits(words, \.isShown) : before == 1 ? days : []
    }

    /// The names of the habits (built-ins first, then one's own by name) that `keep` keeps, in the
    /// store `words` name; without a store, or one that cannot be read, the built-ins as a fresh
    /// store has them (shown).
    static func habits(_ words: [String], _ keep: (HabitDefinition) -> Bool) -> [String] {
        let location = StoreLocation(db: dbOption(in: words))
        var settings = Settings()
        var own: [HabitDefinition] = []
        if location.exists, let store = try? location.openForReading() {  // never creates one
            defer { store.closeForExit() }
            settings = (try? store.read(.settings)) ?? settings
            own = (try? store.read(.ownHabits(includingArchived: true))) ?? []
        }
        let builtins = HabitDefinition.builtins(settings: settings, since: LocalDay(ordinal: 0), at: Date(timeIntervalSince1970: 0))
        return (builtins + own).filter(keep).map(\.name)
    }

    /// The value of `--db PATH` / `--db=PATH` among the shell words (verbatim: one layer of quotes
    /// is taken off, and a leading `~/` is the home folder, as the shell would have done).
    static func dbOption(in words: [String]) -> String? {
        var value: String?
        for (i, word) in words.enumerated() {
            if word == "--db", i + 1 < words.count {
                value = words[i + 1]
            } else if word.hasPrefix("--db=") {
                value = String(word.dropFirst(5))
            }
        }
        guard var path = value, !path.isEmpty else { return nil }
        if path.count >= 2, let q = path.first, q == "'" || q == "\"", path.last == q {
            path = String(path.dropFirst().dropLast())
        }
        if path.hasPrefix("~/") { path = HabitPaths.live.home + path.dropFirst() }
        return path
    }

    /// How many words that are neither options nor option values come between the command word
    /// (the last of `commands` before `index`) and the word at `index`.
    static func positionalWords(_ words: [String], before index: Int, after commands: Set<String>) -> Int {
        let options: Set<String> = ["--db", "--from", "--to"]
        guard let start = words.prefix(index).lastIndex(where: commands.contains) else { return 0 }
        var count = 0
        var i = start + 1
        while i < index {
            if options.contains(words[i]) {
                i += 2
                continue
            }
            if !words[i].hasPrefix("-") || words[i].dropFirst().first?.isNumber == true { count += 1 }  // -3 is a day
            i += 1
        }
        return count
    }

    /// `habit --generate-completion-script SHELL`, with the user's own habits after `habit log`:
    /// `log NAME` is a hidden default subcommand, and ArgumentParser's scripts leave hidden
    /// subcommands out, so `log`'s subcommand list also asks for the names (`edit`'s completion).
    /// Nil for any other command line (it is parsed as usual).
    static func completionScript(_ arguments: [String], root: any ParsableCommand.Type) -> String? {
        if let words = logWordsCall(arguments) { return logWords(words).joined(separator: "\n") }
        var name: String?
        if arguments.count == 2, arguments[0] == "--generate-completion-script" { name = arguments[1] }
        if arguments.count == 1, arguments[0].hasPrefix("--generate-completion-script=") {
            name = String(arguments[0].dropFirst("--generate-completion-script=".count))
        }
        guard let name, let shell = CompletionShell(rawValue: name) else { return nil }
        return withOwnHabitsAfterLog(root.completionScript(for: shell), shell: shell)
    }

    /// After `habit log `, the shell offers `list` and asks the binary (``logWords(_:)``) for the
    /// rest: the built-ins' words (`meditate`, `workout`, `alcohol`) and one's own habits, each only
    /// while shown (``HabitDefinition/isShown``) — so an archived built-in or habit is not offered.
    /// ArgumentParser's scripts list the built-ins' subcommands themselves; that list is cut to `list`.
    static func withOwnHabitsAfterLog(_ script: String, shell: CompletionShell) -> String {
        let builtinWords = [LogGrammar.meditate.name, LogGrammar.workout.name, LogGrammar.alcohol.name]
        switch shell {
        case .bash:
            let offer = #"        COMPREPLY+=($(compgen -W 'meditate workout alcohol list' -- "${cur}"))"#
            return script.replacingOccurrences(of: offer, with: #"""
                        COMPREPLY+=($(compgen -W 'list' -- "${cur}"))
                        __habit_add_completions -W "$(__habit_custom_complete ---completion log -- positional@0 "${COMP_CWORD}" "$(__habit_cursor_index_in_current_word)")"
                """#)
        case .zsh:
            var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // The `log` function's subcommand list: the built-ins' lines go (the binary offers them while shown).
            if let start = lines.firstIndex(of: "_habit_log() {"),
               let end = lines[start...].firstIndex(where: { $0.hasPrefix("        _describe -V subcommand subcommands") }) {
                let listed = lines[start..<end].indices.filter { i in builtinWords.contains { lines[i].hasPrefix("            '\($0):") } }
                for i in listed.reversed() { lines.remove(at: i) }
            }
            let patched = lines.joined(separator: "\n")
            let offer = "        _describe -V subcommand subcommands && ret=0\n        ;;\n    arg)\n        case \"${words[1]}\" in\n        meditate"
            return patched.replacingOccurrences(of: offer, with: "        _describe -V subcommand subcommands && ret=0\n"
                + #"        __habit_custom_complete ---completion log -- positional@0 "${current_word_index}" "$(__habit_cursor_index_in_current_word)" && ret=0"#
                + "\n        ;;\n    arg)\n        case \"${words[1]}\" in\n        meditate")
        case .fish:
            let positional = #"complete -c 'habit' -n '__habit_should_offer_completions_for_positional "habit log" -eq 1' -fa "#
            var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.removeAll { line in builtinWords.contains { line.hasPrefix(positional + "'\($0)'") } }
            guard let list = lines.firstIndex(where: { $0.hasPrefix(positional + "'list'") }) else { return script }
            lines.insert(#"complete -c 'habit' -n '__habit_should_offer_completions_for_positional "habit log" -eq 1' -fka '(__habit_custom_completion ---completion log -- positional@0 (count (__habit_tokens -pc)) (__habit_tokens -tC))'"#, at: list + 1)
            return lines.joined(separator: "\n")
        default:
            return script
        }
    }

    /// The shell words of `habit ---completion log -- positional@0 INDEX CURSOR WORDS…` (the call
    /// the patched scripts make after `habit log `), else nil. `log` has no positional of its own
    /// for ArgumentParser to answer, so the binary answers it before parsing.
    static func logWordsCall(_ arguments: [String]) -> [String]? {
        guard arguments.count >= 6, arguments[0] == "---completion", arguments[1] == "log", arguments[2] == "--",
              arguments[3] == "positional@0" else { return nil }
        return Array(arguments.dropFirst(6))
    }

    /// What `habit log ` takes as its next word: the built-ins shown, by the word that logs them
    /// (`noalc` is logged as `alcohol`), then one's own habits shown.
    static func logWords(_ words: [String]) -> [String] {
        habits(words, \.isShown).map { $0 == Habit.noalc.rawValue ? LogGrammar.alcohol.name : $0 }
    }
}
