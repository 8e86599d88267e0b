import Foundation
import Testing
@testable import habit

/// `habit log …`'s plain forms are read without ArgumentParser (FastLog, for start-up speed). For
/// every command line here — accepted and refused, built-ins and own habits — both readings must
/// give the same exit status, the same stdout and stderr (entry ids aside) and the same store.
@Suite struct FastLogTests {
    static let now = "2025-10-26T20:00:00+01:00"

    static let lines: [[String]] = [
        ["log", "meditate", "10m"], ["log", "meditate", "10m", "--json"], ["log", "meditate", "1h30m", "--at", "07:30"],
        ["log", "meditate", "20", "--end", "yesterday 22:00", "--note", "retreat"], ["log", "meditate", "10m", "--source", "dev.habit.watch"],
        ["log", "meditate", "--at", "07:30", "15m"], ["log", "meditate", "-5m"], ["log", "meditate", "10m", "--at", "07:30", "--end", "08:00"],
        ["log", "meditate", "10m", "--at", "25:00"], ["log", "meditate", "10m", "--at", "23:59"], ["log", "meditate"],
        ["log", "meditate", "10m", "20m"], ["log", "meditate", "10m", "--json", "--json"], ["log", "meditate", "10m", "--help"],
        ["log", "meditate", "10m", "--db=@DIR/other.sqlite"], ["log", "meditate", "10m", "--source", "not a source"],
        ["log", "workout", "25m"], ["log", "workout", "yoga", "45m", "--met", "3"], ["log", "workout", "swim", "20m"],
        ["log", "workout", "hiit", "30m", "--met", "40"], ["log", "workout", "run", "30m", "--json"],
        ["log", "alcohol", "2"], ["log", "alcohol", "steady", "--date", "2025-10-01"], ["log", "noalc", "0", "--date", "-1"],
        ["log", "alcohol", "many"], ["log", "alcohol", "1", "--date", "tomorrow"], ["log", "alcohol", "0", "--date", "2200-01-01"],
        ["log", "floss"], ["log", "floss", "--date", "-1", "--json"], ["log", "floss", "2"], ["log", "water", "3"],
        ["log", "water", "3glasses"], ["log", "water", "3kg"], ["log", "water"], ["log", "reading", "25m", "--at", "07:00"],
        ["log", "reading", "25m", "--at", "07:00", "--date", "-1"], ["log", "flos"], ["log", "meditat", "10m"],
        ["log", "--json"], ["log"], ["log", "floss", "--unknown"],
        // The grammar's rules and table, refused alike by both readings.
        ["log", "workout", "25m", "--at", "07:00", "--end", "08:00"], ["log", "floss", "--at", "07:00", "--end", "08:00"],
        ["log", "floss", "--end", "07:00", "--date", "-1"], ["log", "water", "2", "3"], ["log", "floss", "--source", "dev.habit"],
        ["log", "meditate", "10m", "--met", "3"], ["log", "alcohol", "1", "--at", "07:00"], ["log", "alcohol"], ["log", "alcohol", "1", "2"],
        ["log", "workout"], ["log", "workout", "yoga", "run", "10m"], ["log", "meditate", "10m", "--note"], ["log", "floss", "--note", "a\u{1B}b"],
        ["log", "workout", "25m", "--met", "1"], ["log", "help"], ["log", "floss", "--db="],
        ["log", "meditate", "10m", "--date", "-1"], ["log", "noalc", "steady", "--note", "x"],
    ]

    /// Runs `lines` in each process (at ``now``); each must succeed.
    static func prepare(_ processes: [HabitProcess], _ lines: [[String]]) throws {
        for habit in processes {
            for line in lines {
                let result = try habit.run(line, env: ["HABIT_NOW": now])
                try #require(result.status == 0, "\(line): \(result.stderr)")
            }
        }
    }

    /// `line` run by `fast` as usual and by `slow` with ArgumentParser only, at ``now``; `@DIR` in
    /// it is each process's own folder (a store named there is made inside the test's folders).
    static func bothWays(_ line: [String], fast: HabitProcess, slow: HabitProcess) throws -> (HabitProcess.Result, HabitProcess.Result) {
        (try fast.run(line.map { $0.replacingOccurrences(of: "@DIR", with: fast.folder.path) }, env: ["HABIT_NOW": now]),
         try slow.run(line.map { $0.replacingOccurrences(of: "@DIR", with: slow.folder.path) },
                      env: ["HABIT_NOW": now, "HABIT_PARSER": "argument-parser"]))
    }

