#!/usr/bin/env python3
"""Issue 12 benchmark: `habit streak` and `habit calendar` with 20 habits of one's own (every
kind and period, two of them on imported steps and sleep) on 10 years of daily data, next to
the built-ins' 10 years of demo data. Medians of --runs runs each.

The store is made by the binary (`habit demo`, then `habit add` for each habit when the binary
has it; else the habit rows are written in SQL as schema v5 defines them). The habits' samples
are written straight into the store in one transaction, as `habit log NAME` and `habit import`
would store them (Sources/HabitKit/Store/Migrations/V04InternedTextStoreIdentity.swift and
V05OwnHabitsSkips.swift): type `dev.habit.habit.<id>`
interned in sampleType, unit interned, the app's source (imported ones: an external source),
one anchor each from changeCounter.

Usage: python3 Benchmarks/own_habits.py [--runs 30] [--years 10] [--keep]
Target: <= 50 ms each.
"""
import argparse
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import uuid
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

sys.path.insert(0, os.path.dirname(__file__))
from benchlib import fmt, measure, release_link_flags  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ZONE = "Europe/Berlin"
NOW = "2025-10-26T20:00:00+01:00"
TODAY = date(2025, 10, 26)

# name, kind, unit, goal, target, per, times, from (short name for `habit add`, identifier), amounts per entry
HABITS = [
    ("floss", "yes-no", None, None, None, "day", 1, None, None),
    ("vitamins", "yes-no", None, None, None, "day", 1, None, None),
    ("journal", "yes-no", None, None, None, "day", 1, None, None),
    ("stretch", "yes-no", None, None, None, "day", 1, None, None),
    ("water", "quantity", "glass", "atLeast", 8, "day", 1, None, (1, 4)),
    ("pushups", "quantity", "count", "atLeast", 50, "day", 1, None, (10, 40)),
    ("reading", "quantity", "min", "atLeast", 20, "day", 1, None, (5, 30)),
    ("coffee", "quantity", "cup", "atMost", 2, "day", 1, None, (1, 2)),
    ("sugar", "quantity", "g", "atMost", 30, "day", 1, None, (5, 25)),
    ("screen", "quantity", "h", "atMost", 3, "day", 1, None, (1, 2)),
    ("gym", "yes-no", None, None, None, "week", 3, None, None),
    ("run", "yes-no", None, None, None, "week", 2, None, None),
    ("swim", "yes-no", None, None, None, "month", 4, None, None),
    ("call-mom", "yes-no", None, None, None, "week", 1, None, None),
    ("cello", "quantity", "min", "atLeast", 150, "week", 1, None, (20, 60)),
    ("km-run", "quantity", "km", "atLeast", 20, "week", 1, None, (3, 12)),
    ("pages", "quantity", "page", "atLeast", 300, "month", 1, None, (5, 40)),
    ("takeout", "quantity", "meal", "atMost", 4, "week", 1, None, (1, 1)),
    ("steps", "quantity", "count", "atLeast", 8000, "day", 1, ("steps", "HKQuantityTypeIdentifierStepCount"), None),
    ("sleep", "quantity", "min", "atLeast", 420, "day", 1, ("sleep", "HKCategoryTypeIdentifierSleepAnalysis"), None),
]

IMPORTED_SOURCE = ("healthkit-import:Alex’s iPhone", "Alex’s iPhone")
SLEEP_STAGES = ["AsleepCore", "AsleepDeep", "AsleepREM", "Awake", "AsleepCore"]


