#!/usr/bin/env python3
"""Writes the Loop Habit Tracker CSV exports of each era as Loop's own source wrote them then
(github.com/iSoron/uhabits; read there, not copied):

- loop-csv-2016/  v1.4–1.5, March to June 2016 (app/.../io/HabitsCSVExporter.java at 28dad560 and
  cabcd5b1, models/Habit.java `writeCSV`, CheckmarkList.java and ScoreList.java `writeCSV`):
  `Habits.csv` is `Name,Description,NumRepetitions,Interval,Color` (no Position); the folders are
  `%03d Name/` by the habit's position; `Checkmarks.csv` and `Scores.csv` are `date,value` and
  `date,score` read from the database ordered by timestamp: OLDEST FIRST, every day from the first
  check to the export day, values 0/1/2; the score is the integer score of that time (`Score.compute`:
  `int(prev * 0.5 ** (1 / (14 / f - 1)))`, plus 1,000,000 on a check, at most 19,259,478) divided
  by 19,259,478, `%.4f`.
- loop-csv-2019/  v1.5–1.7, September 2016 to January 2020 (uhabits-core/.../HabitsCSVExporter.java
  at 8ff0ffe5, HabitList.java, CheckmarkList.java, ScoreList.java, Score.java):
  `Position,Name,Description,NumRepetitions,Interval,Color`; `Checkmarks.csv` `%s,%d` without a
  header, NEWEST FIRST, every day from the export day back to the first check (0 on days
  without; a numerical habit's values in thousandths, from v1.7 of 2017); `Scores.csv` `%s,%.4f`
  newest first over the same days: `s = s * m + c * (1 - m)`, `m = 0.5 ** (f / 13)`, `c` 1 when
  the checkmark is above 0 (a yes/no habit) or min(1, value / 1000 / target) (a numerical one).
- loop-csv-2023/  v1.8 (January 2020, 46761926, a Question column) and v2.x in Kotlin (2021 to
  June 2025; HabitsCSVExporter.kt at 471f9772, HabitList.kt, EntryList.kt, Entry.kt, ScoreList.kt):
  `Position,Name,Question,Description,NumRepetitions,Interval,Color`; `Checkmarks.csv` `%s,%d`
  without a header, newest first, the known entries only (YES_MANUAL 2, YES_AUTO 1, NO 0, SKIP 3;
  a numerical habit's raw thousandths); a habit without entries has an EMPTY Checkmarks.csv and a
  Scores.csv of one line; `Scores.csv` newest first from the first known entry to the export day,
  as `loop_scores.py` computes it (√f, the window of D days, at most from late 2021).
- loop-csv-2025/  since 035b392e and 648c7277 (June 2025): `Habits.csv` with Type, Unit, Target
  Type, Target Value and Archived?; `Checkmarks.csv` with the header `Date,Value,Notes`, values by
  name (`YES_MANUAL`, `NO`, ...) or raw thousandths, the note of ANY day (opencsv quoting);
  `Scores.csv` with the header `Date,Score`.

The targets a numerical habit had in the app (not in the pre-2025 files) are those below; the
tests find them again from Scores.csv. Run from this folder: `python3 loop_eras.py`.
"""
import datetime
import math
import os
import shutil

import loop_scores

TODAY = datetime.date(2026, 11, 22)  # the export day


def d(text):
    return datetime.date.fromisoformat(text)


def days(start, end):
    out, day = [], d(start)
    while day <= d(end):
        out.append(day)
        day += datetime.timedelta(days=1)
    return out


def old_2016_scores(num, den, checks, first):
    """Loop 1.4's integer score, oldest first, from `first` to TODAY."""
    freq = num / den
    multiplier = 0.5 ** (1.0 / (14.0 / freq - 1))
    score, out = 0, []
    for day in days(first.isoformat(), TODAY.isoformat()):
        score = int(score * multiplier)
        if checks.get(day) == 2:
            score = min(score + 1000000, 19259478)
        out.append((day, score / 19259478))
    return out


