import ArgumentParser

/// `--json`, for every command that prints data.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON (the contract in DESIGN.md §8) instead of text.")
    var json = false
}
