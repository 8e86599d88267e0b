import ArgumentParser
import Foundation
import HabitKit

/// One answer typed to `habit ask`, before it is checked against the habit: the part before
/// `#` is the answer, the rest (trimmed) its note.
struct AskAnswer: Equatable {
    enum Reply: Equatable {
        case yes(String?)  // `y`, `y 25`, or an amount alone (`25`, `hiit 25m`, `steady`)
        case no, skip, help, quit
    }

    var reply: Reply
    var note: String?

    init(reply: Reply, note: String?) { (self.reply, self.note) = (reply, note) }

    /// Nil for a line without an answer (empty, or only a note).
    init?(_ line: String) {
        // Any white space separates and surrounds (a tab, a CRLF script's \r): found by AnswerFuzzTests.
        let parts = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let answer = (parts.first.map(String.init) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let note = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespacesAndNewlines) : ""
        self.note = note.isEmpty ? nil : note
        let words = answer.split(whereSeparator: \.isWhitespace)
        guard let first = words.first?.lowercased() else { return nil }
        let rest = words.dropFirst().joined(separator: " ")
        switch first {
        case "y", "yes": reply = .yes(rest.isEmpty ? nil : rest)
        case "n", "no" where rest.isEmpty: reply = .no
        case "s", "skip" where rest.isEmpty: reply = .skip
        case "?", "h", "help": reply = .help
        case "q", "quit": reply = .quit
        default: reply = .yes(words.joined(separator: " "))
        }
    }
}

/// What `habit ask --json` lists: one object per answer written.
struct AskJSON: Encodable, Equatable {
    var habit: String
    var day: LocalDay
    /// `yes`, `no` or `skip`.
    var answer: String
    /// The amount logged, in the habit's unit (meditate and workout: minutes; noalc: drinks).
    var value: Double?
    /// A workout's activity as `habit log workout` names it.
    var activity: String?
    /// A NoAlc day's level (`steady`, `easy`, `wild`).
    var level: String?
    var note: String?
}

/// A bad answer: why, said in one line (re-asked on a terminal, counted from a script).
struct AskRefusal: Error { var reason: String }

/// The answers of a script that were not understood: what was answered is kept (exit 65).
struct AskBadLines: HabitError {
    var count: Int
    var kind: ErrorKind { .dataError }
    var description: String {
        "\(count) \(count == 1 ? "answer was" : "answers were") not understood (see above); the others are kept — run 'habit ask' again for what is left"
    }
}

/// The walk of `habit ask`: the questions (each day, oldest first; each habit in its order),
/// the answers read from stdin, each written at once.
struct AskSession {
    struct Question {
        var habit: HabitDefinition
        var day: LocalDay
    }

    let store: HabitStore
    let env: HabitEnvironment
    let questions: [Question]
    /// Habits left out, with why (said once, on stderr).
    let notAsked: [String]
    let days: DayRange

    init(store: HabitStore, env: HabitEnvironment, days: DayRange, names: [String], tags: TagFilterOptions = TagFilterOptions()) throws {
        (self.store, self.env, self.days) = (store, env, days)
        // Every name and tag is checked before anything is asked: an unknown one writes nothing.
        let tagged = try tags.habits(store, named: names.first)
        let named = try names.map { try store.read(.habit(named: $0.lowercased(), env: env)) }
        for habit in named where habit.archived { throw HabitInputError.archived(habit.name) }
        let overview = try store.read(.overview(tagged ?? (named.isEmpty ? nil : named), range: days, env: env))
        let grants = try store.read(.accessGrants)
        let answers = try store.read(.answers(in: days))
        let answered = Set(answers.map { "\($0.habitID)\n\($0.day)" })
        var questions: [Question] = [], notAsked: [String] = []
        var asked: [HabitReport] = []
        for report in overview.reports {
            let habit = report.definition
            if let denied = grants.firstNotWritable(DataTypes.written(by: habit)) {
                notAsked.append("\(habit.name) (no write access: habit access allow \(DataTypes.shortName(of: denied) ?? habit.name) --write)")
            } else if !report.readable {
                notAsked.append("\(habit.name) (no read access: habit access allow \(report.accessName) --read)")
            } else if habit.fromType != nil {
                if !named.isEmpty { notAsked.append("\(habit.name) (reads imported data: it is not logged)") }
            } else if !habit.asks {
                if !named.isEmpty { notAsked.append("\(habit.name) (records only, never asks)") }
            } else if habit.command != nil {
                if !named.isEmpty { notAsked.append("\(habit.name) (its command answers: habit refresh)") }
            } else {
                asked.append(report)
            }
        }
        for day in days {
            for report in asked {
                // The day's state says whether it is asked (``HabitReport/isAsked(_:)``): not logged,
                // not skipped nor off the schedule, its week or window not met already.
                guard let status = report.days.first(where: { $0.day == day }), report.isAsked(status) else { continue }
                if answered.contains("\(report.definition.id)\n\(day)") { continue }
                questions.append(Question(habit: report.definition, day: day))
            }
        }
        (self.questions, self.notAsked) = (questions, notAsked)
    }

