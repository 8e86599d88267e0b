/// Where habit's files live: the store and habit's state, cache and config folders — the one rule
/// (Standards/cli.md, "Where files go"); nothing else computes these paths.
///
/// Pure: it is given the environment (``variables``, the only ones it reads) and the account's
/// home folder, and never reads the process environment itself; the executable builds it once
/// from the real environment. Cron and systemd lines are judged with one built from the line's
/// own environment (``TriggerCommand/storePath(home:inherited:)``).
///
/// - The store: `--db PATH`, else `$HABIT_DB`, else `$XDG_DATA_HOME/habit/habit.sqlite`, else
///   `~/.local/share/habit/habit.sqlite`.
/// - State (the pending journal, the stores habit made, the hooks' log, the streaks hooks saw):
///   `$XDG_STATE_HOME/habit`, else `~/.local/state/habit`.
/// - Cache (the answers kept for degraded mode): `$XDG_CACHE_HOME/habit`, else `~/.cache/habit`.
/// - Config (hooks): `$XDG_CONFIG_HOME/habit`, else `~/.config/habit`; systemd user units:
///   `$XDG_CONFIG_HOME/systemd/user`, else `~/.config/systemd/user`.
///
/// An empty variable is unset, and so is an `XDG_*` variable that is not an absolute path (the
/// XDG Base Directory specification: a relative path is invalid and is ignored). `~` is `$HOME`,
/// else (unset or empty) the account's home folder.
public struct HabitPaths: Sendable, Equatable {
    /// The environment variables the paths depend on (the executable reads only these).
    public static let variables = ["HABIT_DB", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "HOME"]

    /// `$HOME`, else the account's home folder.
    public let home: String
    private let environment: [String: String]

    /// `accountHome` is asked for only when `HOME` is unset or empty.
    public init(environment: [String: String], accountHome: @autoclosure () -> String) {
        self.environment = environment.filter { Self.variables.contains($0.key) && !$0.value.isEmpty }
        home = self.environment["HOME"] ?? accountHome()
    }

    /// The store a command opens: `option` is the value of `--db` (nil or empty when not given).
    public func store(option: String?) -> StorePlace {
        if let option, !option.isEmpty { return StorePlace(path: option, rule: .option) }
        if let named = environment["HABIT_DB"] { return StorePlace(path: named, rule: .variable) }
        if let data = base("XDG_DATA_HOME") { return StorePlace(path: data + "/habit/habit.sqlite", rule: .dataHome) }
        return StorePlace(path: home + "/.local/share/habit/habit.sqlite", rule: .home)
    }

    /// habit's state: `$XDG_STATE_HOME/habit`, else `~/.local/state/habit`.
    public var stateFolder: String { (base("XDG_STATE_HOME") ?? home + "/.local/state") + "/habit" }

    /// habit's cache: `$XDG_CACHE_HOME/habit`, else `~/.cache/habit`.
    public var cacheFolder: String { (base("XDG_CACHE_HOME") ?? home + "/.cache") + "/habit" }

    /// habit's configuration: `$XDG_CONFIG_HOME/habit`, else `~/.config/habit`.
    public var configFolder: String { configHome + "/habit" }

    /// The hooks: `$XDG_CONFIG_HOME/habit/hooks`, else `~/.config/habit/hooks`.
    public var hooksFolder: String { configFolder + "/hooks" }

    /// The systemd user units: `$XDG_CONFIG_HOME/systemd/user`, else `~/.config/systemd/user`.
    public var systemdUserFolder: String { configHome + "/systemd/user" }

    private var configHome: String { base("XDG_CONFIG_HOME") ?? home + "/.config" }

    /// The folder variables in effect (`XDG_CONFIG_HOME`, `XDG_STATE_HOME`, `XDG_CACHE_HOME` set to
    /// an absolute path): what a cron line or a systemd unit carries so that the check it runs
    /// finds the same hooks, pending journal and cache as the command that installed it.
    public var folderVariables: [(name: String, value: String)] {
        ["XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"].compactMap { name in base(name).map { (name, $0) } }
    }

    /// An `XDG_*` base folder when it is set to an absolute path.
    private func base(_ variable: String) -> String? {
        environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil }
    }
}

/// Where the store is, and which rule of ``HabitPaths/store(option:)`` chose it.
public struct StorePlace: Sendable, Equatable {
    public enum Rule: Sendable, Equatable {
        /// `--db PATH`.
        case option
        /// `HABIT_DB`.
        case variable
        /// `$XDG_DATA_HOME/habit/habit.sqlite`.
        case dataHome
        /// `~/.local/share/habit/habit.sqlite`.
        case home
    }

    /// As given (`--db` and `HABIT_DB` may be relative to the working folder).
    public let path: String
    public let rule: Rule

    public init(path: String, rule: Rule) {
        self.path = path
        self.rule = rule
    }

    /// Named by `--db` or `HABIT_DB`: a store missing there is a mistake (a typo, a drive that is
    /// not mounted), not a first run.
    public var isNamed: Bool { rule == .option || rule == .variable }

    /// The store a process finds with none of `--db`, `HABIT_DB` and `XDG_DATA_HOME`: only then
    /// does a cron line or a systemd unit reach it without `HABIT_DB`.
    public var isDefault: Bool { rule == .home }
}
