#!/usr/bin/env bash
# A real crontab round trip: installs cron where it is missing, installs habit's line twice with
# `habit remind install`, and checks that `crontab -l` then holds exactly one habit line (and
# that nothing else in the user's crontab was touched). Restores the previous crontab at the end.
# Usage: scripts/cron-install-check.sh [path/to/habit]   (default: builds and uses .build/debug/habit)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v crontab >/dev/null 2>&1; then
    echo "cron-check: installing cron"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends cron
fi

habit=${1:-}
if [[ -z "$habit" ]]; then
    swift build --product habit >/dev/null
    habit=$(swift build --show-bin-path)/habit
fi

work=$(mktemp -d)
backup="$work/crontab.before"
had_crontab=0
if crontab -l >"$backup" 2>/dev/null; then had_crontab=1; fi
restore() {
    if ((had_crontab)); then crontab "$backup"; else crontab -r 2>/dev/null || true; fi
    rm -rf "$work"
}
trap restore EXIT

# Something of the user's own that must survive.
{ cat "$backup" 2>/dev/null || true; echo "17 3 * * * /bin/true # someone else's job"; } | crontab -

export HABIT_DB="$work/h.sqlite" TZ=Europe/Berlin
"$habit" remind install
"$habit" remind install
count=$(crontab -l | grep -c '# habit-reminders$' || true)
others=$(crontab -l | grep -c "someone else's job" || true)
echo "cron-check: crontab -l after two installs:"
crontab -l | sed 's/^/    /'
if [[ "$count" != 1 || "$others" != 1 ]]; then
    echo "cron-check: FAILED: expected exactly one habit line and the user's job kept (got $count and $others)" >&2
    exit 1
fi
"$habit" remind uninstall
if crontab -l | grep '# habit-reminders$' > /dev/null; then
    echo "cron-check: FAILED: uninstall left the habit line" >&2
    exit 1
fi
echo "cron-check: 1 passed, 0 failed"
