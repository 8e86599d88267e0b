#!/usr/bin/env python3
"""Issue 26 benchmark: `habit ui` on 10 years of data with 20 habits — the first screen and a
redraw after a key. Medians.

The store is own_habits.py's (10 years of demo data for the built-ins, 20 own habits of every kind
written in one transaction). The release binary (static stdlib, the link flags of `make install`)
runs in a pseudo-terminal of its own (os.openpty, 160 x 50, TERM=xterm-256color, LANG=C.UTF-8)
with HABIT_UI_TRACE=FILE: it appends one line a frame, measured with the monotonic clock
(Sources/habit/Commands/UI.swift, UITrace):

- `read MS`: the first read of the rows and cells (the whole evaluation), inside the first screen;
- `first NS`: the instant the first screen was drawn (after `refresh`); the script takes its own
  CLOCK_MONOTONIC instant just before posix_spawn, so "first screen" is spawn to drawn: process
  start, store open, the rows and 90-odd days of cells read, the screen written to the terminal.
- `key|reload|write MS`: from the key read to the frame drawn: `key` a move (the cells already
  read), `reload` a page (`[` / `]`: the cells read again), `write` a space on a yes/no day (the
  entry written as `habit log` writes it, the cells read again).

The output is drained all along, so the terminal never blocks the drawing.

Usage: python3 Benchmarks/ui_frames.py [--launches 20] [--keys 40] [--years 10] [--binary PATH]
Targets: first screen <= 100 ms; a redraw after a key <= 16 ms.
"""
import argparse
import fcntl
import os
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

sys.path.insert(0, os.path.dirname(__file__))
from benchlib import fmt, measure  # noqa: E402
from own_habits import HABITS, NOW, ZONE, add_habits, build_release, fill  # noqa: E402


class Screen:
    """`habit ui` in a pseudo-terminal, its trace file read as it grows."""

    def __init__(self, binary, env, trace, width=160, height=50):
        self.trace = trace
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        self.master = master
        self.spawned = time.monotonic_ns()
        self.pid = os.posix_spawn(binary, [binary, "ui"], env, setsid=True,
                                  file_actions=[(os.POSIX_SPAWN_DUP2, slave, 0), (os.POSIX_SPAWN_DUP2, slave, 1),
                                                (os.POSIX_SPAWN_DUP2, slave, 2)])
        os.close(slave)
        self.seen = 0
        self.parts = {}

    def drain(self, seconds):
        ready, _, _ = select.select([self.master], [], [], seconds)
        if ready:
            try:
                os.read(self.master, 65536)
            except OSError:
                pass

    def lines(self):
        try:
            with open(self.trace) as f:
                return f.read().splitlines()
        except FileNotFoundError:
            return []

    def next_frame(self, timeout=10):
        """The next trace line (draining the terminal while waiting)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            lines = self.lines()
            while len(lines) > self.seen:
                self.seen += 1
                words = lines[self.seen - 1].split()
                if words[0].startswith("part:"):  # a part of the next frame (a write's store, cells, draw)
                    self.parts.setdefault(words[0][5:], []).append(float(words[1]))
                    continue
                return words
            self.drain(0.001)
        sys.exit("habit ui drew no frame in time")

    def key(self, text):
        os.write(self.master, text.encode())
        return self.next_frame()

    def quit(self):
        os.write(self.master, b"q")
        self.next_frame()
        _, status = os.waitpid(self.pid, 0)
        os.close(self.master)
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit("habit ui did not exit 0")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--launches", type=int, default=20)
    parser.add_argument("--keys", type=int, default=40, help="keys of each kind, over all launches")
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--binary", help="a built habit (e.g. what make install built); default: build the release one")
    args = parser.parse_args()

    binary = os.path.abspath(args.binary) if args.binary else build_release()
    work = tempfile.mkdtemp(prefix="habit-bench-")
    db = os.path.join(work, "habit.sqlite")
    env = dict(os.environ, HABIT_DB=db, TZ=ZONE, HABIT_NOW=NOW, NO_COLOR="1")
    days = args.years * 365 + args.years // 4
    subprocess.run([binary, "demo", "--days", str(days), "--seed", "7"], env=env, check=True, stdout=subprocess.DEVNULL)
    ids = add_habits(binary, env, db)
    added = fill(db, ids, args.years, args.seed)
    print(f"-- {len(HABITS)} own habits + 3 built-ins, {args.years} years ({added:,} habit samples), a 160 x 50 terminal")

    trace = os.path.join(work, "trace")
    ui_env = dict(env, TERM="xterm-256color", LANG="C.UTF-8", HABIT_UI_TRACE=trace)
    ui_env.pop("NO_COLOR")
    first, reads, frames, parts = [], [], {"key": [], "reload": [], "write": []}, {}
    per_launch = max(1, args.keys // args.launches)
    for _ in range(args.launches):
        if os.path.exists(trace):
            os.remove(trace)
        screen = Screen(binary, ui_env, trace)
        name, ms = screen.next_frame()
        assert name == "read"
        reads.append(float(ms))
        name, drawn = screen.next_frame()
        assert name == "first"
        first.append((int(drawn) - screen.spawned) / 1e6)
        for key in "jjj":  # to floss, a yes/no habit
            screen.key(key)
        for i in range(per_launch):
            for key in ("h", "l") if i % 2 == 0 else ("k", "j"):
                name, ms = screen.key(key)
                frames[name].append(float(ms))
            for key in "[" * 6 + "]" * 6:  # six weeks back leave the cells read: some of these read again
                name, ms = screen.key(key)
                frames[name].append(float(ms))
            for _ in range(2):  # done, then not done: the store as it was
                name, ms = screen.key(" ")
                frames[name].append(float(ms))
        screen.quit()
        for part, values in screen.parts.items():
            parts.setdefault(part, []).extend(values)

    def line(label, values):
        if not values:
            return f"{label:<44} (none)"
        values = sorted(values)
        p90 = values[max(0, int(len(values) * 0.9) - 1)]
        return f"{label:<44} median {statistics.median(values):7.2f} ms  p90 {p90:7.2f} ms  (n={len(values)})"

    # The same evaluation of every habit, as a command, in the same minutes: the yardstick under load.
    print(fmt("habit calendar (the same evaluation)", measure([binary, "calendar"], env, 20)))
    print(line("first screen (spawn to drawn)", first))
    print(line("  of which the first read (rows, cells)", reads))
    print(line("redraw after a key, nothing read (h l j k [ ])", frames["key"]))
    print(line("redraw after [ ] that reads the cells again", frames["reload"]))
    print(line("redraw after space (written, cells read)", frames["write"]))
    for part in ("store", "cells", "draw"):  # the write's parts (HABIT_UI_TRACE's part: lines)
        print(line(f"  of which {part}", parts.get(part, [])))
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
