import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Issue 27, point 2: hooks (Standards/automation.md).
@Suite struct HookTests {
    /// A hooks folder under the test's HOME (`~/.config/habit/hooks`), each hook given `script`.
    static func install(_ habit: HabitProcess, _ events: [String], script: String, mode: Int = 0o700) throws -> URL {
        let folder = habit.folder.appendingPathComponent(".config/habit/hooks")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for event in events {
            let file = folder.appendingPathComponent(event)
            try Data(("#!/bin/sh\n" + script + "\n").utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        }
        return folder
    }

    /// The event objects the hooks wrote to `events.jsonl`, in order.
    static func events(_ habit: HabitProcess) throws -> [[String: Any]] {
        let file = habit.folder.appendingPathComponent("events.jsonl")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
    }

    static func recorder(_ habit: HabitProcess) -> String {
        "cat >> '\(habit.folder.appendingPathComponent("events.jsonl").path)'; echo >> '\(habit.folder.appendingPathComponent("events.jsonl").path)'"
    }

    /// Each event's hook gets the documented object on stdin: on-log with the log's --json, on-met
    /// when the day becomes met, on-streak when the streak changes (and, seen by cron's check, when
    /// it broke), on-remind for each delivered occurrence.
    @Test func eachEventsHookReceivesTheDocumentedJSON() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        _ = try Self.install(habit, ["on-log", "on-met", "on-streak", "on-remind"], script: Self.recorder(habit))
        #expect(try habit.run(["add", "floss"], env: ["HABIT_NOW": "2025-10-20T08:00:00+02:00"]).status == 0)
        #expect(try habit.run(["remind", "add", "floss", "21:00"], env: ["HABIT_NOW": "2025-10-20T08:00:00+02:00"]).status == 0)
        let log = try habit.run(["log", "floss", "--json"], env: ["HABIT_NOW": "2025-10-20T20:00:00+02:00"])
        #expect(log.status == 0)
        var events = try Self.events(habit)
        #expect(events.map { $0["event"] as? String } == ["on-log", "on-met", "on-streak"])
        let logged = try JSONSerialization.jsonObject(with: Data(log.stdout.utf8)) as? NSDictionary
        #expect((events[0]["data"] as? NSDictionary) == logged, "on-log's data is what log --json printed")
        #expect((events[1]["data"] as? [String: String]) == ["habit": "floss", "date": "2025-10-20"])
        let streak = events[2]["data"] as? [String: Any] ?? [:]
        #expect(streak["previous"] as? Int == 0 && streak["current"] as? Int == 1 && streak["broken"] as? Bool == false)
        // A second log the same day: on-log only (the day was met, the streak did not change).
        #expect(try habit.run(["log", "floss"], env: ["HABIT_NOW": "2025-10-20T20:30:00+02:00"]).status == 0)
        events = try Self.events(habit)
        #expect(events.count == 4 && events[3]["event"] as? String == "on-log")
        // Two days later cron's check delivers the reminder and sees the streak broken.
        #expect(try habit.run(["remind", "check"], env: ["HABIT_NOW": "2025-10-22T21:01:00+02:00"]).status == 0)
        events = try Self.events(habit)
        let late = events.dropFirst(4).map { $0["event"] as? String }
        #expect(late == ["on-remind", "on-streak"], "\(late)")
        let remind = events[4]["data"] as? [String: Any] ?? [:]
        #expect(remind["reminder"] as? String == "1" && remind["occurrence"] as? String == "2025-10-22T21:00:00+02:00")
        let broken = events[5]["data"] as? [String: Any] ?? [:]
        #expect(broken["broken"] as? Bool == true && broken["previous"] as? Int == 1 && broken["current"] as? Int == 0)
    }

    /// A hook that fails, hangs or is not to be trusted never changes the command's outcome: one
    /// line on stderr, the exit status and the store as without hooks, and doctor names it.
    @Test func aFailingHangingOrUntrustedHookLeavesTheCommandAsItWas() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let folder = try Self.install(habit, ["on-log"], script: "exit 3")
        let failed = try habit.run(["log", "meditate", "10m"])
        #expect(failed.status == 0 && failed.stdout.hasPrefix("logged: meditate"))
        #expect(failed.stderr == "habit: hook on-log exited with status 3\n")
        try Data("#!/bin/sh\nsleep 30\n".utf8).write(to: folder.appendingPathComponent("on-log"))
        let started = Date()
        let hung = try habit.run(["log", "meditate", "10m"], env: ["HABIT_HOOK_TIMEOUT": "0.5"])
        #expect(hung.status == 0 && hung.stderr.contains("hook on-log was stopped after 0.5 s"))
        #expect(Date().timeIntervalSince(started) < 10, "the hook was stopped at its timeout")
        try FileManager.default.setAttributes([.posixPermissions: 0o722], ofItemAtPath: folder.appendingPathComponent("on-log").path)
        let untrusted = try habit.run(["log", "meditate", "10m"])
        #expect(untrusted.status == 0 && untrusted.stderr.contains("hook on-log not run: the hook is writable by others"))
        let samples = try DatabaseQueue(path: habit.db).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sample") }
        #expect(samples == 3, "every log was stored")
        let doctor = try habit.run(["doctor"])
        #expect(doctor.stdout.contains("problem: hook on-log: not run") && doctor.stdout.contains("warning: hooks: 3 recent failures"))
        // A hooks folder that is a link is not followed.
        try FileManager.default.removeItem(at: folder)
        let elsewhere = habit.folder.appendingPathComponent("elsewhere")
        _ = try Self.install(habit, ["on-log"], script: "exit 0")
        try FileManager.default.moveItem(at: folder, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: elsewhere)
        let linked = try habit.run(["log", "meditate", "10m"])
        #expect(linked.status == 0 && linked.stderr.contains("not a folder (a link is not followed)"))
    }

    /// Without a hooks folder nothing is run and nothing is written beside the store.
    @Test func withoutHooksALogWritesNothingElse() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: habit.folder.appendingPathComponent(".local/state/habit/hooks.log").path))
        #expect(!FileManager.default.fileExists(atPath: habit.folder.appendingPathComponent(".local/state/habit/streaks").path))
    }
}
