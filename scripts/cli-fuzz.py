#!/usr/bin/env python3
"""A seeded fuzzer of habit's command line.

    scripts/cli-fuzz.py --binary PATH --seed N --runs N [--max-seconds S] [--timeout S]
    scripts/cli-fuzz.py --binary PATH --seed N --replay I     # run I again, verbosely
    scripts/cli-fuzz.py --binary PATH --command 'export --output @STORE'   # judge one command

Each run takes a valid command (README.md's Usage and a few more), mutates it (tokens swapped,
deleted, duplicated; option-looking strings, negative and huge numbers, years 0001/9999,
unicode, control characters, newlines, '%', paths to a folder, a FIFO, /dev/zero, a dangling
link and the store itself inserted), and runs it in a fresh sandbox: a copy of a small seeded
store, HABIT_NOW and TZ fixed, HOME and XDG_* inside the sandbox, stub `crontab`, `systemctl`
and `notify-send` first on PATH, a timeout. Sometimes the environment is mutated instead
(HABIT_NOW, TZ, HABIT_DB).

A run fails on:
  crash      killed by a signal, or exit status >= 128
  hang       still running after --timeout seconds
  status     a failure status Standards/json.md does not name (64 65 66 69 73 74 77)
  message    on failure, not exactly one line on stderr, or control characters in it
  changed    on failure, any file in the sandbox created, changed or removed (the store's
             bytes included; an empty -wal/-shm is ignored)
  read-only  a read-only command (streak, calendar, today, timeline, log list, export, …)
             changed the store's data (its schema, pragmas or any row of any table but the kept
             day totals, which reads may keep: Standards/data-consistency.md), or left it no
             SQLite database
  json       on success with --json (or export as json/ndjson to stdout), invalid JSON

Run i uses only (seed, i): the same seed and binary give the same commands, and --replay I
repeats one. Never runs `remind install/uninstall/systemd` or `--notify command`, and never
writes outside its temporary folder. Prints each failure with a reproduction, then
"N passed, N failed"; exits 1 on any failure, 2 when the seeded store cannot be made.
"""

import argparse
import errno
import hashlib
import json
import os
import random
import re
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import zipfile

NOW = "2025-10-26T10:00:00+01:00"  # the fall-back day in Europe/Berlin
TZ = "Europe/Berlin"
FAILURE_STATUSES = {64, 65, 66, 69, 73, 74, 77}

# Valid commands: README.md's Usage, then more forms of the same commands. '@NAME' is a path in
# the sandbox (see Sandbox.paths); @UUID / @UUIDPREFIX are an imported sample's UUID and a unique prefix.
BASE_COMMANDS = [
    "log meditate 10m",
    "log meditate 20m --at 07:30",
    "log meditate 1h30m --end 'yesterday 22:00' --note retreat",
    "log workout hiit 25m",
    "log workout yoga 45m --met 3",
    "log alcohol 2",
    "log alcohol steady --date 2025-10-01",
    "log list --days 7",
    "streak",
    "calendar 2025-10",
    "calendar --year 2025",
    "today --short",
    "demo --days 365",
    "remind add meditate 20:00",
    "remind add workout 18:00 --days mon-fri --lookback 8h",
    "remind list",
    "import @EXPORT",
    "export --format csv --from 2025-10-01 --to 2025-11-01 --output october.csv",
    "changes --since 0 --save sync",
    "timeline --days 7",
    "delete 3f2a1b9c",
    "undo",
    "config set weight 72",
    "config list",
    # more of the same surface
    "log meditate 10m --json",
    "log meditate 45min --end '-2 08:00'",
    "log meditate 90s --at 2025-10-26T02:30+01:00",
    "log meditate 1.5h --at 'yesterday 21:00' --source dev.habit.watch",
    "log workout hiit 25m --at 2025-10-25T18:00 --json",
    "log alcohol wild --date yesterday --json",
    "log alcohol 0 --date -3 --source com.example.app",
    "log list --days 30 --json",
    "streak --json",
    "streak --habit meditate --all-sources",
    "calendar 2025-10 --json",
    "calendar --year 2025 --json",
    "overview",
    "overview --days 30 --json",
    "today --json",
    "timeline --days 30 --json",
    "remind add noalc 21:00 --days sat,sun --title 'No drinks' --message 'Stay steady'",
    "remind list --json",
    "remind check --json",
    "remind check --catch-up",
    "remind cron",
    "remind pause 1",
    "remind resume",
    "remind edit 1 --time 21:00 --days weekdays",
    "remind remove 2",
    "import --dry-run @EXPORT --json",
    "import @ZIP",
    "export --format ndjson",
    "export --format json --all-sources",
    "export --format csv --type HKCategoryTypeIdentifierMindfulSession --output @NEWFILE",
    "changes --anchor sync --json",
    "changes --since 3",
    "delete @UUID",
    "delete @UUIDPREFIX --json",
    "undo --json",
    "config get weight",
    "config set timezone America/New_York",
    "config set min-minutes 5",
    "config unset weight",
    "demo --days 30 --seed 7 --force",
    # habits of one's own (issue 12) and the status line (issue 14)
    "add cold-shower",
    "add pages --unit page --at-least 20 --per week",
    "add tea --unit cup --at-most 3",
    "add run-days --times 3 --per week",
    "add walk --times 2 --per 3-days",
    "add pages-days --unit page --at-most 60 --per 10-days",
    "add steps --from steps --at-least 8000 --sources all",
    "add sleep --from sleep --at-least 7h",
    "log floss",
    "log floss --date -1 --json",
    "log water 3",
    "log water 2glasses --at 07:30",
    "log reading 25m --end 'yesterday 22:00'",
    "habits --archived --json",
    "edit water --at-least 10 --name drink",
    "edit reading --per month",
    "edit walk --per 5-days --times 4",
    "archive floss",
    "archive floss --undo",
    "remove water --yes",
    "skip floss 2025-10-20 --to 2025-10-24",
    "skip --all --from 2025-10-01 --to 2025-10-03",
    "unskip floss 2025-10-20",
    "unskip --all 2025-10-01 --to 2025-10-03 --json",
    "score --json",
    "score floss",
    "stats water --per week --json",
    "stats steps --per month --all-sources --from 2025-01-01 --to 2025-11-01",
    "streak --habit water --json",
    "calendar --habit floss",
    "calendar --year 2025 --habit reading --json",
    "remind add water 21:00",
    "status",
    "status --format waybar",
    "status --format i3blocks",
    "status --format tmux",
    "config set day-start 04:00",
    # access per type (issue 25) and notes (issue 26)
    "access",
    "access --json",
    "access deny alcohol --read",
    "access allow alcohol",
    "access deny steps --write",
    "notes",
    "notes floss --json",
    "notes --grep retreat --from 2025-10-01 --to 2025-11-01",
    "notes meditate --all-sources",
    # ask, weekday schedules, refresh (issues 26 and 27); ask's stdin is /dev/null here: end of input
    "ask",
    "ask week --json",
    "ask floss --date -2",
    "add yoga --on mon,wed,fri",
    "edit yoga --every-day",
    "refresh --json",
    # tags (issue 26, point 4)
    "edit floss --tag health --tag pm",
    "today --tag health",
    "habits --json",
]

