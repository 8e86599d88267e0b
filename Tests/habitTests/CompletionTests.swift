import Foundation
import Testing

/// Tab completion of habit names (issue 22, point 15): the completion scripts call the binary
/// back (`habit ---completion CMD -- ARG INDEX CURSOR WORDS…`), which answers with the user's own
/// habits from the store the command line names, plus the built-ins where the command takes them
/// — reading only: without a store it offers the built-ins and creates nothing.
@Suite struct CompletionTests {
    static let builtins = ["meditate", "workout", "noalc"]

    /// The binary's answer when the shell completes the last of `words` (`""`: an empty word) for `command`'s `argument`.
    static func complete(_ habit: HabitProcess, _ command: [String], _ argument: String, _ words: [String],
                         env: [String: String] = [:]) throws -> [String] {
        let last = words.last ?? ""
        let r = try habit.run(["---completion"] + command + ["--", argument, String(words.count - 1), String(last.count)] + words, env: env)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(command): \(r.status) \(r.stderr)")
        return r.stdout.split(separator: "\n").map(String.init)
    }

    static func withFlossAndWater() throws -> HabitProcess {
        let habit = try HabitProcess()
        for arguments in [["add", "floss"], ["add", "water", "--unit", "glass", "--at-least", "8"], ["add", "old"], ["archive", "old"]] {
            let r = try habit.run(arguments)
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
        }
        return habit
    }

