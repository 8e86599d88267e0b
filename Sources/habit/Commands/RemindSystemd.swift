import ArgumentParser
import Foundation
import HabitKit

/// `habit remind systemd [--install]`: a user service + timer pair, printed or written.
struct RemindSystemd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "systemd",
        abstract: "Print (or --install) a systemd user service + timer pair ($XDG_CONFIG_HOME/systemd/user/).")

    @Flag(name: .long, help: "Write the two unit files instead of printing them (replacing habit's earlier ones).")
    var install = false

    @OptionGroup var store: StoreOptions

    static let serviceName = "habit-remind.service"
    static let timerName = "habit-remind.timer"
    static let enable = "systemctl --user daemon-reload && systemctl --user enable --now habit-remind.timer"

    func run() throws {
        let service = try Trigger.systemdService(store: store)
        let folder = HabitPaths.live.systemdUserFolder
        guard install else {
            Output.print("# \(folder)/\(Self.serviceName)\n\(service)\n# \(folder)/\(Self.timerName)\n"
                         + "\(Trigger.systemdTimer)\n# then: \(Self.enable)")
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw TriggerError.cannotWriteUnit(folder, reason: (error as NSError).localizedDescription)
        }
        for (name, text) in [(Self.serviceName, service), (Self.timerName, Trigger.systemdTimer)] {
            let path = folder + "/" + name
            do {
                let file = try OutputFile(path: path, store: store.path)
                try file.write(Data(text.utf8))
                try file.commit()
            } catch {
                throw TriggerError.cannotWriteUnit(path, reason: error.description)
            }
        }
        Output.print("installed: \(folder)/\(Self.serviceName) and \(Self.timerName); then: \(Self.enable)")
    }
}