# Base commands that may fail on the seeded store (no such entry; demo wants an empty store).
MAY_FAIL = {"delete 3f2a1b9c", "demo --days 365"}

# Never run: they reach the real crontab, systemd, or run a program of our choosing.
FORBIDDEN_TOKENS = {"install", "uninstall", "systemd"}

OPTION_STRINGS = [
    "--json", "--db", "--at", "--end", "--date", "--days", "--output", "--format", "--note", "--met",
    "--source", "--since", "--anchor", "--save", "--type", "--from", "--to", "--all-sources", "--year",
    "--short", "--force", "--dry-run", "--catch-up", "--lookback", "--title", "--message", "--habit",
    "--seed", "--help", "-h", "--version", "--", "-", "---", "--json=1", "--db=", "--at=", "--no-such",
    "-x", "-1", "--days=-1", "--output=@STORE", "--db=@DIR", "help",
]

INTERESTING_VALUES = [
    # numbers
    "0", "-0", "-1", "-2", "-36500", "-36501", "1", "36500", "36501", "99999", "-99999999999999999999",
    "99999999999999999999", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "1e308", "1e400", "inf", "-inf", "nan", "0x10", "1_000", "3.14", ".5", "5.", "1,5", "٣",
    # durations
    "0m", "24h", "24h1s", "1441", "1440", "-5m", "1h30m30s", "30m1h", "1.5.5h", "10mm", "10 m", "1e3s",
    # days, months, years
    "0001-01-01", "9999-12-31", "0000-00-00", "2025-02-29", "2024-02-29", "2025-13-01", "1900-01-01",
    "0001", "9999", "10000", "0001-01", "9999-12", "2025-00", "1970-01", "2100-12", "today", "yesterday",
    "tomorrow", "-2 08:00", "-0 00:00",
    # times
    "00:00", "23:59", "24:00", "23:60", "7:5", "07:30:00", "2025-03-30T02:30", "2025-10-26 02:30",
    "2025-10-26T02:30+01:00", "2025-10-26T10:00:01+01:00", "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-12:00", "2025-10-01T07:30Z", "2025-10-01T07:30+18:59", "2025-10-01T07:30+19:00",
    "yesterday 25:00", "today 07:30 extra",
    # weekdays, settings, names
    "monday tuesday", "mon-fri", "sat-mon", "mon,,fri", "mon-", "every day", "weekdays", "Sunday",
    "weight", "timezone", "grace", "week-start", "day-start", "min-minutes", "Mars/Olympus", "UTC",
    "meditate", "workout", "alcohol", "noalc", "hiit", "yoga", "steady", "easy", "wild", "sync",
    "dev.habit", "dev.habit.watch", "dev.habitual", "csv", "json", "ndjson", "xml",
    # text
    "", " ", "  10m  ", "\t", "%", "%s%n%d", "100%", "a\nb\nc", "line\r", "\x1b[31mred\x1b[0m", "\x07", "\x7f",
    "é", "e\u0301", "😀", "\u202eevil", "\u200b", "ｍ", "x" * 5000, "'", '"', "\\", "$HOME", "`id`", "$(id)",
    "*", "?", "../../etc/passwd", "~", "-", "--",
]

PATH_TOKENS = ["@STORE", "@STOREWAL", "@LINKSTORE", "@DIR", "@FIFO", "@FILE", "@DANGLING", "@MISSING",
               "@NEWFILE", "@EXPORT", "@ZIP", "@BADZIP", "@HOSTILE", "@DEVZERO"]

OPTION_PAIRS = [
    ["--output", "@STORE"], ["--output", "@STOREWAL"], ["--output", "@LINKSTORE"], ["--output", "@DIR"],
    ["--output", "@FIFO"], ["--output", "@FILE"], ["--output", "@DANGLING"], ["--output", "@MISSING"],
    ["--db", "@DIR"], ["--db", "@FILE"], ["--db", "@EXPORT"], ["--db", "@DANGLING"], ["--db", "@MISSING"],
    ["--db", "@NEWSTORE"], ["--at", "0001-01-01T00:00"], ["--at", "9999-12-31T23:00"], ["--date", "0001-01-01"],
    ["--date", "9999-12-31"], ["--days", "36500"], ["--days", "99999999999"], ["--end", "-2 08:00"],
    ["--since", "-1"], ["--since", "9223372036854775807"], ["--save", "a\nb"], ["--anchor", "nope"],
    ["--note", "a\nb"], ["--source", "%"], ["--met", "-1"], ["--met", "1e400"], ["--year", "9999"],
]

