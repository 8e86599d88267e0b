import Foundation

/// The options that shape a habit, as typed to `habit add` and `habit edit`, and the one place
/// their rules live (Standards/habits.md). Pure: no store, no clock.
///
/// - A habit with neither `--unit` nor `--from` is yes/no; with either it is a quantity (a
///   quantity without a target is met by any entry).
/// - `--at-least` and `--at-most` exclude each other; a target is a finite number above zero in
///   the habit's unit and needs a quantity; a `--from` habit needs one.
/// - `--times N` is for yes/no habits: 1 a day, 1–7 a week, 1–31 a month, 1–D in D days (`--per D-days`).
/// - `--sources` is for `--from` habits (default: all sources); own entries always come from habit.
/// - `--on DAYS` (a weekday schedule) is for daily habits: not with `--times` nor `--per` other than
///   `day`; `--every-day` takes it away, and `--on` a full week is every day.
public struct HabitSpec: Sendable, Equatable {
    public var unit: String?
    public var atLeast: String?
    public var atMost: String?
    /// `habit edit --no-target`: a quantity met by any entry.
    public var noTarget: Bool
    public var per: HabitDefinition.Period?
    public var times: String?
    /// `--from TYPE` (add) — `habit edit` refuses it: the data a habit reads cannot change.
    public var from: String?
    /// `--field move|exercise|stand` with `--from activity-summary` (add).
    public var field: String?
    public var sources: String?
    /// `habit edit --name`.
    public var newName: String?
    /// `--never-asks` (false) or `habit edit --asks` (true); nil leaves it (a new habit asks).
    public var asks: Bool?
    /// `--on DAYS`: the weekdays the habit is due on; nil leaves it (a new habit: every day).
    public var on: WeekdaySet?
    /// `habit edit --every-day`: no weekday schedule any more.
    public var everyDay: Bool
    /// `--command CMD`: a command habit (Standards/automation.md). With a target and no `--unit`
    /// the habit is a quantity counted in `count`; without a target it is yes/no.
    public var command: String?
    /// `habit edit --no-command`.
    public var noCommand: Bool
    /// `--tag T` (several): tags to add (``HabitTag``).
    public var tags: [String]
    /// `habit edit --untag T` (several): tags to take away; each must be there.
    public var untags: [String]

    public init(unit: String? = nil, atLeast: String? = nil, atMost: String? = nil, noTarget: Bool = false,
                per: HabitDefinition.Period? = nil, times: String? = nil, from: String? = nil, sources: String? = nil,
                newName: String? = nil, field: String? = nil, asks: Bool? = nil,
                on: WeekdaySet? = nil, everyDay: Bool = false, command: String? = nil, noCommand: Bool = false,
                tags: [String] = [], untags: [String] = []) {
        self.tags = tags
        self.untags = untags
        self.on = on
        self.everyDay = everyDay
        self.command = command
        self.noCommand = noCommand
        self.field = field
        self.asks = asks
        self.unit = unit
        self.atLeast = atLeast
        self.atMost = atMost
        self.noTarget = noTarget
        self.per = per
        self.times = times
        self.from = from
        self.sources = sources
        self.newName = newName
    }

    /// The definition `habit add NAME` stores.
    public func newHabit(named name: String, id: String, since: LocalDay, at instant: Date) throws(HabitInputError) -> HabitDefinition {
        let name = try HabitName.validate(name)
        try checkTargetOptions()
        try checkSchedule(per: per)
        let command = try self.command.map { text throws(HabitInputError) in try CommandHabit.validate(text) }
        if command != nil, from != nil { throw .commandWithFrom }
        let type = try dataType()
        // A ring habit without a target is yes/no: the day is met when the ring is closed.
        let ringClosed = type?.isRing == true && self.unit == nil && atLeast == nil && atMost == nil
        // A command habit with a target counts what its command prints: a quantity, `count` by default.
        let counted = command != nil && (atLeast != nil || atMost != nil) ? "count" : nil
        let unit = ringClosed ? nil : try (self.unit ?? counted).map { text throws(HabitInputError) in try Self.unit(text, for: type) } ?? type?.defaultUnit
        let kind: HabitDefinition.Kind = unit == nil ? .yesNo : .quantity
        let per = self.per ?? .day
        let goal = try goal(kind: kind, unit: unit)
        if type != nil, goal == nil, !ringClosed { throw .fromNeedsTarget(name) }
        var times = 1
        if let text = self.times {
            guard kind == .yesNo else { throw .timesOnQuantity }
            times = try Self.times(text, per: per)
        }
        var sources = type == nil ? HabitDefinition.SourceFilter.app : .all
        if let text = self.sources {
            guard type != nil else { throw .sourcesWithoutFrom }
            if type?.isRing == true { throw .sourcesOnRing }
            sources = try Self.sources(text)
        }
        if let untag = untags.first { throw .notTagged(name, tag: untag) }  // a new habit has no tag to take away
        let tags = try HabitTag.validate(self.tags)
        if tags.count > HabitTag.maximumPerHabit { throw .tooManyTags(name) }
        return HabitDefinition(id: id, name: name, kind: kind, unit: unit, goal: goal, per: per, times: times,
                               fromType: type?.identifier, sources: sources, since: since, asks: asks ?? true,
                               on: everyDay ? nil : on, created: instant, modified: instant, command: command, tags: tags)
    }

