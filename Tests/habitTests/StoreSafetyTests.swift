import Foundation
import Testing
@testable import HabitKit

/// Whether `chattr +i` works here (root on ext4/overlay): the one way to make a file read-only for root.
enum Immutable {
    static let supported: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("habit-chattr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: probe.path, contents: Data())
        defer { _ = set(probe.path, false); try? FileManager.default.removeItem(at: probe) }
        return set(probe.path, true)
    }()

    @discardableResult
    static func set(_ path: String, _ on: Bool) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        p.arguments = [on ? "+i" : "-i", path]
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }
}

@Suite struct StoreSafetyTests {
    @Test(.enabled(if: Immutable.supported || getuid() != 0))
    func aReadOnlyStoreRefusesWritesButStillReads() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        if getuid() == 0 {
            Immutable.set(habit.db, true)
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: habit.db)
        }
        defer {
            Immutable.set(habit.db, false)
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: habit.db)
        }
        // A log the store cannot take is saved for later (exit 75, PendingJournalTests); another write is refused.
        let write = try habit.run(["log", "meditate", "5m"])
        #expect(write.status == 75)
        #expect(write.stderr.contains("read-only"))
        #expect(write.stderr.split(separator: "\n").count == 1)
        let setting = try habit.run(["config", "set", "weight", "70"])
        #expect(setting.status == 77)
        #expect(setting.stderr.contains("read-only"))
        #expect(setting.stderr.split(separator: "\n").count == 1)
        let read = try habit.run(["log", "list", "--json"])
        #expect(read.status == 0)
        let entries = (try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])?["entries"] as? [Any]
        #expect(entries?.count == 1)
    }

    /// 8 processes that all find no store yet (a fresh install, cron and a person at once):
    /// each creates or waits for the store, none fails. Setting WAL and running the migrations
    /// is not safe to race; this caught "table … already exists" and instant "locked" errors.
    @Test func processesCreatingANewStoreAtOnceAllSucceed() throws {
        for _ in 0..<12 {
            let habit = try HabitProcess()
            defer { habit.cleanUp() }
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                do {
                    let r = try habit.run(["log", "meditate", "1m"])
                    if r.status != 0 { failures.add(r.stderr) }
                } catch {
                    failures.add("\(error)")
                }
            }
            #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
            #expect(try HabitStore.open(path: habit.db).read(.counts).samples == 8)
        }
    }

    /// 8 processes logging at once against one store: every row lands, none twice, no error.
    @Test func concurrentProcessesLoseNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let workers = 8
        let runs = Int(ProcessInfo.processInfo.environment["HABIT_STRESS_RUNS"] ?? "") ?? 50
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            for _ in 0..<runs {
                do {
                    let r = try habit.run(["log", "meditate", "1m"])
                    if r.status != 0 { failures.add(r.stderr) }
                } catch {
                    failures.add("\(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
        let store = try HabitStore.open(path: habit.db)
        #expect(try store.read(.counts).samples == workers * runs)
        #expect(try store.read(.currentAnchor) == Int64(workers * runs))
    }
}

final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