# Options each command takes, with values worth trying there: most mutations then reach the
# command's own code instead of the argument parser.
VALUES = {
    "time": ["0001-01-01T00:00", "9999-12-31T23:00", "1900-01-01 12:00", "2025-03-30 02:30", "2025-10-26 02:30",
             "-2 08:00", "-36500 08:00", "24:00", "yesterday 25:00", "2025-10-26T10:00:01+01:00", "1969-12-31T23:59Z",
             "2100-12-31T23:59Z", "2101-01-01T00:00Z"],
    "day": ["0001-01-01", "9999-12-31", "1900-01-01", "1969-12-31", "2101-01-01", "-36500", "-99999", "2025-02-29",
            "tomorrow", "-0"],
    "path": ["@STORE", "@STOREWAL", "@LINKSTORE", "@DIR", "@FIFO", "@FILE", "@DANGLING", "@MISSING", "@NEWFILE"],
    "input": ["@DIR", "@FIFO", "@DEVZERO", "@FILE", "@STORE", "@DANGLING", "@MISSING", "@BADZIP", "@HOSTILE", "@LINKSTORE"],
    "number": ["-1", "0", "36500", "36501", "99999999999", "9223372036854775807", "1e400", "nan", "-0"],
    "tag": ["health", "pm", "Health", "helth", "", "-x", "1st", "a,b", "a b", "x" * 33, "é", "list", "--json"],
    "text": ["a\nb", "\x1b[2J", "%", "%s%n", "😀" * 40, "x" * 5000, "", "-", "--json"],
}
COMMAND_OPTIONS = {
    "log": [("--at", "time"), ("--end", "time"), ("--date", "day"), ("--note", "text"), ("--source", "text"),
            ("--met", "number")],
    "calendar": [("--year", None), ("9999", None), ("9999-12", None), ("0001-01", None), ("--json", None)],
    "overview": [("--days", "number"), ("--tag", "tag"), ("--all-sources", None), ("--json", None)],
    "export": [("--output", "path"), ("--from", "day"), ("--to", "day"), ("--type", "text"), ("--format", "text")],
    "changes": [("--since", "number"), ("--anchor", "text"), ("--save", "text")],
    "import": [("input", None), ("--dry-run", None)],
    "remind": [("--days", "text"), ("--lookback", "number"), ("--title", "text"), ("--message", "text")],
    "streak": [("--habit", "text"), ("--all-sources", None), ("--tag", "text"), ("--tag", "tag")],
    "add": [("--unit", "text"), ("--at-least", "number"), ("--at-most", "number"), ("--per", "text"), ("--times", "number"),
            ("--from", "text"), ("--sources", "text"), ("--on", "text"), ("--tag", "tag")],  # never --command: no case runs a program (safe())
    "edit": [("--name", "text"), ("--unit", "text"), ("--at-least", "number"), ("--at-most", "number"), ("--no-target", None),
             ("--tag", "tag"), ("--untag", "tag")],
    "skip": [("--to", "day"), ("--from", "day"), ("--all", None)],
    "unskip": [("--to", "day"), ("--from", "day"), ("--all", None)],
    "stats": [("--per", "text"), ("--from", "day"), ("--to", "day"), ("--all-sources", None)],
    "status": [("--format", "text"), ("--tag", "tag")],
    "today": [("--tag", "tag"), ("--short", None), ("--json", None)],
    "habits": [("--tag", "tag"), ("--archived", None), ("--json", None)],
    "score": [("--tag", "tag"), ("--json", None)],
    "demo": [("--days", "number"), ("--seed", "number"), ("--force", None)],
    "timeline": [("--days", "number")],
    "ask": [("--date", "day"), ("--from", "day"), ("--to", "day"), ("week", None), ("yesterday", None), ("--json", None),
            ("--tag", "tag")],
    "refresh": [("--json", None)],
    "notes": [("--grep", "text"), ("--from", "day"), ("--to", "day"), ("--all-sources", None), ("--json", None)],
    "access": [("--read", None), ("--write", None), ("--json", None)],
    "delete": [("zzzzzzzz", None), ("28d2b36ezzzz", None), ("%", None), ("________", None), ("@UUIDPREFIX", None),
               ("@UUID", None), ("'", None)],
    "config": [("timezone", None), ("week-start", None), ("grace", None), ("-1", None), ("Mars/Olympus", None)],
}

ENV_MUTATIONS = [
    ("HABIT_NOW", "0001-01-01T00:00:00+14:00"), ("HABIT_NOW", "9999-12-15T10:00:00+00:00"),
    ("HABIT_NOW", "9999-12-31T23:59:59-12:00"), ("HABIT_NOW", "1900-01-01T00:00:00Z"), ("HABIT_NOW", "now"),
    ("HABIT_NOW", "2025-10-26T02:30:00"), ("HABIT_NOW", "2025-03-30T02:30:00+01:00"), ("HABIT_NOW", ""),
    ("TZ", "Mars/Olympus"), ("TZ", ""), ("TZ", "UTC"), ("TZ", "Pacific/Apia"), ("TZ", "Asia/Kathmandu"),
    ("TZ", ":/usr/share/zoneinfo/America/New_York"), ("TZ", "EST5EDT"), ("TZ", "../../etc/passwd"),
    ("HABIT_DB", None), ("HABIT_DB", ""), ("HABIT_DB", "@DIR"), ("HABIT_DB", "@FILE"), ("HABIT_DB", "@DANGLING"),
    ("HABIT_DB", "@MISSING"), ("HABIT_DB", "@NEWSTORE"), ("HABIT_DB", "@EXPORT"), ("HABIT_DB", "@LINKSTORE"),
    ("XDG_DATA_HOME", None), ("HOME", "@MISSING"), ("NO_COLOR", None), ("TERM", "dumb"),
]

