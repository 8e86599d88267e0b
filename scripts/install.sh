#!/usr/bin/env bash
# Installs habit for one user: the release binary (static Swift runtime), bash/zsh/fish completions
# and the man page, under PREFIX (default ~/.local). `--uninstall` removes exactly what the last
# install wrote (the manifest lists each file with its checksum; a file changed since is left alone).
#
#   scripts/install.sh                 # or: make install [PREFIX=…]
#   scripts/install.sh --uninstall     # or: make uninstall [PREFIX=…]
set -euo pipefail
cd "$(dirname "$0")/.."

PREFIX="${PREFIX:-$HOME/.local}"
case "$PREFIX" in
    /*) ;;
    *) echo "install: PREFIX must be an absolute path (got '$PREFIX')" >&2; exit 64 ;;
esac
manifest="$PREFIX/share/habit/install-manifest"

uninstall() {
    if [[ ! -f "$manifest" ]]; then
        echo "install: nothing to uninstall: no manifest at $manifest" >&2
        exit 66
    fi
    local kept=0 sum path
    while read -r sum path; do
        [[ -n "$path" ]] || continue
        if [[ ! -e "$path" ]]; then
            continue
        fi
        if [[ "$(sha256sum "$path" | cut -d' ' -f1)" != "$sum" ]]; then
            echo "install: left $path: it changed since habit installed it" >&2
            kept=1
            continue
        fi
        rm -f -- "$path"
        echo "removed $path"
    done < "$manifest"
    rm -f -- "$manifest"
    rmdir "$PREFIX/share/habit" 2>/dev/null || true
    return $kept
}

if [[ "${1:-}" == "--uninstall" ]]; then
    uninstall
    exit $?
fi
if [[ $# -gt 0 ]]; then
    echo "install: usage: scripts/install.sh [--uninstall]   (PREFIX=… to choose where; default ~/.local)" >&2
    exit 64
fi
if ! command -v swift >/dev/null 2>&1; then
    echo "install: swift is not on PATH; install the Swift toolchain (swift.org) first" >&2
    exit 69
fi

# The binary: release, with the Swift runtime linked in (a build path of its own, so it never
# fights the debug build of `swift test`): one static executable with its everyday functions laid
# out together where the C library's static archives are there, else relocations packed where the
# toolchain and the C library allow (scripts/release-link-flags.sh: position-independent unless
# HABIT_PIE=0 or `make install PIE=0`). Without debug information: none is generated (-gnone)
# and the linker keeps no symbol table (-s): 101 MB -> 66 MB; most of the rest is the ICU data of
# the static Foundation. (A crash's backtrace then shows addresses, not function names; build
# without these two flags to debug.)
mapfile -t link_flags < <(scripts/release-link-flags.sh)
build=(swift build -c release --static-swift-stdlib --build-path .build-install "${link_flags[@]}" -Xswiftc -gnone -Xlinker -s)
"${build[@]}" --product habit >&2
products="$("${build[@]}" --show-bin-path)"
bin="$products/habit"

# The man page: ArgumentParser's generate-manual, built in the same build path (only its own few
# files compile: the ArgumentParser modules are the ones just built) and run on the binary just
# built, which it asks for --experimental-dump-help. The manual plugin (`swift package
# generate-manual`) would build the whole package a second time, in release mode, in .build.
"${build[@]}" --product generate-manual >&2
work="$(mktemp -d)"
trap 'rm -rf -- "$work"' EXIT
"$products/generate-manual" "$bin" --output-directory "$work" >&2
[[ -s "$work/habit.1" ]] || { echo "install: generate-manual wrote no habit.1" >&2; exit 74; }
# Its finishing touches: NAME for the hidden `_habit`, one --version, the exit statuses.
scripts/man-page.sh "$work/habit.1"

# Completion scripts, from the binary itself.
"$bin" --generate-completion-script bash > "$work/habit.bash"
"$bin" --generate-completion-script zsh > "$work/_habit"
"$bin" --generate-completion-script fish > "$work/habit.fish"

# Where each file goes: bash-completion and fish read these under ~/.local/share (XDG); zsh needs
# the folder on its fpath (README).
targets=(
    "$bin|$PREFIX/bin/habit|0755"
    "$work/habit.1|$PREFIX/share/man/man1/habit.1|0644"
    "$work/habit.bash|$PREFIX/share/bash-completion/completions/habit|0644"
    "$work/_habit|$PREFIX/share/zsh/site-functions/_habit|0644"
    "$work/habit.fish|$PREFIX/share/fish/vendor_completions.d/habit.fish|0644"
)
mkdir -p "$PREFIX/share/habit"
: > "$manifest.new"
for t in "${targets[@]}"; do
    IFS='|' read -r from to mode <<< "$t"
    install -D -m "$mode" "$from" "$to"
    echo "$(sha256sum "$to" | cut -d' ' -f1) $to" >> "$manifest.new"
    echo "installed $to"
done
mv -f "$manifest.new" "$manifest"
case ":$PATH:" in
    *":$PREFIX/bin:"*) ;;
    *) echo "note: $PREFIX/bin is not on your PATH; add it, e.g. export PATH=\"$PREFIX/bin:\$PATH\"" ;;
esac
