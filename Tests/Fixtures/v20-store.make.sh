#!/bin/sh
# Writes the post-v10 fixture store with the release before issue 46's point 3 (main at 6da76be).
set -e
H=${HABIT:-/tmp/habit-main}
export HOME=/tmp/fx/home TZ=Europe/Berlin HABIT_DB=${OUT:-/tmp/fx/v20-store.sqlite} XDG_STATE_HOME=/tmp/fx/state XDG_CONFIG_HOME=/tmp/fx/config XDG_CACHE_HOME=/tmp/fx/cache
mkdir -p $HOME
at() { HABIT_NOW="$1" ; shift; HABIT_NOW=$HABIT_NOW "$H" "$@" >/dev/null; }
at 2026-10-20T09:00:00+02:00 add floss
at 2026-10-20T09:00:01+02:00 add water --unit glass --at-least 8
at 2026-10-20T09:00:02+02:00 config set day-start 04:00
at 2026-10-24T20:00:00+02:00 log alcohol 0 --date 2026-10-23
at 2026-10-24T20:00:01+02:00 log alcohol 1
at 2026-10-25T21:00:00+01:00 log alcohol 0 --date 2026-10-25
at 2026-10-26T20:00:00+01:00 log alcohol 3
at 2026-10-26T20:05:00+01:00 log alcohol 7
at 2026-10-24T20:00:02+02:00 log floss --date 2026-10-23
at 2026-10-25T21:00:01+01:00 log floss --date 2026-10-24
at 2026-10-26T02:00:00+01:00 log floss
at 2026-10-26T21:00:00+01:00 log floss --date 2026-10-25
at 2026-10-26T21:00:01+01:00 log water 3 --date 2026-10-25
at 2026-10-26T21:00:02+01:00 log water 5 --at "2026-10-26 08:00"
at 2026-10-27T21:00:00+01:00 log water 9 --date 2026-10-26
