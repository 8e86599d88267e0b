import Foundation
import Testing
import HabitKit

/// Issue 48, "One truth": random worlds (``TruthWorld``: habits of every kind and the built-ins,
/// weekday schedules, N a week or a month or in any D days, at least and at most, skips and
/// `skip --all`, jokers, day-starts, renames, New York, Berlin and Lord Howe across a DST change)
/// written through every writer (`log`, `log --date`, `ask` on stdin, `ui` keys in tmux, the
/// pending journal, command habits), and on each checked day every view — `streak`, `today`,
/// `status`, `calendar` text and JSON, `ui`'s rows, `score`, `ask`'s questions, `remind list` and
/// `remind check` — must agree with the one evaluation, the calendar's JSON, which an oracle of
/// the test's own checks in turn (Standards/habits.md, "Day states").
///
/// `TRUTH_SEED=N` runs one world; `TRUTH_WORLDS=N` sets how many; `TRUTH_LOG=FILE` appends every
/// disagreement found to FILE (the test reports the first few of each kind).
@Suite struct OneTruthTests {
    static var seeds: [UInt64] {
        let env = ProcessInfo.processInfo.environment
        if let one = env["TRUTH_SEED"].flatMap(UInt64.init) { return [one] }
        return (1...UInt64(env["TRUTH_WORLDS"].flatMap(Int.init) ?? 12)).map { $0 }
    }

    /// Every view agrees with the one evaluation on every checked day of a random world.
    @Test(arguments: seeds)
    func everyViewAgreesWithTheOneEvaluation(seed: UInt64) throws {
        let world = TruthWorld.make(seed: seed, ui: TmuxPane.available && seed % 4 == 1)
        let run = try TruthRun(world)
        defer { run.habit.cleanUp() }
        run.setUp()
        let uiMinute = 19 * 60 + 45
        for d in 0..<world.days {
            var ui: TruthUI?
            for (i, step) in world.plan[d].enumerated() {
                if d == world.uiDay && ui == nil && step.minute >= uiMinute { ui = try Self.openUI(run, d) }
                if step.minute >= TruthWorld.viewMinute && (i == 0 || world.plan[d][i - 1].minute < TruthWorld.viewMinute) {
                    Self.close(ui, run, d)
                    ui = nil
                    if world.checkDays.contains(d) { run.check(day: d) }
                }
                run.perform(step, on: d, ui: ui)
            }
            if d == world.uiDay && ui == nil && world.plan[d].allSatisfy({ $0.minute < uiMinute }) { ui = try Self.openUI(run, d) }
            if world.plan[d].last.map({ $0.minute < TruthWorld.viewMinute }) ?? true {
                Self.close(ui, run, d)
                if world.checkDays.contains(d) { run.check(day: d) }
            }
        }
        Self.report(run)
    }

    /// `habit ui` opened on day `d` before its last writes: its rows against the calendar then.
    static func openUI(_ run: TruthRun, _ d: Int) throws -> TruthUI {
        let ui = try TruthUI(run, day: d, minute: 19 * 60 + 45)
        if let eval = run.evaluation(d, 19 * 60 + 45) { ui.compare(eval, "as opened") }
        return ui
    }

    /// After the screen's writes: its rows again, against the calendar of the same moment; then quit.
    static func close(_ ui: TruthUI?, _ run: TruthRun, _ d: Int) {
        guard let ui else { return }
        if let eval = run.evaluation(d, 19 * 60 + 46) { ui.compare(eval, "after its key") }
        ui.quit()
    }

    /// Each failed command, and the disagreements grouped by view and kind: the first three of
    /// each kind with the world's seed, and how many more there are.
    static func report(_ run: TruthRun) {
        for failure in run.failures { Issue.record("\(run.world): a command failed: \(failure)") }
        if let log = ProcessInfo.processInfo.environment["TRUTH_LOG"], !run.disagreements.isEmpty,
           let handle = FileHandle(forWritingAtPath: log) ?? (FileManager.default.createFile(atPath: log, contents: nil) ? FileHandle(forWritingAtPath: log) : nil) {
            handle.seekToEndOfFile()
            handle.write(Data(("# \(run.world)\n# \(run.summary)\n" + run.disagreements.map { "\($0)\n" }.joined()).utf8))
            try? handle.close()
        }
        var kinds: [String: [TruthDisagreement]] = [:]
        var order: [String] = []
        for d in run.disagreements {
            let key = "\(d.view): \(d.kind)"
            if kinds[key] == nil { order.append(key) }
            kinds[key, default: []].append(d)
        }
        for key in order {
            let all = kinds[key]!
            for d in all.prefix(3) { Issue.record("\(d)") }
            if all.count > 3 { Issue.record("seed \(run.world.seed): \(all.count - 3) more of \(key)") }
        }
        if !run.disagreements.isEmpty { Issue.record("\(run.world): \(run.disagreements.count) disagreements (written: \(run.summary))") }
    }
}