    /// Asks each question in turn; prints what was recorded (text as it goes, `--json` at the end).
    func run(json: Bool) throws {
        let terminal = isatty(STDIN_FILENO) == 1
        if !notAsked.isEmpty { Output.write("not asked: \(notAsked.joined(separator: "; "))\n", to: STDERR_FILENO) }
        guard !questions.isEmpty else {
            let when = days.count == 1 ? "for \(days.lowerBound)" : "from \(days.lowerBound) to \(days.upperBound.adding(days: -1))"
            if json { try Output.printJSON([AskJSON]()) } else { Output.print("nothing to ask \(when): every habit is answered") }
            store.closeForExit()
            return
        }
        if terminal { Output.write("\(questions.count) to answer — ? shows the keys, q stops\n", to: STDERR_FILENO) }
        var recorded: [AskJSON] = []
        var bad = 0, line = 0
        var index = 0
        var input = InputLines(descriptor: STDIN_FILENO)
        asking: while index < questions.count {
            let question = questions[index]
            if terminal { Output.write(prompt(question), to: STDERR_FILENO) }
            guard let next = input.next() else {
                if terminal { Output.write("\n", to: STDERR_FILENO) }
                break  // EOF: as q
            }
            line += 1
            do {
                let text: String
                switch next {
                case .text(let typed): text = typed
                case .tooLong(let length):
                    throw AskRefusal(reason: "the line is \(length) bytes long; a line holds at most \(InputLines.limit) (a note at most \(PendingJournal.maximumText)): shorten it")
                }
                guard let answer = AskAnswer(text) else { throw AskRefusal(reason: "type an answer: y, n, s, an amount, ? or q") }
                switch answer.reply {
                case .quit: break asking
                case .help:
                    Output.write(Self.keys(question.habit), to: STDERR_FILENO)
                    continue asking
                default:
                    try Self.check(text, question.habit)
                    let done = try write(answer, question)
                    recorded.append(done)
                    if !json { Output.print(Self.text(done, question.habit)) }
                }
            } catch let refusal as AskRefusal {
                report(refusal.reason, question, line: line, terminal: terminal)
                if terminal { continue asking }
                bad += 1
            } catch let error as HabitError where error.kind == .usage {
                report(error.description, question, line: line, terminal: terminal)
                if terminal { continue asking }
                bad += 1
            } catch let error as ValidationError {
                report(error.message, question, line: line, terminal: terminal)
                if terminal { continue asking }
                bad += 1
            }
            index += 1
        }
        if json { try Output.printJSON(recorded) }
        store.closeForExit()
        if bad > 0 { throw AskBadLines(count: bad) }
    }

    /// `floss · Tue 24 Nov — done? [y/n/s/?/q] `.
    func prompt(_ q: Question) -> String {
        let day = TextRendering.dayName(q.day, today: env.today)
        let what: String
        switch (q.habit.builtin, q.habit.kind) {
        case (.meditate?, _): what = "minutes? [N/n/s/?/q]"
        case (.workout?, _): what = "activity and minutes (hiit 25m)? [… /n/s/?/q]"
        case (.noalc?, _): what = "drinks (0: none) or steady/easy/wild? [N/s/?/q]"
        case (nil, .yesNo): what = "done? [y/n/s/?/q]"
        default: what = "how many\(TextRendering.unitWords(q.habit.unit).map { " " + $0 } ?? "")? [N/n/s/?/q]"
        }
        return "\(q.habit.name) · \(day) — \(what) "
    }

