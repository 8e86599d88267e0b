#!/usr/bin/env python3
"""Loop Habit Tracker's habit score, written independently as a reference for habit's tests.

Follows the algorithm of uhabits-core/src/jvmMain/java/org/isoron/uhabits/core/models/ScoreList.kt
(`ScoreList.recompute`), Score.kt (`Score.compute`) and Habit.kt (`Habit.recompute`, which picks
the first day) of github.com/iSoron/uhabits at 5aa8744e (2025-08-13), as read there:

- the series runs from the habit's oldest known entry (any value but UNKNOWN) day by day;
- each day, a rolling sum over the last D entries (D the frequency's denominator; only days
  from the first one count): for a yes/no habit the days marked YES_MANUAL (YES_AUTO counts
  nothing), for a numerical one max(0, raw value) in thousandths (a SKIP's raw 3 included);
- a yes/no habit done on fewer days than its interval (N/D below 1) doubles N and D;
- a day that is not SKIP moves the score: s = s*m + c*(1 - m), m = 0.5 ** (sqrt(N/D) / 13), with
  c = min(1, sum / N) (yes/no), min(1, sum / target) (at least; 1 with a target of 0) or
  clamp(1 - (sum - target) / target, 0, 1) (at most; with a target of 0: 0 if sum > 0 else 1);
- the score starts at 0, or at 1 for an at-most numerical habit (Loop's PR #1101, 2021).

Reads a Loop CSV export folder (Habits.csv in either format, and each `NNN Name/Checkmarks.csv`,
with or without a header) and writes, for each habit, `OUT/NNN Name.csv` with `Date,Score`, the
score after each day from the first known day to the newest day of its file, to 6 decimals.

    python3 loop_scores.py loop-csv loop-scores/loop-csv
    python3 loop_scores.py loop-csv-2017 loop-scores/loop-csv-2017
"""
import csv
import datetime
import math
import os
import sys

YES_MANUAL, YES_AUTO, NO, UNKNOWN, SKIP = 2, 1, 0, -1, 3
NAMES = {"YES_MANUAL": YES_MANUAL, "YES_AUTO": YES_AUTO, "NO": NO, "UNKNOWN": UNKNOWN, "SKIP": SKIP}


def read_habits(folder):
    with open(os.path.join(folder, "Habits.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    habits = []
    for row in rows:
        if "FrequencyNumerator" in row:  # the current format
            numerical = row["Type"] == "NUMERICAL"
            num, den = int(row["FrequencyNumerator"]), int(row["FrequencyDenominator"])
            target = float(row["Target Value"]) if numerical else 0.0
            at_most = numerical and row["Target Type"] == "AT_MOST"
        else:  # before mid-2025: NumRepetitions, Interval; yes/no only
            numerical, target, at_most = False, 0.0, False
            num, den = int(row["NumRepetitions"]), int(row["Interval"])
        habits.append(dict(folder="%s %s" % (row["Position"], row["Name"]), numerical=numerical,
                           num=num, den=den, target=target, at_most=at_most))
    return habits


def read_entries(path):
    """{date: raw value}: names (YES_MANUAL, ...) or integers, a header line or none."""
    entries = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.reader(f):
            if not row or row[0] == "Date":
                continue
            day = datetime.date.fromisoformat(row[0].strip())
            text = row[1].strip()
            entries[day] = NAMES[text] if text in NAMES else int(text)
    return entries


def scores(habit, entries):
    known = [d for d, v in entries.items() if v != UNKNOWN]
    if not known:
        return []
    first, last = min(known), max(entries)
    values = [entries.get(first + datetime.timedelta(days=i), UNKNOWN) for i in range((last - first).days + 1)]
    num, den = habit["num"], habit["den"]
    freq = num / den
    if not habit["numerical"] and freq < 1:
        num, den = num * 2, den * 2
    multiplier = 0.5 ** (math.sqrt(freq) / 13)
    score = 1.0 if habit["numerical"] and habit["at_most"] else 0.0
    rolling = 0.0
    out = []
    for i, value in enumerate(values):
        if habit["numerical"]:
            rolling += max(0, value)
            if i >= den:
                rolling -= max(0, values[i - den])
            total, target = rolling / 1000, habit["target"]
            if habit["at_most"]:
                c = min(1.0, max(0.0, 1 - (total - target) / target)) if target > 0 else (0.0 if total > 0 else 1.0)
            else:
                c = min(1.0, total / target) if target > 0 else 1.0
        else:
            rolling += 1 if value == YES_MANUAL else 0
            if i >= den and values[i - den] == YES_MANUAL:
                rolling -= 1
            c = min(1.0, rolling / num)
        if value != SKIP:
            score = score * multiplier + c * (1 - multiplier)
        out.append((first + datetime.timedelta(days=i), score))
    return out


def main(folder, out):
    os.makedirs(out, exist_ok=True)
    for habit in read_habits(folder):
        path = os.path.join(folder, habit["folder"], "Checkmarks.csv")
        if not os.path.exists(path):
            continue
        with open(os.path.join(out, habit["folder"] + ".csv"), "w", encoding="utf-8", newline="") as f:
            f.write("Date,Score\n")
            for day, score in scores(habit, read_entries(path)):
                f.write("%s,%.6f\n" % (day.isoformat(), score))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: loop_scores.py LOOP-CSV-FOLDER OUT-FOLDER")
    main(sys.argv[1], sys.argv[2])
