#!/usr/bin/env python3
"""Issue 5 benchmark: `habit import` of a generated export (default 1,000,000 records, about
430 MB), release build: throughput (MB/s of XML) and peak memory (/usr/bin/time -v, max RSS),
then a re-import of the same file (everything a duplicate: adds nothing). --runs imports into
fresh stores; the median is quoted.

Usage: python3 Benchmarks/import_throughput.py [--records 1000000] [--runs 3] [--zip]
       [--binary HABIT] [--against OTHER_HABIT_BINARY] [--healthkit-to-sqlite]
--binary measures a given binary (e.g. what `make install` installed) instead of building one;
--against imports the same file with another habit binary (e.g. the previous release), each of
its runs just before one of this one's; --healthkit-to-sqlite also times that tool (pip install
healthkit-to-sqlite) once on the same file, halfway through the runs, and prints the ratio.
Targets: >= 70 MB/s and <= 100 MB RSS.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from benchlib import build_release  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed_import(binary, db, path):
    env = dict(os.environ, HABIT_DB=db, TZ="Europe/Berlin")
    start = time.perf_counter()
    out = subprocess.run(["/usr/bin/time", "-v", binary, "import", path], env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if out.returncode != 0:
        sys.exit(out.stderr)
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", out.stderr).group(1)) / 1024
    return wall, rss, out.stdout.splitlines()[0]


def remove_store(db):
    for suffix in ["", "-wal", "-shm", ".import-lock"]:
        if os.path.exists(db + suffix):
            os.remove(db + suffix)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--zip", action="store_true", help="also import the zipped export")
    parser.add_argument("--binary", help="the habit binary to measure (default: build the one `make install` builds)")
    parser.add_argument("--against", help="another habit binary to time on the same file, its runs alternated with this one's")
    parser.add_argument("--healthkit-to-sqlite", action="store_true", help="also time healthkit-to-sqlite once, halfway through the runs")
    args = parser.parse_args()
    if not os.path.exists("/usr/bin/time"):
        sys.exit("needs GNU time: apt-get install -y time")
    binary = args.binary or build_release(ROOT)
    work = tempfile.mkdtemp(prefix="habit-import-")
    xml = os.path.join(work, "export.xml")
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate-export.py"), "--records", str(args.records),
                    "--out", xml] + (["--zip"] if args.zip else []), check=True)
    size = os.path.getsize(xml) / 1e6
    print(f"export: {args.records:,} records, {size:.0f} MB")

    def healthkit_to_sqlite():
        exe = shutil.which("healthkit-to-sqlite")
        if exe is None:
            sys.exit("pip install healthkit-to-sqlite first")
        start = time.perf_counter()
        out = subprocess.run(["/usr/bin/time", "-v", exe, "--xml", "--silent", xml, os.path.join(work, "hk.db")], capture_output=True, text=True)
        wall = time.perf_counter() - start
        rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", out.stderr).group(1)) / 1024
        os.remove(os.path.join(work, "hk.db"))
        print(f"healthkit-to-sqlite: {wall:.2f} s = {size / wall:.1f} MB/s, max RSS {rss:.1f} MB (exit {out.returncode})")
        return wall

    walls, rsss, other_walls, other_rsss = [], [], [], []
    hk_wall = None
    db = os.path.join(work, "run.sqlite")
    for run in range(args.runs):
        if args.healthkit_to_sqlite and run == args.runs // 2:
            hk_wall = healthkit_to_sqlite()
        if args.against:
            other = os.path.join(work, "other.sqlite")
            wall, rss, _ = timed_import(args.against, other, xml)
            other_walls.append(wall)
            other_rsss.append(rss)
            print(f"  other run {run + 1}: {wall:6.2f} s  {size / wall:5.1f} MB/s  max RSS {rss:5.1f} MB")
            remove_store(other)
        remove_store(db)
        wall, rss, line = timed_import(binary, db, xml)
        walls.append(wall)
        rsss.append(rss)
        print(f"  run {run + 1}: {wall:6.2f} s  {size / wall:5.1f} MB/s  max RSS {rss:5.1f} MB   ({line})")
    if args.against:
        med = statistics.median(other_walls)
        print(f"other binary median: {med:.2f} s = {size / med:.1f} MB/s, max RSS median {statistics.median(other_rsss):.1f} MB")
    med = statistics.median(walls)
    print(f"import median: {med:.2f} s = {size / med:.1f} MB/s (target >= 70), max RSS median {statistics.median(rsss):.1f} MB (target <= 100)")
    if hk_wall:
        print(f"against healthkit-to-sqlite in this run: {hk_wall / med:.1f}x" +
              (f" (other binary {hk_wall / statistics.median(other_walls):.1f}x)" if args.against else ""))
    wall, rss, line = timed_import(binary, db, xml)
    print(f"re-import of the same file: {wall:.2f} s = {size / wall:.1f} MB/s, max RSS {rss:.1f} MB ({line})")
    if args.zip:
        wall, rss, line = timed_import(binary, os.path.join(work, "zip.sqlite"), xml + ".zip")
        print(f"zip import: {wall:.2f} s = {size / wall:.1f} MB/s of XML, max RSS {rss:.1f} MB ({line})")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