CHAR_POOL = ["\n", "\r", "\t", "\x1b", "\x01", "\x7f", "%", "'", '"', "\\", " ", "-", ":", ".", ",", "=",
             "0", "9", "é", "😀", "\u0301", "\u202e", "\ufeff", "ß", "ı", "İ"]

EXPORT_XML = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
<!ATTLIST HealthData locale CDATA #REQUIRED>
]>
<HealthData locale="en_US">
 <ExportDate value="2025-10-20 10:36:11 +0200"/>
 <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Apple Watch" unit="count/min" creationDate="2025-10-18 02:47:35 +0200" startDate="2025-10-18 02:28:55 +0200" endDate="2025-10-18 02:28:55 +0200" value="72">
  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>
 </Record>
 <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Breathe" startDate="2025-10-19 07:00:00 +0200" endDate="2025-10-19 07:12:00 +0200"/>
 <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Apple Watch" startDate="2025-10-19 00:55:28 +0200" endDate="2025-10-19 06:56:53 +0200" value="HKCategoryValueSleepAnalysisAsleepCore"/>
 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="25" durationUnit="min" totalDistance="4.1" totalDistanceUnit="km" totalEnergyBurned="248.7" totalEnergyBurnedUnit="kcal" sourceName="Apple Watch" startDate="2025-10-18 07:25:41 +0200" endDate="2025-10-18 07:50:41 +0200">
  <MetadataEntry key="HKTimeZone" value="Europe/Berlin"/>
 </Workout>
 <ActivitySummary dateComponents="2025-10-18" activeEnergyBurned="590.252" activeEnergyBurnedUnit="kcal"/>
</HealthData>
"""

# Values that must never enter the store (issue 11 #5, #6): the import counts them as rejected.
HOSTILE_XML = """<HealthData locale="en_US">
 <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Fuzz" unit="count/min" startDate="2025-06-01 02:28:55 +0200" endDate="2025-06-01 02:28:55 +0200" value="1e400"/>
 <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Fuzz" unit="count/min" startDate="2025-06-01 02:29:55 +0200" endDate="2025-06-01 02:29:55 +0200" value="-inf"/>
 <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Fuzz" unit="count/min" startDate="2025-06-01 02:30:55 +0200" endDate="2025-06-01 02:30:55 +0200" value="nan"/>
 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Fu&#1;zz&#x1B;[2J" unit="count" startDate="2025-06-01 03:00:00 +0200" endDate="2025-06-01 03:10:00 +0200" value="12"/>
 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Fuzz" unit="count" startDate="0001-01-01 00:00:00 +1400" endDate="0001-01-01 00:10:00 +1400" value="5"/>
 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Fuzz" unit="count" startDate="9999-12-31 23:00:00 -1200" endDate="9999-12-31 23:10:00 -1200" value="5"/>
</HealthData>
"""

STUB = "#!/bin/sh\necho \"$(basename \"$0\"): a stub of habit's cli-fuzz sandbox\" >&2\nexit 1\n"


class Sandbox:
    """A fresh folder per run: store copy, home, XDG folders, odd files, stub programs."""

    def __init__(self, root, base_store):
        self.root = root
        self.base_store = base_store
        s = root
        self.paths = {
            "@STORE": f"{s}/store/habit.sqlite",
            "@STOREWAL": f"{s}/store/habit.sqlite-wal",
            "@LINKSTORE": f"{s}/files/link-to-store",
            "@NEWSTORE": f"{s}/store/new.sqlite",
            "@DIR": f"{s}/files/folder",
            "@FIFO": f"{s}/files/fifo",
            "@FILE": f"{s}/files/notes.txt",
            "@DANGLING": f"{s}/files/dangling",
            "@MISSING": f"{s}/files/missing/deeper/out",
            "@NEWFILE": f"{s}/cwd/out.csv",
            "@EXPORT": f"{s}/files/export.xml",
            "@ZIP": f"{s}/files/export.zip",
            "@BADZIP": f"{s}/files/bad.zip",
            "@HOSTILE": f"{s}/files/hostile.xml",
            "@DEVZERO": "/dev/zero",
        }

    def make(self):
        s = self.root
        if os.path.lexists(s):
            shutil.rmtree(s)
        for d in ["home", "xdg/data", "xdg/config", "xdg/state", "xdg/cache", "xdg/runtime", "store", "files/folder",
                  "cwd", "bin"]:
            os.makedirs(f"{s}/{d}", mode=0o700)
        for suffix in ["", "-wal", "-shm"]:
            if os.path.exists(self.base_store + suffix):
                shutil.copy2(self.base_store + suffix, f"{s}/store/habit.sqlite{suffix}")
        os.mkfifo(self.paths["@FIFO"])
        with open(self.paths["@FILE"], "w") as f:
            f.write("someone else's file\n")
        os.symlink(self.paths["@STORE"], self.paths["@LINKSTORE"])
        os.symlink(f"{s}/files/nowhere/target.sqlite", self.paths["@DANGLING"])
        with open(self.paths["@EXPORT"], "w") as f:
            f.write(EXPORT_XML)
        with open(self.paths["@HOSTILE"], "w") as f:
            f.write(HOSTILE_XML)
        with zipfile.ZipFile(self.paths["@ZIP"], "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("apple_health_export/export.xml", EXPORT_XML)
        with open(self.paths["@ZIP"], "rb") as f:
            data = bytearray(f.read())
        data[len(data) // 2] ^= 0xFF  # a damaged zip
        with open(self.paths["@BADZIP"], "wb") as f:
            f.write(data)
        for name in ["crontab", "systemctl", "notify-send"]:
            path = f"{s}/bin/{name}"
            with open(path, "w") as f:
                f.write(STUB)
            os.chmod(path, 0o755)

    def env(self):
        s = self.root
        return {
            "PATH": f"{s}/bin:/usr/bin:/bin",
            "HOME": f"{s}/home",
            "XDG_DATA_HOME": f"{s}/xdg/data",
            "XDG_CONFIG_HOME": f"{s}/xdg/config",
            "XDG_STATE_HOME": f"{s}/xdg/state",
            "XDG_CACHE_HOME": f"{s}/xdg/cache",
            "XDG_RUNTIME_DIR": f"{s}/xdg/runtime",
            "HABIT_DB": self.paths["@STORE"],
            "HABIT_NOW": NOW,
            "TZ": TZ,
            "NO_COLOR": "1",
            "LANG": "C.UTF-8",
            "SWIFT_BACKTRACE": "enable=no",
        }

    def resolve(self, token):
        """Replaces '@NAME' paths (alone, or after '=' in '--opt=@NAME') with the sandbox's."""
        for name in sorted(self.paths, key=len, reverse=True):
            if name in token:
                token = token.replace(name, self.paths[name])
        return token

    def snapshot(self):
        """Every file in the sandbox but bin/: kind, mode and content hash (or link target)."""
        state = {}
        for dirpath, dirnames, filenames in os.walk(self.root):
            rel_dir = os.path.relpath(dirpath, self.root)
            if rel_dir == "bin":
                dirnames[:] = []
                continue
            for name in dirnames + filenames:
                path = os.path.join(dirpath, name)
                rel = os.path.normpath(os.path.join(rel_dir, name))
                st = os.lstat(path)
                mode = st.st_mode
                if os.path.islink(path):
                    state[rel] = ("link", os.readlink(path))
                elif os.path.isdir(path):
                    state[rel] = ("dir", oct(mode & 0o7777))
                elif stat_is_fifo(mode):
                    state[rel] = ("fifo", oct(mode & 0o7777))
                else:
                    with open(path, "rb") as f:
                        digest = hashlib.sha256(f.read()).hexdigest()[:16]
                    state[rel] = ("file", oct(mode & 0o7777), st.st_size, digest)
        return state