    /// What `?` shows.
    static func keys(_ habit: HabitDefinition) -> String {
        let amount = switch habit.builtin {
        case .meditate?: "  25, 25m, 1h    minutes meditated (y 25 too)\n"
        case .workout?: "  hiit 25m       the activity and how long (a duration alone: hiit)\n"
        case .noalc?: "  0, 3, steady   drinks (0: an alcohol-free day), or a level: steady, easy, wild\n"
            + "                 (no y or n: say the drinks, 0 for none)\n"
        case nil where habit.kind == .yesNo: "  y              done\n"
        case nil: "  25, y 25       the amount" + (TextRendering.unitWords(habit.unit).map { ", in " + $0 } ?? "") + "\n"
        }
        let no = habit.builtin == .noalc ? "" : "  n              not done (remembered: not asked again; never counts)\n"
        return amount + no + """
              s              skip the day (neither good nor missed)
              … # a note     after any answer: kept with it
              ?              these keys
              q              stop; what was answered stays

            """
    }

    /// Refuses an answer whose meaning is not the habit's: NoAlc asks for drinks, so a `y` or an
    /// `n` could say "no drinks" or "not done", "yes, alcohol-free" or "yes, I drank" — it takes
    /// the drinks (`0` for none) or a level, and nothing else (Standards/ask.md, "NoAlc").
    static func check(_ typed: String, _ habit: HabitDefinition) throws {
        guard habit.builtin == .noalc, let first = typed.split(whereSeparator: \.isWhitespace).first?.lowercased(),
              ["y", "yes", "n", "no"].contains(first) else { return }
        throw AskRefusal(reason: "noalc asks for drinks: answer 0 for an alcohol-free day, the drinks (3), or steady, easy or wild — not y or n, which could mean either")
    }

    /// One line on stderr: on a terminal the question is asked again; from a script it is counted.
    func report(_ reason: String, _ q: Question, line: Int, terminal: Bool) {
        let text = terminal ? "  \(reason)\n" : "habit: line \(line) (\(q.habit.name) \(q.day)): \(escapingControlCharacters(reason))\n"
        Output.write(text, to: STDERR_FILENO)
    }

    /// The line of an answer written, in the habit's words (Standards/ask.md, "Output"):
    /// `floss 2026-11-24: yes # before bed`, `water 2026-11-25: 3 glasses`, `workout 2026-11-25:
    /// yoga 30 min`, `noalc 2026-03-20: 2 drinks (easy)`.
    static func text(_ a: AskJSON, _ habit: HabitDefinition) -> String {
        var parts = ["\(a.habit) \(a.day):"]
        if let level = a.level.flatMap(NoAlcLevel.init(rawValue:)) {
            parts.append(TextRendering.drinks(a.value.map { Int($0) }, level: level))
        } else if let value = a.value {
            if let activity = a.activity { parts.append(activity) }
            parts.append(TextRendering.amount(value, habit.builtin == nil ? habit.unit : "min"))
        } else {
            parts.append(a.answer)
        }
        if let note = a.note { parts.append("# \(note)") }
        return parts.joined(separator: " ")
    }

    /// Writes `answer` to `q` as the matching `log` / `skip` writes it (``AnswerWriter``).
    func write(_ answer: AskAnswer, _ q: Question) throws -> AskJSON {
        try AnswerWriter(store: store, env: env).write(answer, habit: q.habit, day: q.day)
    }
}

/// An answer of `habit ask` (and a change of `habit ui`, which answers through it) written
/// exactly as the matching command writes it: `habit log` (``LogHabit/request``, ``LogGrammar``,
/// the one pipeline ``LogPlanner`` → ``LogReport/record``) and `habit skip` (``HabitStore/setSkipped``).
struct AnswerWriter {
    let store: HabitStore
    let env: HabitEnvironment

