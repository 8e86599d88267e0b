#!/usr/bin/env python3
"""Issue 4 benchmark: `habit remind check` with 20 reminders defined and nothing due — what cron
runs every few minutes forever. Median of --runs runs. Target: <= 20 ms.

Usage: python3 Benchmarks/remind_check.py [--runs 30]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from benchlib import build_release, fmt, measure  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    binary = build_release(ROOT)
    work = tempfile.mkdtemp(prefix="habit-bench-")
    env = dict(os.environ, HABIT_DB=os.path.join(work, "habit.sqlite"), TZ="Europe/Berlin",
               HABIT_NOW="2025-10-26T08:00:00+01:00")
    subprocess.run([binary, "demo", "--days", "365"], env=env, check=True, stdout=subprocess.DEVNULL)
    activities = ["meditate", "workout", "noalc"]
    for i in range(20):
        subprocess.run([binary, "remind", "add", activities[i % 3], f"{12 + i % 10:02d}:{(i * 7) % 60:02d}"],
                       env=env, check=True, stdout=subprocess.DEVNULL)
    # 11:00 on the next day: nothing due in (10:45, 11:00].
    env["HABIT_NOW"] = "2025-10-27T11:00:00+01:00"
    out = subprocess.run([binary, "remind", "check"], env=env, capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout == "", out
    print(fmt("habit remind check (20 reminders, none due)", measure([binary, "remind", "check"], env, args.runs)))
    print(fmt("habit --version (process start-up)", measure([binary, "--version"], env, args.runs)))
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
