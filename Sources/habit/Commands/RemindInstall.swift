import ArgumentParser
import HabitKit

/// `habit remind install`: adds the line to the user's crontab, replacing an older habit line.
struct RemindInstall: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "install", abstract: "Add the line to your crontab (idempotent).")

    @OptionGroup var store: StoreOptions

    func run() throws {
        let line = try Trigger.cronLine(store: store)
        var lines = try Crontab.read()
        if lines.filter(Trigger.isHabitLine) == [line] {
            Output.print("already installed: \(line)")
            return
        }
        lines.removeAll(where: Trigger.isHabitLine)  // an older habit line (another store, no HABIT_DB) is replaced
        lines.append(line)
        try Crontab.write(lines)
        Output.print("installed: \(line)")
    }
}
