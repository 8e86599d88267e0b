#!/usr/bin/env python3
"""Issue 28 point 6 benchmark, "reads flat in the data": `habit streak`, `habit calendar`,
`habit today`, `habit status --format waybar`, `habit score` and `habit streak --all-sources` on 10 years of demo data, 20 own
habits (12 logged, 8 on imported types with `--from`) and N imported records, for several N, two
binaries; each run of a command takes every N and both binaries in turn (the order reversed every
other run), so the sizes are compared in the same minutes too. Not a test: run it by hand, with no
build running. Builds nothing: give it two binaries (the same one twice is fine).

The store, made once and reused for every N: `habit demo --days 3652 --seed 7` and `habit add`
for the 20 habits, both by the BEFORE binary; the 12 logged habits' entries (10 years, 1–3 a day
as own_habits.py writes them) straight into the store in one transaction. Then per N a copy of it
gets N imported records from one external source (com.example.watch, "Watch"), spread evenly over
the 8 types and the 10 years up to 2025-10-26 (quantities: short intervals whose values add up to
a plausible day; sleep: consecutive stages through each night; mindful: 10-minute sessions),
written in SQL in one transaction as `habit import` stores them (Sources/HabitKit/Store/Migrations/:
types and units interned, one anchor each from changeCounter). Each binary runs on its OWN copy
of that store (and its own HOME), so a cache one binary writes into the store or beside it is
never read by the other. Before the timing, each command runs once per binary untimed (it may
fill its cache) and the two binaries' stdout is compared.

Wall time from perf_counter around posix_spawn/wait4, CPU time (user + system) from the child's
rusage (benchlib.run_once); medians of --runs.

Usage: python3 Benchmarks/reads_flat.py --binaries BEFORE AFTER [--sizes 300000,1000000,3000000]
       [--runs 9] [--keep] [--work DIR] [--commands streak,streak-all]
Targets (issue 28): streak, calendar, today, score <= 25 ms and status <= 15 ms at N = 1,000,000;
the largest N's figures <= 1.2x the smallest's (3M vs 300k).
"""
import argparse
import hashlib
import json
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import run_once  # noqa: E402

ZONE = "Europe/Berlin"
NOW = "2025-10-26T20:00:00+01:00"
TODAY = date(2025, 10, 26)
DAYS = 3652  # 10 years

COMMANDS = [
    ("streak", ["streak"]),
    ("calendar", ["calendar"]),
    ("today", ["today"]),
    ("status", ["status", "--format", "waybar"]),
    ("score", ["score"]),
    ("streak-all", ["streak", "--all-sources"]),  # issue 48: flat too (the built-ins of every source)
    ("overview", ["overview", "--days", "60"]),  # issue 49: every habit × 60 days and the daily share
]
# ms at N = 1,000,000 (issue 28; --all-sources: streak_calendar.py's target)
TARGETS = {"streak": 25, "calendar": 25, "today": 25, "status": 15, "score": 25, "streak-all": 100, "overview": 25}
TARGET_N = 1_000_000
FLAT = 1.2  # largest N / smallest N

# Own habits, as in own_habits.py: name, kind, unit, goal, target, per, times, from, amounts per entry.
# 12 logged (yes-no and quantity, day/week/month), then 8 on imported types.
HABITS = [
    ("floss", "yes-no", None, None, None, "day", 1, None, None),
    ("vitamins", "yes-no", None, None, None, "day", 1, None, None),
    ("water", "quantity", "glass", "atLeast", 8, "day", 1, None, (1, 4)),
    ("reading", "quantity", "min", "atLeast", 20, "day", 1, None, (5, 30)),
    ("coffee", "quantity", "cup", "atMost", 2, "day", 1, None, (1, 2)),
    ("gym", "yes-no", None, None, None, "week", 3, None, None),
    ("run", "yes-no", None, None, None, "week", 2, None, None),
    ("swim", "yes-no", None, None, None, "month", 4, None, None),
    ("cello", "quantity", "min", "atLeast", 150, "week", 1, None, (20, 60)),
    ("km-run", "quantity", "km", "atLeast", 20, "week", 1, None, (3, 12)),
    ("pages", "quantity", "page", "atLeast", 300, "month", 1, None, (5, 40)),
    ("takeout", "quantity", "meal", "atMost", 4, "week", 1, None, (1, 1)),
    ("steps", "quantity", None, "atLeast", 8000, "day", 1, "steps", None),
    ("sleep", "quantity", None, "atLeast", 420, "day", 1, "sleep", None),
    ("mindful", "quantity", None, "atLeast", 10, "day", 1, "mindful", None),
    ("active-energy", "quantity", None, "atLeast", 500, "day", 1, "active-energy", None),
    ("exercise", "quantity", None, "atLeast", 30, "day", 1, "exercise", None),
    ("distance", "quantity", None, "atLeast", 5, "day", 1, "distance", None),
    ("flights", "quantity", None, "atLeast", 10, "day", 1, "HKQuantityTypeIdentifierFlightsClimbed", None),
    ("cycling", "quantity", None, "atLeast", 10, "day", 1, "HKQuantityTypeIdentifierDistanceCycling", None),
]
BUILTINS = ["meditate", "workout", "noalc"]

