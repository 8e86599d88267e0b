#!/usr/bin/env bash
# CI: `make install` into a temporary prefix from this clone (built once, without debug
# information), then what a user would try: the binary's help, the man page (man -l), bash
# completion (complete -p habit, and a habit's name at TAB), a status line for waybar; the static
# binary also runs the command-line suites; then `make uninstall` must leave none of the installed
# files behind.
#
#   scripts/install-check.sh                   all of it, the command-line suites included
#   scripts/install-check.sh --keep PREFIX     install into PREFIX and check it, then stop: .ci/run
#                                              uses that binary for its other stages and its one
#                                              `swift test` (HABIT_BINARY), then runs
#   scripts/install-check.sh --uninstall PREFIX
set -euo pipefail
# Under pipefail a `cmd | grep -q` fails when grep stops reading early and cmd dies of SIGPIPE
# (CI failed so on `habit --help`): each check below greps to the end of its input instead.
cd "$(dirname "$0")/.."
mode=all
case "${1:-}" in
    --keep|--uninstall) mode=${1#--}; [[ -n "${2:-}" ]] || { echo "usage: scripts/install-check.sh [--keep|--uninstall PREFIX]" >&2; exit 64; } ;;
    "") ;;
    *) echo "usage: scripts/install-check.sh [--keep|--uninstall PREFIX]" >&2; exit 64 ;;
esac
root="$(mktemp -d)"
trap 'rm -rf -- "$root"' EXIT
prefix="$root/prefix"
[[ $mode == all ]] || prefix=$2

uninstall_check() {
    make uninstall PREFIX="$prefix"
    left="$(find "$prefix" -type f | wc -l)"
    [[ "$left" == 0 ]] || { echo "install-check: uninstall left files:" >&2; find "$prefix" -type f >&2; exit 1; }
    echo "install-check: installed, used and uninstalled habit under a temporary prefix"
}
if [[ $mode == uninstall ]]; then
    uninstall_check
    exit 0
fi
touch "$root/stamp"
if ! make install PREFIX="$prefix" > "$root/install.txt" 2>&1; then
    cat "$root/install.txt" >&2
    echo "install-check: make install failed" >&2
    exit 1
fi
cat "$root/install.txt"

"$prefix/bin/habit" --help | grep "habit" > /dev/null || { echo "install-check: habit --help failed" >&2; exit 1; }
# The package is built once, in .build-install: the man page comes from the binary just built, not
# from the manual plugin, which builds everything again in release mode in .build.
built="$(grep -c "Build of product 'habit' complete" "$root/install.txt" || true)"
[[ "$built" == 1 ]] || { echo "install-check: make install built habit $built times, not once" >&2; exit 1; }
if grep -q "Building package in release mode" "$root/install.txt" || [[ -n "$(find .build -newer "$root/stamp" -print -quit 2>/dev/null)" ]]; then
    echo "install-check: make install built in .build (the manual plugin's second release build)" >&2
    exit 1
fi
# What is installed carries no debug information (it was 101 MB with it).
if readelf -SW "$prefix/bin/habit" | grep '\.debug_' > /dev/null; then
    echo "install-check: the installed binary has debug sections" >&2
    exit 1
fi
# The installed binary is what scripts/release-link-flags.sh chose: one static executable where
# the static C libraries are there (as here), else relocations packed where the toolchain can.
flags="$(scripts/release-link-flags.sh)"
if [[ "$flags" == *-static-executable* ]]; then
    readelf -lW "$prefix/bin/habit" | grep "INTERP" > /dev/null && { echo "install-check: the binary is not static" >&2; exit 1; }
    # Position-independent unless HABIT_PIE=0 chose the fixed address (Standards/cli.md).
    if [[ "$flags" == *-static-pie* ]] && ! readelf -hW "$prefix/bin/habit" | grep -E "Type: +DYN" > /dev/null; then
        echo "install-check: the binary is not position-independent" >&2
        exit 1
    fi
    # The static binary runs the command-line suites: zlib, SQLite, time zones, processes —
    # everything linked in differently is used there. (With --keep, .ci/run's one `swift test` runs
    # them against this binary instead.)
    if [[ $mode == keep ]]; then
        :
    elif ! HABIT_BINARY="$prefix/bin/habit" swift test --filter habitTests > "$root/cli.txt" 2>&1; then
        grep -E "✘|error" "$root/cli.txt" | head -n 40 >&2
        echo "install-check: the installed binary fails the command-line suites" >&2
        exit 1
    fi
    [[ $mode == keep ]] || tail -n 1 "$root/cli.txt"
elif [[ -n "$flags" ]] && command -v readelf >/dev/null; then
    readelf -d "$prefix/bin/habit" | grep "(RELR)" > /dev/null || { echo "install-check: the binary's relocations are not packed" >&2; exit 1; }
fi
MANPAGER=cat MANWIDTH=80 man -l "$prefix/share/man/man1/habit.1" > "$root/man.txt" 2>/dev/null
grep -q "habit" "$root/man.txt" || { echo "install-check: the man page did not render" >&2; exit 1; }
! grep -q "_habit" "$root/man.txt" || { echo "install-check: the man page names the hidden '_habit' (habit log NAME)" >&2; exit 1; }
# --version once among the options (the root's; generate-manual repeated it under every subcommand).
versions="$(grep -cE -- "^ +--version( |$)" "$root/man.txt" || true)"
[[ "$versions" == 1 ]] || { echo "install-check: the man page lists --version $versions times, not once" >&2; exit 1; }
# EXIT STATUS: each status of scripts/exit-status, in that section (scripts/man-page.sh).
sed -n '/^EXIT STATUS/,/^[A-Z]/p' "$root/man.txt" > "$root/exit.txt"
while IFS=$'\t' read -r code _; do
    [[ -n "$code" && "$code" != \#* ]] || continue
    grep -Eq "^ +$code( |$)" "$root/exit.txt" || { echo "install-check: the man page's EXIT STATUS does not list $code" >&2; exit 1; }
done < scripts/exit-status
bash -c "source '$prefix/share/bash-completion/completions/habit' && complete -p habit" | grep "habit" > /dev/null \
    || { echo "install-check: bash completion did not load" >&2; exit 1; }
mkdir -m 0700 "$root/home"
# The installed script asks the installed binary for the habits of the store (issue 22, point 15).
HABIT_DB="$root/home/c.sqlite" "$prefix/bin/habit" add floss > /dev/null
words="$(PATH="$prefix/bin:$PATH" HABIT_DB="$root/home/c.sqlite" bash -c '
    source "$1"; COMP_WORDS=(habit edit ""); COMP_CWORD=2; COMP_LINE="habit edit "; COMP_POINT=${#COMP_LINE}
    _habit habit "" edit; printf "%s\n" "${COMPREPLY[*]}"' bash "$prefix/share/bash-completion/completions/habit")"
[[ "$words" == "floss" ]] || { echo "install-check: 'habit edit <TAB>' offered '$words', not floss" >&2; exit 1; }
status="$(HOME="$root/home" XDG_DATA_HOME="$root/home/data" "$prefix/bin/habit" status --format waybar)"
python3 -c 'import json, sys; d = json.loads(sys.argv[1]); assert {"text", "tooltip", "class"} <= d.keys(), d' "$status"
[[ ! -e "$root/home/data/habit/habit.sqlite" ]] || { echo "install-check: status created a store" >&2; exit 1; }

if [[ $mode == keep ]]; then
    echo "install-check: installed and checked habit under $prefix (kept for the next stages)"
    exit 0
fi
uninstall_check
