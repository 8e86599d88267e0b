#!/usr/bin/env bash
# Prints the extra `swift build` arguments of habit's release build, one per line (none where
# they cannot be used). Used by scripts/install.sh and Benchmarks/benchlib.py, so the benchmarks
# measure the binary users install. `--without-order` leaves out the function order
# (scripts/make-order-file.sh builds with it to profile).
#
# Where lld (shipped with the Swift toolchain) and the static C libraries are there — glibc's
# libc.a, libsqlite3.a (libsqlite3-dev), libz.a (zlib1g-dev), libncursesw.a and libtinfo.a
# (libncurses-dev, for `habit ui`), libstdc++.a (g++) — the binary is
# one static executable: no dynamic loader, no shared libraries to map, no symbols to look up
# at start (it relocates only its own pointers, as a position-independent binary must). A `habit log` then starts in a fraction of the time (Benchmarks/README.md, "log
# latency"): the dynamic build spent 3.9 M of its 13.3 M instructions in the loader (symbol
# lookups of seven libraries, the relocations of the Swift runtime), and the copy-on-write
# faults of the relocated pages on top. Its functions are laid out in the order of
# scripts/habit.order (the functions the everyday commands run, together), which the Swift code
# allows when each function has a section of its own.
#
# The trade-off, written down in Standards/cli.md: the static binary is position-independent by
# default (ASLR for its own code too), at ~0.5 ms a command for relocating itself at start;
# HABIT_PIE=0 (`make install PIE=0`) builds one loaded at a fixed address instead. glibc's user
# lookups (only when HOME is unset) load the system's NSS modules of the same glibc.
#
# Else, with lld and glibc >= 2.36: the dynamic build with its relocations packed (DT_RELR): the
# loader's start-up 4.5 M -> 0.55 M cycles (LD_DEBUG=statistics). Else nothing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
order=1
[[ "${1:-}" == "--without-order" ]] && order=0

swift_bin="$(dirname "$(readlink -f "$(command -v swift)")")"
[[ -x "$swift_bin/ld.lld" ]] || command -v ld.lld >/dev/null 2>&1 || exit 0

# A static archive the C compiler finds (it prints the bare name when it finds none).
has_archive() {
    local cc found
    cc="$(command -v cc || command -v gcc || command -v "$swift_bin/clang" || true)"
    [[ -n "$cc" ]] || return 1
    found="$("$cc" -print-file-name="$1" 2>/dev/null)"
    [[ "$found" == /* && -f "$found" ]]
}
swift_static="$(dirname "$swift_bin")/lib/swift_static/linux"
if [[ -f "$swift_static/libFoundation.a" ]] && has_archive libc.a && has_archive libsqlite3.a && has_archive libz.a \
    && has_archive libncursesw.a && has_archive libtinfo.a && has_archive libstdc++.a; then
    # SwiftPM's $ORIGIN runpath makes no sense in a static binary, and glibc refuses a static-PIE with one.
    printf '%s\n' --disable-local-rpath -Xswiftc -static-executable -Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections
    if [[ "${HABIT_PIE:-1}" != 0 ]]; then
        # Position-independent (ASLR for the binary's own code too): it relocates itself at every
        # start, ~0.5 ms more per command (Standards/cli.md). HABIT_PIE=0: a fixed address.
        printf '%s\n' -Xswiftc -Xclang-linker -Xswiftc -static-pie -Xlinker -z -Xlinker pack-relative-relocs
    fi
    if ((order)) && [[ -f "$root/scripts/habit.order" ]]; then
        printf '%s\n' -Xlinker "--symbol-ordering-file=$root/scripts/habit.order" -Xlinker --no-warn-symbol-ordering
    fi
    exit 0
fi

glibc="$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')"
[[ -n "$glibc" ]] && printf '2.36\n%s\n' "$glibc" | sort -V -C || exit 0
printf '%s\n' -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
