#!/usr/bin/env python3
"""Issue 28 point 1 benchmark: habit's own interchange format, `habit import FILE.ndjson` (MB/s
of the file) and `habit sync DIR` applying another device's file (lines a second), for two habit
binaries alternated in one run (medians). Not a test: run it by hand on a quiet machine.

The data: a generated Apple Health export (scripts/generate-export.py, --records, default
110,000: heart rate with metadata, steps, energy, sleep, mindful, blood pressure, workouts with
statistics and events, Activity rings) imported into a store that also holds ten years of demo
data (`habit demo --days 3650`), exported with `export --format ndjson --all-sources` (the
import's file) and synced once into an empty folder (the sync's peer file: the same lines plus
what only sync writes), made with the after binary. Each run imports into, or syncs, a new empty
store; the after binary's import of the Apple Health XML itself is timed in each run too, as the
yardstick the issue measures against (that import reads and writes on two threads).

Usage: python3 Benchmarks/ndjson_throughput.py BEFORE_BINARY AFTER_BINARY [--records N] [--runs 5]
Targets (issue 28): import >= 50 MB/s, sync >= 100,000 lines/s.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import run_once  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def env(work, db):
    return {"PATH": "/usr/bin:/bin", "HOME": work, "TZ": "Europe/Berlin", "LC_ALL": "C",
            "HABIT_NOW": "2025-10-26T20:00:00+01:00", "HABIT_DB": db}


def fresh_store(work, name):
    folder = os.path.join(work, name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder, mode=0o700)
    return os.path.join(folder, "habit.sqlite")


def make_data(binary, work, records):
    xml = os.path.join(work, "export.xml")
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate-export.py"), "--records", str(records), "--out", xml],
                   check=True, stdout=subprocess.DEVNULL)
    db = fresh_store(work, "origin")
    e = env(work, db)
    subprocess.run([binary, "demo", "--days", "3650"], env=e, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([binary, "import", xml], env=e, check=True, stdout=subprocess.DEVNULL)
    ndjson = os.path.join(work, "export.ndjson")
    with open(ndjson, "wb") as out:
        subprocess.run([binary, "export", "--format", "ndjson", "--all-sources"], env=e, check=True, stdout=out)
    folder = os.path.join(work, "folder")
    os.makedirs(folder, mode=0o700)
    subprocess.run([binary, "sync", folder], env=e, check=True, stdout=subprocess.DEVNULL)
    (peer,) = [n for n in os.listdir(folder) if n.endswith(".ndjson")]
    return ndjson, os.path.join(folder, peer)


def count_lines(path):
    with open(path, "rb") as f:
        return sum(1 for line in f if line.strip())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--records", type=int, default=110_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    binaries = {"before": os.path.abspath(args.before), "after": os.path.abspath(args.after)}
    work = tempfile.mkdtemp(prefix="habit-ndjson-")
    try:
        ndjson, peer = make_data(binaries["after"], work, args.records)
        xml = os.path.join(work, "export.xml")
        size, lines = os.path.getsize(ndjson), count_lines(ndjson)
        peer_lines = count_lines(peer)
        print(f"ndjson export: {lines:,} lines, {size / 1e6:.1f} MB; sync file: {peer_lines:,} lines, {os.path.getsize(peer) / 1e6:.1f} MB")
        imports = {who: [] for who in binaries}
        syncs = {who: [] for who in binaries}
        xmls = []
        for run in range(args.runs):
            wall, _ = run_once([binaries["after"], "import", xml], env(work, fresh_store(work, "xml")))
            xmls.append(wall / 1000)
            for who, binary in binaries.items():
                db = fresh_store(work, "import-" + who)
                wall, cpu = run_once([binary, "import", ndjson], env(work, db))
                imports[who].append((wall / 1000, cpu / 1000))
            for who, binary in binaries.items():
                folder = os.path.join(work, "sync-" + who)
                shutil.rmtree(folder, ignore_errors=True)
                os.makedirs(folder, mode=0o700)
                shutil.copy2(peer, folder)
                db = fresh_store(work, "syncing-" + who)
                wall, cpu = run_once([binary, "sync", folder], env(work, db))
                syncs[who].append((wall / 1000, cpu / 1000))
            print(f"  run {run + 1}: " + "  ".join(
                f"{who} import {imports[who][-1][0]:6.2f} s, sync {syncs[who][-1][0]:6.2f} s" for who in binaries))
        print(f"medians of {args.runs}, alternated (wall; cpu = user + sys):")
        for who in binaries:
            iw = statistics.median(w for w, _ in imports[who])
            ic = statistics.median(c for _, c in imports[who])
            sw = statistics.median(w for w, _ in syncs[who])
            sc = statistics.median(c for _, c in syncs[who])
            print(f"  {who:<6} import {iw:6.2f} s = {size / 1e6 / iw:6.1f} MB/s (cpu {ic:5.2f} s)   "
                  f"sync {sw:6.2f} s = {peer_lines / sw:9,.0f} lines/s (cpu {sc:5.2f} s)")
        xw = statistics.median(xmls)
        print(f"  after  import of the Apple Health XML ({os.path.getsize(xml) / 1e6:.1f} MB): {xw:6.2f} s = {os.path.getsize(xml) / 1e6 / xw:6.1f} MB/s")
        print("targets: import >= 50 MB/s, sync >= 100,000 lines/s")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
