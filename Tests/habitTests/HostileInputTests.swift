import Foundation
import Testing
@testable import HabitKit
import HabitTestSupport

/// Hostile input on the command line (issue 11), run against the real binary. Every refusal
/// must give its exit status, exactly one line on stderr that names the argument and the value
/// (control characters escaped), nothing on stdout — and leave every store file byte-for-byte
/// as it was, or create none where there was none.
@Suite struct HostileInputTests {
    static let now = "2025-10-26T10:00:00+01:00"

    enum StoreState: Sendable {
        /// No store file at all: a refused command must not create one.
        case none
        /// Three meditation entries whose UUIDs share the prefix 00000000 (…0001, …0002, …0003),
        /// one more with the UUID 28d2b36e-1111-4222-8333-444455556666, and one reminder.
        case withData
    }

    /// One refused command. In arguments, env and mentions, `{db}` is the store's path, `{folder}`
    /// the test's folder, `{blocker}` a regular file, `{link-to-db}` a symlink to the store and
    /// `{fakebin}` a folder whose `crontab` always fails.
    struct Refusal: Sendable, CustomTestStringConvertible {
        let issue: String
        let arguments: [String]
        var env: [String: String] = [:]
        let status: Int32
        var store: StoreState = .withData
        /// What the one line must name (the argument, the value, what is accepted).
        var mentions: [String] = []

        var testDescription: String {
            "#\(issue): habit \(arguments.map { escapingControlCharacters($0) }.joined(separator: " "))"
                + (env.isEmpty ? "" : " with " + env.map { "\($0)=\(escapingControlCharacters($1))" }.sorted().joined(separator: " "))
        }
    }

