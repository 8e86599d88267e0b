#!/usr/bin/env bash
# Regenerates scripts/habit.order: the functions the everyday commands run, in the order the
# linker should lay them out (lld's --symbol-ordering-file; scripts/release-link-flags.sh).
#
#   scripts/make-order-file.sh [BINARY]    # needs valgrind; BINARY: a static release build
#
# Why: the installed binary is ~100 MB, and a `habit log` runs ~2,700 functions spread over 21 MB
# of code; every 64 KiB of code it touches is a page fault. Laid out together, the log touches a
# fraction of that (Benchmarks/README.md, "log latency"). The list holds the functions of
# `habit log meditate` first, then what the other logs, `status`, `today`, `streak`, `calendar`
# and `remind check` add. Names the code no longer has are skipped by the linker, so a stale list
# costs speed, never correctness: regenerate it after large changes and commit it.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "make-order-file: needs valgrind (apt-get install valgrind)" >&2; exit 69; }

bin="${1:-}"
if [[ -z "$bin" ]]; then
    mapfile -t flags < <(scripts/release-link-flags.sh --without-order)
    swift build -c release --static-swift-stdlib --product habit --scratch-path .build-order "${flags[@]}" >&2
    bin="$(swift build -c release --static-swift-stdlib --product habit --scratch-path .build-order "${flags[@]}" --show-bin-path)/habit"
fi

work="$(mktemp -d)"
trap 'rm -rf -- "$work"' EXIT
export HABIT_DB="$work/habit.sqlite" TZ=Europe/Berlin HOME="$work" XDG_DATA_HOME="$work/data"
unset HABIT_NOW HABIT_PARSER
"$bin" log meditate 5m >/dev/null   # a store to log into, as a user has one
"$bin" add water --unit glass --at-least 8 >/dev/null
"$bin" remind add meditate 07:30 >/dev/null

out="$work/order"
: > "$out"
while IFS= read -r command; do
    # shellcheck disable=SC2086  # the words of the command
    valgrind --tool=callgrind --demangle=no --compress-strings=no --dump-line=no \
        --callgrind-out-file="$work/cg" "$bin" $command >/dev/null 2>&1
    # Each function once, in the group of the first command that runs it; sorted within a group,
    # so that a regenerated list differs only where the code did.
    grep -E '^fn=' "$work/cg" | sed -e 's/^fn=//' -e "s/'[0-9]*$//" | grep -vE '^(0x|\(below|\?\?\?)' \
        | LC_ALL=C sort -u | { grep -vxF -f "$out" || true; } >> "$out.new"
    cat "$out.new" >> "$out"
    rm -f "$out.new"
done <<'EOF'
log meditate 10m
log workout hiit 25m
log alcohol 0
log water 2
status
status --format waybar
today
streak
calendar
remind check
EOF
cp "$out" scripts/habit.order
echo "make-order-file: $(wc -l < scripts/habit.order) functions in scripts/habit.order" >&2
