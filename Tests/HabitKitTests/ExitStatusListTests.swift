import Foundation
import Testing
@testable import HabitKit

/// The man page's EXIT STATUS section is written from scripts/exit-status (scripts/man-page.sh):
/// that list is the statuses habit exits with — 0 and each ``ErrorKind``'s — no more, no fewer
/// (issue 49, point 4; Standards/cli.md, "Exit statuses and errors").
@Suite struct ExitStatusListTests {
    @Test func theManPagesListIsEveryExitStatusOfTheCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("scripts/exit-status"), encoding: .utf8)
        let listed = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line -> Int32? in
            let fields = line.split(separator: "\t", maxSplits: 1)
            return fields.count == 2 && !fields[1].isEmpty ? Int32(fields[0]) : nil
        }
        #expect(!listed.contains(nil), "a line that is not 'STATUS<tab>meaning'")
        #expect(listed.compactMap { $0 } == [0] + ErrorKind.allCases.map(\.exitStatus).sorted())
    }
}
