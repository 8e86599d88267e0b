import Foundation

/// harsh's files (https://github.com/wakatara/harsh): the `log`, a line a day and habit,
/// `YYYY-MM-DD : Name : y|n|s [: comment [: amount]]` (fields split by " : ", `#` starts a
/// comment line, the last line for a day and habit wins), and the `habits` file beside it,
/// `Name: 1` (every day), `Name: 7` (once in 7 days), `Name: 3/7` (3 times in 7 days), `Name: 0`
/// (tracked only), with `! Heading` and `#` lines.
///
/// `y` is a day done (harsh's amount kept beside it), `s` a skipped day, `n` stores nothing.
/// Habits of the log missing from the habits file (or without one) are every day, and say so.
public enum HarshReader {
    /// Whether the first non-comment line of `head` is a log line (`YYYY-MM-DD : `); a UTF-8 BOM
    /// and CRLF line ends are allowed.
    static func looksLikeLog(_ head: [UInt8]) -> Bool {
        for (_, line) in TextLines.lines(head) {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.isEmpty || t.hasPrefix("#") { continue }
            let b = Array(t.utf8)
            return b.count >= 13 && LocalDay(String(decoding: b[0..<10], as: UTF8.self)) != nil
                && String(decoding: b[10..<13], as: UTF8.self) == " : "
        }
        return false
    }

    struct Frequency {
        var times: Int
        var days: Int
        var trackedOnly: Bool
        /// The habit's end date (`Name: 1: 2026-01-03`), when it has one.
        var ends: LocalDay? = nil
    }

    public static func read(path: String) throws -> TrackerExport {
        let log = try OpenFile(path: path).readAll(limit: TrackerFile.textLimit, path: path)
        var export = TrackerExport(tracker: .harsh, habits: [])
        // The habits file beside the log, when there is one (a regular file, or it is not used).
        let habitsPath = (path as NSString).deletingLastPathComponent.isEmpty
            ? "habits" : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("habits")
        var order: [String] = []
        var frequencies: [String: Frequency] = [:]
        if let file = try? OpenFile(path: habitsPath) {
            for (number, line) in TextLines.lines(try file.readAll(limit: TrackerFile.textLimit, path: habitsPath)) {
                if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("!") || line.hasPrefix("#") { continue }
                guard let split = line.range(of: ": ") else {
                    export.reject("habits line \(number): no ': ' between a name and a frequency")
                    continue
                }
                let name = line[..<split.lowerBound].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty, let frequency = habitLine(line[split.upperBound...]) else {
                    export.reject("habits line \(number): \(ImportText.quoted(line)) is not 'Name: N', 'Name: N/D' or 'Name: N/Dw' (with an end date after ': ')")
                    continue
                }
                if frequencies[name] == nil { order.append(name) }
                frequencies[name] = frequency
            }
        }
        var days: [String: TrackerDays] = [:]
        for (number, line) in TextLines.lines(log) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let place = "log line \(number)"
            let fields = line.components(separatedBy: " : ")
            guard fields.count >= 3 else {
                export.reject("\(place): not 'YYYY-MM-DD : Name : y|n|s'")
                continue
            }
            guard let day = TrackerDays.day(fields[0]) else {
                export.reject("\(place): \(ImportText.quoted(fields[0])) is not a date from 1970 to 2100")
                continue
            }
            let name = fields[1].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else {
                export.reject("\(place): no habit name")
                continue
            }
            let note = fields.count > 3 ? TrackerDays.note(fields[3]) : nil
            var amount: Double?
            if fields.count > 4 {
                let text = fields[4].trimmingCharacters(in: .whitespaces)
                if !text.isEmpty {
                    guard let value = Double(text), value.isFinite, abs(value) < StoredNumbers.magnitude else {
                        export.reject("\(place): \(ImportText.quoted(text)) is not a finite amount")
                        continue
                    }
                    amount = value
                }
            }
            let word: TrackerDays.Word
            switch fields[2].trimmingCharacters(in: .whitespaces) {
            case "y": word = .done(1, note: note, amount: amount)
            case "s": word = .skipped
            case "n": word = .nothing
            default:
                export.reject("\(place): \(ImportText.quoted(fields[2])) is not y, n or s")
                continue
            }
            if days[name] == nil, frequencies[name] == nil { order.append(name) }
            days[name, default: TrackerDays()].set(day, word)
        }
        for name in order {
            var habit: TrackerHabit
            if let f = frequencies[name] {
                let (per, times, approximation) = TrackerRules.frequency(times: f.times, days: f.days)
                // Frequency 0 tracks without asking: a habit that records but never asks.
                habit = TrackerHabit(originalName: name, kind: .yesNo, per: per, times: times, asks: !f.trackedOnly,
                                     approximation: f.trackedOnly ? nil : approximation, endDay: f.ends)
            } else {
                habit = TrackerHabit(originalName: name, kind: .yesNo,
                                     approximation: "not in a habits file beside the log: every day")
            }
            days[name]?.finish(into: &habit)
            export.habits.append(habit)
        }
        return export
    }

    /// What follows `Name: ` in the habits file: a frequency, then optionally `: YYYY-MM-DD`, the
    /// day the habit ended.
    static func habitLine(_ text: some StringProtocol) -> Frequency? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count <= 2, var f = frequency(parts[0]) else { return nil }
        if parts.count == 2 {
            guard let day = TrackerDays.day(parts[1]) else { return nil }
            f.ends = day
        }
        return f
    }

    /// `1`, `7`, `3/7`, `0`, `1w`, `2/1w` as harsh reads them: `N` is once in N days (0: tracked
    /// only, no target), `Nw` once in N weeks, `N/D` N times in D days (`D` may be `Mw`, M weeks).
    static func frequency(_ text: String) -> Frequency? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        /// `N` or `Nw` (N weeks) as days, within 0...10,000.
        func days(_ part: Substring) -> Int? {
            var t = part.trimmingCharacters(in: .whitespaces)
            var factor = 1
            if t.hasSuffix("w") || t.hasSuffix("W") {
                t.removeLast()
                factor = 7
            }
            guard !t.isEmpty, t.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(t), (0...10_000).contains(n) else { return nil }
            return n * factor
        }
        if parts.count == 1 {
            guard let every = days(parts[0]) else { return nil }
            return every == 0 ? Frequency(times: 1, days: 1, trackedOnly: true) : Frequency(times: 1, days: every, trackedOnly: false)
        }
        let timesText = parts[0].trimmingCharacters(in: .whitespaces)
        guard timesText.utf8.allSatisfy({ (48...57).contains($0) }), let times = Int(timesText), let span = days(parts[1]),
              span >= 1, times >= 1, times <= span else { return nil }
        return Frequency(times: times, days: span, trackedOnly: false)
    }
}