    /// The data `--from` (and `--field`) name: nil for own entries.
    func dataType() throws(HabitInputError) -> HabitDataType? {
        guard let from else {
            if field != nil { throw .fieldWithoutActivitySummary }
            return nil
        }
        guard from.trimmedASCII.lowercased() == HabitDataType.activitySummaryName else {
            if field != nil { throw .fieldWithoutActivitySummary }
            return try HabitDataType(parsing: from)
        }
        guard let field, let ring = ActivityRing(rawValue: field.trimmedASCII.lowercased()) else { throw .ringField(field) }
        return HabitDataType(ring: ring)
    }

    /// `habit edit`: `definition` with these options applied. `entries` is how many entries the
    /// habit has: a unit cannot change under them. The kind (yes/no or quantity) and the data a
    /// `--from` habit reads cannot change either.
    public func edited(_ definition: HabitDefinition, entries: Int) throws(HabitInputError) -> HabitDefinition {
        var d = definition
        guard d.kind != .builtin else { throw .builtinFixed(d.name, what: "changed") }
        guard self != HabitSpec() else { throw .nothingToChange(d.name) }
        if from != nil { throw .cannotChange(d.name, what: "data (--from)") }
        try checkTargetOptions()
        try checkSchedule(per: per)
        if let newName { d.name = try HabitName.validate(newName) }
        let type = d.fromType.map(HabitDataType.stored)
        if let text = unit {
            guard d.kind == .quantity else { throw .cannotChange(d.name, what: "kind (yes/no, no unit)") }
            let unit = try Self.unit(text, for: type)
            if unit != d.unit, entries > 0 { throw .unitInUse(d.name, entries: entries, unit: d.unit ?? "count") }
            d.unit = unit
        }
        if let goal = try goal(kind: d.kind, unit: d.unit) { d.goal = goal }
        if noTarget, d.kind == .quantity {
            if type != nil { throw .fromNeedsTarget(d.name) }
            d.goal = nil
        }
        if let per { d.per = per }
        if let text = times {
            guard d.kind == .yesNo else { throw .timesOnQuantity }
            d.times = try Self.times(text, per: d.per)
        } else if d.kind == .yesNo, (try? Self.times(String(d.times), per: d.per)) == nil {
            // A new period must still fit the days already asked for (5 a week cannot become 5 a day).
            throw .invalidTimes(String(d.times), reason: "\(d.name) asks \(d.times) days \(definition.per.inWords), "
                                + "which does not fit --per \(d.per.text); give --times too")
        }
        if let text = sources {
            guard type != nil else { throw .sourcesWithoutFrom }
            if type?.isRing == true { throw .sourcesOnRing }
            d.sources = try Self.sources(text)
        }
        if let asks { d.asks = asks }
        if everyDay { d.on = nil }
        if let on { d.on = WeekdaySet.schedule(on) }
        if d.on != nil, d.per != .day { throw .scheduleNotDaily(on == nil ? d.name : nil) }
        if command != nil && noCommand { throw .commandAndNoCommand }
        if let text = command {
            if d.fromType != nil { throw .commandOnFromHabit(d.name) }
            d.command = try CommandHabit.validate(text)
        }
        if noCommand { d.command = nil }
        d.tags = try Self.tags(of: d, adding: tags, removing: untags)
        return d
    }

