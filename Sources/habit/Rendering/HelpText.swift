import HabitKit

/// The short texts of the first five minutes (Standards/cli.md, "The first five minutes"): bare
/// `habit`, and `habit add --help`, which must fit a screen of 24 lines at 80 columns —
/// ArgumentParser's help of `add` took 71. Each is a list of `term  explanation` rows laid out at
/// the terminal's width (``Width/columns``), an explanation that does not fit wrapped with its
/// continuation lines under the explanation's first column.
enum HelpText {
    /// What bare `habit` prints: the few commands a new user starts with, and where the rest is.
    static var start: String {
        (["habit: a habit and streak tracker for the terminal. To start:", ""]
            + rows([
                ("habit add floss", "a habit of your own: yes/no, every day"),
                ("habit add water --unit glass --at-least 8", "…or a quantity with a target"),
                ("habit log floss", "done now (habit log water 3: an amount)"),
                ("habit log meditate 10m", "the built-ins: meditate, workout, alcohol"),
                ("habit ask", "check in: a question per habit not done today"),
                ("habit today", "what is left today, and each streak"),
                ("habit remind add floss 21:00", "a reminder, unless the day is done by then"),
                ("habit remind install", "…delivered by cron (or: habit remind systemd)"),
                ("habit status", "a status bar's line: waybar, i3blocks, tmux"),
            ], widestTerm: 30)
            + ["", "Every command: habit --help. One command: habit COMMAND --help."]).joined(separator: "\n")
    }

    /// `habit add --help` (and `habit help add`): the options `add` takes — none that only
    /// `habit edit` has — and three examples. The whole list, with the longer explanations, is
    /// the man page's (ArgumentParser's `add` help, through `generate-manual`).
    static var add: String {
        (Width.wrap("Usage: habit add NAME [options]: a habit of your own, yes/no or a quantity.", to: Width.columns)
            + [""]
            + rows([
                ("NAME", "1–32 lower-case letters, digits and '-', starting with a letter"),
                ("--unit U", "a quantity in this unit: glass, page, km; min or h take 25m, 1h"),
                ("--at-least X", "a target: at least X a period (8, 7h)"),
                ("--at-most X", "a limit: at most X a period; a day without entries is met"),
                ("--per P", "day (default), week, month, or N-days: any N days in a row"),
                ("--times N", "yes/no habits: the days done a period (--times 3 --per week)"),
                ("--on DAYS", "due only on these weekdays: mon,wed,fri, weekdays, mon-fri …"),
                ("--tag T", "a tag to group and filter by; repeat it for more"),
                ("--never-asks", "records, never asks: no day is missed, no reminder"),
                ("--from TYPE", "read imported data: steps, sleep, mindful, activity-summary …"),
                ("--field RING", "with --from activity-summary: move, exercise or stand"),
                ("--sources S", "whose imported data counts: app, all (default), or names"),
                ("--command CMD", "a shell command tells each day (habit refresh): exit 0 is done"),
                ("--db PATH", "the store file; --json prints JSON"),
            ], indent: 2)
            + [""]
            + rows([
                ("habit add floss", "yes/no, every day"),
                ("habit add water --unit glass --at-least 8", "8 glasses a day"),
                ("habit add gym --times 3 --per week", "3 days a week"),
            ], indent: 2)
            + Width.wrap("Changing one later: habit edit NAME --help. All of it: man habit.", to: Width.columns)).joined(separator: "\n")
    }

    /// The short text `arguments` ask for, or nil: `add --help` / `add -h` (anywhere before a
    /// `--`, as ArgumentParser reads them) and `help add`.
    static func short(for arguments: [String]) -> String? {
        guard let first = arguments.first else { return nil }
        if first == "help" { return arguments == ["help", "add"] ? add : nil }
        guard first == "add" else { return nil }
        let options = arguments.dropFirst().prefix { $0 != "--" }
        return options.contains("--help") || options.contains("-h") ? add : nil
    }

    /// `term  explanation` rows: the terms in one column (as wide as the widest term of at most
    /// `widestTerm` columns that leaves the explanations 30; a longer term has its explanation on
    /// the next line), each explanation wrapped to the terminal with its continuation lines under
    /// its first column.
    static func rows(_ rows: [(term: String, text: String)], indent: Int = 2, widestTerm: Int = 48) -> [String] {
        let lead = String(repeating: " ", count: indent)
        let fitting = rows.map { Width.of($0.term) }.filter { $0 <= widestTerm && indent + $0 + 2 + 30 <= Width.columns }
        let column = indent + (fitting.max() ?? 0) + 2
        var lines: [String] = []
        for row in rows {
            let room = max(Width.columns - column, 20)
            let pad = String(repeating: " ", count: column)
            let wrapped = Width.wrap(row.text, to: room)
            if indent + Width.of(row.term) + 2 <= column {
                lines.append(Width.pad(lead + row.term, to: column) + wrapped[0])
            } else {
                lines += Width.wrap(row.term, to: Width.columns - indent).map { lead + $0 }
                lines.append(pad + wrapped[0])
            }
            lines += wrapped.dropFirst().map { pad + $0 }
        }
        return lines
    }
}
