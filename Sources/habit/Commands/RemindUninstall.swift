import ArgumentParser
import HabitKit

/// `habit remind uninstall`: removes habit's line from the user's crontab.
struct RemindUninstall: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "uninstall", abstract: "Remove habit's line from your crontab.")

    func run() throws {
        let lines = try Crontab.read()
        let kept = lines.filter { !Trigger.isHabitLine($0) }
        if kept.count == lines.count {
            Output.print("nothing to remove: no habit line in your crontab")
            return
        }
        try Crontab.write(kept)
        Output.print("removed habit's line from your crontab")
    }
}
