import Foundation
import Testing

/// The first five minutes (issue 49, point 4; Standards/cli.md, "The first five minutes"): bare
/// `habit` is a short start, `habit add --help` fits a screen, the README begins with the way in
/// and names what a fresh machine needs, and the man page says each exit status once.
@Suite struct FirstMinutesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }

    @Test func bareHabitPrintsAShortStartAndMakesNoStore() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let r = try habit.run([], env: ["COLUMNS": "80"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let lines = Self.lines(r.stdout)
        #expect(lines.count <= 20, "\(lines.count) lines:\n\(r.stdout)")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(r.stdout)")
        for step in ["habit add ", "habit log ", "habit ask", "habit remind add ", "habit status", "habit --help"] {
            #expect(r.stdout.contains(step), "\(step) missing:\n\(r.stdout)")
        }
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }

    /// At 80 columns within 24 lines; at any width no line wider, and an explanation that wraps
    /// goes on under its own first column; never an option only `habit edit` has.
    @Test(arguments: [80, 52])
    func addHelpFitsAScreenWrapsAtTheWidthAndListsNoEditOnlyOption(_ columns: Int) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        for arguments in [["add", "--help"], ["add", "water", "-h"], ["help", "add"]] {
            let r = try habit.run(arguments, env: ["COLUMNS": "\(columns)"])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(arguments): \(r.stderr)")
            let lines = Self.lines(r.stdout)
            if columns == 80 { #expect(lines.count <= 24, "\(lines.count) lines:\n\(r.stdout)") }
            #expect(lines.allSatisfy { $0.count <= columns }, "wider than \(columns):\n\(r.stdout)")
            for option in ["--asks", "--every-day", "--untag", "--no-target", "--name", "habit edit:"] {
                #expect(!r.stdout.contains(option + " ") && !r.stdout.contains(option + "\n"), "\(option) listed:\n\(r.stdout)")
            }
            for option in ["--unit", "--at-least", "--at-most", "--per", "--times", "--on", "--tag", "--never-asks", "--from", "--command"] {
                #expect(r.stdout.contains("  " + option + " "), "\(option) missing:\n\(r.stdout)")
            }
            // The short help is written by hand (HelpText.add): every option `add` takes, as
            // ArgumentParser knows them, is in it — a new option of `add` cannot be left out of it.
            for option in try Self.addOptions(habit) {
                #expect(r.stdout.contains(option + " "), "\(option), an option of add, missing:\n\(r.stdout)")
            }
            // Each option row's explanation starts at one column; its continuation lines start there too.
            let rows = lines.filter { $0.hasPrefix("  --") }
            let column = rows.first.map { row -> Int in
                guard let gap = row.range(of: "  ", range: row.index(row.startIndex, offsetBy: 2)..<row.endIndex),
                      let text = row[gap.lowerBound...].firstIndex(where: { $0 != " " }) else { return 0 }
                return row.distance(from: row.startIndex, to: text)
            } ?? 0
            #expect(column > 4)
            var wrapped = 0
            for (i, line) in lines.enumerated() where i > 0 && lines[i - 1].hasPrefix("  --") && !line.hasPrefix("  --") && !line.isEmpty
                && !line.hasPrefix("  habit") && !line.hasPrefix("  NAME") {
                #expect(line.prefix(column).allSatisfy { $0 == " " } && line.dropFirst(column).first != " ", "not under its column: '\(line)'")
                wrapped += 1
            }
            if columns == 52 { #expect(wrapped > 0, "nothing wrapped at 52 columns:\n\(r.stdout)") }
        }
        // What add lists is what add takes: the options only edit has are refused.
        for option in ["--asks", "--every-day", "--untag"] {
            let refused = try habit.run(["add", "floss", option] + (option == "--untag" ? ["pm"] : []))
            #expect(refused.status == 64 && !FileManager.default.fileExists(atPath: habit.db), "\(refused.stderr)")
            #expect(refused.stderr.hasPrefix("habit: \(option) is for 'habit edit'"), "\(refused.stderr)")
        }
    }

    /// The long options of `habit add` as ArgumentParser knows them (`--experimental-dump-help`),
    /// but `--help` and `--version`, which every command has.
    static func addOptions(_ habit: HabitProcess) throws -> [String] {
        let dump = try habit.run(["--experimental-dump-help"])
        let tool = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let commands = try #require((tool["command"] as? [String: Any])?["subcommands"] as? [[String: Any]])
        let add = try #require(commands.first { $0["commandName"] as? String == "add" })
        let names = (add["arguments"] as? [[String: Any]] ?? []).flatMap { $0["names"] as? [[String: Any]] ?? [] }
            .filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String }
        let options = names.filter { !["help", "version"].contains($0) }.map { "--" + $0 }
        #expect(options.count >= 14, "\(options)")
        return options
    }

    /// The README's first section is the way in — before Apple Health and anchors — and names the
    /// Swift version, the build time, and the one `apt-get install` line that `.ci/run` installs too.
    @Test func theReadmeOpensWithTheWayInAndNamesWhatAFreshMachineNeeds() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let ci = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let start = try #require(readme.range(of: "## Getting started"))
        for later in ["Apple Health", "anchor", "## Install", "## Usage"] {
            let first = try #require(readme.range(of: later), "\(later)")
            #expect(start.lowerBound < first.lowerBound, "\(later) comes before the getting-started path")
        }
        for needed in ["Swift 6.3.1", "swift run habit log meditate 10m", "swift test", "habit add", "habit ask", "habit remind add",
                       "habit status", "make install"] {
            #expect(readme.contains(needed), "\(needed)")
        }
        // One list of packages: the README's apt-get line is what .ci/run checks and installs.
        let aptLine = try #require(readme.split(separator: "\n").first { $0.contains("apt-get install -y ") })
        let readmePackages = Set(aptLine.components(separatedBy: "apt-get install -y ")[1].split(separator: " ").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        }.filter { !$0.isEmpty })
        let ciLine = try #require(ci.split(separator: "\n").first { $0.hasPrefix("for pkg in ") })
        let ciPackages = Set(ciLine.dropFirst("for pkg in ".count).split(separator: ";")[0].split(separator: " ").map(String.init))
        #expect(readmePackages == ciPackages, "README \(readmePackages.sorted()) vs .ci/run \(ciPackages.sorted())")
        for package in ["make", "man-db", "bash-completion", "libsqlite3-dev", "tmux"] {
            #expect(ciPackages.contains(package), "\(package)")
        }
    }

    /// Every `habit …` line of the getting-started path runs as written, in order, on a fresh store.
    @Test func theGettingStartedCommandsRunAsWritten() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Getting started").dropFirst().first?.components(separatedBy: "\n## ").first)
        var inCode = false
        let commands = section.split(separator: "\n").compactMap { line -> [String]? in
            if line.hasPrefix("```") { inCode.toggle() }
            let code = line.split(separator: "#", maxSplits: 1)[0].trimmingCharacters(in: .whitespaces)
            guard inCode, code.hasPrefix("habit "), !code.contains("remind install"), !code.contains("|") else { return nil }
            return code.dropFirst("habit ".count).split(separator: " ").map { String($0) }
        }
        #expect(commands.count >= 5, "\(commands)")
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        for words in commands {
            let now = ["HABIT_NOW": "2026-03-21T20:00:00+01:00", "TZ": "Europe/Berlin"]
            // `ask` reads its answers: q stops it.
            let r = words.first == "ask" ? try AskTests.ask(habit, Array(words.dropFirst()), input: "q\n", env: now)
                : try habit.run(words, env: now)
            #expect(r.status == 0, "habit \(words.joined(separator: " ")): \(r.stderr)")
        }
    }

    /// The man page's finishing touches (scripts/man-page.sh, which scripts/install.sh runs on what
    /// generate-manual wrote): `NAME` for the hidden `_habit`, `--version` once (the root's; every
    /// subcommand repeated it), and an EXIT STATUS section with each status of scripts/exit-status.
    @Test func theManPageSaysVersionOnceAndEachExitStatus() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let page = habit.folder.appendingPathComponent("habit.1")
        try """
            .Dd December 7, 2026
            .Dt HABIT 1
            .Sh NAME
            .Nm habit
            .Sh DESCRIPTION
            .Bl -tag -width 6n
            .It Fl -version
            Show the version.
            .It Em log
            .Bl -tag -width 6n
            .It Em _habit
            Log one of your own habits.
            .It Fl -version
            Show the version.
            .It Fl h , -help
            Show help information.
            .El
            .It Em add
            .Bl -tag -width 6n
            .It Fl -version
            Show the version.
            .El
            .El
            .Sh "EXIT STATUS"
            .Ex -std
            .Sh AUTHORS

            """.write(to: page, atomically: true, encoding: .utf8)
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/bin/bash")
        script.arguments = [Self.root.appendingPathComponent("scripts/man-page.sh").path, page.path]
        try script.run()
        script.waitUntilExit()
        #expect(script.terminationStatus == 0)
        let finished = try String(contentsOf: page, encoding: .utf8)
        #expect(finished.components(separatedBy: "-version").count == 2, "\(finished)")
        #expect(!finished.contains("_habit") && finished.contains(".It Em NAME\n"), "\(finished)")
        #expect(finished.contains(".It Fl h , -help\nShow help information.\n.El\n.It Em add\n.Bl -tag -width 6n\n.El\n"), "\(finished)")
        #expect(!finished.contains(".Ex -std"), "\(finished)")
        let codes = try String(contentsOf: Self.root.appendingPathComponent("scripts/exit-status"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: "\t")[0]) }
        #expect(codes.count >= 9)
        let section = try #require(finished.components(separatedBy: ".Sh \"EXIT STATUS\"").dropFirst().first?.components(separatedBy: ".Sh ").first)
        for code in codes { #expect(section.contains(".It \(code)\n"), "\(code): \(section)") }
    }
}
