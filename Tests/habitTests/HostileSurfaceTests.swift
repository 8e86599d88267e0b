import Foundation
import Testing
@testable import HabitKit

/// Hostile input on the newer surfaces (issue 46): `ask`, `notes`, access per type, command
/// habits, hooks, the CSV and HabitBull imports — FIFOs where a file is read, links, huge lines,
/// control and bidi characters, write-denied types. Each refusal: the documented exit status,
/// one line on stderr, nothing on stdout, every file of the test's folder as it was (the store's
/// bytes included) — and no hang: every run has a generous deadline (``HostileRun``). The older
/// command-line surfaces are `HostileInputTests`'.
@Suite struct HostileSurfaceTests {
    static let now = ["HABIT_NOW": "2026-11-26T20:00:00+01:00", "TZ": "Europe/Berlin"]

    /// A store with floss (yes/no) and water (glasses), added on 2026-11-20, and one note.
    static func store() throws -> HabitProcess {
        let habit = try HabitProcess()
        let before = ["HABIT_NOW": "2026-11-20T09:00:00+01:00", "TZ": "Europe/Berlin"]
        for arguments in [["add", "floss"], ["add", "water", "--unit", "glass", "--at-least", "8"],
                          ["log", "water", "2", "--note", "first glasses"]] {
            let r = try habit.run(arguments, env: before)
            try #require(r.status == 0, "\(arguments): \(r.stderr)")
        }
        return habit
    }

    /// The refusal's shape: `status`, one line on stderr naming each of `mentions`, nothing on
    /// stdout, no escape or bidi control on stderr, every file as it was.
    static func expectRefusal(_ r: HostileRun.Result, _ status: Int32, mentions: [String] = [], before: [String: Data],
                              _ habit: HabitProcess, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(!r.timedOut, "it hung", sourceLocation: sourceLocation)
        #expect(r.status == status, "\(r.stderr.prefix(500))", sourceLocation: sourceLocation)
        #expect(r.stdout.isEmpty, "\(r.stdout.prefix(500))", sourceLocation: sourceLocation)
        #expect(r.stderr.hasPrefix("habit: ") && r.stderr.hasSuffix("\n") && !r.stderr.dropLast().contains("\n"),
                "not one line: \(r.stderr.prefix(500))", sourceLocation: sourceLocation)
        #expect(!r.stderr.unicodeScalars.contains { $0 == "\u{1B}" || isBidiControl($0) }, sourceLocation: sourceLocation)
        for mention in mentions { #expect(r.stderr.contains(mention), "'\(mention)' missing: \(r.stderr)", sourceLocation: sourceLocation) }
        #expect(try files(habit) == before, "a file changed", sourceLocation: sourceLocation)
    }

    static func files(_ habit: HabitProcess) throws -> [String: Data] { try HostileInputTests.files(habit) }

    // MARK: - ask

