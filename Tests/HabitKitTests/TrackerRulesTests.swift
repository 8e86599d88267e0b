import Foundation
import Testing
@testable import HabitKit

/// The rules that turn other trackers' names, frequencies and CSV text into habit's.
@Suite struct TrackerRulesTests {
    @Test(arguments: [
        ("Meditate", "meditate"),
        ("Read 20 pages", "read-20-pages"),
        ("  Café au lait!! ", "café-au-lait"),
        ("Ünïcödé Straße", "ünïcödé-straße"),
        ("10k steps", "habit-10k-steps"),
        ("😀", "habit"),
        ("Красное мясо", "красное-мясо"),
        ("ロールプレイング", "ロールプレイング"),
        ("Йога", "йога"),
        ("ＦＵＬＬ width", "full-width"),
        ("I love you", "i-love-you"),
        ("a\u{1B}[31mred", "a-31mred"),
        (String(repeating: "long ", count: 20), "long-long-long-long-long-long-lo"),
    ])
    func namesBecomeHabitNames(_ original: String, _ expected: String) throws {
        let slug = TrackerRules.slug(original)
        #expect(slug == expected)
        #expect(try HabitName.validate(TrackerRules.habitName(original) { _ in false }) == TrackerRules.habitName(original) { _ in false })
    }

    @Test func aTakenOrReservedNameGetsTheNextFreeOne() {
        #expect(TrackerRules.habitName("Meditate") { _ in false } == "meditate-habit")
        #expect(TrackerRules.habitName("List") { _ in false } == "list-habit")
        #expect(TrackerRules.habitName("Gym") { ["gym", "gym-2"].contains($0) } == "gym-3")
        let long = String(repeating: "x", count: 40)
        let name = TrackerRules.habitName(long) { $0 == String(repeating: "x", count: 32) }
        #expect(name == String(repeating: "x", count: 30) + "-2")
    }

    @Test(arguments: [
        (1, 1, HabitDefinition.Period.day, 1, false),
        (1, 7, .week, 1, false),
        (3, 7, .week, 3, false),
        (7, 7, .week, 7, false),
        (2, 30, .month, 2, false),
        (1, 31, .month, 1, false),
        (1, 3, .days(3), 1, false),  // every 3 days: 1 day in any 3
        (2, 3, .days(3), 2, false),  // Loop's "2 times in 3 days"
        (1, 2, .days(2), 1, false),
        (1, 14, .days(14), 1, false),
        (1, 90, .days(90), 1, false),
        (5, 5, .days(5), 5, false),  // every day, as Loop scores it (its window of 5)
        (10, 365, .days(365), 10, false),
        (1, 400, .month, 1, true),  // longer than a year: the nearest rate a month
        (4, 3, .day, 1, true),  // more times than days
        (2, 1, .day, 1, true),
        (0, 0, .day, 1, true),
    ])
    func frequenciesBecomePeriods(_ times: Int, _ days: Int, _ per: HabitDefinition.Period, _ perTimes: Int, _ approximated: Bool) {
        let f = TrackerRules.frequency(times: times, days: days)
        #expect(f.per == per)
        #expect(f.times == perTimes)
        #expect((f.approximation != nil) == approximated)
    }

