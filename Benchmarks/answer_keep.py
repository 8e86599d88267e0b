#!/usr/bin/env python3
"""Issue 25: what keeping an answer for degraded mode costs (`AnswerCache.keep`, after each
`status`, `today`, `streak`, `calendar`). Target: under 0.3 ms a command.

1. The keep step alone. The real `Sources/habit/Support/AnswerCache.swift` (and `Env.swift`) of
   the working tree and of `--against REV` are each compiled with `swiftc -O -wmo` beside a small
   driver, against the two `HabitKit` files they need (`Time/HabitCalendar.swift`,
   `Time/LocalDay.swift`: `Timestamp`). The cache holds seven answers of a status bar's and a
   person's commands (~3 KB); each process keeps a `status` answer `--calls` times (a new instant
   each time) and reports each call's wall and thread-CPU time. The first call of a process is the
   one a command makes; the later ones are the same code warm. Processes of the two versions
   alternate.
2. With `--binaries BEFORE AFTER`: `habit status` end to end on a 10-year demo store, both
   binaries alternating, each with its cache holding seven answers and with its cache folder
   refused (mode 0777: the keep returns after one `lstat`), medians of `--runs`. kept - refused
   is the keep's share of the command.
3. With `--uprobes` too: the keep step inside each binary, from a uprobe on `AnswerCache.keep`'s
   entry to one on its return (perf; root), `--runs` `habit status` each; and its time on the
   CPU, less what the process spent switched out (`sched_switch`), for a shared machine.
4. With `--syscalls`: the file system's part alone, in a Python loop: the old replacement
   against the rewrite in place (with and without ftruncate, fdatasync).

Usage: python3 Benchmarks/answer_keep.py [--against REV] [--processes 200] [--calls 20] [--syscalls]
                                         [--binaries BEFORE AFTER [--uprobes]] [--runs 101]
Needs swiftc (the toolchain that builds habit) and git. Never run beside a build.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import run_once  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = ["Sources/habit/Support/AnswerCache.swift", "Sources/habit/Support/Env.swift"]
HABITKIT = ["Sources/HabitKit/Time/HabitCalendar.swift", "Sources/HabitKit/Time/LocalDay.swift"]

DRIVER = r'''
import Foundation

// answerkeep FOLDER CALLS fill|time: keeps answers in FOLDER/habit/answers through the environment.
let arguments = CommandLine.arguments
let calls = Int(arguments[2]) ?? 1
setenv("XDG_CACHE_HOME", arguments[1], 1)
let store = "/home/someone/.local/share/habit/habit.sqlite"
func entry(_ command: String, _ kind: AnswerFile.Kind, _ body: String, _ n: Int) -> AnswerFile.Entry {
    AnswerFile.Entry(key: "\(store)\n80 plain\n\(command)", kind: kind,
                     asOf: String(format: "2026-11-25T%02d:%02d:00+01:00", 8 + n / 60 % 12, n % 60), body: body)
}
let status = "2 left · ✓meditate 1 · …workout 0 · …noalc 0"
if arguments[3] == "fill" {
    let week = (0..<5).map { "Nov \(20 + $0)  " + String(repeating: "■ ", count: 20) }.joined(separator: "\n")
    let month = (0..<6).map { _ in (1...7).map { String(format: "%2d ✓ ", $0) }.joined() }.joined(separator: "\n")
    let answers: [(String, AnswerFile.Kind, String)] = [
        ("calendar", .text, "November 2026\n" + month + "\n" + month), ("streak", .text, week + "\n" + week),
        ("today", .text, "Today, Wednesday 25 November\n" + week), ("status\u{1F}--format\u{1F}tmux", .tmux, status + " #[fg=colour34]"),
        ("status\u{1F}--format\u{1F}i3blocks", .i3blocks, status + "\n2 left\n#FFFFFF"),
        ("status\u{1F}--format\u{1F}waybar", .waybar, "{\"class\":\"left\",\"percentage\":33,\"text\":\"\(status)\",\"tooltip\":\"\(week)\"}"),
        ("status", .text, status),
    ]
    for (n, (command, kind, body)) in answers.enumerated() { AnswerCache.keep(entry(command, kind, body, n)) }
} else {
    func nanoseconds(_ clock: clockid_t) -> Int { var t = timespec(); clock_gettime(clock, &t); return t.tv_sec * 1_000_000_000 + t.tv_nsec }
    func faults() -> Int { var usage = rusage(); getrusage(__rusage_who_t(1), &usage); return usage.ru_minflt + usage.ru_majflt }
    var lines: [String] = []
    for n in 0..<calls {
        let answer = entry("status", .text, status, n + 7)
        let wall = nanoseconds(CLOCK_MONOTONIC), cpu = nanoseconds(CLOCK_THREAD_CPUTIME_ID), faulted = faults()
        AnswerCache.keep(answer)
        lines.append("\(nanoseconds(CLOCK_MONOTONIC) - wall) \(nanoseconds(CLOCK_THREAD_CPUTIME_ID) - cpu) \(faults() - faulted)")
    }
    print(lines.joined(separator: "\n"))
}
'''


def source(rev, path):
    if rev is None:
        with open(os.path.join(ROOT, path)) as f:
            return f.read()
    return subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def compile_driver(rev, into):
    """The driver linked with AnswerCache.swift as it is at `rev` (None: the working tree)."""
    os.makedirs(into)
    kit = [os.path.join(into, os.path.basename(p)) for p in HABITKIT]
    for path, text in zip(kit, (source(rev, p) for p in HABITKIT)):
        with open(path, "w") as f:
            f.write(text)
    subprocess.run(["swiftc", "-O", "-wmo", "-parse-as-library", "-emit-library", "-static", "-emit-module",
                    "-module-name", "HabitKit"] + kit, cwd=into, check=True)
    files = []
    for p in SOURCES:
        files.append(os.path.join(into, os.path.basename(p)))
        with open(files[-1], "w") as f:
            f.write(source(rev, p))
    files.append(os.path.join(into, "main.swift"))
    with open(files[-1], "w") as f:
        f.write(DRIVER)
    binary = os.path.join(into, "answerkeep")
    subprocess.run(["swiftc", "-O", "-wmo", "-module-name", "answerkeep", "-I", into, "-L", into, "-lHabitKit",
                    "-o", binary] + files, cwd=into, check=True)
    return binary


def keep_step(binaries, processes, calls, tmp):
    results = {name: {"first": [], "later": [], "first_cpu": [], "later_cpu": [], "faults": []} for name in binaries}
    for name, binary in binaries.items():
        folder = os.path.join(tmp, "cache-" + name)
        subprocess.run([binary, folder, "1", "fill"], check=True)
        size = os.path.getsize(os.path.join(folder, "habit", "answers"))
        print(f"{name}: the cache file holds {size} bytes")
    for _ in range(processes):
        for name, binary in binaries.items():
            out = subprocess.run([binary, os.path.join(tmp, "cache-" + name), str(calls), "time"],
                                 capture_output=True, text=True, check=True).stdout.split("\n")
            times = [[int(x) for x in line.split()] for line in out if line]
            results[name]["first"].append(times[0][0] / 1000)
            results[name]["first_cpu"].append(times[0][1] / 1000)
            results[name]["faults"].append(times[0][2])
            results[name]["later"] += [t[0] / 1000 for t in times[1:]]
            results[name]["later_cpu"] += [t[1] / 1000 for t in times[1:]]

    def m(v):
        return statistics.median(v)

    def p90(v):
        return sorted(v)[int(len(v) * 0.9)]
    print(f"\nkeep step, {processes} processes × {calls} calls (µs; medians, p90 in brackets)")
    print(f"{'version':<16} {'first wall':>16} {'first CPU':>10} {'faults':>7} {'later wall':>16} {'later CPU':>10}")
    for name, r in results.items():
        print(f"{name:<16} {m(r['first']):8.1f} ({p90(r['first']):5.1f}) {m(r['first_cpu']):10.1f} {m(r['faults']):7.0f} "
              f"{m(r['later']):8.1f} ({p90(r['later']):5.1f}) {m(r['later_cpu']):10.1f}")


FILL = [["today"], ["streak"], ["calendar"], ["status", "--format", "waybar"], ["status", "--format", "i3blocks"],
        ["status", "--format", "tmux"]]


def stores(before, after, tmp):
    """A 10-year demo store per binary, and per binary two cache folders: one holding the seven
    answers of a bar and a person (`status` in four formats, `today`, `streak`, `calendar`), and one
    refused (mode 0777: the keep returns after one `lstat`)."""
    env0 = {"PATH": "/usr/bin:/bin", "HOME": tmp, "TZ": "Europe/Berlin", "HABIT_NOW": "2026-11-25T14:02:00+01:00",
            "LC_ALL": "C"}
    variants = {}
    for name, binary in (("before", before), ("after", after)):
        db = os.path.join(tmp, "store-" + name, "h.sqlite")
        os.makedirs(os.path.dirname(db), mode=0o700)
        subprocess.run([binary, "demo", "--days", "3650"], env=dict(env0, HABIT_DB=db), check=True, stdout=subprocess.DEVNULL)
        for cache in ("kept", "refused"):
            xdg = os.path.join(tmp, f"xdg-{name}-{cache}")
            os.makedirs(os.path.join(xdg, "habit"), mode=0o700)
            env = dict(env0, HABIT_DB=db, XDG_CACHE_HOME=xdg)
            if cache == "refused":
                os.chmod(os.path.join(xdg, "habit"), 0o777)
            else:
                for command in FILL:
                    subprocess.run([binary] + command, env=env, check=True, stdout=subprocess.DEVNULL)
            variants[f"{name}, cache {cache}"] = ([binary, "status"], env)
    return variants


def end_to_end(variants, runs):
    for argv, env in variants.values():
        for _ in range(3):
            run_once(argv, env)
    walls = {k: [] for k in variants}
    cpus = {k: [] for k in variants}
    for _ in range(runs):
        for name, (argv, env) in variants.items():
            w, c = run_once(argv, env)
            walls[name].append(w)
            cpus[name].append(c)
    for name in ("before", "after"):
        kept = os.path.join(variants[f"{name}, cache kept"][1]["XDG_CACHE_HOME"], "habit", "answers")
        with open(kept, "rb") as f:
            assert f.read().count(b"\n") > 14, f"the {name} binary did not keep its answers"
    print(f"\n`habit status` end to end, {runs} alternating runs (ms, medians)")
    for name in variants:
        print(f"{name:<28} wall {statistics.median(walls[name]):7.3f}  CPU {statistics.median(cpus[name]):7.3f}")
    for name in ("before", "after"):
        dw = statistics.median(walls[f"{name}, cache kept"]) - statistics.median(walls[f"{name}, cache refused"])
        print(f"{name}: kept - refused = {dw * 1000:6.0f} µs wall")


def uprobes(variants, runs):
    """The keep step inside each binary: a uprobe on `AnswerCache.keep`'s entry and one on its
    return (perf, root), `runs` `habit status` each with the cache kept. A probe costs a few µs."""
    events = {}
    for name in ("before", "after"):
        binary = variants[f"{name}, cache kept"][0][0]
        symbols = subprocess.run(["nm", binary], capture_output=True, text=True, check=True).stdout.split("\n")
        keep = [line.split()[2] for line in symbols if "11AnswerCacheO4keep" in line and "XEfU" not in line]
        assert len(keep) == 1, f"{name}: no single AnswerCache.keep symbol: {keep}"
        for event, where in ((f"{name}_in", keep[0]), (f"{name}_out", keep[0] + "%return")):
            subprocess.run(["perf", "probe", "-q", "-x", binary, "--add", f"answerkeep:{event}={where}"], check=True)
        events[name] = binary
    try:
        data = os.path.join(os.path.dirname(variants["after, cache kept"][1]["HABIT_DB"]), "perf.data")
        loop = [[sys.executable, "-c", "import subprocess, sys; [subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL) "
                 f"for _ in range({runs})]"] + argv for argv, _ in (variants["before, cache kept"], variants["after, cache kept"])]
        for name, command in zip(("before", "after"), loop):
            env = variants[f"{name}, cache kept"][1]
            subprocess.run(["perf", "record", "-q", "-e", "answerkeep:*", "-e", "sched:sched_switch", "-a", "-o", data + name, "--"]
                           + command, env=env, check=True, stderr=subprocess.DEVNULL)
        print(f"\nthe keep step inside `habit status` (uprobes on AnswerCache.keep, {runs} runs each; µs, medians)")
        print("on CPU: the time between the probes less the time the process was switched out (a shared machine)")
        for name in ("before", "after"):
            lines = subprocess.run(["perf", "script", "-i", data + name, "--ns", "-F", "pid,time,event,trace"], capture_output=True,
                                   text=True, check=True).stdout.split("\n")
            began, out_since, off, took, on_cpu = {}, {}, {}, [], []
            for line in lines:
                fields = line.split()
                if len(fields) < 3:
                    continue
                pid, at, event = fields[0], float(fields[1].rstrip(":")), fields[2]
                if event.startswith("sched:sched_switch"):
                    trace = dict(f.split("=", 1) for f in fields[3:] if "=" in f)
                    if trace.get("prev_pid") in began:
                        out_since[trace["prev_pid"]] = at
                    if trace.get("next_pid") in out_since:
                        off[trace["next_pid"]] += at - out_since.pop(trace["next_pid"])
                elif "_in" in event:
                    began[pid], off[pid] = at, 0.0
                elif pid in began:
                    took.append((at - began.pop(pid)) * 1e6)
                    on_cpu.append(took[-1] - off.pop(pid) * 1e6)
            took.sort()
            print(f"{name:<8} wall {statistics.median(took):7.1f} (p10 {took[len(took) // 10]:6.1f}, p90 "
                  f"{took[len(took) * 9 // 10]:7.1f})  on CPU {statistics.median(on_cpu):7.1f}  ({len(took)} keeps)")
    finally:
        subprocess.run(["perf", "probe", "-q", "--del", "answerkeep:*"], check=False)


def syscalls(tmp, runs=2000, size=2600):
    """The file system's part alone, in a Python loop: the old replacement (temporary file, write,
    rename over the answers file) against the rewrite in place, on a file of `size` bytes."""
    import fcntl
    folder = os.path.join(tmp, "syscalls", "habit")
    os.makedirs(folder, mode=0o700)
    path = os.path.join(folder, "answers")
    data = b"x" * size
    with open(path, "wb") as f:
        f.write(data)

    def replace():
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=".answers.")
        os.write(fd, data)
        os.close(fd)
        os.rename(temporary, path)

    def in_place(cut=False, sync=False):
        os.lstat(folder)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.read(fd, os.fstat(fd).st_size + 1)
        os.pwrite(fd, data, 0)
        if cut:
            os.ftruncate(fd, size)
        if sync:
            os.fdatasync(fd)
        os.close(fd)

    def read_only():
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        os.read(fd, os.fstat(fd).st_size + 1)
        os.close(fd)

    ways = {"temporary file + write + rename (before)": replace, "in place: open, flock, fstat, read, pwrite": in_place,
            "  + ftruncate to the same length": lambda: in_place(cut=True), "  + fdatasync": lambda: in_place(sync=True),
            "open, fstat, read only": read_only}
    print(f"\nthe file system alone, {runs} times each in a Python loop, a {size}-byte file (µs, medians)")
    for name, way in ways.items():
        for _ in range(50):
            way()
        took = []
        for _ in range(runs):
            began = time.perf_counter()
            way()
            took.append((time.perf_counter() - began) * 1e6)
        took.sort()
        print(f"{name:<44} {statistics.median(took):7.1f}  (p90 {took[runs * 9 // 10]:7.1f})")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", help="the revision to compare the working tree's keep with")
    parser.add_argument("--processes", type=int, default=200, help="0: no keep step on its own")
    parser.add_argument("--calls", type=int, default=20)
    parser.add_argument("--binaries", nargs=2, metavar=("BEFORE", "AFTER"))
    parser.add_argument("--runs", type=int, default=101)
    parser.add_argument("--syscalls", action="store_true", help="the file system's part alone, in a Python loop")
    parser.add_argument("--uprobes", action="store_true", help="with --binaries: time the keep inside each binary (perf, root)")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="bench-answer-keep-")
    try:
        if args.syscalls:
            syscalls(tmp)
        if args.processes > 0:
            binaries = {}
            if args.against:
                binaries[args.against] = compile_driver(args.against, os.path.join(tmp, "against"))
            binaries["working tree"] = compile_driver(None, os.path.join(tmp, "tree"))
            keep_step(binaries, args.processes, args.calls, tmp)
        if args.binaries:
            variants = stores(args.binaries[0], args.binaries[1], tmp)
            end_to_end(variants, args.runs)
            if args.uprobes:
                uprobes(variants, args.runs)
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