    /// Issue 46, point 12: an answer line is held up to 8 KiB; a longer one — here 128 MiB of
    /// `y` — is read to its end without being kept, refused in one line, and the answer after it
    /// answers the next question. Swift's `readLine` held the whole line (617 MB after 30 s).
    @Test func anEndlessAnswerLineIsReadInBoundedMemoryAndTheNextAnswerCounts() throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        let y = Data(repeating: UInt8(ascii: "y"), count: 1 << 20)
        let r = try HostileRun.run(habit, ["ask", "floss", "water"], env: Self.now,
                                   input: [(y, 128), (Data("\n3 # after the long line\n".utf8), 1)])
        #expect(!r.timedOut)
        #expect(r.status == 65, "\(r.stderr.prefix(300))")
        #expect(r.stderr.contains("habit: line 1 (floss 2026-11-26): the line is 134217728 bytes long; a line holds at most 8192"),
                "\(r.stderr.prefix(300))")
        #expect(r.stdout == "water 2026-11-26: 3 glasses # after the long line\n")
        #expect(r.peakKB < 100 * 1024, "peak resident memory \(r.peakKB / 1024) MiB")
    }

    /// Lines `ask` refuses whole (exit 65, nothing written): 8 MiB without a newline and then the
    /// end of the input; a note of 1 MiB; a note over the 4,096 bytes a note holds; an escape
    /// sequence in a note.
    static let refusedLines: [String: (input: String, mention: String)] = [
        "8 MiB without a newline": (String(repeating: "y", count: 8 << 20), "8388608 bytes long"),
        "a note of 1 MiB": ("y # " + String(repeating: "n", count: 1 << 20) + "\n", "1048580 bytes long"),
        "a note of 4,097 bytes": ("y # " + String(repeating: "n", count: 4_097) + "\n", "a note holds at most 4096 bytes"),
        "an escape in a note": ("y # red \u{1B}[31m\n", "control character (\\u{1B})"),
    ]

    @Test(arguments: ["8 MiB without a newline", "a note of 1 MiB", "a note of 4,097 bytes", "an escape in a note"])
    func aLineAskRefusesWritesNothing(_ name: String) throws {
        let (input, mention) = try #require(Self.refusedLines[name])
        let habit = try Self.store()
        defer { habit.cleanUp() }
        let before = try Self.files(habit)
        let r = try HostileRun.run(habit, ["ask", "floss"], env: Self.now, input: [(Data(input.utf8), 1)])
        #expect(!r.timedOut)
        #expect(r.status == 65, "\(name): \(r.stderr.prefix(300))")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains(mention), "\(name): \(r.stderr.prefix(300))")
        #expect(r.stderr.split(separator: "\n").count == 2, "the line, then the count: \(r.stderr.prefix(600))")
        #expect(try Self.files(habit) == before, "\(name): a file changed")
    }

    // MARK: - notes

    /// Notes that arrived with an import keep their bidi controls and escapes (a CSV's control
    /// characters become spaces); `notes` and `notes --grep` show them escaped, never raw.
    @Test func notesShowControlAndBidiCharactersEscaped() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let csv = habit.folder.appendingPathComponent("n.csv")
        try Data("habit,date,value,note\nfloss,2026-11-24,1,left \u{202E}right \u{2066}iso\n".utf8).write(to: csv)
        #expect(try habit.run(["import", csv.path], env: Self.now).status == 0)
        for arguments in [["notes"], ["notes", "--grep", "RIGHT"], ["notes", "--grep", "\u{202E}"]] {
            let r = try HostileRun.run(habit, arguments, env: Self.now)
            #expect(r.status == 0 && !r.timedOut, "\(r.stderr)")
            #expect(r.stdout.contains("left \\u{202E}right \\u{2066}iso"), "\(arguments): \(r.stdout)")
            #expect(!r.stdout.unicodeScalars.contains { isBidiControl($0) || $0 == "\u{1B}" })
        }
    }

    // MARK: - FIFOs and links

    /// A FIFO (or a link to one), a dangling link, or a folder given to `import` (a CSV, a HabitBull export, an
    /// ndjson, Apple Health's files): 66, one line, no store made, nothing opened for long.
    @Test(arguments: ["fifo.csv", "fifo.ndjson", "fifo.xml", "fifo.zip", "link-to-fifo.csv", "dangling.csv", "folder.csv"])
    func anImportOfAFIFOALinkToNothingOrAFolderIsRefused(_ name: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let path = habit.folder.appendingPathComponent(name).path
        if name.hasPrefix("fifo") { try #require(mkfifo(path, 0o600) == 0) }
        if name.hasPrefix("link-to-fifo") {
            try #require(mkfifo(habit.folder.appendingPathComponent("fifo").path, 0o600) == 0)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "fifo")
        }
        if name.hasPrefix("dangling") { try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/nonexistent/x.csv") }
        if name.hasPrefix("folder") { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
        let before = try Self.files(habit)
        let r = try HostileRun.run(habit, ["import", path], env: Self.now, timeout: 30)
        let said = name.hasPrefix("dangling") ? "no such file" : "not a file; give the exported file itself"
        try Self.expectRefusal(r, 66, mentions: [said], before: before, habit)
        #expect(!r.stderr.contains("export.xml"), "Apple Health's advice for any file: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: habit.db), "no store made")
    }

    /// A hook that is a FIFO, a link to nothing, or a link to another user's file is never
    /// opened nor run: the log is stored, exit 0, one line says why the hook was not run (none
    /// for the link to nothing, which is no hook).
    @Test(arguments: ["fifo", "dangling", "passwd"])
    func aHookThatIsAFIFOOrALinkIsNotRunAndTheLogStands(_ kind: String) throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        let hooks = habit.folder.appendingPathComponent(".config/habit/hooks")
        try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let hook = hooks.appendingPathComponent("on-log").path
        switch kind {
        case "fifo": try #require(mkfifo(hook, 0o700) == 0)
        case "dangling": try FileManager.default.createSymbolicLink(atPath: hook, withDestinationPath: "/nonexistent/hook")
        default: try FileManager.default.createSymbolicLink(atPath: hook, withDestinationPath: "/etc/passwd")
        }
        let samples = try habit.snapshot()
        let r = try HostileRun.run(habit, ["log", "floss"], env: Self.now, timeout: 30)
        #expect(!r.timedOut && r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("logged: floss"))
        // A link to nothing is no hook at all (as a missing one): not run, nothing said.
        #expect(r.stderr == (kind == "dangling" ? "" : "habit: hook on-log not run: \(hook) is not a regular file (a link is not followed)\n"))
        let after = try habit.snapshot()
        #expect(after.prefix(2) == "2/" && samples.prefix(2) == "1/", "the entry is stored: \(samples) → \(after)")
    }

    // MARK: - huge lines and controls in the CSV and HabitBull imports

    /// A 10 MB row is a row like any other: its note is kept cut to 1,000 characters, nothing
    /// else of it held (a tracker's file over its size limit is refused whole: `TrackerEdgeTests`).
    @Test(arguments: ["habit,date,value,note\nfloss,2026-11-24,1,", "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nFloss,,,2026-11-24T00:00:00,1,"])
    func aTenMegabyteRowKeepsItsNoteCutTo1000Characters(_ head: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let big = habit.folder.appendingPathComponent("big.csv")
        try (Data(head.utf8) + Data(repeating: UInt8(ascii: "n"), count: 10_000_000) + Data("\n".utf8)).write(to: big)
        let imported = try HostileRun.run(habit, ["import", big.path], env: Self.now, timeout: 120)
        #expect(imported.status == 0 && !imported.timedOut, "\(imported.stderr.prefix(300))")
        let notes = try HostileRun.run(habit, ["notes", "--json"], env: Self.now)
        #expect(notes.stdout.contains("\"note\":\"" + String(repeating: "n", count: 1_000) + "\""), "\(notes.stdout.prefix(200))")
    }

    /// A control character in a value or a date refuses the file (65, one line, the value
    /// escaped); a bidi control in a name is no letter: the habit is named without it, and the
    /// summary shows the file's name escaped.
    @Test(arguments: [
        ("floss,2026-11-24,1\u{1B}[2J,x", "'1\\u{1B}[2J' is not a value"),
        ("floss,2026-11-24\u{7},1,x", "'2026-11-24\\u{7}' is not a date"),
    ])
    func aControlCharacterInAValueOrADateRefusesTheFile(_ row: String, _ mention: String) throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        let csv = habit.folder.appendingPathComponent("c.csv")
        try Data("habit,date,value,note\n\(row)\n".utf8).write(to: csv)
        let before = try Self.files(habit)
        let r = try HostileRun.run(habit, ["import", csv.path], env: Self.now)
        try Self.expectRefusal(r, 65, mentions: ["line 2", mention], before: before, habit)
    }

    @Test func aBidiControlInANameIsLeftOutOfTheHabitsNameAndEscapedInTheSummary() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let csv = habit.folder.appendingPathComponent("b.csv")
        try Data("habit,date,value,note\nFlo\u{202E}ss,2026-11-24,1,\n\u{2066}Read,2026-11-24,1,\n".utf8).write(to: csv)
        let r = try HostileRun.run(habit, ["import", csv.path], env: Self.now)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.unicodeScalars.contains { isBidiControl($0) }, "\(r.stdout)")
        #expect(r.stdout.contains("'Flo\\u{202E}ss'") && r.stdout.contains("'\\u{2066}Read'"), "\(r.stdout)")
        let names = try habit.run(["habits"], env: Self.now).stdout
        #expect(!names.unicodeScalars.contains { isBidiControl($0) }, "\(names)")
    }

    // MARK: - command habits

    /// A command that prints 10 MB on one line, or an escape sequence and a bidi control, is a
    /// failure: `refresh` exits 65 with one line, the output's controls escaped, and no entry.
    @Test(arguments: [("head -c 10000000 /dev/zero | tr '\\0' 7", "more than"),
                      ("printf '3\\033[2J\\342\\200\\256'", "\\u{1B}[2J")])
    func aCommandsHugeOrControlOutputIsAFailureInOneLine(_ command: String, _ mention: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let added = try habit.run(["add", "pages", "--unit", "page", "--command", command],
                                  env: ["HABIT_NOW": "2026-11-26T09:00:00+01:00", "TZ": "Europe/Berlin"])
        try #require(added.status == 0, "\(added.stderr)")
        let r = try HostileRun.run(habit, ["refresh", "pages"], env: Self.now, timeout: 60)
        #expect(!r.timedOut && r.status == 65, "\(r.stderr.prefix(300))")
        // The failure, then the run's count (refresh says how many failed).
        #expect(r.stderr.hasPrefix("habit: command of pages for 2026-11-26: ") && r.stderr.split(separator: "\n").count == 2,
                "\(r.stderr.prefix(300))")
        #expect(r.stderr.contains(mention), "\(r.stderr.prefix(300))")
        #expect(!r.stderr.unicodeScalars.contains { $0 == "\u{1B}" || isBidiControl($0) })
        let entries = try habit.run(["log", "list", "--json", "--days", "3"], env: Self.now).stdout
        #expect(!entries.contains("\"uuid\""), "no entry: \(entries.prefix(300))")
    }

    // MARK: - access

    /// A type named with a control or bidi character, or a name too long to be one: 64, one line
    /// with the name escaped, no grant changed.
    @Test(arguments: [["access", "deny", "flo\u{1B}[2Jss"], ["access", "allow", "flo\u{202E}ss", "--write"],
                      ["access", "deny", "{100,000 a}", "--read"], ["access", "deny", "mindful\n"]])
    func aTypeNamedWithControlsIsRefusedEscaped(_ arguments: [String]) throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        let before = try Self.files(habit)
        let r = try HostileRun.run(habit, arguments.map { $0 == "{100,000 a}" ? String(repeating: "a", count: 100_000) : $0 }, env: Self.now)
        try Self.expectRefusal(r, 64, mentions: ["unknown data type"], before: before, habit)
    }

    // MARK: - write-denied types

    /// After `access deny floss --write`, every writer of floss's data refuses (77, one line,
    /// every file as it was): log, log --date, skip, unskip, undo, delete, remove --yes, refresh.
    @Test(arguments: [["log", "floss"], ["log", "floss", "--date", "2026-11-25"], ["skip", "floss", "2026-11-25"], ["unskip", "floss", "2026-11-24"],
                      ["undo"], ["delete", "{uuid}"], ["remove", "floss", "--yes"], ["refresh", "floss"]])
    func everyWriterOfAWriteDeniedHabitRefusesAndChangesNothing(_ arguments: [String]) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let before = ["HABIT_NOW": "2026-11-20T09:00:00+01:00", "TZ": "Europe/Berlin"]
        try #require(try habit.run(["add", "floss", "--command", "true"], env: before).status == 0)
        let logged = try habit.json(["log", "floss", "--date", "2026-11-23"], env: Self.now)
        let uuid = try #require((logged["samples"] as? [[String: Any]])?.first?["uuid"] as? String)
        try #require(try habit.run(["skip", "floss", "2026-11-24"], env: Self.now).status == 0)
        try #require(try habit.run(["access", "deny", "floss", "--write"], env: Self.now).status == 0)
        let files = try Self.files(habit)
        let r = try HostileRun.run(habit, arguments.map { $0 == "{uuid}" ? uuid : $0 }, env: Self.now)
        try Self.expectRefusal(r, 77, mentions: ["habit access allow floss --write"], before: files, habit)
    }
}
