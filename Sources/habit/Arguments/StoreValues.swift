import ArgumentParser
import Foundation
import HabitKit

/// An entry's id as `habit delete` takes it: the full UUID, or a prefix of at least 8 hex digits.
///
/// Only hex digits, and dashes exactly where a UUID has them (after the 8th, 12th, 16th and
/// 20th digit); nothing else is accepted, so no pattern is ever built from what was typed.
struct EntryIDValue: ArgumentValue {
    /// The full UUID, when all 32 digits were given.
    let uuid: UUID?
    /// The lowercase prefix in the stored form (`28d2b36e-12`): hex digits and dashes at UUID positions.
    let prefix: String

    static let minimumDigits = 8

    init(parsing text: String) throws(InputError) {
        var digits: [Character] = []
        var expectDashBefore = [8, 12, 16, 20]
        for ch in text.lowercased() {
            if ch == "-" {
                // A dash is allowed only right after the 8th, 12th, 16th or 20th digit, once.
                guard let i = expectDashBefore.firstIndex(of: digits.count) else { throw .invalidUUID(text) }
                expectDashBefore.remove(at: i)
                continue
            }
            guard ch.isASCII, ch.isHexDigit else { throw .invalidUUID(text) }
            digits.append(ch)
        }
        guard (Self.minimumDigits...32).contains(digits.count) else { throw .invalidUUID(text) }
        var canonical = ""
        for (i, d) in digits.enumerated() {
            if [8, 12, 16, 20].contains(i) { canonical.append("-") }
            canonical.append(d)
        }
        prefix = canonical
        uuid = digits.count == 32 ? UUID(uuidString: canonical) : nil
    }
}

/// A reminder's number, 1 or more.
struct ReminderIDValue: ArgumentValue {
    let id: Int64

    init(parsing text: String) throws(InputError) {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let n = Int64(text), n >= 1 else { throw .invalidReminderID(text) }
        id = n
    }
}

/// `--since N`: a change anchor, 0 or more.
struct AnchorValue: ArgumentValue {
    let anchor: Int64

    init(parsing text: String) throws(InputError) {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let n = Int64(text) else { throw .invalidAnchor(text) }
        anchor = n
    }
}

/// A setting's name: `weight`, `timezone`, `min-minutes` ….
struct SettingKeyValue: ArgumentValue {
    let key: Settings.Key

    init(parsing text: String) throws(InputError) { key = try Settings.Key(parsing: text) }
}

/// `YYYY-MM`, a month within the supported dates.
struct MonthValue: ArgumentValue {
    let first: LocalDay

    init(parsing text: String) throws(InputError) {
        guard text.utf8.count == 7, let day = LocalDay(text + "-01") else { throw .invalidMonth(text) }
        guard SupportedDates.contains(day) else { throw .unsupportedDate(text) }
        first = day
    }
}

/// `YYYY`, a year within the supported dates.
struct YearValue: ArgumentValue {
    /// January 1st of the year.
    let first: LocalDay

    init(parsing text: String) throws(InputError) {
        guard text.utf8.count == 4, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let y = Int(text),
              let first = LocalDay(year: y, month: 1, day: 1) else { throw .invalidYear(text) }
        guard SupportedDates.years.contains(y) else { throw .unsupportedDate(text) }
        self.first = first
    }
}

/// A saved anchor's name (`--anchor`, `--save`): 1–64 letters, digits, `-`, `_` and `.`.
struct AnchorNameValue: ArgumentValue {
    let name: String

    init(parsing text: String) throws(InputError) {
        guard !text.isEmpty, text.count <= 64, text.unicodeScalars.allSatisfy({
            CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)
        }) else { throw .invalidAnchorName(text) }
        name = text
    }
}
