#!/usr/bin/env python3
"""Issue 3 benchmark: `habit streak` and `habit calendar` on 10 years of demo data, then again
after adding 1,000,000 samples from an external source (they must not slow the default,
app-sources-only queries). Medians of --runs runs each.

Usage: python3 Benchmarks/streak_calendar.py [--runs 30] [--external 1000000]
Target: <= 50 ms each, and the same with and without the external samples.
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

# External samples written straight into the store with SQL (fast to generate): mindful
# sessions, active energy and alcohol entries from "com.example.import", spread over the same
# 10 years, each with a unique uuid and the next anchors of the change sequence.
EXTERNAL_SQL = """
INSERT OR IGNORE INTO source (bundleId, name, isApp) VALUES ('com.example.import', 'Imported', 0);
INSERT OR IGNORE INTO sampleType (identifier) VALUES ('HKCategoryTypeIdentifierMindfulSession'),
    ('HKQuantityTypeIdentifierActiveEnergyBurned'), ('HKQuantityTypeIdentifierNumberOfAlcoholicBeverages');
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {count})
INSERT INTO sample (uuid, typeId, start, "end", value, unitId, sourceId, created, utcOffset, timeZone, anchor)
SELECT printf('e0000000-0000-4000-8000-%012x', i),
       (SELECT id FROM sampleType WHERE identifier = CASE i % 3 WHEN 0 THEN 'HKCategoryTypeIdentifierMindfulSession'
                  WHEN 1 THEN 'HKQuantityTypeIdentifierActiveEnergyBurned'
                  ELSE 'HKQuantityTypeIdentifierNumberOfAlcoholicBeverages' END),
       {start} + i * {step}, {start} + i * {step} + 600, CASE i % 3 WHEN 0 THEN NULL ELSE 1 END, NULL,
       (SELECT id FROM source WHERE bundleId = 'com.example.import'), {start}, 3600, 'Europe/Berlin',
       (SELECT value FROM changeCounter) + i
FROM n;
UPDATE changeCounter SET value = value + {count};
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--external", type=int, default=1_000_000)
    parser.add_argument("--years", type=int, default=10)
    args = parser.parse_args()
    if shutil.which("sqlite3") is None:
        sys.exit("needs the sqlite3 shell: apt-get install -y sqlite3")

    binary = build_release(ROOT)
    work = tempfile.mkdtemp(prefix="habit-bench-")
    db = os.path.join(work, "habit.sqlite")
    env = dict(os.environ, HABIT_DB=db, TZ="Europe/Berlin", HABIT_NOW="2025-10-26T20:00:00+01:00", NO_COLOR="1")
    days = args.years * 365 + args.years // 4
    subprocess.run([binary, "demo", "--days", str(days), "--seed", "7"], env=env, check=True)

    commands = [["streak"], ["calendar"], ["calendar", "--year"], ["streak", "--all-sources"]]
    for label in ["10 years of demo data", f"+ {args.external:,} external samples"]:
        if label.startswith("+"):
            start, step = 1445000000, (1761505200 - 1445000000) // args.external
            sql = EXTERNAL_SQL.format(count=args.external, start=start, step=step)
            subprocess.run(["sqlite3", db], input=sql, text=True, check=True)
            subprocess.run(["sqlite3", db, "PRAGMA wal_checkpoint(TRUNCATE); ANALYZE;"], check=True, stdout=subprocess.DEVNULL)
        count = subprocess.run(["sqlite3", db, "SELECT count(*) FROM sample"], capture_output=True, text=True).stdout.strip()
        print(f"-- {label} ({count} samples in the store)")
        for c in commands:
            print(fmt("habit " + " ".join(c), measure([binary] + c, env, args.runs)))
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
