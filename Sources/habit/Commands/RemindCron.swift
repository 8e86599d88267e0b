import ArgumentParser
import HabitKit

/// `habit remind cron`: prints the crontab line.
struct RemindCron: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cron", abstract: "Print the crontab line (every 5 minutes).")

    @OptionGroup var store: StoreOptions

    func run() throws { Output.print(try Trigger.cronLine(store: store)) }
}
