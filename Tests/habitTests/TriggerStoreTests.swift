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

    /// `habit remind SUBCOMMAND` run as `choice` says; the store's absolute path when it is not the default.
    static func printed(_ subcommand: String, _ choice: Choice) throws -> (HabitProcess, HabitProcess.Result, String?) {
        let habit = try Self.habit()
        let fill = { (s: String) in s.replacingOccurrences(of: "{folder}", with: habit.folder.path) }
        let result = try habit.run(["remind", subcommand] + choice.arguments.map(fill), env: choice.env.mapValues(fill))
        #expect(result.status == 0, "\(result.stderr)")
        return (habit, result, choice.store.map { habit.folder.appendingPathComponent($0).path })
    }

    @Test(arguments: choices)
    func theCronLineCarriesTheStoresAbsolutePathWhenItIsNotTheDefault(_ choice: Choice) throws {
        let (habit, result, store) = try Self.printed("cron", choice)
        defer { habit.cleanUp() }
        let line = result.stdout.trimmingCharacters(in: .newlines)
        let command = try #require(TriggerCommand.cron(line))
        #expect(command.environment["HABIT_DB"] == store, "\(line)")
        #expect(command.storePath(home: habit.folder.path) == store ?? habit.folder.path + "/.local/share/habit/habit.sqlite")
        if store == nil { #expect(line.hasPrefix("*/5 * * * * TZ=Europe/Berlin /"), "\(line)") }
    }

    @Test(arguments: choices)
    func theSystemdUnitCarriesTheStoresAbsolutePathWhenItIsNotTheDefault(_ choice: Choice) throws {
        let (habit, result, store) = try Self.printed("systemd", choice)
        defer { habit.cleanUp() }
        let command = try #require(TriggerCommand.systemdService(result.stdout))
        #expect(command.environment["HABIT_DB"] == store, "\(result.stdout)")
        #expect(command.storePath(home: habit.folder.path) == store ?? habit.folder.path + "/.local/share/habit/habit.sqlite")
        if let store {
            #expect(result.stdout.contains(store.contains(" ") ? "Environment=\"HABIT_DB=\(store)\"\n" : "Environment=HABIT_DB=\(store)\n"))
        }
        // The comment says where the unit goes: $XDG_CONFIG_HOME/systemd/user, else ~/.config/systemd/user.
        #expect(result.stdout.hasPrefix("# \(habit.folder.path)/.config/systemd/user/habit-remind.service\n"), "\(result.stdout)")
    }

    /// The folder variables a command ran with go into the line and the unit too: the check cron
    /// runs finds the same hooks, pending journal and cache (a relative one is ignored, as everywhere).
    @Test func theCronLineAndTheUnitCarryTheFolderVariables() throws {
        let habit = try Self.habit()
        defer { habit.cleanUp() }
        let folder = habit.folder.path
        let env = ["XDG_CONFIG_HOME": folder + "/conf", "XDG_STATE_HOME": folder + "/state", "XDG_CACHE_HOME": "relative/cache"]
        let line = try habit.run(["remind", "cron"], env: env).stdout.trimmingCharacters(in: .newlines)
        let command = try #require(TriggerCommand.cron(line))
        #expect(command.environment["XDG_CONFIG_HOME"] == folder + "/conf", "\(line)")
        #expect(command.environment["XDG_STATE_HOME"] == folder + "/state", "\(line)")
        #expect(command.environment["XDG_CACHE_HOME"] == nil, "\(line)")
        let unit = try #require(TriggerCommand.systemdService(try habit.run(["remind", "systemd"], env: env).stdout))
        #expect(unit.environment["XDG_CONFIG_HOME"] == folder + "/conf")
        #expect(unit.environment["XDG_STATE_HOME"] == folder + "/state")
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

    /// A store under `XDG_DATA_HOME` with a reminder, and a fake crontab.
    static func reminderUnderXDGDataHome() throws -> HabitProcess {
        var habit = try habitWithFakeCron()
        habit.environment["HABIT_DB"] = ""
        habit.environment["XDG_DATA_HOME"] = habit.folder.appendingPathComponent("data").path
        #expect(try habit.run(["remind", "add", "meditate", "20:00"]).status == 0)
        return habit
    }

    /// A store under `XDG_DATA_HOME` with the line an older habit wrote: doctor says the line
    /// checks the default store, with the fix; after that fix it checks this one.
    @Test func doctorSaysWhenTheCronLineReachesAnotherStoreAndTheFixMakesItReachThisOne() throws {
        let habit = try Self.reminderUnderXDGDataHome()
        defer { habit.cleanUp() }
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
        let habit = try Self.reminderUnderXDGDataHome()
        defer { habit.cleanUp() }
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
