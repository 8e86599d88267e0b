import ArgumentParser
import Foundation
import HabitKit

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an Apple Health export.xml or export.zip (streamed; re-importing adds nothing).",
        discussion: """
            Records, workouts (with statistics and events) and their sources are kept as they are; imported
            data is external and counts towards streaks only with --all-sources. ActivitySummary, Me and
            other non-sample elements are skipped (counted in the summary). The import is one transaction:
            a malformed or truncated file changes nothing.
            """)

    @Argument(help: "export.xml or export.zip") var path: String

    @Flag(name: .long, help: "Read everything and report what would be imported, changing nothing.")
    var dryRun = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        // Opened and checked (a regular file) before the store is opened for writing.
        let export = try ExportReader(path: path)
        let (store, env) = try store.openWithEnvironment()
        let clock = ContinuousClock()
        let started = clock.now
        let bar = ProgressBar(enabled: !output.json && isatty(STDERR_FILENO) == 1, clock: clock)
        let summary: ImportSummary
        do {
            summary = try store.importHealthExport(export, now: env.now, dryRun: dryRun) { bar.update($0) }
        } catch {
            bar.clear()
            throw error
        }
        bar.clear()
        let elapsed = started.duration(to: clock.now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if output.json {
            try Output.printJSON(ImportJSON(summary: summary, seconds: seconds))
            return
        }
        var lines = ["\(dryRun ? "would import" : "imported") \(summary.samples) records and \(summary.workouts) workouts "
                     + "from \(summary.sources.count) new source\(summary.sources.count == 1 ? "" : "s") in \(String(format: "%.2f", seconds)) s "
                     + "(\(String(format: "%.1f", Double(summary.bytes) / 1e6 / max(seconds, 1e-6))) MB/s)"]
        lines.append("  duplicates skipped: \(summary.duplicates); records inside correlations (kept at top level): \(summary.correlationChildren)")
        for (type, n) in summary.samplesByType.sorted(by: { $0.value > $1.value }).prefix(12) { lines.append("  \(String(n).leftPadded(8))  \(type)") }
        for (type, n) in summary.workoutsByType.sorted(by: { $0.value > $1.value }) { lines.append("  \(String(n).leftPadded(8))  \(type)") }
        if summary.rejected > 0 {
            lines.append("  rejected (not stored: a number that is not finite, a control character or a date outside 1970–2100): \(summary.rejected)")
            for r in summary.rejections { lines.append("    \(r)") }
            if summary.rejected > summary.rejections.count { lines.append("    … and \(summary.rejected - summary.rejections.count) more") }
        }
        if summary.futureDated > 0 {
            lines.append("  warning: \(summary.futureDated) \(summary.futureDated == 1 ? "record starts" : "records start") after now (kept; check the phone's clock)")
        }
        if !summary.skipped.isEmpty {
            lines.append("  not kept: " + summary.skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        Output.print(lines.joined(separator: "\n"))
    }

    struct ImportJSON: Encodable {
        let dryRun: Bool
        let samples: Int
        let workouts: Int
        let duplicates: Int
        let correlationChildren: Int
        let samplesByType: [String: Int]
        let workoutsByType: [String: Int]
        let skipped: [String: Int]
        let sources: [String]
        let bytes: Int
        let seconds: Double
        let rejected: Int
        let rejections: [Rejection]
        let futureDated: Int

        struct Rejection: Encodable {
            let line: Int
            let element: String
            let reason: String
        }

        init(summary s: ImportSummary, seconds: Double) {
            dryRun = s.dryRun
            samples = s.samples
            workouts = s.workouts
            duplicates = s.duplicates
            correlationChildren = s.correlationChildren
            samplesByType = s.samplesByType
            workoutsByType = s.workoutsByType
            skipped = s.skipped
            sources = s.sources.sorted()
            bytes = s.bytes
            rejected = s.rejected
            rejections = s.rejections.map { Rejection(line: $0.line, element: $0.element, reason: $0.reason) }
            futureDated = s.futureDated
            self.seconds = (seconds * 1000).rounded() / 1000
        }
    }
}

/// A one-line progress bar on stderr: bytes and records per second. Silent when not a terminal.
final class ProgressBar {
    let enabled: Bool
    let clock: ContinuousClock
    let start: ContinuousClock.Instant

    init(enabled: Bool, clock: ContinuousClock) {
        self.enabled = enabled
        self.clock = clock
        start = clock.now
    }

    func update(_ p: ImportProgress) {
        guard enabled else { return }
        let d = start.duration(to: clock.now)
        let s = max(Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18, 1e-3)
        var line = ""
        if let total = p.totalBytes, total > 0 {
            let fraction = min(1, Double(p.bytesRead) / Double(total))
            let filled = Int(fraction * 30)
            line = "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] \(Int(fraction * 100))%  "
        }
        line += String(format: "%.1f MB/s  %.0f records/s  %d records", Double(p.bytesRead) / 1e6 / s, Double(p.objects) / s, p.objects)
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    }

    func clear() {
        if enabled { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export samples and workouts as csv, json or ndjson (to stdout or --output).")

    enum Format: String, ExpressibleByArgument, CaseIterable { case csv, json, ndjson }

    @Option(name: .long, help: "csv, json or ndjson.") var format: Format = .ndjson
    @Option(name: .long, help: "Only this sample type or workout activity type (HealthKit identifier).") var type: String?
    @Option(name: .long, help: "First day included (YYYY-MM-DD, today, -N).") var from: String?
    @Option(name: .long, help: "First day NOT included: ranges are half-open, [from, to).") var to: String?
    @Option(name: .long, help: "Write to this file instead of stdout.") var output: String?
    @Flag(name: .long, help: "Include samples from every source, not only habit's own.") var allSources = false
    @OptionGroup var store: StoreOptions

    func run() throws {
        let (store, env) = try store.openWithEnvironment()
        let calendar = env.calendar
        let fromDay = try from.map { text throws(InputError) in try InputParsing.day(text, today: env.today) }
        let toDay = try to.map { text throws(InputError) in try InputParsing.day(text, today: env.today) }
        var range: InstantRange?
        if fromDay != nil || toDay != nil {
            let lower = fromDay.map { calendar.start(of: $0) } ?? Date(timeIntervalSince1970: -62_135_596_800)
            let upper = toDay.map { calendar.start(of: $0) } ?? Date(timeIntervalSince1970: 253_402_300_800)
            guard lower <= upper else { throw ValidationError("--from must not be after --to") }
            range = InstantRange(lower, upTo: upper)
        }
        let sink = try OutputSink(path: output)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func json<T: Encodable>(_ value: T) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
        var first = true
        switch format {
        case .csv: sink.write("kind,uuid,type,start,end,value,unit,source,workout,totalEnergyKcal,totalDistanceMeters\n")
        case .json: sink.write("{\"objects\":[")
        case .ndjson: break
        }
        func emit(_ line: String) {
            switch format {
            case .json: sink.write((first ? "\n" : ",\n") + line)
            default: sink.write(line + "\n")
            }
            first = false
        }
        try store.forEachObject(in: range, type: type, allSources: allSources, sample: { s in
            if format == .csv {
                emit(CSV.row(["sample", s.uuid.uuidString.lowercased(), s.type, calendar.iso8601(s.start), calendar.iso8601(s.end),
                              s.value.map { String($0) } ?? s.metadata["categoryValue"] ?? "", s.unit ?? "", s.source.bundleID,
                              s.workout?.uuidString.lowercased() ?? "", "", ""]))
            } else {
                emit(try json(TaggedJSON(kind: "sample", sample: SampleJSON(sample: s, calendar: calendar), workout: nil)))
            }
        }, workout: { w in
            if format == .csv {
                emit(CSV.row(["workout", w.uuid.uuidString.lowercased(), w.activityType, calendar.iso8601(w.start), calendar.iso8601(w.end),
                              String(w.duration), "s", w.source.bundleID, "", w.totalEnergyKcal.map { String($0) } ?? "",
                              w.totalDistanceMeters.map { String($0) } ?? ""]))
            } else {
                emit(try json(TaggedJSON(kind: "workout", sample: nil, workout: WorkoutJSON(workout: w, calendar: calendar))))
            }
        })
        if format == .json { sink.write("\n]}\n") }
        try sink.close()
    }

    struct TaggedJSON: Encodable {
        let kind: String
        let sample: SampleJSON?
        let workout: WorkoutJSON?
    }
}

enum CSV {
    static func row(_ fields: [String]) -> String {
        fields.map { f in
            f.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) ? "\"" + f.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : f
        }.joined(separator: ",")
    }
}

/// Buffered writing to stdout or a file (created 0600: it is health data).
final class OutputSink {
    private let handle: FileHandle
    private var buffer = Data()
    private let ownsHandle: Bool

    init(path: String?) throws {
        if let path {
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
                  let h = FileHandle(forWritingAtPath: path) else {
                throw StoreError.cannotCreateFile(path, reason: "cannot write there")
            }
            handle = h
            ownsHandle = true
        } else {
            handle = FileHandle.standardOutput
            ownsHandle = false
        }
    }

    func write(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func flush() {
        handle.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
        flush()
        if ownsHandle { try handle.close() }
    }
}

struct ChangesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "Objects added and deleted since an anchor, and the new anchor (for sync).")

    @Option(name: .long, help: "The anchor to start after (0: everything).") var since: Int64?
    @Option(name: .long, help: "Start after the anchor saved under this name.") var anchor: String?
    @Option(name: .long, help: "Save the new anchor under this name, so the next run can use --anchor NAME.") var save: String?
    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if since == nil && anchor == nil { throw ValidationError("give --since N (0 for everything) or --anchor NAME") }
        if since != nil && anchor != nil { throw ValidationError("give --since or --anchor, not both") }
        if let since, since < 0 { throw ValidationError("--since must be 0 or more") }
    }

    func run() throws {
        let (store, env) = try store.openWithEnvironment()
        let start = try anchor.map { try store.fetchAnchor(named: $0) } ?? since ?? 0
        let changes = try store.fetchChanges(since: start)
        if let save { try store.saveAnchor(changes.anchor, named: save) }
        let calendar = env.calendar
        if output.json {
            try Output.printJSON(ChangesJSON(
                since: changes.since, anchor: changes.anchor,
                added: .init(samples: changes.samples.map { SampleJSON(sample: $0, calendar: calendar) },
                             workouts: changes.workouts.map { WorkoutJSON(workout: $0, calendar: calendar) }),
                deleted: changes.deleted.map { .init(uuid: $0.uuid.uuidString.lowercased(), kind: $0.kind.rawValue, type: $0.type, anchor: $0.anchor) }))
            return
        }
        var lines = ["since \(changes.since): \(changes.samples.count) samples and \(changes.workouts.count) workouts added, "
                     + "\(changes.deleted.count) deleted; new anchor \(changes.anchor)" + (save.map { " (saved as '\($0)')" } ?? "")]
        for s in changes.samples.prefix(50) { lines.append("  + \(TextRendering.describe(s, calendar))  \(s.uuid.uuidString.lowercased())") }
        for w in changes.workouts.prefix(50) { lines.append("  + \(TextRendering.describe(w, calendar))  \(w.uuid.uuidString.lowercased())") }
        for d in changes.deleted.prefix(50) { lines.append("  - \(d.kind) \(d.type)  \(d.uuid.uuidString.lowercased())") }
        if changes.samples.count > 50 || changes.workouts.count > 50 || changes.deleted.count > 50 { lines.append("  … (--json lists everything)") }
        Output.print(lines.joined(separator: "\n"))
    }

    struct ChangesJSON: Encodable {
        struct Added: Encodable {
            let samples: [SampleJSON]
            let workouts: [WorkoutJSON]
        }

        struct Deleted: Encodable {
            let uuid: String
            let kind: String
            let type: String
            let anchor: Int64
        }

        let since: Int64
        let anchor: Int64
        let added: Added
        let deleted: [Deleted]
    }
}

