"""Usage: python3 Benchmarks/compare_binaries.py OLD_BINARY NEW_BINARY [RUNS]

Alternating medians of two habit binaries on the same data (base store made by the old binary,
copied; the new binary migrates its copy on first use). CPU = user+sys of the child (wait4)."""
import os, shutil, statistics, subprocess, sys, tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import run_once

base, new = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 21
tmp = tempfile.mkdtemp(prefix="bench-cmp-")
env0 = {"PATH": "/usr/bin:/bin", "HOME": tmp, "TZ": "Europe/Berlin", "HABIT_NOW": "2025-10-26T20:00:00+01:00", "LC_ALL": "C"}
def env(db): return dict(env0, HABIT_DB=db)
dbs = {"base": os.path.join(tmp, "base", "h.sqlite"), "new": os.path.join(tmp, "new", "h.sqlite")}
os.makedirs(os.path.dirname(dbs["base"]), mode=0o700)
subprocess.run([base, "demo", "--days", "3650"], env=env(dbs["base"]), check=True, stdout=subprocess.DEVNULL)
for i, (hh, mm) in enumerate([(h, m) for h in range(6, 22) for m in (0, 30)][:20]):
    act = ["meditate", "workout", "noalc"][i % 3]
    subprocess.run([base, "remind", "add", act, f"{hh:02d}:{mm:02d}"], env=env(dbs["base"]), check=True, stdout=subprocess.DEVNULL)
os.makedirs(os.path.dirname(dbs["new"]), mode=0o700)
subprocess.run(["sqlite3", dbs["base"], "PRAGMA wal_checkpoint(TRUNCATE)"], check=True, stdout=subprocess.DEVNULL)
shutil.copy2(dbs["base"], dbs["new"])
os.chmod(dbs["new"], 0o600)
subprocess.run([new, "streak"], env=env(dbs["new"]), check=True, stdout=subprocess.DEVNULL)  # migrate
cmds = {"log meditate 10m": ["log", "meditate", "10m"], "streak": ["streak"], "calendar": ["calendar"],
        "calendar --year": ["calendar", "--year"], "status": ["status"], "remind check": ["remind", "check"]}
res = {k: {"base": ([], []), "new": ([], [])} for k in cmds}
for name, argv in cmds.items():
    for _ in range(3):
        for who, b in (("base", base), ("new", new)): run_once([b] + argv, env(dbs[who]))
    for _ in range(runs):
        for who, b in (("base", base), ("new", new)):
            w, c = run_once([b] + argv, env(dbs[who]))
            res[name][who][0].append(w); res[name][who][1].append(c)
print(f"{'command':<20} {'base wall':>10} {'new wall':>10} {'base cpu':>10} {'new cpu':>10}  (ms, medians of {runs}, alternating)")
for name in cmds:
    b, n = res[name]["base"], res[name]["new"]
    print(f"{name:<20} {statistics.median(b[0]):10.2f} {statistics.median(n[0]):10.2f} {statistics.median(b[1]):10.2f} {statistics.median(n[1]):10.2f}")
shutil.rmtree(tmp)