# The imported types: name, identifier, unit, a day's mean total (None: sleep and mindful, no value).
IMPORTED = [
    ("steps", "HKQuantityTypeIdentifierStepCount", "count", 9000),
    ("sleep", "HKCategoryTypeIdentifierSleepAnalysis", None, None),
    ("mindful", "HKCategoryTypeIdentifierMindfulSession", None, None),
    ("active-energy", "HKQuantityTypeIdentifierActiveEnergyBurned", "kcal", 550),
    ("exercise", "HKQuantityTypeIdentifierAppleExerciseTime", "min", 35),
    ("distance", "HKQuantityTypeIdentifierDistanceWalkingRunning", "km", 6.5),
    ("flights", "HKQuantityTypeIdentifierFlightsClimbed", "count", 12),
    ("cycling", "HKQuantityTypeIdentifierDistanceCycling", "km", 11),
]
WATCH = ("com.example.watch", "Watch")
SLEEP_STAGES = ["AsleepCore", "AsleepDeep", "AsleepREM", "Awake", "AsleepCore"]
SLEEP_METADATA = [json.dumps({"categoryValue": "HKCategoryValueSleepAnalysis" + s}) for s in SLEEP_STAGES]
CHUNK = 100_000


def make_env(home, db):
    return {"PATH": "/usr/bin:/bin", "HOME": home, "TZ": ZONE, "LC_ALL": "C", "NO_COLOR": "1",
            "HABIT_NOW": NOW, "HABIT_DB": db}


def private_dir(parent, name):
    path = os.path.join(parent, name)
    os.makedirs(path, mode=0o700)  # habit refuses stores in world-writable folders
    return path


def add_arguments(h):
    name, kind, unit, goal, target, per, times, source, _ = h
    argv = ["add", name]
    if source:
        argv += ["--from", source, "--sources", "all"]
    if unit:
        argv += ["--unit", unit]
    if goal:
        argv += ["--at-least" if goal == "atLeast" else "--at-most", str(target)]
    if per != "day":
        argv += ["--per", per]
    if times != 1:
        argv += ["--times", str(times)]
    return argv


def day_list():
    first = TODAY - timedelta(days=DAYS - 1)
    return [first + timedelta(days=i) for i in range(DAYS)]


def midnights(zone, days):
    return [datetime(d.year, d.month, d.day, tzinfo=zone).timestamp() for d in days]