def stat_is_fifo(mode):
    import stat
    return stat.S_ISFIFO(mode)


def ignorable(rel, entry):
    """The store's -shm, and an empty -wal: SQLite's own, not a change to the data."""
    if rel.endswith("-shm"):
        return True
    return rel.endswith("-wal") and entry[0] == "file" and entry[2] == 0


def diff(before, after):
    changes = []
    for rel in sorted(set(before) | set(after)):
        a, b = before.get(rel), after.get(rel)
        if a == b:
            continue
        if a is None:
            if not ignorable(rel, b):
                changes.append(f"+{rel}")
        elif b is None:
            if not ignorable(rel, a):
                changes.append(f"-{rel}")
        elif not (ignorable(rel, a) and ignorable(rel, b)):
            changes.append(f"~{rel}")
    return changes


def mutate_token(rng, token):
    if token and rng.random() < 0.5:
        i = rng.randrange(len(token) + 1)
        choice = rng.random()
        if choice < 0.4:
            return token[:i] + rng.choice(CHAR_POOL) + token[i:]
        if choice < 0.6:
            return token[:i] + token[i + 1:]
        if choice < 0.8:
            return token[:i]
        return token * rng.choice([2, 3, 100])
    return token + rng.choice(CHAR_POOL)


def command_option(rng, argv):
    """An option the command takes, with a value worth trying (or a bare word)."""
    choices = COMMAND_OPTIONS.get(argv[0] if argv else "", [])
    if not choices:
        return list(rng.choice(OPTION_PAIRS))
    option, kind = rng.choice(choices)
    if option == "input":
        return [rng.choice(VALUES["input"])]
    return [option] if kind is None else [option, rng.choice(VALUES[kind])]


def make_case(seed, index):
    """(argv, environment changes, mutated) of run `index`: a function of (seed, index) only."""
    rng = random.Random(f"habit-cli-fuzz:{seed}:{index}")
    argv = shlex.split(rng.choice(BASE_COMMANDS))
    env = {}
    if rng.random() < 0.04:
        return argv, env, False  # now and then a valid command as it is: it must succeed
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 4])):
        op = rng.random()
        pos = rng.randrange(len(argv) + 1)
        if op < 0.08 and len(argv) >= 2:
            i, j = rng.sample(range(len(argv)), 2)
            argv[i], argv[j] = argv[j], argv[i]
        elif op < 0.14 and argv:
            del argv[rng.randrange(len(argv))]
        elif op < 0.18 and argv:
            argv.insert(pos, argv[rng.randrange(len(argv))])
        elif op < 0.26:
            argv.insert(pos, rng.choice(OPTION_STRINGS))
        elif op < 0.40 and argv:
            argv[rng.randrange(len(argv))] = rng.choice(INTERESTING_VALUES)
        elif op < 0.45 and argv:
            argv[rng.randrange(len(argv))] = rng.choice(PATH_TOKENS)
        elif op < 0.52:
            argv[pos:pos] = rng.choice(OPTION_PAIRS)
        elif op < 0.74:
            argv[max(1, pos):max(1, pos)] = command_option(rng, argv)
        elif op < 0.84 and argv:
            i = rng.randrange(len(argv))
            argv[i] = mutate_token(rng, argv[i])
        elif op < 0.90:
            argv.append("--json")
        else:
            key, value = rng.choice(ENV_MUTATIONS)
            env[key] = value
    return argv, env, True


def safe(argv, env):
    """Whether the case stays inside the sandbox: no crontab, no systemd, no program run, and
    /dev/zero only read as an import's file."""
    for i, token in enumerate(argv):
        if token in FORBIDDEN_TOKENS or "command" in token:
            return False
        if "@DEVZERO" in token:
            if token != "@DEVZERO" or argv[0] != "import" or i == 0 or argv[i - 1] not in ("import", "--dry-run"):
                return False
    if any(t == "@FIFO" and i > 0 and argv[i - 1] == "--output" for i, t in enumerate(argv)):
        return False  # writing to a named pipe waits for its reader, by design (Standards/security.md)
    if argv[0] == "demo" and any(t.isdigit() and 1000 < int(t) <= 36500 for t in argv):
        return False  # a valid demo of up to 100 years takes a minute: slow, not hung
    return all(v is None or "@DEVZERO" not in v for v in env.values())