    @Test func csvFollowsRFC4180AsOpencsvWritesIt() throws {
        let text = "\u{FEFF}Date,Value,Notes\r\n2026-11-21,YES_MANUAL,\"calm, \"\"deep\"\"\nsecond line\"\r\n\n2026-11-20,NO,\n2026-11-19,SKIP"
        let rows = try CSVText.rows(Data(text.utf8))
        #expect(rows.map(\.fields) == [["Date", "Value", "Notes"], ["2026-11-21", "YES_MANUAL", "calm, \"deep\"\nsecond line"],
                                       ["2026-11-20", "NO", ""], ["2026-11-19", "SKIP"]])
        #expect(rows.map(\.line) == [1, 2, 5, 6])
        #expect(throws: CSVText.Failure.unclosedQuote(line: 2)) { try CSVText.rows(Data("a,b\n\"open,c\nd\n".utf8)) }
    }

    @Test func loopValuesMeanWhatLoopMeans() {
        #expect(LoopValues.word("YES_MANUAL", numerical: false, note: nil) == .done(1, note: nil, amount: nil))
        #expect(LoopValues.word("YES_AUTO", numerical: false, note: nil) == .nothing)
        #expect(LoopValues.word("NO", numerical: false, note: nil) == .nothing)
        #expect(LoopValues.word("UNKNOWN", numerical: false, note: nil) == .unknown)
        #expect(LoopValues.word("SKIP", numerical: true, note: nil) == .skipped)
        #expect(LoopValues.word("12500", numerical: true, note: "n") == .done(12.5, note: "n", amount: nil))
        #expect(LoopValues.word("0", numerical: true, note: nil) == .nothing)
        #expect(LoopValues.word("-7", numerical: true, note: nil) == nil)
        #expect(LoopValues.word("1e9", numerical: true, note: nil) == nil)
        #expect(LoopValues.word("99999999999999999999", numerical: true, note: nil) == nil)
        #expect(LoopValues.word("7", numerical: false, note: nil) == nil)
        #expect(LoopBackupRules.day(milliseconds: 1_795_305_600_000) == LocalDay("2026-11-22"))
        #expect(LoopBackupRules.day(milliseconds: -1) == nil)
        #expect(LoopBackupRules.day(milliseconds: .max) == nil)
    }

    @Test func harshFrequenciesAndLogs() {
        #expect(HarshReader.frequency("1").map { [$0.times, $0.days] } == [1, 1])
        #expect(HarshReader.frequency("7").map { [$0.times, $0.days] } == [1, 7])
        #expect(HarshReader.frequency("3/7").map { [$0.times, $0.days] } == [3, 7])
        #expect(HarshReader.frequency("0")?.trackedOnly == true)
        #expect(HarshReader.frequency("1w").map { [$0.times, $0.days] } == [1, 7])
        #expect(HarshReader.frequency("2w").map { [$0.times, $0.days] } == [1, 14])
        #expect(HarshReader.frequency("2/1w").map { [$0.times, $0.days] } == [2, 7])
        #expect(HarshReader.habitLine("1: 2026-01-03")?.ends == LocalDay("2026-01-03"))
        #expect(HarshReader.habitLine(" 3/7 ").map { [$0.times, $0.days] } == [3, 7])
        for bad in ["1: 2026-13-03", "1: soon", "1: 2026-01-03: x", "w"] { #expect(HarshReader.habitLine(bad) == nil, "\(bad)") }
        for bad in ["", "x", "8/7", "8/1w", "1/0", "-1", "3/7/9", "1/", "99999999999999999999", "w", "1ww", "+1"] {
            #expect(HarshReader.frequency(bad) == nil, "\(bad)")
        }
        #expect(HarshReader.looksLikeLog(Array("# comment\n\n2026-11-16 : Gym : y\n".utf8)))
        #expect(!HarshReader.looksLikeLog(Array("<?xml version=\"1.0\"?>\n<HealthData>".utf8)))
        #expect(!HarshReader.looksLikeLog(Array("2026-11-16: Gym: y\n".utf8)))
        #expect(HarshReader.looksLikeLog([0xEF, 0xBB, 0xBF] + Array("# c\r\n\r\n2026-11-16 : Gym : y\r\n".utf8)))
        #expect(TextLines.lines(Array("\u{FEFF}a\r\nb\n\nc\r".utf8)).map(\.text) == ["a", "b", "", "c"])
    }

    @Test func notesLoseTheirControlCharacters() {
        #expect(TrackerDays.note("a\u{1B}[2Jb\tc") == "a [2Jb c")
        #expect(TrackerDays.note("  \n ") == nil)
        #expect(TrackerDays.note(String(repeating: "n", count: 5000))?.count == 1000)
    }
}