class Offsets:
    """utcOffset of an instant in the zone, cached per UTC hour (the zone's changes fall on whole hours)."""

    def __init__(self, zone):
        self.zone = zone
        self.cache = {}

    def __call__(self, t):
        hour = int(t // 3600)
        offset = self.cache.get(hour)
        if offset is None:
            offset = int(datetime.fromtimestamp(hour * 3600, self.zone).utcoffset().total_seconds())
            self.cache[hour] = offset
        return offset


def random_uuid(rng):
    """str(uuid.UUID(int=rng.getrandbits(128), version=4)), the same text, about 3x faster."""
    h = "%032x" % ((rng.getrandbits(128) & 0xFFFFFFFFFFFF0FFF3FFFFFFFFFFFFFFF) | 0x40008000000000000000)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def interned(con, table, column, text):
    con.execute(f"INSERT OR IGNORE INTO {table} ({column}) VALUES (?)", (text,))
    return con.execute(f"SELECT id FROM {table} WHERE {column} = ?", (text,)).fetchone()[0]


INSERT = """INSERT INTO sample (uuid, typeId, start, "end", value, unitId, sourceId, metadata, created,
            utcOffset, timeZone, anchor) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""


def fill_own(db, ids, seed):
    """The 12 logged habits' entries over the 10 years, as `habit log NAME` stores them; returns the count."""
    rng = random.Random(seed)
    zone = ZoneInfo(ZONE)
    offsets = Offsets(zone)
    days = day_list()
    starts = midnights(zone, days)
    created = datetime.fromisoformat(NOW).timestamp()
    con = sqlite3.connect(db)
    con.execute("BEGIN IMMEDIATE")
    app = con.execute("SELECT id FROM source WHERE bundleId = 'dev.habit'").fetchone()[0]
    anchor = con.execute("SELECT value FROM changeCounter WHERE id = 1").fetchone()[0]
    count = 0
    for name, kind, unit, goal, target, per, times, source, amounts in HABITS:
        if source:
            continue
        type_id = interned(con, "sampleType", "identifier", "dev.habit.habit." + ids[name])
        unit_id = interned(con, "unit", "name", unit or "count")
        metadata = json.dumps({"habit": name}, separators=(",", ":"))
        if kind == "yes-no" and per != "day":
            chance = min(1.2 * times / (7 if per == "week" else 30), 0.95)
        else:
            chance = 0.8
        batch = []
        for d, midnight in zip(days, starts):
            if rng.random() >= chance:
                continue
            last_hour = 19 if d == TODAY else 22  # nothing after now (20:00)
            for _ in range(1 if kind == "yes-no" else rng.randrange(1, 4)):
                t = midnight + rng.randrange(6, last_hour + 1) * 3600 + rng.randrange(60) * 60
                value = 1.0 if kind == "yes-no" else float(rng.randrange(amounts[0], amounts[1] + 1))
                anchor += 1
                batch.append((random_uuid(rng), type_id, t, t, value, unit_id, app, metadata, created, offsets(t),
                              ZONE, anchor))
        con.executemany(INSERT, batch)
        count += len(batch)
    con.execute("UPDATE changeCounter SET value = ? WHERE id = 1", (anchor,))
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return count


def imported_rows(n, rng, type_ids, unit_ids, source, anchor):
    """N imported rows, spread evenly over the 8 types and the days; yields tuples for INSERT."""
    zone = ZoneInfo(ZONE)
    offsets = Offsets(zone)
    days = day_list()
    starts = midnights(zone, days)
    now = datetime.fromisoformat(NOW).timestamp()
    for index, (name, identifier, unit, daily) in enumerate(IMPORTED):
        total = n // len(IMPORTED) + (1 if index < n % len(IMPORTED) else 0)
        type_id = type_ids[identifier]
        unit_id = unit_ids[unit] if unit else None
        for i, midnight in enumerate(starts):
            k = (i + 1) * total // DAYS - i * total // DAYS  # this day's records
            if k == 0:
                continue
            if name == "sleep":
                # The night before the day: from about 22:30 to 06:30–08:00, stages one after another.
                t = midnight - 3600 * 2 + rng.randrange(3600)
                length = rng.uniform(7.5, 9.5) * 3600 / k
                for j in range(k):
                    end = t + max(60.0, round(length * rng.uniform(0.7, 1.3)))
                    anchor += 1
                    yield (random_uuid(rng), type_id, t, end, None, None, source, SLEEP_METADATA[j % len(SLEEP_METADATA)],
                           end, offsets(t), ZONE, anchor)
                    t = end
                continue
            # Through the waking day (today: up to now), one slot a record.
            first = midnight + 6 * 3600
            last = min(midnight + 23.5 * 3600, now - 600)
            slot = (last - first) / k
            factor = rng.uniform(0.6, 1.4)  # some days short of the target, some over
            for j in range(k):
                t = round(first + slot * (j + rng.random() * 0.5))
                if name == "mindful":
                    end, value = t + 600, None
                else:
                    end = t + rng.randrange(60, 601)
                    value = daily * factor / k * rng.uniform(0.5, 1.5)
                    # Counts whole, rounded at random so that a day of many small records keeps its total.
                    value = float(int(value + rng.random())) if unit == "count" else round(value, 3)
                anchor += 1
                yield (random_uuid(rng), type_id, t, end, value, unit_id, source, None, end, offsets(t), ZONE, anchor)


def fill_imported(db, n, seed):
    """N imported records from the watch, in one transaction, executemany in chunks; returns seconds."""
    begun = time.perf_counter()
    con = sqlite3.connect(db, isolation_level=None)
    con.execute("PRAGMA cache_size = -262144")  # 256 MB: the uuid index takes random inserts
    con.execute("PRAGMA synchronous = OFF")  # this connection only; the store stays WAL
    con.execute("BEGIN IMMEDIATE")
    con.execute("INSERT OR IGNORE INTO source (bundleId, name, isApp) VALUES (?, ?, 0)", WATCH)
    source = con.execute("SELECT id FROM source WHERE bundleId = ?", (WATCH[0],)).fetchone()[0]
    type_ids = {identifier: interned(con, "sampleType", "identifier", identifier) for _, identifier, _, _ in IMPORTED}
    unit_ids = {unit: interned(con, "unit", "name", unit) for _, _, unit, _ in IMPORTED if unit}
    anchor = con.execute("SELECT value FROM changeCounter WHERE id = 1").fetchone()[0]
    rows = imported_rows(n, random.Random(seed), type_ids, unit_ids, source, anchor)
    written = 0
    while True:
        chunk = [row for _, row in zip(range(CHUNK), rows)]
        if not chunk:
            break
        con.executemany(INSERT, chunk)
        written += len(chunk)
        anchor = chunk[-1][-1]
    if written != n:
        sys.exit(f"wrote {written} imported records, not {n}")
    con.execute("UPDATE changeCounter SET value = ? WHERE id = 1", (anchor,))
    con.execute("COMMIT")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return time.perf_counter() - begun


def checkpoint(db):
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()


def build_base(binary, work, seed):
    """Demo data, the 20 habits and the logged habits' entries: the store every N starts from."""
    folder = private_dir(work, "base")
    db = os.path.join(folder, "habit.sqlite")
    env = make_env(private_dir(folder, "home"), db)
    subprocess.run([binary, "demo", "--days", str(DAYS), "--seed", "7"], env=env, check=True, stdout=subprocess.DEVNULL)
    for h in HABITS:
        subprocess.run([binary] + add_arguments(h), env=env, check=True, stdout=subprocess.DEVNULL)
    with sqlite3.connect(db) as con:
        ids = dict(con.execute("SELECT name, id FROM habit"))
    missing = [h[0] for h in HABITS if h[0] not in ids]
    if missing:
        sys.exit(f"habit add made no habit {missing}")
    own = fill_own(db, ids, seed)
    checkpoint(db)
    return db, own


def check_listed(binary, env):
    """`habit streak --json` lists the 3 built-ins and the 20 habits."""
    out = subprocess.run([binary, "streak", "--json"], env=env, check=True, capture_output=True, text=True).stdout
    listed = {h["habit"] for h in json.loads(out)["habits"]}
    missing = [name for name in BUILTINS + [h[0] for h in HABITS] if name not in listed]
    if missing:
        sys.exit(f"{binary}: habit streak --json does not list {missing}")
    return len(listed)


def digest(argv, env):
    out = subprocess.run(argv, env=env, check=True, stdout=subprocess.PIPE).stdout
    return hashlib.sha256(out).hexdigest(), len(out)


def count_label(n):
    if n >= 1_000_000 and n % 1_000_000 == 0:
        return f"{n // 1_000_000}M"
    if n >= 1000 and n % 1000 == 0:
        return f"{n // 1000}k"
    return f"{n:,}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binaries", nargs=2, metavar=("BEFORE", "AFTER"), required=True)
    parser.add_argument("--sizes", default="300000,1000000,3000000", help="imported records, comma-separated")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--keep", action="store_true", help="keep the stores and print their paths")
    parser.add_argument("--work", help="where to put the stores (a private folder is made in it; default /tmp)")
    parser.add_argument("--commands", help="only these, comma-separated names: " + ",".join(n for n, _ in COMMANDS))
    args = parser.parse_args()
    if args.commands:
        COMMANDS[:] = [(n, c) for n, c in COMMANDS if n in args.commands.split(",")]
    sizes = sorted({int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()})
    binaries = {"before": os.path.abspath(args.binaries[0]), "after": os.path.abspath(args.binaries[1])}
    work = tempfile.mkdtemp(prefix="habit-reads-flat-", dir=args.work)  # 0700

    try:
        begun = time.perf_counter()
        base, own = build_base(binaries["before"], work, args.seed)
        print(f"base store: 10 years of demo data, {len(HABITS)} own habits ({own:,} entries of the 12 logged ones), "
              f"{os.path.getsize(base) / 1e6:.1f} MB, built in {time.perf_counter() - begun:.1f} s")
        print(f"before: {binaries['before']}\nafter:  {binaries['after']}")
        results = {}  # (binary, n, command) -> (wall median, cpu median)
        store_mb = {}
        stores = {}  # n -> {binary: env}
        for n in sizes:
            folder = private_dir(work, f"n{n}")
            db = os.path.join(folder, "habit.sqlite")
            shutil.copy(base, db)
            seconds = fill_imported(db, n, args.seed + n)
            store_mb[n] = os.path.getsize(db) / 1e6
            with sqlite3.connect(db) as con:
                total = con.execute("SELECT count(*) FROM sample").fetchone()[0]
            copies = {}
            for binary in binaries:
                copy = os.path.join(private_dir(folder, binary), "habit.sqlite")
                checkpoint(db)
                shutil.copy(db, copy)
                copies[binary] = make_env(private_dir(folder, binary + "-home"), copy)
            os.unlink(db)
            stores[n] = copies
            listed = {b: check_listed(binaries[b], copies[b]) for b in binaries}
            print(f"\nN = {n:,}: {n:,} imported records written in {seconds:.1f} s; {total:,} samples, "
                  f"{store_mb[n]:.1f} MB; streak --json lists {listed['before']} / {listed['after']} habits")
            # Warm-up, untimed (a binary may fill its cache); the outputs of both compared.
            for name, command in COMMANDS:
                a = digest([binaries["before"]] + command, copies["before"])
                b = digest([binaries["after"]] + command, copies["after"])
                print(f"  {' '.join(command):<24} output {'identical' if a == b else 'DIFFERS'} ({b[1]:,} bytes)")
        # Every run of a command takes each size and each binary in turn (the order reversed every
        # other run): this machine changes speed for minutes at a time, and sizes measured one
        # after the other would compare those minutes, not the sizes.
        print(f"\nload before the runs: {open('/proc/loadavg').read().strip()}")
        turns = [(n, binary) for n in sizes for binary in binaries]
        for name, command in COMMANDS:
            samples = {turn: ([], []) for turn in turns}
            for run in range(args.runs):
                for n, binary in (turns if run % 2 == 0 else list(reversed(turns))):
                    wall, cpu = run_once([binaries[binary]] + command, stores[n][binary])
                    samples[(n, binary)][0].append(wall)
                    samples[(n, binary)][1].append(cpu)
            for (n, binary), (walls, cpus) in samples.items():
                results[(binary, n, name)] = (statistics.median(walls), statistics.median(cpus))
        print(f"load after the runs: {open('/proc/loadavg').read().strip()}")
        for n in sizes:
            copies = stores[n]
            sizes_after = {b: os.path.getsize(copies[b]["HABIT_DB"]) / 1e6 for b in binaries}
            if any(abs(s - store_mb[n]) > 0.05 for s in sizes_after.values()):
                print(f"  N = {n:,}: store copies after the runs: before {sizes_after['before']:.1f} MB, after {sizes_after['after']:.1f} MB")
            if args.keep:
                print(f"  N = {n:,}: stores kept: {copies['before']['HABIT_DB']}  {copies['after']['HABIT_DB']}")

        small, large = sizes[0], sizes[-1]
        for binary, path in binaries.items():
            print(f"\n### {binary}: {path}\n")
            print(f"Wall / CPU ms, medians of {args.runs} runs (each run alternating every size and both binaries).\n")
            print("| N (store) | " + " | ".join(" ".join(c) for _, c in COMMANDS) + " |")
            print("|---|" + "---:|" * len(COMMANDS))
            for n in sizes:
                cells = [f"{results[(binary, n, name)][0]:.1f} / {results[(binary, n, name)][1]:.1f}" for name, _ in COMMANDS]
                print(f"| {n:,} ({store_mb[n]:.0f} MB) | " + " | ".join(cells) + " |")
            if large != small:
                ratios = []
                for name, _ in COMMANDS:
                    r = results[(binary, large, name)][0] / results[(binary, small, name)][0]
                    ratios.append(f"{name} {r:.2f}x{'' if r <= FLAT else ' (missed)'}")
                print(f"\n{count_label(large)}/{count_label(small)} (wall): " + ", ".join(ratios))
            if TARGET_N in sizes:
                verdicts = []
                for name, _ in COMMANDS:
                    wall = results[(binary, TARGET_N, name)][0]
                    verdicts.append(f"{name} {wall:.1f} ms {'met' if wall <= TARGETS[name] else 'missed'}")
                print("at N = 1,000,000: " + ", ".join(verdicts))
        print(f"\ntargets: streak, calendar, today, score <= 25 ms and status <= 15 ms at N = 1,000,000"
              f"{'' if TARGET_N in sizes else ' (not measured here)'}; {count_label(large)} figures <= {FLAT}x the "
              f"{count_label(small)} ones (issue 28 point 6: 3M vs 300k)")
        if args.keep:
            print(f"work folder kept: {work}")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
