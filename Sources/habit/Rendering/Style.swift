import HabitKit

/// ANSI styling that switches itself off when piped or with NO_COLOR.
struct Style {
    let enabled: Bool

    static let live = Style(enabled: Output.useColor)

    func paint(_ text: String, _ code: String) -> String { enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    func green(_ t: String) -> String { paint(t, "32") }
    func yellow(_ t: String) -> String { paint(t, "33") }
    func red(_ t: String) -> String { paint(t, "31") }
    func cyan(_ t: String) -> String { paint(t, "36") }
    func dim(_ t: String) -> String { paint(t, "2") }
    func bold(_ t: String) -> String { paint(t, "1") }

    func level(_ level: NoAlcLevel?) -> String {
        switch level {
        case .steady: green("s")
        case .easy: yellow("e")
        case .wild: red("w")
        case nil: dim("·")
        }
    }

    /// A ring: ● goal reached, ◐ counted for the streak but below the goal, · not counted.
    func ring(counts: Bool, fill: Double, color: (String) -> String) -> String {
        if fill >= 1 { return color("●") }
        return counts ? color("◐") : dim("·")
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }

    var trimmingTrailingSpaces: String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
