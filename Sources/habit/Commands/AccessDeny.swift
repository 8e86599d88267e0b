import ArgumentParser

/// `habit access deny TYPE [--read] [--write]`.
struct AccessDeny: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deny", abstract: "Stop habit reading and/or writing a data type (what is stored stays, hidden).")
    @OptionGroup var change: AccessChange
    func run() throws { try change.change(allow: false) }
}
