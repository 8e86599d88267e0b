#!/usr/bin/env bash
# Prints the extra `swift build` arguments of habit's release build, one per line (none where
# they cannot be used). Used by scripts/install.sh and Benchmarks/benchlib.py, so the benchmarks
# measure the binary users install.
#
# Packed relative relocations (DT_RELR): with the Swift runtime linked in statically, the binary
# carries ~93,000 relative relocations, which the dynamic loader applies one by one at every start
# (LD_DEBUG=statistics: 4.3 M of its 4.5 M cycles, over a millisecond of a `habit log`). Packed,
# the loader needs 0.55 M cycles. It takes lld, which the Swift toolchain ships (gold, the
# default linker on Linux, cannot pack them), and glibc 2.36 or later to run the result.
set -euo pipefail
swift_bin="$(dirname "$(readlink -f "$(command -v swift)")")"
[[ -x "$swift_bin/ld.lld" ]] || command -v ld.lld >/dev/null 2>&1 || exit 0
glibc="$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')"
[[ -n "$glibc" ]] && printf '2.36\n%s\n' "$glibc" | sort -V -C || exit 0
printf '%s\n' -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