def case_for(seed, index):
    """The case of run `index`; an unsafe draw is redrawn deterministically."""
    for attempt in range(100):
        argv, env, mutated = make_case(seed, index if attempt == 0 else f"{index}.{attempt}")
        if argv and safe(argv, env):
            return argv, env, mutated
    return ["streak"], {}, False


HELPISH = {"--help", "-h", "--version", "help"}
READ_ONLY = {("streak",), ("calendar",), ("overview",), ("today",), ("timeline",), ("export",), ("log", "list"), ("remind", "list"),
             ("habits",), ("score",), ("stats",), ("status",), ("notes",), ("access",), ("access", "list"),
             ("remind", "cron"), ("config", "get"), ("config", "list")}


def command_path(argv):
    words = []
    for token in argv:
        if token.startswith("-") or len(words) == 2:
            break
        words.append(token)
    return tuple(words)


def is_read_only(argv):
    path = command_path(argv)
    # `access` lists, but `access allow|deny` write: only the listing is read-only.
    if path[:1] == ("access",):
        return path in {("access",), ("access", "list")}
    if path[:1] in READ_ONLY or path[:2] in READ_ONLY:
        return True
    if path[:1] == ("changes",) and not any(t == "--save" or t.startswith("--save=") for t in argv):
        return True
    return path[:1] == ("import",) and "--dry-run" in argv


VALUE_OPTIONS = {"--at", "--end", "--date", "--note", "--db", "--source", "--met", "--title", "--message", "--days",
                 "--output", "--format", "--since", "--anchor", "--save", "--type", "--from", "--to", "--habit",
                 "--lookback", "--unit", "--at-least", "--at-most", "--per", "--times", "--sources", "--name", "--seed",
                 "--time", "--activity", "--notify"}


def json_expectation(argv):
    """'json', 'ndjson' or None: what a successful run must print on stdout."""
    if any(t in HELPISH for t in argv):
        return None
    # `--json` right after an option that takes a value is that option's value (habit's value
    # options read the next word whatever it looks like: `--note --json` is a note), not the flag.
    if any(t == "--json" and (i == 0 or argv[i - 1] not in VALUE_OPTIONS) for i, t in enumerate(argv)):
        return "json"
    if argv[:1] == ["export"] and not any(t == "--output" or t.startswith("--output=") for t in argv):
        fmt = "ndjson"
        for i, t in enumerate(argv):
            if t == "--format" and i + 1 < len(argv):
                fmt = argv[i + 1]
            elif t.startswith("--format="):
                fmt = t.split("=", 1)[1]
        return fmt if fmt in ("json", "ndjson") else None
    return None


CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


UUID_ARGUMENT = re.compile(r"^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[0-9a-fA-F]{8,32})$")
OUT_OF_RANGE_YEAR = re.compile(r"^(0\d{3}|1[0-8]\d\d|19[0-6]\d|210[1-9]|21[1-9]\d|2[2-9]\d\d|[3-9]\d{3})-\d\d")


def acceptance_failures(argv):
    """What a successful run must not have accepted (issue 11 #1, #6). A run that asked for help or
    the version (anywhere on the line) stores nothing: ArgumentParser prints and exits 0 first."""
    failures = []
    if any(token in HELPISH for token in argv):
        return failures
    path = command_path(argv)
    if path[:1] == ("delete",) and len(path) == 2 and not UUID_ARGUMENT.match(path[1]):
        failures.append(("accepted", "delete accepted an id that is neither a UUID nor a hex prefix of 8+"))
    if path[:1] == ("log",):
        for i, token in enumerate(argv[:-1]):
            value = argv[i + 1]
            if token in ("--at", "--end", "--date") and OUT_OF_RANGE_YEAR.match(value):
                failures.append(("accepted", f"log accepted {token} outside 1970–2100"))
    return failures


def judge(result, argv, mutated, before, after, store_before, store_after):
    """The failures of one run: a list of (kind, detail)."""
    status, stdout, stderr = result
    failures = []
    if status == "hang":
        return [("hang", "still running after the timeout")]
    if status < 0 or status >= 128:
        sig = -status if status < 0 else status - 128
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = f"signal {sig}"
        return [("crash", f"{name} (status {status})")]
    text = stderr.decode("utf-8", errors="replace")
    if status != 0 and not mutated and " ".join(argv) not in MAY_FAIL:
        failures.append(("valid", f"a valid command failed with {status}"))
    if status != 0:
        if status not in FAILURE_STATUSES:
            failures.append(("status", f"exit {status} is not one of Standards/json.md's statuses"))
        lines = text.split("\n")
        if text.count("\n") != 1 or not text.endswith("\n") or not text.strip():
            failures.append(("message", f"{len([l for l in lines if l])} stderr lines, expected one"))
        elif CONTROL.search(text[:-1]):
            failures.append(("message", "control characters in the error line"))
        changes = diff(before, after)
        if changes:
            failures.append(("changed", "on failure: " + " ".join(changes[:6])))
        return failures
    failures += acceptance_failures(argv)
    if is_read_only(argv):
        if store_before is not None and store_after != store_before and (
                store_after is None or store_data(store_before) is None or store_data(store_after) != store_data(store_before)):
            failures.append(("read-only", "the store's data changed"))
        if store_after is not None and not store_after.startswith(b"SQLite format 3\x00"):
            failures.append(("read-only", "the store is no longer an SQLite database"))
    expected = json_expectation(argv)
    out = stdout.decode("utf-8", errors="replace")
    try:
        if expected == "json":
            json.loads(out)
        elif expected == "ndjson":
            for line in out.splitlines():
                if line.strip():
                    json.loads(line)
    except ValueError as e:
        failures.append(("json", f"invalid {expected} on stdout: {e}"))
    return failures


