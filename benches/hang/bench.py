#!/usr/bin/env python3
"""Time lost to hangs: the adaptive per-test time limit against the fixed one.

The input is the bundled examples/c-too-many-args/inventory.c. The test
decides in a few milliseconds that a candidate is interesting (it still
holds both `item_price` and `quantity`) and never answers on the others: it
sleeps until treereduce's limit kills it, like a program whose loop lost its
exit. Since the test sleeps instead of computing, the numbers do not depend
on the machine's load. Every run gets `--timeout` (2 s by default), once
with the adaptive limit (the default) and once with
`--no-adaptive-timeout`, alternating, `--repeat` times each.

    benches/hang/bench.py [--repeat 3] [--timeout 2] [-j 2]

Needs a release build (cargo build --release). Prints one row per run and
the medians as JSON lines.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "target", "release", "treereduce")
INPUT = os.path.join(ROOT, "examples", "c-too-many-args", "inventory.c")

CHECK = """#!/bin/sh
grep -q item_price "$1" && grep -q quantity "$1" && exit 0
exec sleep 600
"""


def run(variant, flags, timeout, jobs):
    with tempfile.TemporaryDirectory() as d:
        shutil.copy(INPUT, os.path.join(d, "inventory.c"))
        check = os.path.join(d, "check.sh")
        with open(check, "w") as f:
            f.write(CHECK)
        os.chmod(check, 0o755)
        cmd = [BIN, "-q", "--no-cache", "-j", str(jobs), "--timeout", str(timeout), *flags,
               "-i", "./check.sh", "-o", "out.c", "--stats-json", "s.json", "inventory.c"]
        start = time.monotonic()
        subprocess.run(cmd, cwd=d, check=True)
        wall = time.monotonic() - start
        with open(os.path.join(d, "s.json")) as f:
            s = json.load(f)
        limit = s["time_limit"]
        return {
            "variant": variant,
            "seconds": round(wall, 1),
            "tests": s["tests"],
            "timed_out": s["timed_out"],
            "stopped_early": limit["stopped_early"],
            "let_run": limit["let_run"],
            "slow_interesting": limit["slow_interesting"],
            "adaptive_seconds": limit["adaptive_seconds"],
            "final_tokens": s["final_size"]["tokens"],
        }


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--timeout", type=float, default=2)
    p.add_argument("-j", "--jobs", type=int, default=2)
    a = p.parse_args()
    variants = [("adaptive", []), ("fixed", ["--no-adaptive-timeout"])]
    rows = {name: [] for name, _ in variants}
    for _ in range(a.repeat):
        for name, flags in variants:
            r = run(name, flags, a.timeout, a.jobs)
            rows[name].append(r)
            print(json.dumps(r), flush=True)
    for name, _ in variants:
        rs = rows[name]
        print(json.dumps({
            "variant": name,
            "median_seconds": statistics.median(r["seconds"] for r in rs),
            "median_tests": statistics.median(r["tests"] for r in rs),
            "median_timed_out": statistics.median(r["timed_out"] for r in rs),
            "final_tokens": sorted({r["final_tokens"] for r in rs}),
        }))


if __name__ == "__main__":
    main()
