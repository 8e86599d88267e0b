import Foundation
import HabitKit

/// One disagreement a `TruthRun` found: a view (or the oracle) that says otherwise than the one
/// evaluation (the calendar's JSON) on a day.
struct TruthDisagreement: CustomStringConvertible {
    let seed: UInt64
    let day: LocalDay
    /// The view: `streak --json`, `status`, `oracle`, …
    let view: String
    let habit: String
    /// What kind of disagreement, without the numbers (to group them): "today done, says pending".
    let kind: String
    let detail: String

    var description: String { "seed \(seed), \(day), \(view), \(habit): \(kind)\(detail.isEmpty ? "" : " — \(detail)")" }
}

extension TruthRun {
    /// What the run wrote through each writer, and what it cost: "log 21, ask 6, …; 103 runs".
    var summary: String {
        TruthWorld.Writer.allCases.map { "\($0.rawValue) \(written[$0] ?? 0)" }.joined(separator: ", ") + "; \(runs) runs of habit"
    }
}

/// Carries a ``TruthWorld`` out with the `habit` binary in a fresh store and HOME: each day's
/// writes through their writers at their times (`HABIT_NOW`, the world's `TZ`), keeping in a
/// ``TruthModel`` what each writer says it wrote; the checks are `TruthChecks`.
final class TruthRun {
    let world: TruthWorld
    var habit: HabitProcess
    var model: TruthModel
    /// The reminders added, by id: the habit's index (nil: meditate).
    var reminders: [(id: Int, habit: Int?)] = []
    var disagreements: [TruthDisagreement] = []
    /// Commands that failed where they should not have (setup, a write): the world is then not what it says.
    var failures: [String] = []
    /// How many entries each writer wrote.
    var written: [TruthWorld.Writer: Int] = [:]
    /// How many times `habit` ran (the test's cost).
    private(set) var runs = 0
    private let formatter = ISO8601DateFormatter()
    private var calendar = Calendar(identifier: .gregorian)

    init(_ world: TruthWorld) throws {
        self.world = world
        habit = try HabitProcess()
        habit.environment = ["TZ": world.zone, "COLUMNS": "1000", "NO_COLOR": "1", "HABIT_LOCK_WAIT": "1"]
        model = TruthModel(world)
        let zone = TimeZone(identifier: world.zone)!
        formatter.timeZone = zone
        formatter.formatOptions = [.withInternetDateTime]
        calendar.timeZone = zone
    }

    /// `HABIT_NOW` for a minute of day `d`'s local clock (past 24 h: the next calendar day).
    func now(_ d: Int, _ minute: Int) -> String {
        let day = world.day(d + minute / 1440)
        let parts = DateComponents(year: day.year, month: day.month, day: day.day, hour: minute % 1440 / 60, minute: minute % 60)
        return formatter.string(from: calendar.date(from: parts)!)
    }

    /// `habit ARGUMENTS` at minute `minute` of day `d`, with `input` on stdin (none: /dev/null).
    @discardableResult
    func run(_ arguments: [String], _ d: Int, _ minute: Int, input: String? = nil) -> HabitProcess.Result {
        runs += 1
        let process = habit.process(arguments)
        process.environment?["HABIT_NOW"] = now(d, minute)
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        (process.standardOutput, process.standardError) = (out, err)
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        do { try process.run() } catch { return HabitProcess.Result(status: -1, stdout: "", stderr: "\(error)") }
        if let input { HabitProcess.feed(stdin, Data(input.utf8)) }
        // Small outputs (a few KB): stdout, then stderr, as `HabitProcess.run` reads them.
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return HabitProcess.Result(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                                   stderr: String(decoding: errors, as: UTF8.self))
    }

    /// A command that must succeed (setup, a write): its failure is kept as the world's.
    @discardableResult
    func must(_ arguments: [String], _ d: Int, _ minute: Int, input: String? = nil, status: Int32 = 0) -> HabitProcess.Result {
        let r = run(arguments, d, minute, input: input)
        if r.status != status { failures.append("day \(d) \(arguments.joined(separator: " ")): exit \(r.status) \(r.stderr)") }
        return r
    }

    func commandFile(_ h: Int) -> String { habit.folder.appendingPathComponent("command-\(h).days").path }

    /// Day 0, before anything is written: the day-start, the habits, the reminders.
    func setUp() {
        if world.dayStart != "00:00" { must(["config", "set", "day-start", world.dayStart], 0, 5 * 60) }
        for (i, h) in world.habits.enumerated() {
            var arguments = ["add", h.name] + h.arguments
            if h.shape == .command {
                FileManager.default.createFile(atPath: commandFile(i), contents: Data())
                arguments += ["--command", "grep -qx \"$HABIT_DAY\" '\(commandFile(i))'"]
            }
            must(arguments, 0, 5 * 60 + 30)
        }
        for (i, h) in world.habits.enumerated() where h.remind {
            must(["remind", "add", h.name, TruthWorld.reminderTime], 0, 5 * 60 + 40)
            reminders.append((reminders.count + 1, i))
        }
        must(["remind", "add", "meditate", TruthWorld.reminderTime], 0, 5 * 60 + 40)
        reminders.append((reminders.count + 1, nil))
    }

