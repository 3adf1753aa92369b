#!/usr/bin/env python3
"""What containing a test's processes costs: treereduce's own CPU time and
the wall time per test, with a test so cheap (one `grep`) that the
reducer's work per test shows, for this build and another one (an older
commit's, to compare side by side).

The input has 60 lines to keep and 60 to remove, interleaved, so that the
reduction runs some 420 tests. Each binary runs at -j 1 and -j 2 with
`--no-cache`, `--repeat` times, alternating which goes first.

    benches/sweep/bench.py --before path/to/old/treereduce [--repeat 6]

Needs a release build (cargo build --release). Prints the medians and
minimums per test.
"""

import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
AFTER = os.path.join(ROOT, "target", "release", "treereduce")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="the binary to compare with")
    parser.add_argument("--repeat", type=int, default=6)
    args = parser.parse_args()
    bins = {"before": os.path.abspath(args.before), "after": AFTER}
    with tempfile.TemporaryDirectory(prefix="sweep-bench-") as work:
        with open(os.path.join(work, "a.c"), "w") as f:
            for i in range(60):
                f.write(f"int keep{i};\nint drop{i};\n")
        check = os.path.join(work, "check.sh")
        with open(check, "w") as f:
            f.write('#!/bin/sh\n[ $(grep -c keep "$1") -eq 60 ]\n')
        os.chmod(check, 0o755)
        tmp = os.path.join(work, "tmp")
        os.mkdir(tmp)
        runs = {(name, j): [] for name in bins for j in (1, 2)}
        for rep in range(args.repeat):
            for j in (1, 2):
                order = list(bins.items())
                if rep % 2:
                    order.reverse()
                for name, binary in order:
                    start = time.monotonic()
                    subprocess.run(
                        [binary, "-q", "--no-cache", "-j", str(j), "-i", "./check.sh",
                         "-o", "out.c", "--stats-json", "stats.json", "a.c"],
                        cwd=work, check=True, env=dict(os.environ, TMPDIR=tmp))
                    wall = time.monotonic() - start
                    with open(os.path.join(work, "stats.json")) as f:
                        stats = json.load(f)
                    runs[(name, j)].append((wall, stats["tests"], stats["cpu_seconds"]))
        print("| build | -j | tests | wall per test, median (min) | own CPU per test, median (min) |")
        print("|---|---|---|---|---|")
        for (name, j), rows in sorted(runs.items(), key=lambda r: (r[0][1], r[0][0] != "before")):
            wall = [1000 * r[0] / r[1] for r in rows]
            cpu = [1000 * r[2] / r[1] for r in rows]
            tests = statistics.median(r[1] for r in rows)
            print(f"| {name} | {j} | {tests:.0f} | {statistics.median(wall):.2f} ms ({min(wall):.2f}) "
                  f"| {statistics.median(cpu):.3f} ms ({min(cpu):.3f}) |")


if __name__ == "__main__":
    main()
