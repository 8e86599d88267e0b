import ArgumentParser
import HabitKit

/// `habit timeline [--days N] [--json]`.
struct Timeline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Newest first, grouped by day: sessions, workouts (with heart rate) and nights of sleep as Recovery.")

    @OptionGroup var period: DaysBackOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    /// Streamed (issue 28): each day is rendered and written as the store hands it over, inside
    /// one read snapshot, in the bytes the whole timeline had when it was built at once.
    func run() throws {
        try store.snapshot { store, env in
            let request = { (body: @escaping (TimelineDay) throws -> Void) in
                StoreRequest<Void>.eachTimelineDay(days: period.range(today: env.today), calendar: env.calendar, body)
            }
            try StreamedOutput.run { out in
                if output.json {
                    let encoder = Output.makeEncoder()
                    try out.jsonArray(empty: try encoder.encode(TimelineJSON([], calendar: env.calendar))) { element in
                        var json = JSONBytes()
                        try store.read(request { day in
                            json.bytes.removeAll(keepingCapacity: true)
                            try json.timelineDay(day, calendar: env.calendar, encoder: encoder)
                            try element(json)
                        })
                    }
                    return
                }
                var any = false
                let today = env.today  // worked out once, not once a day of the timeline
                try store.read(request { day in
                    if any { try out.line("") }
                    any = true
                    for line in TimelineText.lines([day], today: today, calendar: env.calendar) { try out.line(line) }
                })
                if !any { try out.line(period.nothingMessage) }
            }
        }
    }
}
