import Foundation
import Testing
@testable import HabitKit

/// A habit's name, unit and amounts (Standards/habits.md).
@Suite struct HabitDefinitionTests {
    @Test(arguments: ["floss", "cold-shower", "a", "x2", "read-20-pages", String(repeating: "a", count: 32),
                      "café", "красное-мясо", "ロールプレイング", "ß", "читать-20-страниц", "χ٣", "पढ़ना",
                      String(repeating: "я", count: 32), String(repeating: "é", count: 32)])
    func namesOfLowerCaseLettersDigitsAndDashesAreAccepted(_ name: String) throws {
        #expect(try HabitName.validate(name) == name)
    }

    @Test(arguments: ["", "Floss", "1abc", "-x", "a_b", "a b", "Café", "Красное", "٣abc", "\u{301}a", "a\u{1B}b", "a\u{200B}b",
                      "a\u{2028}b", "a😀", "😀", "a.b", "a\u{3000}b", String(repeating: "a", count: 33),
                      String(repeating: "я", count: 33)])
    func otherNamesAreRefused(_ name: String) {
        #expect(throws: HabitInputError.invalidName(name)) { try HabitName.validate(name) }
    }

    @Test func aNameIsKeptComposedAndCountedInCharacters() throws {
        #expect(try HabitName.validate("cafe\u{301}") == "caf\u{E9}")
        #expect(try HabitName.validate("cafe\u{301}").unicodeScalars.count == 4)
        // 32 characters of two scalars each are 32 characters.
        let decomposed = String(repeating: "e\u{301}", count: 32)
        #expect(try HabitName.validate(decomposed).count == 32)
    }

    @Test(arguments: ["list", "add", "log", "skip", "score", "meditate", "workout", "noalc", "alcohol", "all"])
    func commandWordsAndBuiltInNamesAreReserved(_ name: String) {
        #expect(throws: HabitInputError.reservedName(name)) { try HabitName.validate(name) }
    }

    @Test(arguments: [("minutes", "min"), ("MIN", "min"), ("h", "h"), ("hours", "h"), ("sec", "s"), ("glass", "glass"),
                      ("%", "%"), (" km ", "km")])
    func unitsHaveOneSpellingDurationsOneEach(_ text: String, _ canonical: String) throws {
        #expect(try HabitUnit.canonical(text) == canonical)
    }

    struct AmountCase: Sendable, CustomTestStringConvertible {
        let text: String
        let unit: String?
        let value: Double?  // nil: refused
        var testDescription: String { "\(text) in \(unit ?? "a plain count")" }
    }

    static let amounts: [AmountCase] = [
        .init(text: "25", unit: "min", value: 25),
        .init(text: "25m", unit: "min", value: 25),
        .init(text: "1h30m", unit: "min", value: 90),
        .init(text: "90m", unit: "h", value: 1.5),
        .init(text: "1.5h", unit: "h", value: 1.5),
        .init(text: "3", unit: "glass", value: 3),
        .init(text: "3glass", unit: "glass", value: 3),
        .init(text: "3 glasses", unit: "glass", value: 3),
        .init(text: "2.5", unit: nil, value: 2.5),
        .init(text: "3kg", unit: "glass", value: nil),
        .init(text: "3x", unit: nil, value: nil),
        .init(text: "-1", unit: "glass", value: nil),
        .init(text: "lots", unit: "glass", value: nil),
        .init(text: "", unit: "glass", value: nil),
    ]

    @Test(arguments: amounts)
    func amountsAreNumbersInTheHabitsUnit(_ c: AmountCase) {
        if let value = c.value {
            #expect((try? HabitUnit.amount(c.text, unit: c.unit, habit: "test")) == value)
        } else {
            #expect(throws: HabitInputError.self) { try HabitUnit.amount(c.text, unit: c.unit, habit: "test") }
        }
    }

    @Test func aUnitMismatchNamesTheHabitsUnit() {
        #expect(throws: HabitInputError.unitMismatch("3kg", habit: "reading", unit: "minutes")) {
            try HabitUnit.amount("3kg", unit: "min", habit: "reading")
        }
    }

    @Test(arguments: [("7h", "min", 420.0), ("150", "min", 150), ("8", "glass", 8), ("0.5", nil, 0.5)])
    func targetsArePositiveAmounts(_ text: String, _ unit: String?, _ value: Double) throws {
        #expect(try HabitUnit.target(text, unit: unit) == value)
    }

    @Test(arguments: ["0", "-3", "none", "inf"])
    func zeroNegativeOrNonNumericTargetsAreRefused(_ text: String) {
        #expect(throws: HabitInputError.self) { try HabitUnit.target(text, unit: "glass") }
    }

    @Test(arguments: [("steps", "HKQuantityTypeIdentifierStepCount", HabitDataType.Measure.value),
                      ("sleep", "HKCategoryTypeIdentifierSleepAnalysis", .asleep),
                      ("mindful", "HKCategoryTypeIdentifierMindfulSession", .duration),
                      ("HKQuantityTypeIdentifierFlightsClimbed", "HKQuantityTypeIdentifierFlightsClimbed", .value)])
    func fromTypesByShortNameOrIdentifier(_ text: String, _ identifier: String, _ measure: HabitDataType.Measure) throws {
        let type = try HabitDataType(parsing: text)
        #expect(type.identifier == identifier)
        #expect(type.measure == measure)
    }

    @Test(arguments: ["stairs", "HKQuantityTypeIdentifier", "HKFooIdentifierBar", "HKQuantityTypeIdentifier'; DROP"])
    func unknownFromTypesAreRefused(_ text: String) {
        #expect(throws: HabitInputError.unknownType(text)) { try HabitDataType(parsing: text) }
    }
}
