"""Shared helpers for habit's whole-command benchmarks: run a command N times, report medians.

Wall time from perf_counter around fork/exec/wait; CPU time (user + system) from the child's
rusage via os.wait4, so both are per-run figures and we can take true medians.
"""
import os
import statistics
import subprocess
import sys
import time


def spawn_once(argv, env):
    """Wall ms and the child's rusage of one run, stdout to /dev/null."""
    # posix_spawn (vfork + exec) so the child's rusage is the command's own, not a forked Python's.
    devnull = os.open(os.devnull, os.O_WRONLY)
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, env, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    os.close(devnull)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"benchmark command failed: {' '.join(argv)}")
    return wall * 1000, usage


def run_once(argv, env):
    wall, usage = spawn_once(argv, env)
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def measure(argv, env, runs, warmup=3):
    for _ in range(warmup):
        run_once(argv, env)
    walls, cpus = [], []
    for _ in range(runs):
        w, c = run_once(argv, env)
        walls.append(w)
        cpus.append(c)
    return {
        "wall_median": statistics.median(walls),
        "wall_p90": sorted(walls)[int(len(walls) * 0.9) - 1],
        "cpu_median": statistics.median(cpus),
        "runs": runs,
    }


def release_link_flags(root):
    """The extra `swift build` arguments of the installed binary (scripts/release-link-flags.sh)."""
    return subprocess.run([os.path.join(root, "scripts", "release-link-flags.sh")], capture_output=True, text=True,
                          check=True).stdout.split()


def link_kind(binary):
    """How `binary` is linked, from its ELF headers: a static executable (PIE or not), or dynamic."""
    import struct
    with open(binary, "rb") as f:
        head = f.read(64)
        e_type, = struct.unpack_from("<H", head, 16)
        e_phoff, = struct.unpack_from("<Q", head, 32)
        e_phentsize, e_phnum = struct.unpack_from("<HH", head, 54)
        f.seek(e_phoff)
        table = f.read(e_phentsize * e_phnum)
    kinds = [struct.unpack_from("<I", table, i * e_phentsize)[0] for i in range(e_phnum)]
    if 3 in kinds:  # PT_INTERP: the dynamic loader runs first
        return "dynamic"
    return "static executable" + (" (PIE)" if e_type == 3 else "")


def build_release(root, static=True):
    args = ["swift", "build", "-c", "release", "--product", "habit"]
    if static:
        # The binary `make install` builds: static runtime, relocations packed where possible.
        args += ["--static-swift-stdlib", "--scratch-path", os.path.join(root, ".build-static")] + release_link_flags(root)
    subprocess.run(args, cwd=root, check=True, stdout=subprocess.DEVNULL)
    scratch = ".build-static" if static else ".build"
    return os.path.join(root, scratch, "release", "habit")


def fmt(name, r):
    return f"{name:<44} wall median {r['wall_median']:7.2f} ms  p90 {r['wall_p90']:7.2f} ms  cpu median {r['cpu_median']:6.2f} ms  ({r['runs']} runs)"