    @Test func theCompletionScriptsCallBackForHabitNames() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let bash = try habit.run(["--generate-completion-script", "bash"]).stdout
        let positional = ["edit", "archive", "remove", "skip", "unskip", "score", "stats", "remind add"].map { "---completion \($0) -- positional@0" }
        for callback in positional + ["---completion streak -- --habit", "---completion calendar -- --habit", "---completion remind edit -- --activity"] {
            #expect(bash.contains(callback), "the bash script does not call '\(callback)'")
        }
        for shell in ["zsh", "fish"] {
            let script = try habit.run(["--generate-completion-script", shell])
            #expect(script.status == 0 && script.stdout.contains("---completion edit -- positional@0"), "\(shell)")
        }
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }

    @Test func ownHabitsComeFromTheStore() throws {
        let habit = try Self.withFlossAndWater()
        defer { habit.cleanUp() }
        let before = try habit.contents()
        #expect(try Self.complete(habit, ["edit"], "positional@0", ["habit", "edit", ""]) == ["floss", "old", "water"])  // archived too
        #expect(try Self.complete(habit, ["archive"], "positional@0", ["habit", "archive", "w"]) == Self.builtins + ["floss", "old", "water"])  // the shell filters
        #expect(try Self.complete(habit, ["unarchive"], "positional@0", ["habit", "unarchive", ""]) == ["old"])
        #expect(try Self.complete(habit, ["score"], "positional@0", ["habit", "score", ""]) == Self.builtins + ["floss", "water"])
        #expect(try Self.complete(habit, ["remind", "add"], "positional@0", ["habit", "remind", "add", ""]) == Self.builtins + ["floss", "water"])
        #expect(try Self.complete(habit, ["streak"], "--habit", ["habit", "streak", "--habit", ""]) == Self.builtins + ["floss", "water"])
        let stats = try Self.complete(habit, ["stats"], "positional@0", ["habit", "stats", ""])
        #expect(stats.starts(with: Self.builtins + ["floss", "water"]) && stats.contains("steps"))
        // skip/unskip: a habit first, then a day; with --all, the day at once.
        #expect(try Self.complete(habit, ["skip"], "positional@0", ["habit", "skip", ""]) == Self.builtins + ["floss", "water"])
        #expect(try Self.complete(habit, ["unskip"], "positional@0", ["habit", "unskip", "floss", ""]) == ["today", "yesterday"])
        #expect(try Self.complete(habit, ["skip"], "positional@0", ["habit", "skip", "--all", ""]) == ["today", "yesterday"])
        #expect(try habit.contents() == before)  // completing only reads
    }

    @Test func theStoreIsTheOneTheCommandLineNames() throws {
        let habit = try Self.withFlossAndWater()
        defer { habit.cleanUp() }
        let other = try HabitProcess()
        defer { other.cleanUp() }
        #expect(try other.run(["add", "tea"]).status == 0)
        #expect(try Self.complete(habit, ["edit"], "positional@0", ["habit", "edit", "--db", other.db, ""]) == ["tea"])
        #expect(try Self.complete(habit, ["edit"], "positional@0", ["habit", "edit", "--db=\(other.db)", ""]) == ["tea"])
        #expect(try Self.complete(habit, ["edit"], "positional@0", ["habit", "edit", "--db", "'\(other.db)'", ""]) == ["tea"])  // words come verbatim
        #expect(try Self.complete(habit, ["edit"], "positional@0", ["habit", "edit", ""], env: ["HABIT_DB": other.db]) == ["tea"])
    }

    @Test func withoutAStoreOnlyTheBuiltInsAndNothingIsCreated() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try Self.complete(habit, ["edit"], "positional@0", ["habit", "edit", ""]).isEmpty)
        #expect(try Self.complete(habit, ["score"], "positional@0", ["habit", "score", ""]) == Self.builtins)
        // The XDG default: no folder, no file.
        let xdg = habit.folder.appendingPathComponent("data")
        #expect(try Self.complete(habit, ["skip"], "positional@0", ["habit", "skip", ""], env: ["HABIT_DB": "", "XDG_DATA_HOME": xdg.path]) == Self.builtins)
        #expect(!FileManager.default.fileExists(atPath: habit.db))
        #expect(!FileManager.default.fileExists(atPath: xdg.path))
        // A file that is not a store: nothing of its own, no message, the file as it was.
        let notAStore = habit.folder.appendingPathComponent("notes.txt")
        try Data("not a store\n".utf8).write(to: notAStore)
        #expect(try Self.complete(habit, ["score"], "positional@0", ["habit", "score", "--db", notAStore.path, ""]) == Self.builtins)
        #expect(try Data(contentsOf: notAStore) == Data("not a store\n".utf8))
    }

    /// The generated bash script, sourced in bash, offers the store's habits after `habit edit `.
    @Test func bashOffersTheHabitsAtTab() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
        let habit = try Self.withFlossAndWater()
        defer { habit.cleanUp() }
        let script = habit.folder.appendingPathComponent("habit.bash")
        try Data(try habit.run(["--generate-completion-script", "bash"]).stdout.utf8).write(to: script)
        func complete(_ line: String) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", """
                source "$1"; line="$2"; read -ra COMP_WORDS <<< "$line"; [[ "$line" == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="$line"; COMP_POINT=${#line}
                _habit habit "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"; printf '%s\\n' "${COMPREPLY[*]}"
                """, "bash", script.path, line]
            process.environment = ["PATH": HabitProcess.binary.deletingLastPathComponent().path + ":/usr/bin:/bin", "HOME": habit.folder.path,
                                   "HABIT_DB": habit.db]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try complete("habit edit ") == "floss old water")
        #expect(try complete("habit remove w") == "water")
        #expect(try complete("habit skip f") == "floss")
        #expect(try complete("habit stats s") == "sleep steps")
        // `log NAME` is a hidden subcommand: the script's `log` list asks the binary for the built-ins
        // and one's own habits, each only while shown (`old` is archived: not offered).
        let afterLog = try complete("habit log ")
        #expect(afterLog.hasSuffix(" list meditate workout alcohol floss water") && !afterLog.contains("old"), "\(afterLog)")
        #expect(try complete("habit log w") == "workout water")
    }

    /// zsh and fish ask for the names after `habit log` as bash does.
    @Test(arguments: ["zsh", "fish"])
    func everyShellsScriptAsksForOwnHabitsAfterLog(_ shell: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let script = try habit.run(["--generate-completion-script", shell]).stdout
        let lines = script.split(separator: "\n").filter { $0.contains("---completion edit -- positional@0") }
        #expect(lines.count == 1, "\(lines)")  // `edit`'s own
        let log = script.split(separator: "\n").filter { $0.contains("---completion log -- positional@0") }
        #expect(log.count == 1, "\(log)")  // the one after `log`: the built-ins and own habits shown
        // The built-ins' subcommands are not listed by the script itself (an archived one would be offered).
        #expect(!script.contains("'alcohol:") && !script.contains("-fa 'alcohol'"))
        #expect(try habit.run(["--generate-completion-script=\(shell)"]).stdout == script)
    }
}