KNOWN_COMMANDS = {"log", "streak", "calendar", "overview", "today", "timeline", "remind", "import", "export", "changes",
                  "delete", "undo", "demo", "config", "help", "notes", "access", "ask", "refresh"}


def failure_class(kind, detail, argv):
    """Failures that are most likely one bug share a class: kind, what, and for crashes, hangs
    and changes the (sub)command."""
    path = command_path(argv)
    words = [w for w in path if w in KNOWN_COMMANDS or w in ("list", "add", "check", "set", "get")] or ["?"]
    if kind == "message":
        what = "more than one line" if "lines" in detail else detail
    elif kind == "changed":
        what = " ".join(words[:2]) + ": " + " ".join(re.sub(r"run/|habit-cli-fuzz-\w+/", "", c) for c in detail.split()[2:4])
    elif kind in ("crash", "hang", "json", "read-only", "valid", "status"):
        what = " ".join(words[:2]) + ": " + detail
    else:
        what = detail
    return kind, what


# Derived data a read may keep in the store (Standards/data-consistency.md, "Kept day totals").
DERIVED_TABLES = {"dayTotal", "dayTotalDays", "dayTotalDirty"}


def store_data(raw):
    """The store's data from its bytes: schema, user_version, application_id and every row of every
    table but the derived ones; None when SQLite cannot read it."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "store.sqlite")
        with open(path, "wb") as f:
            f.write(raw)
        try:
            con = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
            try:
                data = [con.execute("PRAGMA user_version").fetchone(), con.execute("PRAGMA application_id").fetchone()]
                tables = []
                for row in con.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"):
                    data.append(row)
                    if row[0] == "table" and not row[1].startswith("sqlite_") and row[1] not in DERIVED_TABLES:
                        tables.append(row[1])
                for table in tables:
                    rows = con.execute(f'SELECT * FROM "{table}"').fetchall()
                    data.append((table, sorted(rows, key=repr)))
                return data
            finally:
                con.close()
        except sqlite3.Error:
            return None


def read_store(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def run_case(binary, sandbox, argv, env_changes, timeout):
    sandbox.make()
    env = sandbox.env()
    for key, value in env_changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = sandbox.resolve(value)
    args = [sandbox.resolve(t) for t in argv]
    before = sandbox.snapshot()
    store_before = read_store(sandbox.paths["@STORE"])
    for attempt in range(50):
        try:
            proc = subprocess.Popen([binary] + args, env=env, cwd=f"{sandbox.root}/cwd", stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
            break
        except OSError as e:  # ETXTBSY: the binary is being rebuilt; wait for the linker
            if e.errno != errno.ETXTBSY or attempt == 49:
                raise
            time.sleep(0.2)
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
        status = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        stdout, stderr = proc.communicate()
        status = "hang"
    after = sandbox.snapshot()
    store_after = read_store(sandbox.paths["@STORE"])
    return (status, stdout, stderr), before, after, store_before, store_after


def bash_quote(text):
    """shlex.quote, or bash's $'…' when the text holds control characters (shown escaped)."""
    if not any(ord(c) < 0x20 or ord(c) == 0x7F for c in text):
        return shlex.quote(text)
    out = ""
    for c in text:
        if c == "\\" or c == "'":
            out += "\\" + c
        elif c == "\n":
            out += "\\n"
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out += f"\\x{ord(c):02x}"
        else:
            out += c
    return "$'" + out + "'"


def printable(word):
    return word if word.isprintable() and word.isascii() else repr(word)


def show(argv, env_changes):
    """The command as a person would type it, sandbox paths by name ($STORE, …)."""
    names = sorted(PATH_TOKENS + ["@NEWSTORE"], key=len, reverse=True)
    pattern = re.compile("(" + "|".join(re.escape(n) for n in names) + ")")

    def word(token):
        parts = [p for p in pattern.split(token) if p]
        if not parts:
            return "''"
        return "".join(f'"${p[1:]}"' if p in names else bash_quote(p) for p in parts)
    fixed = {"HABIT_NOW": NOW, "TZ": TZ}
    fixed.update(env_changes)
    unset = [k for k, v in fixed.items() if v is None]
    prefix = "".join(f"-u {k} " for k in unset)
    prefix = ("env " + prefix if unset else "") + "".join(f"{k}={word(v)} " for k, v in fixed.items() if v is not None)
    return prefix + "habit " + " ".join(word(t) for t in argv)