struct Timeline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Newest first, grouped by day: sessions, workouts (with heart rate) and nights of sleep as Recovery.")

    @OptionGroup var period: DaysBackOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (store, env) = try store.openWithEnvironment()
        let calendar = env.calendar
        let timeline = try store.timeline(days: period.range(today: env.today), calendar: calendar)
        if output.json {
            try Output.printJSON(["days": timeline.map { TimelineDayJSON($0, calendar) }])
            return
        }
        guard !timeline.isEmpty else {
            Output.print(period.nothingMessage)
            return
        }
        var lines: [String] = []
        for day in timeline {
            if !lines.isEmpty { lines.append("") }
            lines.append(TextRendering.dayHeading(day.day, today: env.today))
            for item in day.items {
                switch item {
                case .entry(let e): lines.append("  " + TextRendering.describe(e, calendar))
                case .workout(let w, let hr):
                    var line = "  " + TextRendering.describe(w, calendar)
                    if let d = w.totalDistanceMeters { line += String(format: "  %.2f km", d / 1000) }
                    if let hr { line += String(format: "  ♥ %.0f bpm", hr) }
                    lines.append(line)
                case .recovery(let r):
                    let stages = SleepStage.allCases.compactMap { k in
                        r.stages[k].map { "\(k.rawValue) \(TextRendering.duration($0))" }
                    }.joined(separator: ", ")
                    var line = "  recovery  \(TextRendering.duration(r.asleep)) asleep  \(TextRendering.clock(r.start, calendar))–\(TextRendering.clock(r.end, calendar))  (\(stages))"
                    if let rhr = r.restingHeartRate { line += String(format: "  resting ♥ %.0f", rhr) }
                    if let hrv = r.heartRateVariability { line += String(format: "  HRV %.0f ms", hrv) }
                    lines.append(line)
                }
            }
        }
        Output.print(lines.joined(separator: "\n"))
    }
}