def java_scores(num, den, values, first, numerical, target):
    """Loop 1.5–1.7's score (ScoreList.java, Score.java after 5653651c), oldest first."""
    freq = num / den
    multiplier = 0.5 ** (freq / 13)
    score, out = 0.0, []
    for day in days(first.isoformat(), TODAY.isoformat()):
        value = values.get(day, 0)
        c = min(1.0, value / 1000 / target) if numerical else (1.0 if value > 0 else 0.0)
        score = score * multiplier + c * (1 - multiplier)
        out.append((day, score))
    return out


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def era_2016(folder):
    habits = [  # name, num, den, {day: 2}
        ("Floss", 1, 1, {day: 2 for day in days("2026-11-10", "2026-11-22") if day.day not in (14, 18)}),
        ("Gym", 3, 7, {d("2026-11-09"): 2, d("2026-11-11"): 2, d("2026-11-16"): 2, d("2026-11-18"): 2, d("2026-11-20"): 2}),
    ]
    write(f"{folder}/Habits.csv", "Name,Description,NumRepetitions,Interval,Color\n"
          + "".join(f"{name},,{num},{den},#FF8F00\n" for name, num, den, _ in habits))
    for position, (name, num, den, checks) in enumerate(habits, 1):
        first = min(checks)
        # CheckmarkList then: 2 on a check, 1 on a day the frequency's interval covers, else 0; this
        # fixture writes 0 on every day without a check (1 and 0 both store nothing, and scored nothing then).
        lines = "".join(f"{day.isoformat()},{checks.get(day, 0)}\n" for day in days(first.isoformat(), TODAY.isoformat()))
        write(f"{folder}/{position:03d} {name}/Checkmarks.csv", lines)
        write(f"{folder}/{position:03d} {name}/Scores.csv",
              "".join(f"{day.isoformat()},{score:.4f}\n" for day, score in old_2016_scores(num, den, checks, first)))


def era_2019(folder):
    # name, num, den, numerical, target, {day: raw}
    run = {d("2026-11-08"): 10500, d("2026-11-10"): 4200, d("2026-11-11"): 12000, d("2026-11-13"): 7350,
           d("2026-11-15"): 10000, d("2026-11-17"): 2500, d("2026-11-19"): 11000, d("2026-11-21"): 9800}
    habits = [
        ("Floss", 1, 1, False, 0, {day: 2 for day in days("2026-11-05", "2026-11-22") if day.day % 4}),
        ("Run", 1, 1, True, 10.0, run),
        ("Pushups", 1, 7, True, 150.0, {d("2026-11-02"): 40000, d("2026-11-06"): 60000, d("2026-11-12"): 100000,
                                         d("2026-11-16"): 30000, d("2026-11-20"): 75000}),
    ]
    write(f"{folder}/Habits.csv", "Position,Name,Description,NumRepetitions,Interval,Color\n"
          + "".join(f"{i:03d},{h[0]},,{h[1]},{h[2]},#4CAF50\n" for i, h in enumerate(habits, 1)))
    for position, (name, num, den, numerical, target, values) in enumerate(habits, 1):
        first = min(values)
        span = list(reversed(days(first.isoformat(), TODAY.isoformat())))
        write(f"{folder}/{position:03d} {name}/Checkmarks.csv", "".join(f"{day.isoformat()},{values.get(day, 0)}\n" for day in span))
        scores = dict(java_scores(num, den, values, first, numerical, target))
        write(f"{folder}/{position:03d} {name}/Scores.csv", "".join(f"{day.isoformat()},{scores[day]:.4f}\n" for day in span))


def kotlin_files(folder, position, name, habit, entries, header):
    """Checkmarks.csv and Scores.csv of Loop 2.x for one habit (`header`: the 2025 layout)."""
    path = f"{folder}/{position:03d} {name}"
    known = sorted(entries, reverse=True)
    if header:
        names = {2: "YES_MANUAL", 1: "YES_AUTO", 0: "NO", 3: "SKIP", -1: "UNKNOWN"}
        lines = "Date,Value,Notes\n"
        for day in known:
            value, note = entries[day]
            text = names.get(value, str(value))  # Entry.formattedValue: 0-3 and -1 by name, numerical or not
            if any(c in note for c in ',"\n'):
                note = '"' + note.replace('"', '""') + '"'
            lines += f"{day.isoformat()},{text},{note}\n"
    else:
        lines = "".join(f"{day.isoformat()},{entries[day][0]}\n" for day in known)
    write(f"{path}/Checkmarks.csv", lines)
    values = {day: entries[day][0] for day in entries}
    values.setdefault(TODAY, -1)  # scored to the export day
    scores = loop_scores.scores(habit, values) if entries else [(TODAY, 0.0)]
    write(f"{path}/Scores.csv", ("Date,Score\n" if header else "")
          + "".join(f"{day.isoformat()},{score:.4f}\n" for day, score in reversed(scores)))