    /// Entry ids are random: masked so that both runs can be compared.
    static func masked(_ text: String) -> String {
        text.replacingOccurrences(of: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", with: "<uuid>",
                                  options: .regularExpression)
    }

    @Test func bothReadingsOfEveryLogLineAgree() throws {
        let fast = try HabitProcess()
        let slow = try HabitProcess()
        defer { fast.cleanUp(); slow.cleanUp() }
        try Self.prepare([fast, slow], [["add", "floss"], ["add", "water", "--unit", "glass", "--at-least", "8"],
                                        ["add", "reading", "--unit", "min", "--at-least", "150", "--per", "week"]])
        for line in Self.lines {
            let (a, b) = try Self.bothWays(line, fast: fast, slow: slow)
            #expect(a.status == b.status, "\(line)")
            #expect(Self.masked(a.stdout) == Self.masked(b.stdout), "\(line)")
            #expect(Self.masked(a.stderr) == Self.masked(b.stderr), "\(line)")
        }
        let exports = try [fast, slow].map { try $0.run(["export", "--format", "ndjson", "--all-sources"], env: ["HABIT_NOW": Self.now]) }
        // Same-instant objects are listed by UUID, and the UUIDs are random: compared as sets of lines.
        #expect(Self.masked(exports[0].stdout).split(separator: "\n").sorted() == Self.masked(exports[1].stdout).split(separator: "\n").sorted())
        #expect(exports[0].stdout.split(separator: "\n").count >= 15)
    }

    /// The fast path reads only what ``LogGrammar``'s table declares, and the table is what
    /// ArgumentParser's log commands declare: the same commands, aliases and options.
    @Test func theGrammarTableIsWhatArgumentParserDeclares() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let log = try #require((try habit.dumpHelp()["subcommands"] as? [[String: Any]])?.first { $0["commandName"] as? String == "log" })
        var declared: [String: (aliases: [String], options: Set<String>, flags: Set<String>)] = [:]
        for sub in log["subcommands"] as? [[String: Any]] ?? [] {
            let arguments = sub["arguments"] as? [[String: Any]] ?? []
            func names(_ kind: String) -> Set<String> {
                Set(arguments.filter { $0["kind"] as? String == kind }.flatMap { ($0["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } })
            }
            declared[sub["commandName"] as? String ?? "?"] = (sub["aliases"] as? [String] ?? [], names("option"), names("flag").subtracting(["version", "h", "help"]))
        }
        #expect(Set(declared.keys) == Set(LogGrammar.forms.map(\.name) + ["list"]))
        for form in LogGrammar.forms {
            let command = try #require(declared[form.name])
            #expect(command.aliases == form.aliases, "\(form.name)")
            #expect(command.options == Set(form.options.map(\.rawValue)), "\(form.name)")
            #expect(command.flags == ["json"], "\(form.name)")
        }
        // Every word routes to its own form; the log commands' names are no habit's.
        #expect(LogGrammar.form(for: "noalc") == LogGrammar.alcohol)
        #expect(LogGrammar.form(for: "floss") == LogGrammar.habit)
        for word in ["list", "help", "--json", "-h"] + LogGrammar.forms.flatMap({ [$0.name] + $0.aliases }).filter({ $0 != LogGrammar.habit.name }) {
            #expect(LogGrammar.form(for: word) != LogGrammar.habit, "\(word)")
        }
    }

    /// The plan FastLog makes: a plain line runs; a line a rule refuses is left to ArgumentParser.
    @Test(arguments: [
        (["log", "meditate", "10m", "--at", "07:00"], true), (["log", "meditate", "10m", "--at", "07:00", "--end", "08:00"], false),
        (["log", "floss", "--date", "-1"], true), (["log", "floss", "--at", "07:00", "--date", "-1"], false),
        (["log", "workout", "yoga", "45m", "--met", "3"], true), (["log", "workout", "45m", "--met", "0.5"], false),
        (["log", "alcohol", "2", "--date", "-1"], true), (["log", "alcohol", "--date", "-1"], false),
        (["log", "meditate", "10m", "--date", "-1"], false), (["log", "list"], false), (["log", "floss", "1", "2"], false),
    ])
    func theFastPathRunsOnlyWhatTheGrammarAccepts(_ line: [String], planned: Bool) {
        #expect((FastLog.plan(line) != nil) == planned)
    }
}
