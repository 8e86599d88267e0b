#!/usr/bin/env bash
# CI hook: the libFuzzer targets for a minute in all (scripts/fuzz.sh), then the seeded command-line
# fuzzer for a bounded number of runs with a fixed seed (scripts/cli-fuzz.py). Both always run;
# exits 1 when either found a failure. Takes about 2.5–4 minutes on a shared 2-core machine, the
# first time plus about 6 minutes to build the instrumented targets (Fuzz/.build).
#
# Knobs: FUZZ_SECONDS (60), CLI_FUZZ_SEED (11), CLI_FUZZ_RUNS (1200), CLI_FUZZ_MAX_SECONDS (120).
set -uo pipefail
cd "$(dirname "$0")/.."

status=0
bash scripts/fuzz.sh "${FUZZ_SECONDS:-60}" || status=1

if ! swift build --product habit >"${TMPDIR:-/tmp}/habit-ci-fuzz-build.log" 2>&1; then
    tail -20 "${TMPDIR:-/tmp}/habit-ci-fuzz-build.log" >&2
    exit 1
fi
bin=$(swift build --show-bin-path)/habit
python3 scripts/cli-fuzz.py --binary "$bin" --seed "${CLI_FUZZ_SEED:-11}" --runs "${CLI_FUZZ_RUNS:-1200}" \
    --max-seconds "${CLI_FUZZ_MAX_SECONDS:-120}" --quiet || status=1
exit "$status"
