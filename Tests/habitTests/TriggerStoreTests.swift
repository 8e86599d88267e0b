import Foundation
import Testing
@testable import HabitKit

/// The cron line and the systemd unit reach the store the command that wrote them used: they carry
/// `HABIT_DB` with its absolute path whenever the store is not the default one (`--db`, `HABIT_DB`,
/// `XDG_DATA_HOME`) — cron and systemd hand the check none of those — and `doctor` says when the
/// installed line reaches another store (Standards/cli.md, "Where files go"; issue 48, point 4).
@Suite struct TriggerStoreTests {
    /// How the store was chosen, and where it is, relative to the test's folder (also HOME).
    struct Choice: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let env: [String: String]
        /// Nil: the default store, and no `HABIT_DB` in the line.
        let store: String?
        var testDescription: String {
            "\(arguments.joined(separator: " ")) \(env.sorted { $0.key < $1.key }.map { "\($0)='\($1)'" }.joined(separator: " ")) → \(store ?? "default")"
        }
    }

    /// Each run starts in `{folder}/work`, so a relative path is not the home folder's.
    static let choices = [
        Choice(arguments: [], env: ["HABIT_DB": "{folder}/chosen/h.sqlite"], store: "chosen/h.sqlite"),
        Choice(arguments: [], env: ["HABIT_DB": "rel.sqlite"], store: "work/rel.sqlite"),
        Choice(arguments: [], env: ["HABIT_DB": "", "XDG_DATA_HOME": "{folder}/data"], store: "data/habit/habit.sqlite"),
        Choice(arguments: ["--db", "{folder}/flag/h.sqlite"], env: ["XDG_DATA_HOME": "{folder}/data"], store: "flag/h.sqlite"),
        Choice(arguments: ["--db", "sub/../x y.sqlite"], env: [:], store: "work/x y.sqlite"),
        Choice(arguments: [], env: ["HABIT_DB": "", "XDG_DATA_HOME": "relative/data"], store: nil),
        Choice(arguments: [], env: ["HABIT_DB": "", "XDG_DATA_HOME": ""], store: nil),
    ]

    static func habit() throws -> HabitProcess {
        var habit = try HabitProcess()
        let work = habit.folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        habit.directory = work
        return habit
    }

    static func fill(_ habit: HabitProcess) -> (String) -> String {
        { $0.replacingOccurrences(of: "{folder}", with: habit.folder.path) }
    }

    @Test(arguments: choices)
    func theCronLineCarriesTheStoresAbsolutePathWhenItIsNotTheDefault(_ choice: Choice) throws {
        let habit = try Self.habit()
        defer { habit.cleanUp() }
        let fill = Self.fill(habit)
        let result = try habit.run(["remind", "cron"] + choice.arguments.map(fill), env: choice.env.mapValues(fill))
        #expect(result.status == 0, "\(result.stderr)")
        let line = result.stdout.trimmingCharacters(in: .newlines)
        let command = try #require(TriggerCommand.cron(line))
        if let store = choice.store {
            let path = habit.folder.appendingPathComponent(store).path
            #expect(command.environment["HABIT_DB"] == path, "\(line)")
            #expect(command.storePath(home: habit.folder.path) == path)
        } else {
            #expect(line.hasPrefix("*/5 * * * * TZ=Europe/Berlin /"), "\(line)")
            #expect(command.storePath(home: habit.folder.path) == habit.folder.path + "/.local/share/habit/habit.sqlite")
        }
    }

    @Test(arguments: choices)
    func theSystemdUnitCarriesTheStoresAbsolutePathWhenItIsNotTheDefault(_ choice: Choice) throws {
        let habit = try Self.habit()
        defer { habit.cleanUp() }
        let fill = Self.fill(habit)
        let result = try habit.run(["remind", "systemd"] + choice.arguments.map(fill), env: choice.env.mapValues(fill))
        #expect(result.status == 0, "\(result.stderr)")
        let command = try #require(TriggerCommand.systemdService(result.stdout))
        if let store = choice.store {
            let path = habit.folder.appendingPathComponent(store).path
            #expect(command.environment["HABIT_DB"] == path, "\(result.stdout)")
            #expect(command.storePath(home: habit.folder.path) == path)
            #expect(result.stdout.contains(path.contains(" ") ? "Environment=\"HABIT_DB=\(path)\"\n" : "Environment=HABIT_DB=\(path)\n"))
        } else {
            #expect(!result.stdout.contains("HABIT_DB"), "\(result.stdout)")
            #expect(command.storePath(home: habit.folder.path) == habit.folder.path + "/.local/share/habit/habit.sqlite")
        }
        // The comment says where the unit goes: $XDG_CONFIG_HOME/systemd/user, else ~/.config/systemd/user.
        #expect(result.stdout.hasPrefix("# \(habit.folder.path)/.config/systemd/user/habit-remind.service\n"), "\(result.stdout)")
    }

    /// A line an older habit installed (no `HABIT_DB`; trailing blanks from a hand edit) is
    /// replaced, never joined by a second one; other lines are kept; a second install changes nothing.
    @Test func installReplacesAnOlderHabitLineRatherThanAddingOne() throws {
        var habit = try habitWithFakeCron()
        defer { habit.cleanUp() }
        habit.environment["HABIT_DB"] = ""
        habit.environment["XDG_DATA_HOME"] = habit.folder.appendingPathComponent("data").path
        let table = habit.folder.appendingPathComponent("crontab")
        let binary = HabitProcess.binary.resolvingSymlinksInPath().path  // what /proc/self/exe says
        let other = "17 3 * * * /bin/true # someone else's job"
        try Data("\(other)\n*/5 * * * * TZ=Europe/Berlin \(binary) remind check # habit-reminders  \n".utf8).write(to: table)

        let installed = try habit.run(["remind", "install"])
        #expect(installed.status == 0, "\(installed.stderr)")
        let store = habit.folder.appendingPathComponent("data/habit/habit.sqlite").path
        let expected = "*/5 * * * * HABIT_DB=\(store) TZ=Europe/Berlin \(binary) remind check # habit-reminders"
        #expect(try String(contentsOf: table, encoding: .utf8) == "\(other)\n\(expected)\n")
        #expect(installed.stdout == "installed: \(expected)\n")

        let again = try habit.run(["remind", "install"])
        #expect(again.stdout == "already installed: \(expected)\n")
        #expect(try String(contentsOf: table, encoding: .utf8) == "\(other)\n\(expected)\n")
    }

    /// A store under `XDG_DATA_HOME` with the line an older habit wrote: doctor says the line
    /// checks the default store, with the fix; after that fix it checks this one.
    @Test func doctorSaysWhenTheCronLineReachesAnotherStoreAndTheFixMakesItReachThisOne() throws {
        var habit = try habitWithFakeCron()
        defer { habit.cleanUp() }
        habit.environment["HABIT_DB"] = ""
        habit.environment["XDG_DATA_HOME"] = habit.folder.appendingPathComponent("data").path
        #expect(try habit.run(["remind", "add", "meditate", "20:00"]).status == 0)
        let store = habit.folder.appendingPathComponent("data/habit/habit.sqlite").path
        let table = habit.folder.appendingPathComponent("crontab")
        try Data("*/5 * * * * TZ=Europe/Berlin \(HabitProcess.binary.path) remind check # habit-reminders\n".utf8).write(to: table)

        let before = try habit.run(["doctor"])
        let line = before.stdout.split(separator: "\n").filter { $0.hasPrefix("warning: cron:") }
        #expect(line == ["warning: cron: the cron trigger checks another store (\(habit.folder.path)/.local/share/habit/habit.sqlite), "
                         + "not this one — fix: habit remind install --db \(store)"], "\(before.stdout)")

        #expect(try habit.run(["remind", "install"]).status == 0)
        let after = try habit.run(["doctor", "--json"])
        #expect(status(of: "cron", in: after) == ["ok"], "\(after.stdout)")
        #expect(status(of: "reminders", in: after) == ["ok"])
    }

    /// The same for the systemd unit `remind systemd --install` writes with `XDG_DATA_HOME` set.
    @Test func doctorSeesTheSystemdUnitWrittenForAStoreUnderXDGDataHomeReachIt() throws {
        var habit = try habitWithFakeCron()
        defer { habit.cleanUp() }
        habit.environment["HABIT_DB"] = ""
        habit.environment["XDG_DATA_HOME"] = habit.folder.appendingPathComponent("data").path
        #expect(try habit.run(["remind", "add", "meditate", "20:00"]).status == 0)
        let units = habit.folder.appendingPathComponent(".config/systemd/user")
        #expect(try habit.run(["remind", "systemd", "--install"]).status == 0)
        try FileManager.default.createDirectory(at: units.appendingPathComponent("timers.target.wants"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: units.appendingPathComponent("timers.target.wants/habit-remind.timer").path,
                                                   withDestinationPath: units.appendingPathComponent("habit-remind.timer").path)
        let doctor = try habit.run(["doctor", "--json"])
        #expect(status(of: "systemd", in: doctor) == ["ok"], "\(doctor.stdout)")
    }

    /// cron runs a line in the home folder: a relative `HABIT_DB` in it (as an older habit wrote
    /// for `--db h.sqlite`) is the home folder's file, whichever folder doctor runs in.
    @Test func doctorTakesARelativeStoreInTheLineFromTheHomeFolder() throws {
        var habit = try habitWithFakeCron()
        defer { habit.cleanUp() }
        let work = habit.folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        habit.directory = work
        habit.environment["HABIT_DB"] = "h.sqlite"
        #expect(try habit.run(["remind", "add", "meditate", "20:00"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("h.sqlite").path))
        let table = habit.folder.appendingPathComponent("crontab")
        try Data("*/5 * * * * HABIT_DB=h.sqlite \(HabitProcess.binary.path) remind check # habit-reminders\n".utf8).write(to: table)

        let doctor = try habit.run(["doctor", "--json"])
        #expect(status(of: "cron", in: doctor) == ["warning"], "\(doctor.stdout)")
        let detail = findings(doctor).first { $0["check"] as? String == "cron" }?["detail"] as? String
        #expect(detail == "the cron trigger checks another store (\(habit.folder.path)/h.sqlite), not this one")
    }
}
