#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fleet benchmark (issue #23): N clusters of the bench seed's size (the seed-core
CRs, 75 objects, copied N times with a deterministic drift on every 7th cluster)
compared in one `driftscope-cli fleet` run. Prints wall time, CPU time and peak
RSS per N, and the floor measured in the same run: bench_readfloor reading every
cluster's files without parsing. Not run by ctest; results go to
docs/performance.md.

    bench/fleet-bench.py [--clusters 100,300,1000] [--runs 3] [--build build]
"""
import argparse
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module

mg = import_module("mustgather-bench")

ROOT = mg.ROOT
BENCH = mg.BENCH


def make_fleet(count, cache):
    base = os.path.join(cache, "fleet")
    seed = os.path.join(BENCH, "seed-core", "reference-crs")
    os.makedirs(base, exist_ok=True)
    clusters = []
    for i in range(count):
        target = os.path.join(base, "cluster-%04d" % i)
        if not os.path.isdir(target):
            shutil.copytree(seed, target)
            if i % 7 == 0:  # a drift shared by every 7th cluster
                path = os.path.join(target, "optional", "cert-manager", "certManagerSubscription.yaml")
                with open(path) as f:
                    text = f.read()
                with open(path, "w") as f:
                    f.write(text.replace("channel: stable-v1", "channel: stable-v2"))
        clusters.append(target)
    return clusters


def floor(build, clusters):
    out = mg.subprocess.run([os.path.join(build, "bench", "bench_readfloor")] + clusters,
                            capture_output=True, text=True, check=True).stdout
    return float(re.search(r"in ([0-9.]+) s", out).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clusters", default="100,300,1000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--cache", default="/tmp/driftscope-bench")
    args = parser.parse_args()
    cli = os.path.join(args.build, "app", "driftscope-cli")
    reference = os.path.join(BENCH, "reference-core", "metadata.yaml")
    print("%8s %10s %10s %10s %10s %8s  %s" % ("clusters", "wall s", "cpu s", "RSS MB", "floor s", "x floor",
                                              "drift groups"))
    for count in [int(c) for c in args.clusters.split(",")]:
        clusters = make_fleet(count, args.cache)
        floor(args.build, clusters)  # warms the page cache
        floors, runs = [], []
        for _ in range(args.runs):
            floors.append(floor(args.build, clusters))
            runs.append(mg.timed([cli, "fleet", "-r", reference, "-o", "json"] + clusters))
        wall, cpu, rss, out = min(runs, key=lambda r: r[0])
        groups = out.count('"diffHash"')
        floor_s = min(floors)
        print("%8d %10.3f %10.3f %10.1f %10.3f %8.1f  %d" % (count, wall, cpu, rss, floor_s, wall / floor_s, groups))


if __name__ == "__main__":
    main()
