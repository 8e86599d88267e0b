// The part of ncursesw (libncurses-dev) `habit ui` uses, with its macros and globals as
// functions Swift can call (Sources/habit/UI/Terminal.swift; Standards/ui.md).
#ifndef HABIT_CNCURSES_SHIM_H
#define HABIT_CNCURSES_SHIM_H
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <ncursesw/curses.h>
#include <locale.h>
#include <langinfo.h>

static inline int habit_key_resize(void) { return KEY_RESIZE; }
static inline int habit_key_up(void) { return KEY_UP; }
static inline int habit_key_down(void) { return KEY_DOWN; }
static inline int habit_key_left(void) { return KEY_LEFT; }
static inline int habit_key_right(void) { return KEY_RIGHT; }
static inline int habit_key_backspace(void) { return KEY_BACKSPACE; }
static inline int habit_key_enter(void) { return KEY_ENTER; }
static inline int habit_key_home(void) { return KEY_HOME; }
static inline int habit_key_code_yes(void) { return KEY_CODE_YES; }
static inline int habit_err(void) { return ERR; }
static inline attr_t habit_a_bold(void) { return A_BOLD; }
static inline attr_t habit_a_dim(void) { return A_DIM; }
static inline attr_t habit_a_reverse(void) { return A_REVERSE; }
static inline attr_t habit_color_pair(short pair) { return COLOR_PAIR(pair); }
/// Starts curses on stdin/stdout: 1, or 0 when the terminal (TERM) has no terminfo entry (initscr
/// would print and exit instead).
static inline int habit_start(void) {
    SCREEN *screen = newterm(NULL, stdout, stdin);
    if (!screen) return 0;
    set_term(screen);
    return 1;
}
static inline int habit_lines(void) { return LINES; }
static inline int habit_cols(void) { return COLS; }
static inline int habit_keypad_on(void) { return keypad(stdscr, TRUE); }
/// Reads one key or character into *ch: OK, KEY_CODE_YES (a function key) or ERR.
static inline int habit_get_wch(int *ch) { wint_t w = 0; int r = get_wch(&w); *ch = (int)w; return r; }
/// Whether the locale's characters are UTF-8 (the marks are drawn as UTF-8, else in ASCII).
static inline int habit_locale_is_utf8(void) {
    const char *set = nl_langinfo(CODESET);
    return set && (set[0] == 'U' || set[0] == 'u') && (set[1] == 'T' || set[1] == 't') && (set[2] == 'F' || set[2] == 'f');
}
#endif
