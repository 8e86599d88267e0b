import Testing
@testable import HabitKit

/// Where the store and habit's folders are: one rule (``HabitPaths``), from the environment it is
/// given and the account's home folder. An empty variable is unset; an `XDG_*` variable that is
/// not an absolute path is ignored (XDG Base Directory specification).
@Suite struct HabitPathsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let env: [String: String]
        var option: String?
        var store: String = "/h/.local/share/habit/habit.sqlite"
        var rule: StorePlace.Rule = .home
        var state = "/h/.local/state/habit"
        var cache = "/h/.cache/habit"
        var config = "/h/.config/habit"
        var units = "/h/.config/systemd/user"
        var testDescription: String {
            (option.map { "--db '\($0)' " } ?? "") + env.sorted { $0.key < $1.key }.map { "\($0)='\($1)'" }.joined(separator: " ")
        }
    }

    static let home = ["HOME": "/h"]

    static let cases: [Case] = [
        Case(env: home),
        // HOME unset or empty: the account's home folder.
        Case(env: [:], store: "/account/.local/share/habit/habit.sqlite", state: "/account/.local/state/habit",
             cache: "/account/.cache/habit", config: "/account/.config/habit", units: "/account/.config/systemd/user"),
        Case(env: ["HOME": ""], store: "/account/.local/share/habit/habit.sqlite", state: "/account/.local/state/habit",
             cache: "/account/.cache/habit", config: "/account/.config/habit", units: "/account/.config/systemd/user"),
        // Each XDG variable set, empty, relative.
        Case(env: home.merging(["XDG_DATA_HOME": "/d"]) { $1 }, store: "/d/habit/habit.sqlite", rule: .dataHome),
        Case(env: home.merging(["XDG_DATA_HOME": ""]) { $1 }),
        Case(env: home.merging(["XDG_DATA_HOME": "d"]) { $1 }),
        Case(env: home.merging(["XDG_DATA_HOME": "./d"]) { $1 }),
        Case(env: home.merging(["XDG_STATE_HOME": "/s"]) { $1 }, state: "/s/habit"),
        Case(env: home.merging(["XDG_STATE_HOME": ""]) { $1 }),
        Case(env: home.merging(["XDG_STATE_HOME": "s"]) { $1 }),
        Case(env: home.merging(["XDG_CACHE_HOME": "/c"]) { $1 }, cache: "/c/habit"),
        Case(env: home.merging(["XDG_CACHE_HOME": ""]) { $1 }),
        Case(env: home.merging(["XDG_CACHE_HOME": "c"]) { $1 }),
        Case(env: home.merging(["XDG_CONFIG_HOME": "/k"]) { $1 }, config: "/k/habit", units: "/k/systemd/user"),
        Case(env: home.merging(["XDG_CONFIG_HOME": ""]) { $1 }),
        Case(env: home.merging(["XDG_CONFIG_HOME": "k"]) { $1 }),
        // The store: --db, then HABIT_DB (relative ones as given), then XDG_DATA_HOME, then HOME.
        Case(env: home.merging(["HABIT_DB": "/b.sqlite", "XDG_DATA_HOME": "/d"]) { $1 }, store: "/b.sqlite", rule: .variable),
        Case(env: home.merging(["HABIT_DB": "b.sqlite"]) { $1 }, store: "b.sqlite", rule: .variable),
        Case(env: home.merging(["HABIT_DB": "", "XDG_DATA_HOME": "/d"]) { $1 }, store: "/d/habit/habit.sqlite", rule: .dataHome),
        Case(env: home.merging(["HABIT_DB": "/b.sqlite"]) { $1 }, option: "/a.sqlite", store: "/a.sqlite", rule: .option),
        Case(env: home, option: "a.sqlite", store: "a.sqlite", rule: .option),
        Case(env: home.merging(["HABIT_DB": "/b.sqlite"]) { $1 }, option: "", store: "/b.sqlite", rule: .variable),
        Case(env: home, option: ""),
        // Other variables are not the paths' business.
        Case(env: home.merging(["XDG_RUNTIME_DIR": "/run", "PWD": "/p"]) { $1 }),
        // All of them at once.
        Case(env: ["HOME": "/h", "XDG_DATA_HOME": "/d", "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "/c", "XDG_CONFIG_HOME": "/k"],
             store: "/d/habit/habit.sqlite", rule: .dataHome, state: "/s/habit", cache: "/c/habit", config: "/k/habit", units: "/k/systemd/user"),
    ]

    @Test(arguments: cases)
    func eachPlaceFollowsItsVariableThenTheHomeFolder(_ c: Case) {
        let paths = HabitPaths(environment: c.env, accountHome: "/account")
        let place = paths.store(option: c.option)
        #expect(place == StorePlace(path: c.store, rule: c.rule))
        #expect(paths.stateFolder == c.state)
        #expect(paths.cacheFolder == c.cache)
        #expect(paths.configFolder == c.config)
        #expect(paths.hooksFolder == c.config + "/hooks")
        #expect(paths.systemdUserFolder == c.units)
        #expect(place.isDefault == (c.rule == .home))
        #expect(place.isNamed == (c.rule == .option || c.rule == .variable))
    }

    /// The account's home folder is looked up only when `HOME` does not say it.
    @Test func theAccountsHomeIsAskedForOnlyWithoutHOME() {
        var asked = 0
        func account() -> String { asked += 1; return "/account" }
        #expect(HabitPaths(environment: ["HOME": "/h"], accountHome: account()).home == "/h")
        #expect(asked == 0)
        #expect(HabitPaths(environment: ["HOME": ""], accountHome: account()).home == "/account")
        #expect(asked == 1)
    }

    /// A cron line or a unit is judged by the same rule, with the line's environment over the
    /// crontab's; a relative store is the home folder's (cron and systemd run commands there), and
    /// an empty `HOME` is unset.
    @Test func aTriggersStoreFollowsTheSameRuleFromTheHomeFolder() throws {
        let relative = try #require(TriggerCommand.cron("*/5 * * * * HABIT_DB=h.sqlite /usr/bin/habit remind check # habit-reminders"))
        #expect(relative.storePath(home: "/home/ana") == "/home/ana/h.sqlite")
        let emptyHome = try #require(TriggerCommand.cron("*/5 * * * * HOME= /usr/bin/habit remind check"))
        #expect(emptyHome.storePath(home: "/home/ana") == "/home/ana/.local/share/habit/habit.sqlite")
        let relativeData = try #require(TriggerCommand.cron("*/5 * * * * /usr/bin/habit remind check"))
        #expect(relativeData.storePath(home: "/home/ana", inherited: ["XDG_DATA_HOME": "data"]) == "/home/ana/.local/share/habit/habit.sqlite")
        #expect(relativeData.storePath(home: "/home/ana", inherited: ["HOME": "/home/bo"]) == "/home/bo/.local/share/habit/habit.sqlite")
        let twice = try #require(TriggerCommand.cron("* * * * * habit --db=/a.sqlite --db /b.sqlite remind check --notify command -- x --db /c"))
        #expect(twice.storePath(home: "/h") == "/b.sqlite")
    }
}