    /// The lines `habit ask` and `habit log` print for what they recorded: `NAME DAY: yes`,
    /// `NAME DAY: 2.5 glasses`, `NAME DAY: no`, `NAME DAY: skip` (Standards/ask.md, "Output").
    static func recorded(_ stdout: String, name: String, day: LocalDay) -> [String] {
        stdout.split(separator: "\n").compactMap { line in
            let prefix = "\(name) \(day): "
            return line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : nil
        }
    }

    /// One planned write, through its writer; the model keeps what the writer says it wrote.
    func perform(_ step: TruthWorld.Step, on d: Int, ui: TruthUI?) {
        let m = step.minute
        switch step.action {
        case .entry(let h, let day, let amount, let writer):
            let name = model.names[h]
            let amountWords = amount.map { [TruthWorld.number($0)] } ?? []
            func wrote() {
                model.entries[h][day, default: 0] += amount ?? 1
                written[writer, default: 0] += 1
            }
            switch writer {
            case .log:
                if must(["log", name] + amountWords, d, m).status == 0 { wrote() }
            case .logDate:
                if must(["log", name] + amountWords + ["--date", world.day(day).description], d, m).status == 0 { wrote() }
            case .ask:
                let r = run(["ask", name, "--date", world.day(day).description], d, m, input: (amount.map { TruthWorld.number($0) } ?? "y") + "\n")
                // An entry: `yes` or an amount in the habit's words — any answer but no and skip.
                let entries = Self.recorded(r.stdout, name: name, day: world.day(day)).filter {
                    !["no", "skip"].contains($0.split(separator: " ").first.map(String.init) ?? "")
                }
                if !entries.isEmpty { wrote() }
            case .pending:
                guard TruthRun.readOnly(habit.db, true) else {
                    if must(["log", name] + amountWords, d, m).status == 0 { wrote() }
                    return
                }
                let saved = run(["log", name] + amountWords, d, m)
                TruthRun.readOnly(habit.db, false)
                if saved.status != 75 { failures.append("day \(d) log \(name) on a read-only store: exit \(saved.status) \(saved.stderr)") }
                // The next command that writes adds it.
                if must(["config", "set", "weight", "70"], d, m + 1).status == 0 && saved.status == 75 { wrote() }
            case .ui:
                if let ui, ui.write(h, amount: amount, day: d) { wrote() }
            case .command:
                let file = commandFile(h)
                let line = world.day(day).description + "\n"
                if let handle = FileHandle(forWritingAtPath: file) {
                    handle.seekToEndOfFile()
                    handle.write(Data(line.utf8))
                    try? handle.close()
                }
                if must(["refresh", name], d, m).stdout.contains("\(name) \(world.day(day)): done") {
                    model.entries[h][day] = 1
                    written[.command, default: 0] += 1
                }
            }
        case .builtin(let words):
            must(["log"] + words, d, m)
        case .skip(let h, let from, let to):
            let range = [world.day(from).description, "--to", world.day(to).description]
            if let h {
                if must(["skip", model.names[h]] + range, d, m).status == 0 { model.ownSkips[h].formUnion(from..<to) }
            } else if must(["skip", "--all", "--from"] + range, d, m).status == 0 {
                model.allSkips.formUnion(from..<to)
            }
        case .unskip(let h, let day):
            if run(["unskip", model.names[h], world.day(day).description], d, m).status == 0 { model.ownSkips[h].remove(day) }
        case .answer(let h, let day, let key):
            let r = run(["ask", model.names[h], "--date", world.day(day).description], d, m, input: key + "\n")
            let said = Self.recorded(r.stdout, name: model.names[h], day: world.day(day))
            if said.contains(where: { $0.hasPrefix("no") }) { model.noAnswers[h].insert(day) }
            if said.contains(where: { $0.hasPrefix("skip") }) { model.ownSkips[h].insert(day) }
        case .rename(let h, let new):
            if must(["edit", model.names[h], "--name", new], d, m).status == 0 { model.names[h] = new }
        }
    }

    /// Makes the store read-only (or writable again): immutable as root (chattr), mode 0400
    /// otherwise. False when it cannot be done here.
    @discardableResult
    static func readOnly(_ path: String, _ on: Bool) -> Bool {
        if getuid() == 0 { return Immutable.supported && Immutable.set(path, on) }
        return (try? FileManager.default.setAttributes([.posixPermissions: on ? 0o400 : 0o600], ofItemAtPath: path)) != nil
    }

    func disagree(_ d: Int, _ view: String, _ habit: String, _ kind: String, _ detail: String = "") {
        disagreements.append(TruthDisagreement(seed: world.seed, day: world.day(d), view: view, habit: habit, kind: kind, detail: detail))
    }
}
