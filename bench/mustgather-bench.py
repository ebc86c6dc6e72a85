#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""End-to-end input benchmark (issue #6): generates must-gather-shaped trees with
tests/data/shared/bench/gen-synthetic.py, runs driftscope-cli on each and prints
wall time, CPU time and peak RSS next to the reading floor (reading every file
without parsing). Not run by ctest; results go to docs/performance.md.

    bench/mustgather-bench.py [--sizes 1000,10000,50000] [--runs 3] [--build build]
"""
import argparse
import os
import re
import subprocess
import sys
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
    """(wall s, cpu s, peak RSS MB, stdout) of one run, measured by GNU time."""
    start = time.monotonic()
    proc = subprocess.run(["/usr/bin/time", "-f", "TIME %U %S %M"] + cmd, capture_output=True, text=True)
    wall = time.monotonic() - start
    m = re.search(r"TIME ([0-9.]+) ([0-9.]+) ([0-9]+)", proc.stderr)
    if not m or proc.returncode not in (0, 1):
        sys.exit("failed: %s\n%s" % (" ".join(cmd), proc.stderr[-2000:]))
    return wall, float(m.group(1)) + float(m.group(2)), int(m.group(3)) / 1024.0, proc.stdout


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
    print("%8s %10s %10s %10s %10s %8s  %s" % ("objects", "wall s", "cpu s", "RSS MB", "floor s", "x floor",
                                               "summary"))
    for size in [int(s) for s in args.sizes.split(",")]:
        tree = generate(size, args.cache)
        floor_s, _ = floor(args.build, tree)  # warms the page cache too
        floor_s = min(floor_s, *(floor(args.build, tree)[0] for _ in range(2)))
        runs = [timed([cli, "-r", reference, "-f", tree]) for _ in range(args.runs)]
        wall, cpu, rss, out = min(runs, key=lambda r: r[0])
        summary = re.search(r"CRs with diffs: [0-9/]+", out).group(0)
        print("%8d %10.3f %10.3f %10.1f %10.3f %8.1f  %s" % (size, wall, cpu, rss, floor_s, wall / floor_s,
                                                             summary))


if __name__ == "__main__":
    main()
