#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""End-to-end input benchmark (issue #6): generates must-gather-shaped trees with
tests/data/shared/bench/gen-synthetic.py, runs driftscope-cli on each and prints
wall time, CPU time and peak RSS next to the reading floor (reading every file
without parsing): "x floor" is best wall over best floor, "x median" the median
of the per-pair ratios (each CLI run over the floor run just before it). Not run
by ctest; results go to docs/performance.md.

    bench/mustgather-bench.py [--sizes 1000,10000,50000] [--runs 3] [--build build]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "tests", "data", "shared", "bench")


def generate(size, cache):
    out = os.path.join(cache, "mg-%d" % size)
    if not os.path.isdir(out):
        subprocess.run([sys.executable, os.path.join(BENCH, "gen-synthetic.py"), "--ref",
                        os.path.join(BENCH, "reference-core"), "--seed", os.path.join(BENCH, "seed-core"),
                        "-n", str(size), "-o", out], check=True, stdout=subprocess.DEVNULL)
    return out


def timed(cmd):
    """(wall s, cpu s, peak RSS MB, stdout) of one run. The CLI is spawned directly and
    reaped with wait4, whose rusage gives CPU time and peak RSS (no GNU time process
    in between); its output goes to a temporary file."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        actions = [(os.POSIX_SPAWN_DUP2, out.fileno(), 1), (os.POSIX_SPAWN_DUP2, err.fileno(), 2)]
        start = time.monotonic()
        pid = os.posix_spawn(cmd[0], cmd, os.environ, file_actions=actions)
        _, status, usage = os.wait4(pid, 0)
        wall = time.monotonic() - start
        out.seek(0)
        err.seek(0)
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            sys.exit("failed: %s\n%s" % (" ".join(cmd), err.read().decode(errors="replace")[-2000:]))
        return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, out.read().decode()


def floor(build, tree):
    out = subprocess.run([os.path.join(build, "bench", "bench_readfloor"),
                          os.path.join(tree, "cluster-scoped-resources"), os.path.join(tree, "namespaces")],
                         capture_output=True, text=True, check=True).stdout
    return float(re.search(r"in ([0-9.]+) s", out).group(1)), out.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000,50000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--cache", default="/tmp/driftscope-bench")
    args = parser.parse_args()
    cli = os.path.join(args.build, "app", "driftscope-cli")
    reference = os.path.join(BENCH, "reference-core", "metadata.yaml")
    os.makedirs(args.cache, exist_ok=True)
    print("%8s %10s %10s %10s %10s %8s %8s  %s" % ("objects", "wall s", "cpu s", "RSS MB", "floor s", "x floor",
                                                   "x median", "summary"))
    for size in [int(s) for s in args.sizes.split(",")]:
        tree = generate(size, args.cache)
        floor(args.build, tree)  # warms the page cache
        # Floor and CLI runs alternate, so both see the same machine (page cache
        # reclaim, other load); each column is the best of its runs.
        floors, runs = [], []
        for _ in range(args.runs):
            floors.append(floor(args.build, tree)[0])
            runs.append(timed([cli, "-r", reference, "-f", tree]))
        wall, cpu, rss, out = min(runs, key=lambda r: r[0])
        floor_s = min(floors)
        median_ratio = statistics.median(r[0] / f for r, f in zip(runs, floors))
        summary = re.search(r"CRs with diffs: [0-9/]+", out).group(0)
        print("%8d %10.3f %10.3f %10.1f %10.3f %8.1f %8.1f  %s" % (size, wall, cpu, rss, floor_s, wall / floor_s,
                                                                   median_ratio, summary))

if __name__ == "__main__":
    main()