    /// Writes `answer` for `habit` on `day` as the matching `log` / `skip` writes it; throws
    /// ``AskRefusal`` or the log's own usage error for an answer that does not fit the habit
    /// (nothing written).
    func write(_ answer: AskAnswer, habit: HabitDefinition, day: LocalDay) throws -> AskJSON {
        let q = (habit: habit, day: day)
        try TypedText.checkNote(answer.note, option: "the note")
        var done = AskJSON(habit: q.habit.name, day: q.day, answer: "yes", note: answer.note)
        switch answer.reply {
        case .help, .quit:
            throw AskRefusal(reason: "type an answer: y, n, s, an amount, ? or q")
        case .no, .skip:
            let isNo = answer.reply == .no
            if !isNo { _ = try store.setSkipped(true, habitID: q.habit.id, days: DayRange(day: q.day), env: env) }
            if isNo || answer.note != nil {
                try store.record(StoredAnswer(habitID: q.habit.id, day: q.day, kind: isNo ? .no : .skip, note: answer.note), env: env)
            }
            done.answer = isNo ? "no" : "skip"
            return done
        case .yes(let text):
            let words = (text ?? "").split(separator: " ").map(String.init)
            switch q.habit.builtin {
            case .meditate?:
                guard !words.isEmpty else { throw AskRefusal(reason: "give the minutes, e.g. 10 or 1h30m") }
                let seconds = try LogGrammar.duration(words).seconds
                try record(LogRequest(.meditation(seconds: seconds), when: start(of: q.day), note: answer.note))
                done.value = seconds / 60
            case .workout?:
                guard !words.isEmpty else { throw AskRefusal(reason: "give the activity and minutes, e.g. hiit 25m") }
                let (activity, duration) = try LogGrammar.activityAndDuration(words)
                try record(LogRequest(.workout(activity, seconds: duration.seconds, met: nil), when: start(of: q.day), note: answer.note))
                (done.value, done.activity) = (duration.seconds / 60, activity.rawValue)
            case .noalc?:
                guard !words.isEmpty else { throw AskRefusal(reason: "give drinks (0, 3) or a level: steady, easy, wild") }
                guard answer.note == nil else { throw AskRefusal(reason: "a NoAlc day keeps no note (as 'habit log alcohol'): answer without '#'") }
                let drinks = try LogGrammar.drinks(words)
                try record(LogRequest(.alcohol(drinks.level, drinks: drinks.drinks), when: .day(q.day)))
                (done.value, done.level) = (drinks.drinks.map(Double.init), drinks.level.rawValue)
            case nil:
                if q.habit.kind == .yesNo, text != nil {
                    throw AskRefusal(reason: "\(q.habit.name) is yes/no: answer y, n, s, ? or q")
                }
                // Today an entry is now; a past day's names that day (as `log --date`).
                let request = try LogHabit.request(name: q.habit.name, amount: text, when: q.day == env.today ? .now : .day(q.day),
                                                   note: answer.note, store: store, env: env)
                switch try record(request) {
                case .habit(_, let amount, _, _)?, .habitDay(_, let amount, _, _)?: if q.habit.kind != .yesNo { done.value = amount }
                default: break
                }
            }
            return done
        }
    }

    /// Plans and stores `request` as `habit log` does (``LogReport/record(_:store:env:report:)``);
    /// returns the entry it stored.
    @discardableResult
    private func record(_ request: LogRequest) throws -> NewEntry? {
        let plan = try LogPlanner.plan(request, env: env)
        try LogReport.record(plan, store: store, env: env)
        return plan.entry
    }

    /// When a session answered for a past day starts: 12:00 of that day, inside its habit day
    /// whatever day-start is (a session is timed: it counts for the habit day it starts in, never
    /// by the rule of entries that name a day); today: nil, it ends now (as `log meditate` without `--at`).
    func start(of day: LocalDay) -> LogRequest.When {
        day == env.today ? .now : .startsAt(env.calendar.firstInstant(day, .noon))
    }
}
