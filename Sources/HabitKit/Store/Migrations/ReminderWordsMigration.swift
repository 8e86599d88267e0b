import Foundation
import GRDB

/// Migration v23, "reminder words at delivery" (issue 48, point 2; Standards/reminders.md, "Words
/// at delivery"). Until v22 `remind add` stored its default title and message — the habit's name
/// of that day in them — so a renamed habit's reminder went on naming the old name and a command
/// that no longer worked. A reminder's default words are now stored empty and composed at
/// delivery (``ReminderWords``); this migration empties the words each reminder still has as
/// `remind add` wrote them, and keeps every word a person gave.
///
/// The words it recognises are those releases up to v22 wrote, spelled out here (a migration never
/// reads app types that may change): `Meditate`/`Workout`/`NoAlc` and `No meditation logged in the
/// last N h: habit log meditate 10m`, `No workout logged in the last N h: habit log workout 20m`,
/// `How was the evening? habit log alcohol 0`; for an own habit `Name` and `NAME is not done yet
/// today: habit log NAME[ AMOUNT]`, NAME the habit's name then — the message says which, so a
/// habit renamed before the upgrade is recognised too; its title, when the message was changed,
/// only under the habit's name now.
///
/// Each device makes this change itself: the rows it changes are not sent by the next sync.
enum ReminderWordsMigration {
    static func run(_ db: Database) throws {
        let lastSent = try Int64.fetchOne(db, sql: "SELECT coalesce(max(seq), 0) FROM syncLog") ?? 0
        let rows = try Row.fetchAll(db, sql: """
            SELECT r.id, r.title, r.message, r.activity, h.name FROM reminder r LEFT JOIN habit h ON h.id = r.activity
            """)
        for row in rows {
            let id: Int64 = row[0], title: String = row[1], message: String = row[2], activity: String = row[3]
            let name: String? = row[4]
            let words = defaultWords(title: title, message: message, activity: activity, habitName: name)
            guard words.title || words.message else { continue }
            try db.execute(sql: "UPDATE reminder SET title = ?, message = ? WHERE id = ?",
                           arguments: [words.title ? "" : title, words.message ? "" : message, id])
        }
        try db.execute(sql: "DELETE FROM syncLog WHERE seq > ?", arguments: [lastSent])
    }

    /// Whether `title` and `message` are the words `remind add` stored for the habit `activity`
    /// (a built-in's name, or an own habit's id whose name is now `habitName`).
    static func defaultWords(title: String, message: String, activity: String, habitName: String?) -> (title: Bool, message: Bool) {
        switch activity {
        case "meditate":
            return (title == "Meditate", isLookback(message, "No meditation logged in the last ", " h: habit log meditate 10m"))
        case "workout":
            return (title == "Workout", isLookback(message, "No workout logged in the last ", " h: habit log workout 20m"))
        case "noalc":
            return (title == "NoAlc", message == "How was the evening? habit log alcohol 0")
        default:
            let then = ownName(in: message)
            let names = [then, habitName].compactMap { $0 }
            return (names.contains { capitalized($0) == title }, then != nil)
        }
    }

    /// `prefix N suffix` with N a whole number of hours, 1 to 24.
    static func isLookback(_ message: String, _ prefix: String, _ suffix: String) -> Bool {
        guard message.hasPrefix(prefix), message.hasSuffix(suffix), message.count > prefix.count + suffix.count else { return false }
        let hours = message.dropFirst(prefix.count).dropLast(suffix.count)
        return Int(hours).map { (1...24).contains($0) && String($0) == hours } ?? false
    }

    /// NAME when `message` is `NAME is not done yet today: habit log NAME` or `… NAME AMOUNT`.
    static func ownName(in message: String) -> String? {
        let middle = " is not done yet today: habit log "
        guard let range = message.range(of: middle) else { return nil }
        let name = String(message[..<range.lowerBound])
        let rest = message[range.upperBound...]
        return !name.isEmpty && (rest == name || rest == name + " AMOUNT") ? name : nil
    }

    static func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
}