def make_base_store(binary, folder, timeout):
    """A small store: demo days, own logs of each habit, reminders, a saved anchor, an import."""
    sandbox = Sandbox(f"{folder}/setup", base_store="/nonexistent")
    sandbox.make()
    env = sandbox.env()
    env["HABIT_DB"] = f"{folder}/base.sqlite"
    steps = [
        "demo --days 45 --seed 3", "log meditate 12m --at 07:30", "log workout hiit 25m --at 'yesterday 18:00'",
        # Reminders at other times than BASE_COMMANDS' (a reminder that repeats another is refused).
        "log alcohol 2", "log alcohol steady --date -2", "remind add meditate 06:30",
        "remind add workout 17:15 --days mon-fri --lookback 8h", "config set weight 72",
        "changes --since 0 --save sync", "import @EXPORT",
        "add floss", "add water --unit glass --at-least 8 --tag health", "add reading --unit min --at-least 150 --per week",
        "log floss --date -1", "log water 3", "skip floss -3",
    ]
    for step in steps:
        args = [sandbox.resolve(t) for t in shlex.split(step)]
        done = subprocess.run([binary] + args, env=env, cwd=f"{sandbox.root}/cwd", stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=timeout * 4)
        if done.returncode != 0:
            sys.exit(f"cli-fuzz: cannot make the seeded store: 'habit {step}' exited {done.returncode}: "
                     + done.stderr.decode(errors="replace").strip())
    out = subprocess.run([binary, "export", "--format", "ndjson", "--all-sources"], env=env, capture_output=True,
                         timeout=timeout * 4).stdout.decode()
    uuids = []
    for line in out.splitlines():
        obj = json.loads(line)
        item = obj.get("sample") or obj.get("workout") or {}
        if not str(item.get("source", "")).startswith("dev.habit") and "uuid" in item:
            uuids.append(item["uuid"])  # imported: its UUID is made from its content, the same every time
    if not uuids:
        sys.exit("cli-fuzz: cannot make the seeded store: its export lists no imported entry")
    uuid = min(uuids)
    # The shortest prefix of 8+ characters no other entry shares (imported UUIDs start with the
    # start time, so records close in time share their first 8).
    prefix = next(uuid[:n] for n in range(8, 37) if uuid[n - 1] != "-" and not any(
        u != uuid and u.startswith(uuid[:n]) for u in uuids))
    # Last, as it may make exports fail: refusing it is right; today it stores ±inf and years 0/10000.
    args = [sandbox.resolve(t) for t in ["import", "@HOSTILE"]]
    subprocess.run([binary] + args, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout * 4)
    return f"{folder}/base.sqlite", uuid, prefix


def main():
    parser = argparse.ArgumentParser(description="Seeded command-line fuzzer for habit (see the file's docstring).")
    parser.add_argument("--binary", required=True, help="the habit executable")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=500, help="at most this many runs")
    parser.add_argument("--max-seconds", type=float, default=600, help="stop starting runs after this long")
    parser.add_argument("--timeout", type=float, default=5, help="seconds before a run counts as a hang")
    parser.add_argument("--replay", type=int, help="run only this index, and show its output")
    parser.add_argument("--command", help="judge this one command instead (shell words; @STORE, @FIFO, … allowed)")
    parser.add_argument("--keep", metavar="DIR", help="copy each failing run's sandbox here")
    parser.add_argument("--quiet", action="store_true", help="print only the summary and the distinct failures")
    opts = parser.parse_args()

    binary = os.path.abspath(opts.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"cli-fuzz: {binary} is not an executable")
    folder = tempfile.mkdtemp(prefix="habit-cli-fuzz-")
    started = time.monotonic()
    try:
        base_store, uuid, prefix = make_base_store(binary, folder, opts.timeout)
        sandbox = Sandbox(f"{folder}/run", base_store)
        if opts.command is not None:
            opts.replay = -1
        indexes = [opts.replay] if opts.replay is not None else range(opts.runs)
        passed = failed = 0
        distinct = {}
        replay = f"python3 {shlex.quote(os.path.relpath(__file__))} --binary {shlex.quote(opts.binary)} --seed {opts.seed} --replay"
        for index in indexes:
            if opts.replay is None and time.monotonic() - started > opts.max_seconds:
                print(f"cli-fuzz: time is up after {passed + failed} runs")
                break
            if opts.command is not None:
                argv, env_changes, mutated = shlex.split(opts.command), {}, True
            else:
                argv, env_changes, mutated = case_for(opts.seed, index)
            argv = [uuid if t == "@UUID" else prefix if t == "@UUIDPREFIX" else t for t in argv]
            result, before, after, store_before, store_after = run_case(binary, sandbox, argv, env_changes, opts.timeout)
            failures = judge(result, argv, mutated, before, after, store_before, store_after)
            if opts.replay is not None:
                status, stdout, stderr = result
                print(f"run {index}: {show(argv, env_changes)}")
                print(f"  sandbox: {sandbox.root} ($STORE is {sandbox.paths['@STORE']})")
                print(f"  status:  {status}")
                print(f"  stdout:  {stdout[:2000]!r}")
                print(f"  stderr:  {stderr[:2000]!r}")
                print(f"  changed: {' '.join(diff(before, after)) or 'nothing'}")
            if not failures:
                passed += 1
                continue
            failed += 1
            status, _, stderr = result
            first = stderr.decode("utf-8", errors="replace").split("\n")[0][:200]
            for kind, detail in failures:
                key = failure_class(kind, detail, argv)
                distinct.setdefault(key, []).append(index)
                if not opts.quiet:
                    print(f"FAIL run {index} [{kind}] {detail}")
            if not opts.quiet:
                print(f"  command: {show(argv, env_changes)}")
                print(f"  status {status}; stderr: {first!r}")
                print(f"  replay:  {replay} {index}")
            if opts.keep:
                shutil.copytree(sandbox.root, os.path.join(opts.keep, f"run-{index}"), symlinks=True,
                                ignore=lambda d, names: [n for n in names if n == "fifo"])
        elapsed = time.monotonic() - started
        if distinct and opts.replay is None:
            print("cli-fuzz: distinct failures (kind, command, what; runs):")
            for (kind, what), runs in sorted(distinct.items(), key=lambda kv: (kv[0][0], -len(kv[1]))):
                shown = ", ".join(str(r) for r in runs[:5]) + (", …" if len(runs) > 5 else "")
                print(f"  {kind:9} {what[:80]:80} {len(runs):4}× runs {shown}")
                argv0, env0, _ = case_for(opts.seed, runs[0])
                print(f"            e.g. {show(argv0, env0)}")
                print(f"            replay: {replay} {runs[0]}")
        print(f"cli-fuzz: {passed} passed, {failed} failed ({passed + failed} runs in {elapsed:.1f} s, seed {opts.seed})")
        return 1 if failed else 0
    finally:
        if opts.replay is None:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            print(f"  (the sandbox is kept: {folder})")


if __name__ == "__main__":
    sys.exit(main())