struct TimelineDayJSON: Encodable {
    struct Item: Encodable {
        let kind: String
        let entry: EntryJSON?
        let workout: WorkoutJSON?
        let averageHeartRate: Double?
        let start: String?
        let end: String?
        let asleepSeconds: Double?
        let stages: [String: Double]?
        let restingHeartRate: Double?
        let heartRateVariability: Double?
    }

    let date: String
    let items: [Item]

    init(_ day: TimelineDay, _ calendar: HabitCalendar) {
        date = day.day.description
        items = day.items.map { item in
            switch item {
            case .entry(let e):
                Item(kind: "entry", entry: EntryJSON(entry: e, calendar: calendar), workout: nil, averageHeartRate: nil, start: nil,
                     end: nil, asleepSeconds: nil, stages: nil, restingHeartRate: nil, heartRateVariability: nil)
            case .workout(let w, let hr):
                Item(kind: "workout", entry: nil, workout: WorkoutJSON(workout: w, calendar: calendar), averageHeartRate: hr, start: nil,
                     end: nil, asleepSeconds: nil, stages: nil, restingHeartRate: nil, heartRateVariability: nil)
            case .recovery(let r):
                Item(kind: "recovery", entry: nil, workout: nil, averageHeartRate: nil, start: calendar.iso8601(r.start),
                     end: calendar.iso8601(r.end), asleepSeconds: r.asleep, stages: Dictionary(uniqueKeysWithValues: r.stages.map { ($0.key.rawValue, $0.value) }), restingHeartRate: r.restingHeartRate,
                     heartRateVariability: r.heartRateVariability)
            }
        }
    }
}
