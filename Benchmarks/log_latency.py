#!/usr/bin/env python3
"""Issue 2 benchmark: end-to-end latency of `habit log meditate 10m` against a warm file store,
beside the sqlite3 shell inserting one row into a WAL database.

Usage: python3 Benchmarks/log_latency.py [--runs 30] [--dynamic]    (HABIT_PIE=0: the static build at a fixed address)
Targets (issue 14): wall-time ratio habit/sqlite3 <= 2, habit CPU median <= 10 ms.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from benchlib import build_release, fmt, link_kind, measure  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--dynamic", action="store_true", help="link the Swift runtime dynamically")
    args = parser.parse_args()
    if shutil.which("sqlite3") is None:
        sys.exit("needs the sqlite3 shell: apt-get install -y sqlite3")

    binary = build_release(ROOT, static=not args.dynamic)
    work = tempfile.mkdtemp(prefix="habit-bench-")
    env = dict(os.environ, HABIT_DB=os.path.join(work, "habit.sqlite"), TZ="Europe/Berlin")
    env.pop("HABIT_NOW", None)

    shell_db = os.path.join(work, "shell.sqlite")
    subprocess.run(["sqlite3", shell_db, "PRAGMA journal_mode=WAL; CREATE TABLE t (id INTEGER PRIMARY KEY, x REAL);"],
                   check=True, stdout=subprocess.DEVNULL)

    # An own habit to log too (informational: the target is the built-in log's).
    subprocess.run([binary, "add", "water", "--unit", "glass", "--at-least", "8"], env=env, check=True, stdout=subprocess.DEVNULL)

    results = {
        "help": measure([binary, "--help"], env, args.runs),
        "habit": measure([binary, "log", "meditate", "10m"], env, args.runs),
        "own": measure([binary, "log", "water", "1"], env, args.runs),
        "sqlite3": measure(["sqlite3", shell_db, "INSERT INTO t (x) VALUES (1.5);"], env, args.runs),
    }
    print(fmt("habit --help (start-up only)", results["help"]))
    print(fmt("habit log meditate 10m", results["habit"]))
    print(fmt("habit log water 1 (an own habit)", results["own"]))
    print(fmt("sqlite3 shell: one INSERT, WAL", results["sqlite3"]))
    ratio = results["habit"]["wall_median"] / results["sqlite3"]["wall_median"]
    print(f"wall ratio habit/sqlite3: {ratio:.2f} (target <= 2)   habit cpu median: "
          f"{results['habit']['cpu_median']:.2f} ms (target <= 10)   binary: {link_kind(binary)}, {'dynamic' if args.dynamic else 'static'} stdlib")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