    static let refusals: [Refusal] = [
        // 1: delete accepts a full UUID or a hex prefix of 8+ digits, nothing else; never guesses.
        Refusal(issue: "1", arguments: ["delete", "zzzzzzzz"], status: 64, mentions: ["'zzzzzzzz'", "<uuid>", "8"]),
        Refusal(issue: "1", arguments: ["delete", "28d2b36ezzzz"], status: 64, mentions: ["'28d2b36ezzzz'"]),
        Refusal(issue: "1", arguments: ["delete", "28d2b36e-zzzz"], status: 64),
        Refusal(issue: "1", arguments: ["delete", "28d2b36e%"], status: 64),
        Refusal(issue: "1", arguments: ["delete", "28d2b36e_111"], status: 64),
        Refusal(issue: "1", arguments: ["delete", "0000000"], status: 64, mentions: ["'0000000'"]),
        Refusal(issue: "1", arguments: ["delete", "%"], status: 64, mentions: ["'%'"]),
        Refusal(issue: "1", arguments: ["delete", "0000-0000"], status: 64, mentions: ["'0000-0000'"]),
        Refusal(issue: "1", arguments: ["delete", "' OR 1=1 --"], status: 64),
        Refusal(issue: "1", arguments: ["delete", "00000000"], status: 64,
                mentions: ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002", "more of the UUID"]),
        Refusal(issue: "1", arguments: ["delete", "00000000-0000-4000-8000-00000000000"], status: 64, mentions: ["more than one entry"]),
        Refusal(issue: "1", arguments: ["delete", "ffffffff"], status: 66, mentions: ["'ffffffff'"]),
        Refusal(issue: "1", arguments: ["delete", "00000000-0000-4000-8000-000000000001"], status: 66, store: .none),
        Refusal(issue: "4", arguments: ["undo"], status: 66, store: .none),
        Refusal(issue: "4", arguments: ["remind", "remove", "1"], status: 66, store: .none),
        Refusal(issue: "4", arguments: ["remind", "edit", "1", "--time", "21:00"], status: 66, store: .none),
        Refusal(issue: "4", arguments: ["log", "meditate", "10m", "--at", "11:00"], status: 64, store: .none, mentions: ["--at", "'11:00'", "future"]),

        // 10: a path that cannot go into a crontab line or a unit file is refused, nothing installed.
        Refusal(issue: "10", arguments: ["remind", "cron", "--db", "{folder}/a\nb.sqlite"], status: 64, store: .none,
                mentions: ["a\\nb.sqlite", "crontab"]),
        Refusal(issue: "10", arguments: ["remind", "install", "--db", "{folder}/x\n* * * * * touch {folder}/pwned"],
                env: ["PATH": "{fakebin}:/usr/bin:/bin"], status: 64, store: .none, mentions: ["x\\n*"]),
        Refusal(issue: "10", arguments: ["remind", "systemd", "--db", "{folder}/a\nExecStartPre=/bin/sh"], status: 64, store: .none,
                mentions: ["a\\nExecStartPre", "systemd"]),
        Refusal(issue: "10", arguments: ["remind", "systemd", "--install", "--db", "{folder}/a\rb"],
                env: ["XDG_CONFIG_HOME": "{folder}/config"], status: 64, store: .none, mentions: ["a\\rb"]),

        // 12: a failing crontab is I/O (74), a missing one unavailable (69) — never usage.
        Refusal(issue: "12", arguments: ["remind", "install"], env: ["PATH": "{fakebin}:/usr/bin:/bin"], status: 74, store: .none,
                mentions: ["crontab", "spool is on fire"]),
        Refusal(issue: "12", arguments: ["remind", "uninstall"], env: ["PATH": "{fakebin}:/usr/bin:/bin"], status: 74, store: .none,
                mentions: ["crontab"]),
        Refusal(issue: "12", arguments: ["remind", "install"], env: ["PATH": "{folder}/no-such-bin"], status: 69, store: .none,
                mentions: ["crontab not found"]),

        // 13: a weekday list is understood whole or refused, never cut short.
        Refusal(issue: "13", arguments: ["remind", "add", "meditate", "20:00", "--days", "monday funday"], status: 64,
                mentions: ["--days", "'monday funday'"]),
        Refusal(issue: "13", arguments: ["remind", "add", "meditate", "20:00", "--days", "mon,,tue"], status: 64),
        Refusal(issue: "13", arguments: ["remind", "add", "meditate", "20:00", "--days", "mo tu"], status: 64),
        Refusal(issue: "13", arguments: ["remind", "add", "meditate", "20:00", "--days", "mon-"], status: 64),

        // 14: negative-looking values reach their option (and are judged there).
        Refusal(issue: "14", arguments: ["log", "meditate", "10m", "--end", "-2 25:00"], status: 64, mentions: ["--end", "'-2 25:00'"]),
        Refusal(issue: "14", arguments: ["log", "meditate", "10m", "--at", "-1 07:00", "--end", "-1 08:00"], status: 64,
                mentions: ["--at", "--end"]),

        // 15 and 20: dates from the user and HABIT_NOW stay within 1970-01-01 ..< 2101-01-01.
        Refusal(issue: "15", arguments: ["calendar", "--year", "9999"], status: 64, store: .none, mentions: ["'9999'", "1970-01-01"]),
        Refusal(issue: "15", arguments: ["calendar", "9999-12"], status: 64, store: .none, mentions: ["'9999-12'"]),
        Refusal(issue: "15", arguments: ["calendar", "--year", "2101"], status: 64, mentions: ["'2101'"]),
        Refusal(issue: "15", arguments: ["calendar", "1969-12"], status: 64, mentions: ["'1969-12'"]),
        Refusal(issue: "15", arguments: ["calendar", "0000-01"], status: 64),
        Refusal(issue: "20", arguments: ["calendar", "--year"], env: ["HABIT_NOW": "9999-12-15T10:00:00+00:00"], status: 64,
                store: .none, mentions: ["HABIT_NOW", "9999-12-15"]),
        Refusal(issue: "20", arguments: ["calendar"], env: ["HABIT_NOW": "0001-01-01T00:00:00+14:00"], status: 64,
                mentions: ["HABIT_NOW"]),
        Refusal(issue: "20", arguments: ["log", "meditate", "10m"], env: ["HABIT_NOW": "2101-01-01T00:00:00Z"], status: 64,
                store: .none, mentions: ["HABIT_NOW"]),
        Refusal(issue: "20", arguments: ["streak"], env: ["HABIT_NOW": "1969-12-31T23:59:59Z"], status: 64, mentions: ["HABIT_NOW"]),
        Refusal(issue: "6", arguments: ["log", "meditate", "10m", "--at", "1900-01-01T07:00"], status: 64, mentions: ["--at", "'1900-01-01T07:00'"]),
        Refusal(issue: "6", arguments: ["log", "meditate", "10m", "--at", "0001-01-01T07:00:00+14:00"], status: 64),
        Refusal(issue: "6", arguments: ["log", "alcohol", "1", "--date", "1969-12-31"], status: 64, mentions: ["--date"]),
        Refusal(issue: "6", arguments: ["log", "alcohol", "1", "--date", "-36500"], status: 64, mentions: ["--date", "'-36500'"]),
        Refusal(issue: "6", arguments: ["export", "--from", "1969-12-31"], status: 64, mentions: ["--from"]),
        Refusal(issue: "6", arguments: ["export", "--to", "9999-01-01"], status: 64, mentions: ["--to"]),
        Refusal(issue: "6", arguments: ["export", "--from", "2025-10-20", "--to", "2025-10-10"], status: 64, mentions: ["--from", "--to"]),

        // 16: the message names the argument, the value and what would be accepted.
        Refusal(issue: "16", arguments: ["log", "workout", "hiit", "10m", "--met", "-1"], status: 64, mentions: ["--met", "'-1'", "above 1"]),
        Refusal(issue: "16", arguments: ["log", "alcohol", "-1"], status: 64, mentions: ["<drinks>", "'-1'", "whole number"]),
        Refusal(issue: "16", arguments: ["config", "set", "weight", "-70"], status: 64, mentions: ["<value>", "'-70'", "20–400"]),
        Refusal(issue: "16", arguments: ["remind", "edit", "-1"], status: 64, mentions: ["<id>", "'-1'"]),
        Refusal(issue: "16", arguments: ["remind", "add", "meditate", "20:00", "--lookback", "-3"], status: 64, mentions: ["--lookback", "'-3'"]),
        Refusal(issue: "16", arguments: ["log", "meditate", "-5m"], status: 64, mentions: ["<duration>", "'-5m'", "negative"]),
        Refusal(issue: "16", arguments: ["log", "list", "--days", "-3"], status: 64, mentions: ["--days", "'-3'"]),
        Refusal(issue: "16", arguments: ["export", "--output", "{folder}"], status: 64, mentions: ["--output", "folder"]),
        Refusal(issue: "16", arguments: ["log", "meditate", "10m", "--nte", "x"], status: 64, mentions: ["'--nte'"]),
        Refusal(issue: "16", arguments: ["log", "meditat", "10m"], status: 64, mentions: ["'meditat'", "did you mean 'meditate'"]),

        // 19: no output file may be the store or one of its files, however it is named.
        Refusal(issue: "19", arguments: ["export", "--output", "{db}"], status: 64, mentions: ["--output", "store"]),
        Refusal(issue: "19", arguments: ["export", "--format", "json", "--output", "{folder}/./h.sqlite"], status: 64),
        Refusal(issue: "19", arguments: ["export", "--output", "{link-to-db}"], status: 64),
        Refusal(issue: "19", arguments: ["export", "--output", "{db}-wal"], status: 64),
        Refusal(issue: "19", arguments: ["export", "--output", "{db}-journal"], status: 64),

        // 21: user text is quoted with its control characters escaped: one line, no escape codes.
        Refusal(issue: "21", arguments: ["log", "meditate", "a\nb\nc"], status: 64, mentions: ["'a\\nb\\nc'"]),
        Refusal(issue: "21", arguments: ["log", "meditate", "\u{1B}[31mred"], status: 64, mentions: ["'\\u{1B}[31mred'"]),
        Refusal(issue: "21", arguments: ["streak", "--habit", "x\ny"], status: 64, mentions: ["'x\\ny'"]),
        Refusal(issue: "21", arguments: ["log", "meditate", "10m", "--source", "a\nb"], status: 64, mentions: ["'a\\nb'"]),
        Refusal(issue: "21", arguments: ["log", "meditat\n", "10m"], status: 64, mentions: ["'meditat\\n'"]),
        Refusal(issue: "21", arguments: ["config", "get", "col\nour"], status: 64, mentions: ["'col\\nour'"]),
        Refusal(issue: "21", arguments: ["delete", "zz\nzzzzzz"], status: 64),
        Refusal(issue: "21", arguments: ["log", "alcohol", "2", "--date", "2025-10-27\n"], status: 64, mentions: ["--date"]),
        Refusal(issue: "21", arguments: ["log", "meditate", "10m"], env: ["HABIT_NOW": "2025\n10"], status: 64, mentions: ["'2025\\n10'"]),
        Refusal(issue: "21", arguments: ["streak"], env: ["TZ": "Mars\n/Base"], status: 64, mentions: ["'Mars\\n/Base'"]),
        Refusal(issue: "21", arguments: ["log", "meditate", "10m", "--db", "{blocker}/a\nb/h.sqlite"], status: 73, store: .none,
                mentions: ["a\\nb"]),

        // 49: the overview's days are 1 to 366; a bad HABIT_NOW or TZ opens nothing.
        Refusal(issue: "49", arguments: ["overview", "--days", "0"], status: 64, store: .none, mentions: ["--days", "'0'", "1 to 366"]),
        Refusal(issue: "49", arguments: ["overview", "--days", "367", "--json"], status: 64, mentions: ["'367'", "1 to 366"]),
        Refusal(issue: "49", arguments: ["overview", "--days", "a\nb"], status: 64, mentions: ["'a\\nb'"]),
        Refusal(issue: "49", arguments: ["overview"], env: ["HABIT_NOW": "2101-01-01T00:00:00+00:00"], status: 64),
        Refusal(issue: "49", arguments: ["overview", "--tag", "nope"], status: 64, mentions: ["'nope'"]),
    ]

    @Test(arguments: refusals)
    func refusedInputGivesOneLineAndLeavesEveryFileAsItWas(_ refusal: Refusal) throws {
        let habit = try Self.prepare(refusal.store)
        defer { habit.cleanUp() }
        let before = try Self.files(habit)
        let result = try habit.run(refusal.arguments.map { Self.fill($0, habit) },
                                   env: ["HABIT_NOW": Self.now].merging(refusal.env.mapValues { Self.fill($0, habit) }) { $1 })
        #expect(result.status == refusal.status, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.hasPrefix("habit: "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("\n") && !result.stderr.dropLast().contains("\n"), "not one line: \(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\r"), "\(result.stderr)")
        for mention in refusal.mentions.map({ Self.fill($0, habit) }) {
            #expect(result.stderr.contains(mention), "'\(mention)' missing in: \(result.stderr)")
        }
        #expect(try Self.files(habit) == before, "the folder's files changed")
    }

    // MARK: - What is accepted now

    /// 13: ranges, comma lists and space-separated names; every day named is kept.
    @Test(arguments: [("monday tuesday", "mon,tue"), ("mon-fri", "mon-fri"), ("mon,wed,fri", "mon,wed,fri"),
                      ("mon, wed fri", "mon,wed,fri"), ("Tuesday Thursday", "tue,thu"), ("sat sun", "sat,sun"),
                      ("fri-mon", "mon,fri,sat,sun"), ("weekdays sat", "mon,tue,wed,thu,fri,sat")])
    func weekdaysAreAcceptedWhole(_ text: String, _ stored: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let r = try habit.run(["remind", "add", "meditate", "20:00", "--days", text], env: ["HABIT_NOW": Self.now])
        #expect(r.status == 0, "\(r.stderr)")
        let list = try habit.json(["remind", "list"], env: ["HABIT_NOW": Self.now])
        #expect((list["reminders"] as? [[String: Any]])?.first?["days"] as? String == stored)
    }

    /// 14: option values that look like negative numbers or options are values.
    @Test func negativeLookingValuesReachTheirOptions() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": Self.now]
        let ended = try habit.json(["log", "meditate", "10m", "--end", "-2 08:00"], env: env)
        #expect((ended["samples"] as? [[String: Any]])?.first?["end"] as? String == "2025-10-24T08:00:00+02:00")
        let started = try habit.json(["log", "meditate", "10m", "--at", "-1 07:00", "--note", "-3"], env: env)
        let sample = (started["samples"] as? [[String: Any]])?.first
        #expect(sample?["start"] as? String == "2025-10-25T07:00:00+02:00")
        #expect((sample?["metadata"] as? [String: String])?["note"] == "-3")
        let workout = try habit.json(["log", "workout", "yoga", "20m", "--note", "--json is not an option here", "--met", "2.5"], env: env)
        #expect(((workout["workout"] as? [String: Any])?["metadata"] as? [String: String])?["note"] == "--json is not an option here")
        #expect(try habit.run(["remind", "add", "meditate", "20:00", "--title", "-x", "--message", "-y"], env: env).status == 0)
        let alcohol = try habit.json(["log", "alcohol", "0", "--date", "-3"], env: env)
        #expect((alcohol["samples"] as? [[String: Any]])?.first?["start"] as? String == "2025-10-23T00:00:00+02:00")
    }