def build_release():
    """The release binary with a static Swift stdlib, in a build folder of its own."""
    args = ["swift", "build", "-c", "release", "--product", "habit", "--static-swift-stdlib", "--build-path", ".build-release"] \
        + release_link_flags(ROOT)
    subprocess.run(args, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return os.path.join(ROOT, ".build-release", "release", "habit")


def add_arguments(h):
    name, kind, unit, goal, target, per, times, source, _ = h
    argv = ["add", name]
    if source:
        argv += ["--from", source[0], "--sources", "all"]
    if unit and not source:
        argv += ["--unit", unit]
    if goal:
        argv += ["--at-least" if goal == "atLeast" else "--at-most", str(target)]
    if per != "day":
        argv += ["--per", per]
    if times != 1:
        argv += ["--times", str(times)]
    return argv


def add_habits(binary, env, db):
    """Adds the habits with `habit add` when the binary has it, else as rows; returns {name: id}."""
    # Without an `add` command, `habit add --help` prints the root help (exit 0): look for its usage line.
    usage = subprocess.run([binary, "add", "--help"], env=env, capture_output=True, text=True).stdout
    has_add = "USAGE: habit add" in usage
    if has_add:
        for h in HABITS:
            subprocess.run([binary] + add_arguments(h), env=env, check=True, stdout=subprocess.DEVNULL)
    else:
        created = datetime.fromisoformat(NOW).timestamp()
        with sqlite3.connect(db) as con:
            for name, kind, unit, goal, target, per, times, source, _ in HABITS:
                con.execute("""INSERT INTO habit (id, name, kind, unit, goal, target, per, times, fromType, sources, since,
                               archived, created, modified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)""",
                            (str(uuid.uuid4()), name, kind, unit, goal, target, per, times, source[1] if source else None,
                             "all" if source else "app", TODAY.isoformat(), created, created))
    with sqlite3.connect(db) as con:
        return dict(con.execute("SELECT name, id FROM habit"))


def day_instant(zone, d, hour, minute):
    return datetime(d.year, d.month, d.day, hour, minute, tzinfo=zone).timestamp()


def samples(habit, days, rng, zone):
    """(start, end, value, unit, metadata, imported) rows for one habit over `days`."""
    name, kind, unit, goal, target, per, times, source, amounts = habit
    rows = []
    for d in days:
        if source and source[0] == "steps":
            for hour in (8, 10, 12, 14, 16, 18, 20, 22):  # the phone writes steps in chunks through the day
                t = day_instant(zone, d, hour, rng.randrange(60))
                rows.append((t, t + 600, float(rng.randrange(200, 2000)), "count", None, True))
            continue
        if source and source[0] == "sleep":
            t = day_instant(zone, d, 22, rng.randrange(60))
            for stage in SLEEP_STAGES:  # a night: stages from about 22:30 to 06:30
                length = rng.randrange(40, 120) * 60
                rows.append((t, t + length, None, None, json.dumps({"categoryValue": "HKCategoryValueSleepAnalysis" + stage}), True))
                t += length
            continue
        # Most days for daily habits; for period ones a little more often than the target asks.
        if kind == "yes-no" and per != "day":
            chance = min(1.2 * times / (7 if per == "week" else 30), 0.95)
        else:
            chance = 0.8
        if rng.random() >= chance:
            continue
        for _ in range(1 if kind == "yes-no" else rng.randrange(1, 4)):
            t = day_instant(zone, d, rng.randrange(6, 23), rng.randrange(60))
            value = 1.0 if kind == "yes-no" else float(rng.randrange(amounts[0], amounts[1] + 1))
            rows.append((t, t, value, unit or "count", json.dumps({"habit": name}, separators=(",", ":")), False))
    return rows


def fill(db, ids, years, seed):
    """Writes every habit's samples over `years` years up to today, in one transaction."""
    rng = random.Random(seed)
    zone = ZoneInfo(ZONE)
    first = TODAY - timedelta(days=years * 365 + years // 4)
    days = [first + timedelta(days=i) for i in range((TODAY - first).days + 1)]
    con = sqlite3.connect(db)
    con.execute("BEGIN IMMEDIATE")
    app = con.execute("SELECT id FROM source WHERE bundleId = 'dev.habit'").fetchone()
    if app is None:
        con.execute("INSERT INTO source (bundleId, name, isApp) VALUES ('dev.habit', 'habit', 1)")
        app = con.execute("SELECT id FROM source WHERE bundleId = 'dev.habit'").fetchone()
    con.execute("INSERT OR IGNORE INTO source (bundleId, name, isApp) VALUES (?, ?, 0)", IMPORTED_SOURCE)
    imported = con.execute("SELECT id FROM source WHERE bundleId = ?", (IMPORTED_SOURCE[0],)).fetchone()
    anchor = con.execute("SELECT value FROM changeCounter WHERE id = 1").fetchone()[0]
    created = datetime.fromisoformat(NOW).timestamp()

    def interned(table, column, text):
        con.execute(f"INSERT OR IGNORE INTO {table} ({column}) VALUES (?)", (text,))
        return con.execute(f"SELECT id FROM {table} WHERE {column} = ?", (text,)).fetchone()[0]

    count = 0
    for h in HABITS:
        type_name = h[7][1] if h[7] else "dev.habit.habit." + ids[h[0]]
        type_id = interned("sampleType", "identifier", type_name)
        batch = []
        for start, end, value, unit, metadata, is_imported in samples(h, days, rng, zone):
            anchor += 1
            offset = int(datetime.fromtimestamp(start, zone).utcoffset().total_seconds())
            batch.append((str(uuid.UUID(int=rng.getrandbits(128), version=4)), type_id, start, end, value,
                          interned("unit", "name", unit) if unit else None, (imported if is_imported else app)[0],
                          metadata, created, offset, ZONE, anchor))
        con.executemany("""INSERT INTO sample (uuid, typeId, start, "end", value, unitId, sourceId, metadata, created,
                           utcOffset, timeZone, anchor) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", batch)
        count += len(batch)
    con.execute("UPDATE changeCounter SET value = ? WHERE id = 1", (anchor,))
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return count


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--keep", action="store_true", help="keep the store and print its path")
    args = parser.parse_args()

    binary = build_release()
    work = tempfile.mkdtemp(prefix="habit-bench-")  # 0700: habit refuses stores in world-writable folders
    db = os.path.join(work, "habit.sqlite")
    env = dict(os.environ, HABIT_DB=db, TZ=ZONE, HABIT_NOW=NOW, NO_COLOR="1")
    days = args.years * 365 + args.years // 4
    subprocess.run([binary, "demo", "--days", str(days), "--seed", "7"], env=env, check=True, stdout=subprocess.DEVNULL)
    print(f"-- the 3 built-ins alone, {args.years} years of demo data (the baseline)")
    for command in (["streak"], ["calendar"]):
        print(fmt("habit " + " ".join(command), measure([binary] + command, env, args.runs)))
    ids = add_habits(binary, env, db)
    added = fill(db, ids, args.years, args.seed)

    # The data are what the commands see: every habit listed, with streaks.
    streak = json.loads(subprocess.run([binary, "streak", "--json"], env=env, check=True, capture_output=True, text=True).stdout)
    listed = {h["habit"]: h for h in streak["habits"]}
    missing = [h[0] for h in HABITS if h[0] not in listed]
    if missing:
        sys.exit(f"habit streak does not list {missing}")
    total = sqlite3.connect(db).execute("SELECT count(*) FROM sample").fetchone()[0]
    print(f"-- {len(HABITS)} own habits + 3 built-ins, {args.years} years: {added:,} habit samples, {total:,} samples in the store")
    print("   current streaks: " + ", ".join(f"{n} {listed[n]['current']}" for n in [h[0] for h in HABITS]))
    for command in (["streak"], ["calendar"], ["calendar", "--year"], ["streak", "--habit", "floss"],
                    ["streak", "--habit", "sleep"]):
        print(fmt("habit " + " ".join(command), measure([binary] + command, env, args.runs)))
    if args.keep:
        print(f"store kept: {db}")
    else:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
