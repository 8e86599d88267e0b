#!/usr/bin/env python3
"""Issue 26 benchmark: how long `habit ask` takes to answer a key — from an answer written to its
stdin to the line saying what was recorded — on 10 years of demo data with 20 own habits (the store
of Benchmarks/own_habits.py). Target: <= 10 ms a key (median).

The four daily yes/no habits (floss, vitamins, journal, stretch) have their last 62 days emptied,
so `habit ask floss vitamins journal stretch --from <61 days ago>` asks 4 x 62 questions; each is
answered `y` — a `habit log NAME --date D` written in its own transaction, the reminder occurrence
of that day looked at — one line at a time, waiting for the answer's line before the next. Each
round runs on a fresh copy of the store, so every round asks the same questions. What a key costs
on a terminal is the same work plus a prompt on stderr; this drives the script path (stdin a
pipe), which needs no terminal.

Usage: python3 Benchmarks/ask_keys.py [--binary PATH] [--rounds 5] [--years 10]
Without --binary, the release binary is built (as own_habits.py builds it). Never run beside a build.
"""
import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

sys.path.insert(0, os.path.dirname(__file__))
import own_habits  # noqa: E402

ASKED = ["floss", "vitamins", "journal", "stretch"]
DAYS = 62  # the most `habit ask` takes at once


def make_store(binary, work, years):
    db = os.path.join(work, "habit.sqlite")
    env = dict(os.environ, HABIT_DB=db, TZ=own_habits.ZONE, HABIT_NOW=own_habits.NOW, NO_COLOR="1", HOME=work)
    days = years * 365 + years // 4
    subprocess.run([binary, "demo", "--days", str(days), "--seed", "7"], env=env, check=True, stdout=subprocess.DEVNULL)
    ids = own_habits.add_habits(binary, env, db)
    own_habits.fill(db, ids, years, 12)
    first = own_habits.TODAY - timedelta(days=DAYS - 1)
    start = datetime(first.year, first.month, first.day, tzinfo=ZoneInfo(own_habits.ZONE)).timestamp()
    with sqlite3.connect(db) as con:
        types = [con.execute("SELECT id FROM sampleType WHERE identifier = ?", ("dev.habit.habit." + ids[n],)).fetchone()[0]
                 for n in ASKED]
        con.execute(f"DELETE FROM sample WHERE start >= ? AND typeId IN ({','.join('?' * len(types))})", [start] + types)
        # Habits kept for years (ask asks no day before a habit's `since`, the day it was added).
        con.execute("UPDATE habit SET since = ?", ((own_habits.TODAY - timedelta(days=days)).isoformat(),))
        total = con.execute("SELECT count(*) FROM sample").fetchone()[0]
    sqlite3.connect(db).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    return db, env, first, total


def one_round(binary, db, env, first, work):
    """Answers every question once on a copy of the store; the seconds each answer took."""
    copy = os.path.join(work, "round.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(copy + suffix):
            os.remove(copy + suffix)
    shutil.copyfile(db, copy)
    os.chmod(copy, 0o600)
    process = subprocess.Popen([binary, "ask"] + ASKED + ["--from", first.isoformat()], env=dict(env, HABIT_DB=copy),
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    took = []
    for _ in range(len(ASKED) * DAYS):
        t0 = time.perf_counter()
        process.stdin.write("y\n")
        process.stdin.flush()
        line = process.stdout.readline()
        took.append(time.perf_counter() - t0)
        if not line.rstrip().endswith(": yes"):
            process.kill()
            sys.exit(f"unexpected answer line {line!r}; stderr: {process.stderr.read()}")
    process.stdin.close()
    rest = process.stdout.read()
    if process.wait() != 0 or rest.strip():
        sys.exit(f"habit ask ended with {process.returncode}: {rest!r} {process.stderr.read()}")
    return took


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--years", type=int, default=10)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary) if args.binary else own_habits.build_release()
    work = tempfile.mkdtemp(prefix="habit-ask-")
    try:
        db, env, first, total = make_store(binary, work, args.years)
        print(f"-- {len(own_habits.HABITS)} own habits + 3 built-ins, {args.years} years, {total:,} samples; "
              f"{len(ASKED)} habits x {DAYS} days asked, {args.rounds} rounds")
        took = []
        for _ in range(args.rounds):
            took += one_round(binary, db, env, first, work)
        ms = sorted(t * 1000 for t in took)
        p90 = ms[int(len(ms) * 0.9)]
        print(f"habit ask, one key (y, written): median {statistics.median(ms):.2f} ms, p90 {p90:.2f} ms, "
              f"max {ms[-1]:.2f} ms over {len(ms)} answers")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
