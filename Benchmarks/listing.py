#!/usr/bin/env python3
"""Issue 28 point 4 benchmark: long listings and exports, for two habit binaries alternated in
one run (medians). Not a test: run it by hand, with no build running.

The store: `habit demo --days 36500` twice (seeds 1 and 2, the second with --force), made once
with the after binary — about 105,000 entries (samples on their own plus workouts) over a
century. Each command is run against that one store by both binaries in turn (before, after,
before, …), its stdout to /dev/null; wall time from perf_counter around posix_spawn/wait4 and
max RSS from the child's rusage. Before the timing, each command's stdout of both binaries is
compared byte for byte (the streaming must not change a byte).

Usage: python3 Benchmarks/listing.py BEFORE_BINARY AFTER_BINARY [--runs 5]
Targets (issue 28): each command <= 1 s and <= 50 MB max RSS on 100,000 entries.
"""
import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import spawn_once  # noqa: E402

COMMANDS = [
    ["log", "list", "--days", "36500"],
    ["log", "list", "--days", "36500", "--json"],
    ["timeline", "--days", "36500"],
    ["timeline", "--days", "36500", "--json"],
    ["export", "--format", "csv"],
    ["export", "--format", "json"],
    ["export", "--format", "ndjson"],
]


def env(work, db):
    return {"PATH": "/usr/bin:/bin", "HOME": work, "TZ": "Europe/Berlin", "LC_ALL": "C",
            "HABIT_NOW": "2025-10-26T20:00:00+01:00", "HABIT_DB": db}


def run_once(argv, e, rss_file):
    """Wall ms and max RSS (MB) of one run. The RSS comes from GNU time, which forks the command
    from its own small process: a child spawned straight from this Python would report the
    Python's high-water mark (Linux keeps it across vfork and exec)."""
    wall, _ = spawn_once(["/usr/bin/time", "-f", "%M", "-o", rss_file] + argv, e)
    with open(rss_file) as f:
        return wall, int(f.read().split()[-1]) / 1024


def digest(argv, e):
    out = subprocess.run(argv, env=e, check=True, stdout=subprocess.PIPE).stdout
    return hashlib.sha256(out).hexdigest(), len(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    binaries = {"before": os.path.abspath(args.before), "after": os.path.abspath(args.after)}
    work = tempfile.mkdtemp(prefix="habit-listing-")
    try:
        folder = os.path.join(work, "store")
        os.makedirs(folder, mode=0o700)
        db = os.path.join(folder, "habit.sqlite")
        e = env(work, db)
        subprocess.run([binaries["after"], "demo", "--days", "36500"], env=e, check=True, stdout=subprocess.DEVNULL)
        subprocess.run([binaries["after"], "demo", "--days", "36500", "--seed", "2", "--force"], env=e, check=True,
                       stdout=subprocess.DEVNULL)
        counts = subprocess.run(["sqlite3", db, "SELECT (SELECT count(*) FROM sample WHERE workoutId IS NULL), "
                                 "(SELECT count(*) FROM workout), (SELECT count(*) FROM sample)"],
                                check=True, capture_output=True, text=True).stdout.strip().split("|")
        standalone, workouts, samples = map(int, counts)
        print(f"store: {standalone + workouts:,} entries ({standalone:,} samples on their own, {workouts:,} workouts; "
              f"{samples:,} samples in all), {os.path.getsize(db) / 1e6:.1f} MB")
        print(f"load before: {open('/proc/loadavg').read().strip()}")
        for command in COMMANDS:
            a = digest([binaries["before"]] + command, e)
            b = digest([binaries["after"]] + command, e)
            print(f"{' '.join(command):<36} output {'identical' if a == b else 'DIFFERS'} ({b[1]:,} bytes)")
        results = {}
        for command in COMMANDS:
            name = " ".join(command)
            for binary in binaries:
                results[(name, binary)] = []
            for _ in range(args.runs):
                for binary, path in binaries.items():
                    results[(name, binary)].append(run_once([path] + command, e, os.path.join(work, "rss")))
        print(f"load after: {open('/proc/loadavg').read().strip()}")
        print(f"\n{'command':<36} {'before wall':>12} {'RSS':>8} {'after wall':>12} {'RSS':>8}  (medians of {args.runs})")
        for command in COMMANDS:
            name = " ".join(command)
            row = []
            for binary in binaries:
                walls = [w for w, _ in results[(name, binary)]]
                rss = [r for _, r in results[(name, binary)]]
                row += [f"{statistics.median(walls) / 1000:10.2f} s", f"{statistics.median(rss):6.1f} MB"]
            print(f"{name:<36} {row[0]:>12} {row[1]:>8} {row[2]:>12} {row[3]:>8}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
