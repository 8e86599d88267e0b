import ArgumentParser

/// `--json`, for every command that prints data.
struct OutputOptions: ParsableArguments {
    /// The flag's name, read by ``FastRead`` too.
    static let jsonFlag = "json"

    @Flag(name: .customLong(Self.jsonFlag), help: "Print JSON (the contract in Standards/json.md) instead of text.")
    var json = false
}
