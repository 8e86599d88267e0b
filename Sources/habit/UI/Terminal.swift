import CNCurses
import Foundation
import HabitKit

/// The thin ncurses driver of `habit ui` (Standards/ui.md): it sets the terminal up, reads keys,
/// draws ``UISpan`` lines and gives the terminal back as it found it — on `q`, on an error (the
/// caller's `defer`), and on SIGINT / SIGTERM (a handler that calls `endwin` and dies of the
/// signal). Everything else is ``UIModel``'s.
enum Terminal {
    /// Colour pairs: 1 green, 2 yellow, 3 red.
    private static let pairs: [(Int16, Int16)] = [(1, Int16(COLOR_GREEN)), (2, Int16(COLOR_YELLOW)), (3, Int16(COLOR_RED))]

    /// Starts the screen; whether the marks can be drawn in UTF-8 (the locale set from the
    /// environment says UTF-8), and the size. Throws ``UnknownTerminal`` without terminfo for TERM.
    static func start(color: Bool) throws -> (utf8: Bool, width: Int, height: Int) {
        setlocale(LC_ALL, "")
        let utf8 = habit_locale_is_utf8() != 0
        guard habit_start() != 0 else { throw UnknownTerminal(name: Env.get("TERM") ?? "") }
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Foundation.signal(signal) { number in
                endwin()
                Foundation.signal(number, SIG_DFL)
                raise(number)
            }
        }
        cbreak()
        noecho()
        _ = habit_keypad_on()
        curs_set(0)
        set_escdelay(25)
        if color, has_colors() {
            start_color()
            use_default_colors()
            for (pair, foreground) in pairs { init_pair(pair, foreground, -1) }
        }
        return (utf8, Int(habit_cols()), Int(habit_lines()))
    }

    static func stop() {
        endwin()
    }

    /// No key could be read: the terminal is gone (end of input), as after SIGHUP.
    struct Gone: HabitError {
        var kind: ErrorKind { .ioError }
        var description: String { "ui: the terminal is gone (no key could be read)" }
    }

    /// The next key; nil for one the screen does not use. Throws ``Gone`` when reading fails
    /// many times over (a closed terminal returns at once, every time: never a busy loop).
    static func key() throws -> UIKey? {
        var ch: Int32 = 0
        var kind = habit_get_wch(&ch)
        var failures = 0
        while kind == habit_err() {  // an interrupted read, or the end of input
            failures += 1
            if failures >= 100 { throw Gone() }
            kind = habit_get_wch(&ch)
        }
        if kind == habit_key_code_yes() {
            switch ch {
            case habit_key_left(): return .left
            case habit_key_right(): return .right
            case habit_key_up(): return .up
            case habit_key_down(): return .down
            case habit_key_home(): return .home
            case habit_key_backspace(): return .character("\u{7f}")
            case habit_key_enter(): return .character("\n")
            case habit_key_resize(): return .resize(width: Int(habit_cols()), height: Int(habit_lines()))
            default: return nil
            }
        }
        guard let scalar = Unicode.Scalar(UInt32(bitPattern: ch)) else { return nil }
        return .character(Character(scalar))
    }

    /// Draws `lines` from the top left. `full`: the whole terminal repainted, not only what
    /// changed (after a write: a hook may have printed on stderr, which is the terminal).
    static func draw(_ lines: [[UISpan]], color: Bool, full: Bool = false) {
        if full { clear() } else { erase() }
        for (y, line) in lines.enumerated() {
            move(Int32(y), 0)
            for span in line {
                let attributes = self.attributes(span.look, color: color)
                attron(attributes)
                addstr(span.text)
                attroff(attributes)
            }
        }
        refresh()
    }

    private static func attributes(_ look: UISpan.Look, color: Bool) -> Int32 {
        let value: attr_t = switch look {
        case .plain: 0
        case .bold: habit_a_bold()
        case .dim: color ? habit_a_dim() : 0
        case .cursor: habit_a_reverse()
        case .tint(let tint):
            switch tint {
            case .green: color ? habit_color_pair(1) : 0
            case .yellow: color ? habit_color_pair(2) : 0
            case .red: color ? habit_color_pair(3) : 0
            case .dim: color ? habit_a_dim() : 0
            }
        }
        return Int32(truncatingIfNeeded: value)
    }

    /// A line of text typed on the last line after `prompt`, starting from `initial`: Enter gives
    /// it, Escape gives nil. Backspace deletes; a resize is kept for after (`resized`).
    static func readLine(prompt: String, initial: String, width: Int, height: Int, resized: inout UIKey?) -> String? {
        var text = Array(initial)
        curs_set(1)
        defer { curs_set(0) }
        while true {
            let shown = prompt + String(text.suffix(max(1, width - prompt.count - 1)))
            move(Int32(height - 1), 0)
            clrtoeol()
            addstr(shown)
            refresh()
            var ch: Int32 = 0
            let kind = habit_get_wch(&ch)
            if kind == habit_err() { continue }
            if kind == habit_key_code_yes() {
                if ch == habit_key_backspace() { _ = text.popLast() }
                if ch == habit_key_enter() { return String(text) }
                if ch == habit_key_resize() { resized = .resize(width: Int(habit_cols()), height: Int(habit_lines())) }
                continue
            }
            switch ch {
            case 27: return nil  // Escape
            case 10, 13: return String(text)
            case 8, 127: _ = text.popLast()
            case 21: text.removeAll()  // Ctrl-U
            default:
                guard ch >= 32, let scalar = Unicode.Scalar(UInt32(bitPattern: ch)) else { continue }
                text.append(Character(scalar))
            }
        }
    }
}

/// TERM names a terminal ncurses has no terminfo entry for: nothing drawn, nothing changed.
struct UnknownTerminal: HabitError {
    var name: String
    var kind: ErrorKind { .unavailable }
    var description: String {
        "ui cannot draw on this terminal: no terminfo entry for TERM=\(escapingControlCharacters(name)) (try TERM=xterm-256color)"
    }
}
