import ArgumentParser

/// `--json`, for every command that prints data.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON (the contract in Standards/json.md) instead of text.")
    var json = false
}