    /// `habit edit --tag … --untag …`: the habit's tags with `added` and without `removed` (each of
    /// which it must carry); at most ``HabitTag/maximumPerHabit``.
    static func tags(of d: HabitDefinition, adding added: [String], removing removed: [String]) throws(HabitInputError) -> [String] {
        var tags = Set(d.tags)
        for text in removed {
            let tag = try HabitTag.validate(text)
            guard tags.remove(tag) != nil else { throw .notTagged(d.name, tag: tag) }
        }
        tags.formUnion(try HabitTag.validate(added))
        guard tags.count <= HabitTag.maximumPerHabit else { throw .tooManyTags(d.name) }
        return tags.sorted()
    }

    /// `--on` is for daily habits: never with `--times`, nor with `--per` other than `day`, nor with `--every-day`.
    private func checkSchedule(per: HabitDefinition.Period?) throws(HabitInputError) {
        guard on != nil else { return }
        if everyDay { throw .onAndEveryDay }
        if times != nil || (per.map { $0 != .day } ?? false) { throw .scheduleNotDaily(nil) }
    }

    private func checkTargetOptions() throws(HabitInputError) {
        if atLeast != nil && atMost != nil { throw .bothTargets }
        if noTarget && (atLeast != nil || atMost != nil) { throw .noTargetWithTarget }
    }

    /// The target given, parsed in `unit`; nil when none was given.
    private func goal(kind: HabitDefinition.Kind, unit: String?) throws(HabitInputError) -> HabitDefinition.Goal? {
        guard let text = atLeast ?? atMost else { return nil }
        guard kind == .quantity else { throw .targetOnYesNo }
        let amount = try HabitUnit.target(text, unit: unit)
        return atLeast != nil ? .atLeast(amount) : .atMost(amount)
    }

    /// `--times`: a whole number of days that fits in `per`.
    static func times(_ text: String, per: HabitDefinition.Period) throws(HabitInputError) -> Int {
        let t = text.trimmedASCII
        guard (1...4).contains(t.utf8.count), t.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(t), n >= 1 else {
            throw .invalidTimes(text, reason: "give a whole number of days, 1 or more")
        }
        guard n > per.maximumTimes else { return n }
        switch per {
        case .day:
            throw .invalidTimes(text, reason: "a daily habit is done once a day; for \(n) days a week or month add --per week or --per month")
        case .week:
            throw .invalidTimes(text, reason: "a week has 7 days: give 1–7 with --per week (or use --per month)")
        case .month:
            throw .invalidTimes(text, reason: "a month has at most 31 days: give 1–31 with --per month")
        case .days(let d):
            throw .invalidTimes(text, reason: "\(d) days hold at most \(d) days done: give 1–\(d) with --per \(d)-days")
        }
    }

    /// `--sources`: `app`, `all`, or a comma-separated list of source names or bundle ids.
    static func sources(_ text: String) throws(HabitInputError) -> HabitDefinition.SourceFilter {
        let t = text.trimmedASCII
        switch t.lowercased() {
        case "app": return .app
        case "all": return .all
        default: break
        }
        var names: [String] = []
        for part in t.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part).trimmedASCII
            let reserved = ["app", "all"].contains(name.lowercased())
            // A leading '-' is an option written where a value belongs (`--sources --json`), never a source.
            guard !name.isEmpty, name.count <= 128, !reserved, !name.hasPrefix("-"),
                  !name.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) else {
                throw .invalidSources(text)
            }
            if !names.contains(name) { names.append(name) }
        }
        guard (1...32).contains(names.count) else { throw .invalidSources(text) }
        return .named(names)
    }

    /// `--unit`: canonical (`min`, `h`, `s` for durations); for a `--from` type that measures
    /// energy, length or time, one of that dimension's units (`m` is metres there, not minutes);
    /// for a type that counts, any word but a unit of another dimension.
    static func unit(_ text: String, for type: HabitDataType?) throws(HabitInputError) -> String {
        guard let type, let dimension = UnitConversion.dimension(of: type.defaultUnit) else { return try HabitUnit.canonical(text) }
        if dimension == "count" {
            // Counts take any word (steps, floors), but not a unit of something else (km, min).
            let unit = try HabitUnit.canonical(text)
            guard let other = UnitConversion.dimension(of: unit), other != dimension else { return unit }
            throw .unitDoesNotFit(text, type: type.displayName, units: ["count", "or a word for what is counted"])
        }
        let t = text.trimmedASCII
        let candidates = [t, t.lowercased(), try? HabitUnit.canonical(t)].compactMap { $0 }
        guard let unit = candidates.first(where: { UnitConversion.dimension(of: $0) == dimension }) else {
            throw .unitDoesNotFit(text, type: type.displayName, units: UnitConversion.units(of: dimension))
        }
        return unit
    }
}
