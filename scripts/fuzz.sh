#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs each for its share of SECONDS_TOTAL (default 60).
#
#   scripts/fuzz.sh [SECONDS_TOTAL]
#
# Each target first replays its whole corpus (every seed and every input earlier runs kept: a
# crash any of them reaches fails the run however short the fuzzing), then fuzzes for its share
# of SECONDS_TOTAL. A longer campaign is the same command with more seconds (`scripts/fuzz.sh 3600`).
#
# Every target starts from its seed corpus (Fuzz/Corpus/<name>, read only; with the dictionary
# Fuzz/Dictionaries/<name>.dict) plus what earlier runs
# found (Fuzz/.build/corpus/<name>). A crash, a law broken, a hang (> 10 s on one input) or a
# blown memory limit stops that target; its input is kept under Fuzz/.build/findings/<name>/ and
# its path and a reproduction command are printed. Exits 1 when any target failed, 2 when the
# build failed. Environment: FUZZ_ONLY="day weekdays" runs only those targets; FUZZ_BUILD_ONLY=1
# only builds.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
total=${1:-60}
if ! [[ $total =~ ^[0-9]+$ ]] || ((total < 1)); then
    echo "usage: scripts/fuzz.sh [SECONDS_TOTAL]  (a whole number of seconds, default 60)" >&2
    exit 64
fi

# name  max_len  share (the XML reader gets twice a parser's time)
targets=(
    "duration  64    1"
    "instant   64    1"
    "day       48    1"
    "weekdays  96    1"
    "xml       4096  2"
    "harsh     2048  1"
    "pending   4096  1"
)
if [[ -n ${FUZZ_ONLY:-} ]]; then
    selected=()
    for t in "${targets[@]}"; do
        read -r name _ <<<"$t"
        [[ " $FUZZ_ONLY " == *" $name "* ]] && selected+=("$t")
    done
    targets=("${selected[@]}")
fi

# SwiftPM's --sanitize=fuzzer --sanitize=address reach the compiler as two options, and only the
# last one counts; one combined -sanitize option instruments every module (HabitKit included).
# gold fails on these objects ("internal error in format_file_lineno"): link with the toolchain's lld.
# Every target is in the one executable HabitFuzz (Fuzz/Sources/HabitFuzz/main.swift): one build,
# one link. (--product: a plain build would also link the root's habit executable.)
build=(swift build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address
       -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld)
work=$root/Fuzz/.build
mkdir -p "$work"
echo "fuzz: building HabitFuzz (${build[*]} --product HabitFuzz)"
start=$SECONDS
if ! "${build[@]}" --product HabitFuzz >"$work/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$work/build.log" | grep -v "^warning: 'zipfoundation'" | tail -20 >&2
    echo "fuzz: the build failed (log: $work/build.log)" >&2
    exit 2
fi
fuzzer=$("${build[@]}" --show-bin-path)/HabitFuzz
echo "fuzz: built in $((SECONDS - start)) s"
[[ ${FUZZ_BUILD_ONLY:-0} == 1 ]] && exit 0

shares=0
for t in "${targets[@]}"; do read -r _ _ share <<<"$t"; shares=$((shares + share)); done

# libFuzzer reports crashes itself; the Swift runtime's backtracer would only slow that down.
# Leak checking is off: the Swift runtime's caches look like leaks to LeakSanitizer.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}

failed=0
all_runs=0
# What a failed step printed: the broken law or the sanitizer's summary, the input and how to replay it.
report() {  # name, log, status, findings
    local artifact
    grep -E "law broken|Fatal error|fatal error|ERROR: |SUMMARY: |ALARM: " "$2" | head -4 | sed 's/^/    /'
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$2" | tail -1)
    if [[ -n $artifact ]]; then
        echo "    input:     $artifact ($(wc -c <"$artifact") bytes: $(head -c 120 "$artifact" | od -An -tx1 | tr -d '\n' | sed 's/^ //'))"
        echo "    reproduce: SWIFT_BACKTRACE=enable=no $fuzzer $1 $artifact"
    fi
    echo "    log:       $2"
}
for t in "${targets[@]}"; do
    read -r name max_len share <<<"$t"
    seconds=$((total * share / shares))
    ((seconds < 1)) && seconds=1
    corpus=$work/corpus/$name
    findings=$work/findings/$name
    log=$work/logs/$name.log
    mkdir -p "$corpus" "$findings" "$(dirname "$log")"
    dict=()
    [[ -f $root/Fuzz/Dictionaries/$name.dict ]] && dict=(-dict="$root/Fuzz/Dictionaries/$name.dict")
    flags=(-max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$findings/")
    # 1. The corpus replayed (-runs=0: every input once, no fuzzing).
    started=$SECONDS
    "$fuzzer" "$name" -runs=0 "${flags[@]}" "$corpus" "$root/Fuzz/Corpus/$name" >"$log.replay" 2>&1
    status=$?
    units=$(find "$corpus" "$root/Fuzz/Corpus/$name" -type f | wc -l)
    if ((status != 0)); then
        failed=1
        printf 'fuzz: %-9s FAILED  replaying its corpus of %d inputs, exit %d\n' "$name" "$units" "$status"
        report "$name" "$log.replay"
        continue
    fi
    # 2. Fuzzing for its share of the time.
    "$fuzzer" "$name" -max_total_time="$seconds" "${flags[@]}" "${dict[@]}" -print_final_stats=1 \
        "$corpus" "$root/Fuzz/Corpus/$name" >"$log" 2>&1
    status=$?
    took=$((SECONDS - started))
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    runs=${runs:-0}
    all_runs=$((all_runs + runs))
    if ((status == 0)); then
        printf 'fuzz: %-9s ok      %d inputs replayed, then %10s runs in %3d s (%s/s)\n' "$name" "$units" "$runs" "$took" "${rate:-?}"
        continue
    fi
    failed=1
    printf 'fuzz: %-9s FAILED  %10s runs in %3d s (%s/s), exit %d\n' "$name" "$runs" "$took" "${rate:-?}" "$status"
    report "$name" "$log"
done
echo "fuzz: $all_runs runs in all"
exit "$failed"
