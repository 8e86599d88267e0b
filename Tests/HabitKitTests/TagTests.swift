import Foundation
import Testing
@testable import HabitKit

/// Issue 26, point 4: tags — the rules of ``HabitTag`` and of `habit add|edit --tag/--untag`
/// (``HabitSpec``), without a store (Standards/habits.md, "Tags").
@Suite struct TagTests {
    static let created = Date(timeIntervalSince1970: 1_794_000_000)

    static func habit(_ name: String, tags: [String] = [], archived: Bool = false) -> HabitDefinition {
        HabitDefinition(id: "id-\(name)", name: name, kind: .yesNo, since: LocalDay("2026-11-01")!, archived: archived,
                        created: created, modified: created, tags: tags)
    }

    @Test func aTagIsWrittenAsANameIsAndFoldedToLowerCase() throws {
        #expect(try HabitTag.validate("morning") == "morning")
        #expect(try HabitTag.validate("Morning") == "morning")
        #expect(try HabitTag.validate("after-work") == "after-work")
        #expect(try HabitTag.validate("Gesundheit2") == "gesundheit2")
        #expect(try HabitTag.validate("übung") == "übung")
        #expect(try HabitTag.validate("u\u{308}bung") == "übung")  // the same tag, composed
        #expect(try HabitTag.validate("list") == "list")  // a command word is no harm in a tag
        for bad in ["", "1am", "a b", "a,b", "-x", "x_y", "😀", "x\u{0}", String(repeating: "a", count: 33), "a\n"] {
            #expect(throws: HabitInputError.invalidTag(bad), "\(bad.debugDescription)") { try HabitTag.validate(bad) }
        }
        #expect(try HabitTag.validate(["pm", "Am", "am", "health"]) == ["am", "health", "pm"])
    }

    @Test func theStoredTextIsSortedCommaSeparatedAndCheckedOnTheWayBack() {
        #expect(HabitTag.stored([]) == nil)
        #expect(HabitTag.stored(["am", "health"]) == "am,health")
        #expect(HabitTag.parse(stored: "am,health") == ["am", "health"])
        for bad in ["", "health,am", "am,am", "am,,pm", ",am", "am,", "Am", "a b", "a,b,c,d,e,f,g,h,i"] {
            #expect(HabitTag.parse(stored: bad) == nil, "\(bad)")
        }
        #expect(HabitTag.parse(stored: "a,b,c,d,e,f,g,h") != nil)  // eight: the most a habit has
    }

    @Test func aFilterKeepsTheHabitsWithAnyTagAndRefusesATagNoneCarries() throws {
        let habits = [Self.habit("floss", tags: ["health", "pm"]), Self.habit("read"), Self.habit("run", tags: ["am", "health"]),
                      Self.habit("old", tags: ["retired"], archived: true)]
        #expect(try HabitTag.select(habits, tags: []).map(\.name) == ["floss", "read", "run", "old"])
        #expect(try HabitTag.select(habits, tags: ["health"]).map(\.name) == ["floss", "run"])
        #expect(try HabitTag.select(habits, tags: ["AM", "pm"]).map(\.name) == ["floss", "run"])
        #expect(try HabitTag.select(habits, tags: ["retired"]).map(\.name) == ["old"])
        #expect(throws: HabitInputError.unknownTag("helth", existing: ["am", "health", "pm", "retired"])) {
            try HabitTag.select(habits, tags: ["health", "helth"])
        }
        #expect(throws: HabitInputError.invalidTag("a b")) { try HabitTag.select(habits, tags: ["a b"]) }
        let message = HabitInputError.unknownTag("helth", existing: ["am", "health"]).description
        #expect(message == "no habit has the tag 'helth'; did you mean 'health'? the tags are: am, health")
        #expect(HabitInputError.unknownTag("x", existing: []).description.contains("no habit has a tag yet"))
    }

    @Test func habitsGroupByTagWithTheUntaggedLast() {
        let habits = [Self.habit("meditate"), Self.habit("floss", tags: ["health", "pm"]), Self.habit("read"),
                      Self.habit("run", tags: ["health"])]
        let groups = HabitTag.groups(habits)
        #expect(groups.map { $0.tag ?? "-" } == ["health", "pm", "-"])
        #expect(groups.map { $0.habits.map(\.name) } == [["floss", "run"], ["floss"], ["meditate", "read"]])
        #expect(HabitTag.groups([Self.habit("run", tags: ["am"])]).map { $0.tag ?? "-" } == ["am"])  // no empty group
        #expect(HabitTag.groups([]).isEmpty)
    }

    @Test func addTakesTagsAndEditAddsAndTakesThemAway() throws {
        let day = LocalDay("2026-11-01")!
        let added = try HabitSpec(tags: ["Morning", "health", "morning"]).newHabit(named: "floss", id: "x", since: day, at: Self.created)
        #expect(added.tags == ["health", "morning"])
        #expect(throws: HabitInputError.notTagged("floss", tag: "health")) {
            try HabitSpec(untags: ["health"]).newHabit(named: "floss", id: "x", since: day, at: Self.created)
        }
        #expect(throws: HabitInputError.tooManyTags("floss")) {
            try HabitSpec(tags: (1...9).map { "t\($0)" }.map { "tag-" + $0 }).newHabit(named: "floss", id: "x", since: day, at: Self.created)
        }
        #expect(try HabitSpec(tags: ["pm"]).edited(added, entries: 0).tags == ["health", "morning", "pm"])
        #expect(try HabitSpec(untags: ["Morning"]).edited(added, entries: 0).tags == ["health"])
        #expect(try HabitSpec(tags: ["am"], untags: ["health", "morning"]).edited(added, entries: 0).tags == ["am"])
        #expect(try HabitSpec(tags: ["health"]).edited(added, entries: 0).tags == ["health", "morning"])  // already there: kept once
        #expect(throws: HabitInputError.notTagged("floss", tag: "pm")) { try HabitSpec(untags: ["pm"]).edited(added, entries: 0) }
        #expect(throws: HabitInputError.invalidTag("a b")) { try HabitSpec(tags: ["a b"]).edited(added, entries: 0) }
        let full = try HabitSpec(tags: (1...8).map { "tag-t\($0)" }).edited(Self.habit("run"), entries: 0)
        #expect(full.tags.count == HabitTag.maximumPerHabit)
        #expect(throws: HabitInputError.tooManyTags("run")) { try HabitSpec(tags: ["one-more"]).edited(full, entries: 0) }
        let meditate = try #require(HabitDefinition.builtins(settings: Settings(), since: day, at: Self.created).first)
        #expect(throws: HabitInputError.builtinFixed("meditate", what: "changed")) { try HabitSpec(tags: ["am"]).edited(meditate, entries: 0) }
    }
}
