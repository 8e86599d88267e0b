import Foundation
import Testing
@testable import HabitKit

/// Doctor's judgement of the cron line and systemd unit, from facts alone: no crontab, no files,
/// no PATH (programs "exist" when the fake search path lists them).
@Suite struct TriggerCheckTests {
    static let store = "/home/ana/.local/share/habit/habit.sqlite"
    static let binary = "/usr/local/bin/habit"

    /// `programs`: what the fake PATH holds, by name (and `binary` by its path).
    static func facts(crontab: [String]? = nil, service: String? = nil, timerEnabled: Bool = true,
                      programs: Set<String> = ["crontab", "habit"]) -> TriggerFacts {
        TriggerFacts(home: "/home/ana", searchPath: "/usr/bin:/bin", crontab: crontab, servicePath: "/home/ana/.config/systemd/user/habit-remind.service",
                     serviceText: service, timerEnabled: timerEnabled,
                     resolve: { name, _ in
                         if name.contains("/") { return name == binary ? name : nil }
                         return programs.contains(name) ? "/usr/bin/" + name : nil
                     },
                     sameStore: { $0 == $1 })
    }

    static func finding(_ findings: [Finding], _ check: String) -> Finding? { findings.first { $0.check == check } }

    @Test func nothingInstalledAndNoRemindersIsAllOK() {
        let findings = TriggerCheck.findings(store: Self.store, enabledReminders: 0, facts: Self.facts(programs: []))
        #expect(findings.map(\.check) == ["cron", "systemd", "reminders", "notifier"])
        #expect(findings.allSatisfy { $0.status == .ok })
        #expect(Self.finding(findings, "cron")?.detail == "crontab is not installed, so there is no cron line to check")
    }

    @Test func enabledRemindersWithoutATriggerAreAProblemWithTheCommandThatWorksHere() {
        let withCron = TriggerCheck.findings(store: Self.store, enabledReminders: 2, facts: Self.facts(crontab: []))
        #expect(Self.finding(withCron, "reminders")?.status == .problem)
        #expect(Self.finding(withCron, "reminders")?.fix == "habit remind install --db \(Self.store)")
        let withSystemd = TriggerCheck.findings(store: Self.store, enabledReminders: 1, facts: Self.facts(programs: ["systemctl"]))
        #expect(Self.finding(withSystemd, "reminders")?.fix == "habit remind systemd --install --db \(Self.store)")
        let withNeither = TriggerCheck.findings(store: "/tmp/my store", enabledReminders: 1, facts: Self.facts(programs: []))
        #expect(Self.finding(withNeither, "reminders")?.fix == "install cron (e.g. apt-get install cron), then habit remind install --db '/tmp/my store'")
    }

    @Test func aCronLineForThisStoreIsActiveAndItsNotifierIsChecked() {
        let line = "*/5 * * * * HABIT_DB=\(Self.store) \(Self.binary) remind check --notify notify-send # habit-reminders"
        let found = TriggerCheck.findings(store: Self.store, enabledReminders: 1, facts: Self.facts(crontab: ["MAILTO=ana", line]))
        #expect(Self.finding(found, "cron") == .ok("cron", "your crontab runs '\(Self.binary) remind check' for this store"))
        #expect(Self.finding(found, "reminders") == .ok("reminders", "1 enabled reminder, checked by cron"))
        let notifier = Self.finding(found, "notifier")
        #expect(notifier?.status == .problem)
        #expect(notifier?.fix == "sudo apt-get install libnotify-bin")
        let delivered = TriggerCheck.findings(store: Self.store, enabledReminders: 1,
                                              facts: Self.facts(crontab: [line], programs: ["crontab", "notify-send"]))
        #expect(Self.finding(delivered, "notifier") == .ok("notifier", "cron: notify-send is /usr/bin/notify-send"))
    }

    @Test func aCronLineForAnotherStoreOrAMissingProgramIsNotActive() {
        let other = "*/5 * * * * HABIT_DB=/elsewhere.sqlite \(Self.binary) remind check # habit-reminders"
        let found = TriggerCheck.findings(store: Self.store, enabledReminders: 1, facts: Self.facts(crontab: [other]))
        #expect(Self.finding(found, "cron")?.status == .warning)
        #expect(Self.finding(found, "cron")?.detail == "the cron trigger checks another store (/elsewhere.sqlite), not this one")
        #expect(Self.finding(found, "reminders")?.status == .problem)
        let gone = "*/5 * * * * /opt/gone/habit remind check"
        let missing = TriggerCheck.findings(store: Self.store, enabledReminders: nil, facts: Self.facts(crontab: [gone]))
        #expect(Self.finding(missing, "cron")?.status == .problem)
        #expect(Self.finding(missing, "reminders") == nil)  // the store could not be read: no count to judge
    }

    @Test func aSystemdUnitWhoseTimerIsNotEnabledIsAWarning() {
        let unit = "[Service]\nEnvironment=HABIT_DB=\(Self.store)\nExecStart=\(Self.binary) remind check\n"
        let off = TriggerCheck.findings(store: Self.store, enabledReminders: 0, facts: Self.facts(service: unit, timerEnabled: false))
        #expect(Self.finding(off, "systemd")?.status == .warning)
        #expect(Self.finding(off, "systemd")?.fix == "systemctl --user daemon-reload && systemctl --user enable --now habit-remind.timer")
        let on = TriggerCheck.findings(store: Self.store, enabledReminders: 0, facts: Self.facts(service: unit))
        #expect(Self.finding(on, "systemd") == .ok("systemd", "the systemd timer runs '\(Self.binary) remind check' for this store"))
        #expect(Self.finding(on, "notifier") == .ok("notifier", "systemd: reminders are printed on stdout"))
    }
}