def era_2023(folder):
    meditate = {day: (2, "") for day in days("2026-11-06", "2026-11-22") if day.day % 5}
    meditate.update({d("2026-11-10"): (0, ""), d("2026-11-15"): (3, ""), d("2026-11-20"): (0, "")})
    walk = {d("2026-11-09"): (2, ""), d("2026-11-10"): (1, ""), d("2026-11-11"): (1, ""), d("2026-11-12"): (2, ""),
            d("2026-11-13"): (2, ""), d("2026-11-14"): (1, ""), d("2026-11-17"): (2, ""), d("2026-11-18"): (1, ""),
            d("2026-11-21"): (2, ""), d("2026-11-22"): (1, "")}
    run = {d("2026-11-08"): 5500, d("2026-11-10"): 4200, d("2026-11-11"): 5000, d("2026-11-13"): 7350,
           d("2026-11-15"): 2500, d("2026-11-16"): 3, d("2026-11-17"): 6100, d("2026-11-19"): 3800, d("2026-11-22"): 7350}
    water = {d("2026-11-14"): 8000, d("2026-11-15"): 9000, d("2026-11-16"): 0, d("2026-11-18"): 10000,
             d("2026-11-20"): 8000, d("2026-11-21"): 12000}
    coffee = {d("2026-11-12"): 1000, d("2026-11-13"): 3000, d("2026-11-14"): 2000, d("2026-11-16"): 0,
              d("2026-11-18"): 2500, d("2026-11-20"): 1500, d("2026-11-22"): 4000}
    habits = [  # name, question, num, den, numerical, target, at_most, entries
        ("Meditate", "Did you meditate this morning?", 1, 1, False, 0.0, False, meditate),
        ("Run", "How many km did you run?", 1, 1, True, 5.0, False, {k: (v, "") for k, v in run.items()}),
        ("Water", "How many glasses?", 1, 1, True, 8.0, False, {k: (v, "") for k, v in water.items()}),
        ("Coffee", "How many cups?", 1, 1, True, 2.0, True, {k: (v, "") for k, v in coffee.items()}),
        ("Walk", "Did you walk?", 2, 3, False, 0.0, False, walk),
        ("Journal", "Did you write today?", 1, 1, False, 0.0, False, {}),
    ]
    write(f"{folder}/Habits.csv", "Position,Name,Question,Description,NumRepetitions,Interval,Color\n"
          + "".join(f"{i:03d},{h[0]},{h[1]},,{h[2]},{h[3]},#00897B\n" for i, h in enumerate(habits, 1)))
    for position, (name, _, num, den, numerical, target, at_most, entries) in enumerate(habits, 1):
        habit = dict(numerical=numerical, num=num, den=den, target=target, at_most=at_most)
        kotlin_files(folder, position, name, habit, entries, header=False)


def era_2025(folder):
    meditate = {day: (2, "") for day in days("2026-11-10", "2026-11-22")}
    meditate.update({d("2026-11-12"): (0, "Sick, stayed in bed"), d("2026-11-17"): (0, "Forgot"),
                     d("2026-11-19"): (3, "Travelling"), d("2026-11-21"): (2, "Long one")})
    pages = {d("2026-11-15"): (25000, ""), d("2026-11-16"): (0, "No time, \"busy\" day"), d("2026-11-18"): (12500, ""),
             d("2026-11-20"): (30000, "Finished the book")}
    habits = [  # name, type, num, den, unit, target type, target, entries
        ("Meditate", "YES_NO", 1, 1, "", "", "", meditate),
        ("Read", "NUMERICAL", 1, 1, "pages", "AT_LEAST", "20.0", pages),
        ("Stretch", "YES_NO", 1, 1, "", "", "", {}),
    ]
    write(f"{folder}/Habits.csv", "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,"
          + "Color,Unit,Target Type,Target Value,Archived?\n"
          + "".join(f"{i:03d},{h[0]},{h[1]},,,{h[2]},{h[3]},#FF8F00,{h[4]},{h[5]},{h[6]},false\n" for i, h in enumerate(habits, 1)))
    for position, (name, kind, num, den, _, target_type, target, entries) in enumerate(habits, 1):
        habit = dict(numerical=kind == "NUMERICAL", num=num, den=den, target=float(target or 0), at_most=target_type == "AT_MOST")
        kotlin_files(folder, position, name, habit, entries, header=True)


if __name__ == "__main__":
    for name, make in [("loop-csv-2016", era_2016), ("loop-csv-2019", era_2019), ("loop-csv-2023", era_2023),
                       ("loop-csv-2025", era_2025)]:
        shutil.rmtree(name, ignore_errors=True)
        make(name)
