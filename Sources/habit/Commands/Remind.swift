import ArgumentParser
import HabitKit

/// `habit remind …`: reverse smart reminders and the trigger that runs their check.
struct Remind: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Reverse smart reminders: they nag only about what is not done yet.",
        subcommands: [RemindAdd.self, RemindList.self, RemindEdit.self, RemindRemove.self, RemindPause.self, RemindResume.self,
                      RemindCheck.self, RemindCron.self, RemindInstall.self, RemindUninstall.self, RemindSystemd.self])
}
