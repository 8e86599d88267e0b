import ArgumentParser

/// `habit access allow TYPE [--read] [--write]`.
struct AccessAllow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "allow", abstract: "Let habit read and/or write a data type.")
    @OptionGroup var change: AccessChange
    func run() throws { try change.change(allow: true) }
}