    /// 11: notify-send gets `--` before the title and message, so a title starting with '-' stays a title.
    @Test func notifySendGetsTheTitleAfterDoubleDash() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let bin = habit.folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let out = habit.folder.appendingPathComponent("args.txt").path
        try Self.script(bin.appendingPathComponent("notify-send").path,
                        "for a in \"$@\"; do printf '[%s]\\n' \"$a\"; done > '\(out)'")
        #expect(try habit.run(["remind", "add", "meditate", "20:00", "--title", "-u critical", "--message", "--help"],
                              env: ["HABIT_NOW": Self.now]).status == 0)
        let r = try habit.run(["remind", "check", "--notify", "notify-send"],
                              env: ["HABIT_NOW": "2025-10-26T20:01:00+01:00", "PATH": bin.path + ":/usr/bin:/bin"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "[--app-name=habit]\n[--]\n[-u critical]\n[--help]\n")
    }

    /// 10: a store path with `%`, quotes, `$`, spaces and a backslash survives a real crontab:
    /// installed, read back, processed as cron processes a command (`%` is a newline unless
    /// escaped) and run by /bin/sh, it reaches exactly that store. Uses the crontab of `nobody`
    /// (through a wrapper on PATH), so no real user's crontab is touched.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/crontab") && getuid() == 0))
    func aHostileStorePathSurvivesARealCrontab() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let bin = habit.folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try Self.script(bin.appendingPathComponent("crontab").path, "exec /usr/bin/crontab -u nobody \"$@\"")
        let previous = try Self.shell("/usr/bin/crontab -u nobody -l 2>/dev/null || true")
        defer { _ = try? Self.shell(previous.isEmpty ? "/usr/bin/crontab -u nobody -r 2>/dev/null || true" : "/usr/bin/crontab -u nobody -", input: previous) }
        _ = try Self.shell("/usr/bin/crontab -u nobody -", input: "17 3 * * * /bin/true # someone else's job\n")

        let store = habit.folder.appendingPathComponent("we%ird 'store' \\%x $HOME \"q\"%%/h.sqlite").path
        let env = ["PATH": bin.path + ":/usr/bin:/bin", "HABIT_NOW": Self.now]
        for _ in 0..<2 {
            let r = try habit.run(["remind", "install", "--db", store], env: env)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let table = try Self.shell("/usr/bin/crontab -u nobody -l").split(separator: "\n").map(String.init)
        #expect(table.count == 2, "\(table)")
        #expect(table.first == "17 3 * * * /bin/true # someone else's job")
        let line = try #require(table.last)
        #expect(line.hasSuffix(" # habit-reminders"))

        // What cron runs: the command after the five time fields, '%' processed, through /bin/sh.
        let command = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)[5]
        let (shellCommand, stdinText) = Self.cronCommand(String(command))
        #expect(stdinText.isEmpty, "an unescaped % would feed '\(stdinText)' to the command")
        #expect(!FileManager.default.fileExists(atPath: store))
        let ran = try Self.shell(shellCommand, environment: ["HABIT_NOW": Self.now, "HOME": habit.folder.path, "PATH": "/usr/bin:/bin"])
        #expect(ran.isEmpty)
        #expect(FileManager.default.fileExists(atPath: store), "the check did not reach \(store)")

        #expect(try habit.run(["remind", "uninstall"], env: env).status == 0)
        #expect(try Self.shell("/usr/bin/crontab -u nobody -l") == "17 3 * * * /bin/true # someone else's job\n")
    }

    /// 10: the systemd units written for such a path hold exactly habit's settings, and systemd's
    /// own quoting rules read the store path back (checked by `systemd-analyze verify` when present).
    @Test func aHostileStorePathSurvivesTheSystemdUnits() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let config = habit.folder.appendingPathComponent("config")
        let store = habit.folder.appendingPathComponent("we%ird 'q' \"dq\" $x \\y %h/h.sqlite").path
        let r = try habit.run(["remind", "systemd", "--install", "--db", store], env: ["XDG_CONFIG_HOME": config.path])
        #expect(r.status == 0, "\(r.stderr)")
        let folder = config.appendingPathComponent("systemd/user")
        let service = try String(contentsOf: folder.appendingPathComponent("habit-remind.service"), encoding: .utf8)
        let timer = try String(contentsOf: folder.appendingPathComponent("habit-remind.timer"), encoding: .utf8)
        let settings = service.split(separator: "\n").filter { $0.contains("=") }.map { String($0.prefix { $0 != "=" }) }
        // HABIT_DB, the XDG_CONFIG_HOME the command ran with (HabitPaths.folderVariables), TZ.
        #expect(settings == ["Description", "Type", "Environment", "Environment", "Environment", "ExecStart"])
        #expect(timer.contains("OnCalendar=*:0/5"))
        let environment = service.split(separator: "\n").filter { $0.hasPrefix("Environment=") }
            .map { Self.systemdUnquote(String($0.dropFirst("Environment=".count))) }
        #expect(environment.contains("HABIT_DB=" + store), "\(environment)")
        #expect(environment.contains("TZ=Europe/Berlin"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
            let verified = try Self.run("/usr/bin/systemd-analyze", ["verify", folder.appendingPathComponent("habit-remind.service").path,
                                                                     folder.appendingPathComponent("habit-remind.timer").path])
            #expect(verified.status == 0, "\(verified.output)")
        }
    }

    /// 19: the export goes to a temporary file renamed into place: a failure part-way (here the
    /// file-size limit, like a full disk) leaves the existing file exactly as it was.
    @Test func aFailedExportLeavesTheExistingFileAsItWas() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["demo", "--days", "60"], env: ["HABIT_NOW": Self.now]).status == 0)
        let out = habit.folder.appendingPathComponent("out.ndjson").path
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: out))
        let limited = try Self.run("/bin/sh", ["-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" export --output \"$1\"",
                                               HabitProcess.binary.path, out],
                                   environment: ["HABIT_DB": habit.db, "TZ": "Europe/Berlin", "HABIT_NOW": Self.now, "PATH": "/usr/bin:/bin"])
        #expect(limited.status == 74, "\(limited.output)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "precious\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: habit.folder.path).filter { $0.hasPrefix(".out.ndjson") }.isEmpty)

        #expect(try habit.run(["export", "--output", out], env: ["HABIT_NOW": Self.now]).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("{\"kind\":\"sample\""))
        #expect(try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int == 0o600)
    }

    // MARK: - Helpers

    /// A fresh folder, with the store in `state`, a regular file `blocker`, a symlink to the store
    /// and a `fakebin/crontab` that always fails.
    static func prepare(_ state: StoreState) throws -> HabitProcess {
        let habit = try HabitProcess()
        if case .withData = state {
            let store = try HabitStore.open(path: habit.db)
            let uuids = SequentialUUIDs()
            let env = HabitEnvironment(now: try #require(Timestamp.parse(now)?.instant),
                                       timeZone: try #require(TimeZone(identifier: "Europe/Berlin")), makeUUID: { uuids.next() })
            for hour in 7...9 {
                let start = try #require(Timestamp.parse("2025-10-25T0\(hour):00:00+02:00")?.instant)
                _ = try store.logMeditation(InstantRange(start, upTo: start.addingTimeInterval(600)), source: .app, note: nil, env: env)
            }
            let lone = try #require(UUID(uuidString: "28d2b36e-1111-4222-8333-444455556666"))
            var loneEnv = env
            loneEnv.makeUUID = { lone }
            let start = try #require(Timestamp.parse("2025-10-24T07:00:00+02:00")?.instant)
            _ = try store.logMeditation(InstantRange(start, upTo: start.addingTimeInterval(600)), source: .app, note: nil, env: loneEnv)
            _ = try store.changeReminder(.add(Reminder(title: "Sit", message: "m", activity: "meditate",
                                               time: try #require(LocalTime("20:00")), created: env.now)))
        }
        try Data("x".utf8).write(to: habit.folder.appendingPathComponent("blocker"))
        try FileManager.default.createSymbolicLink(atPath: habit.folder.appendingPathComponent("link-to-db.ndjson").path,
                                                   withDestinationPath: habit.db)
        let fakebin = habit.folder.appendingPathComponent("fakebin")
        try FileManager.default.createDirectory(at: fakebin, withIntermediateDirectories: true)
        try script(fakebin.appendingPathComponent("crontab").path, "echo 'crontab: the spool is on fire' >&2; exit 1")
        return habit
    }

    static func fill(_ text: String, _ habit: HabitProcess) -> String {
        text.replacingOccurrences(of: "{db}", with: habit.db)
            .replacingOccurrences(of: "{folder}", with: habit.folder.path)
            .replacingOccurrences(of: "{blocker}", with: habit.folder.appendingPathComponent("blocker").path)
            .replacingOccurrences(of: "{link-to-db}", with: habit.folder.appendingPathComponent("link-to-db.ndjson").path)
            .replacingOccurrences(of: "{fakebin}", with: habit.folder.appendingPathComponent("fakebin").path)
    }

    /// Every file under the test's folder with its bytes (the store, its -wal, anything a command
    /// might create), symlinks as their targets, a FIFO or a socket as its kind (never opened).
    static func files(_ habit: HabitProcess) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let root = habit.folder.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return out }
        while let name = walker.nextObject() as? String {
            let path = root + "/" + name
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            switch attributes[.type] as? FileAttributeType {
            case .typeSymbolicLink?: out[name] = Data(try FileManager.default.destinationOfSymbolicLink(atPath: path).utf8)
            case .typeDirectory?: out[name + "/"] = Data()
            case .typeRegular?: out[name] = try Data(contentsOf: URL(fileURLWithPath: path))
            case let other: out[name] = Data(String(describing: other).utf8)
            }
        }
        return out
    }

    static func script(_ path: String, _ body: String) throws {
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    static func run(_ program: String, _ arguments: [String], input: String? = nil,
                    environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = input == nil ? FileHandle.nullDevice : inPipe
        _ = HabitProcess.ignoringBrokenPipes
        try process.run()
        if let input { HabitProcess.feed(inPipe, Data(input.utf8)) }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs `command` with /bin/sh; fails the test on a non-zero exit.
    @discardableResult
    static func shell(_ command: String, input: String? = nil, environment: [String: String]? = nil) throws -> String {
        let r = try run("/bin/sh", ["-c", command], input: input, environment: environment)
        #expect(r.status == 0, "\(command): \(r.output)")
        return r.output
    }

    /// What cron (Vixie/Debian) does with a command: `\%` becomes `%`; the first unescaped `%`
    /// ends the command, and the rest, its `%`s turned into newlines, is its standard input.
    static func cronCommand(_ text: String) -> (command: String, stdin: String) {
        var command = ""
        var escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let ch = text[index]
            if escaped {
                if ch != "%" { command.append("\\") }
                command.append(ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else if ch == "%" {
                return (command, String(text[text.index(after: index)...]).replacingOccurrences(of: "%", with: "\n"))
            } else {
                command.append(ch)
            }
            index = text.index(after: index)
        }
        if escaped { command.append("\\") }
        return (command, "")
    }

    /// A unit-file value read as systemd reads it: double-quoted with C escapes, `%%` → `%`.
    static func systemdUnquote(_ text: String) -> String {
        var value = text
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
            value = String(value.dropFirst().dropLast())
            var out = ""
            var escaped = false
            for ch in value {
                if escaped {
                    out.append(ch)
                    escaped = false
                } else if ch == "\\" {
                    escaped = true
                } else {
                    out.append(ch)
                }
            }
            value = out
        }
        return value.replacingOccurrences(of: "%%", with: "%")
    }
}

extension HostileInputTests {
    /// 1: a unique prefix of 8+ hex digits, with or without the UUID's dashes, deletes that entry.
    @Test(arguments: ["28d2b36e", "28D2B36E-1111", "28d2b36e1111", "28d2b36e-1111-4222-8333-444455556666"])
    func aUniqueHexPrefixDeletesThatEntry(_ id: String) throws {
        let habit = try Self.prepare(.withData)
        defer { habit.cleanUp() }
        let r = try habit.run(["delete", id, "--json"], env: ["HABIT_NOW": Self.now])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("28d2b36e-1111-4222-8333-444455556666"))
        #expect(try habit.snapshot().hasPrefix("3/0/1@"))
    }
}
