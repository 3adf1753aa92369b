#!/usr/bin/env python3
"""Time from SIGTERM to the exit on a 10 MB C input.

    benches/large/sigterm.py BINARY LABEL 3,5,7,9,11,13,15,17

Writes the c-locals shape with 115,000 units (10.1 MB) into
target/bench-large/sigterm/, reduces it with a grep test (the bug's two
lines) at -j 2 --no-cache, sends SIGTERM at each of the given seconds after
the start (one run each), and prints the time from the signal to the exit,
the exit code, the output's size and whether the output passes the gcc test
of the shape (a whole, interesting program), or that there is no output (a
stop during the input's check writes nothing); then the median and maximum.
"""

import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import shapes  # noqa: E402

DIR = HERE.parent.parent / "target" / "bench-large" / "sigterm"


def main():
    binary, label = str(Path(sys.argv[1]).absolute()), sys.argv[2]
    times = [float(x) for x in sys.argv[3].split(",")]
    DIR.mkdir(parents=True, exist_ok=True)
    os.chdir(DIR)
    Path("big.c").write_text(shapes.generate("c-locals", 115000))
    Path("fast.sh").write_text("#!/bin/sh\ngrep -q 'p = v;' \"$1\" && grep -q '^struct point' \"$1\"\n")
    Path("gcc.sh").write_text(shapes.C_CHECK)
    for script in ("fast.sh", "gcc.sh"):
        os.chmod(script, 0o755)
    rows = []
    for t in times:
        out = f"out-{label}-{t}.c"
        if os.path.exists(out):
            os.remove(out)
        p = subprocess.Popen([binary, "--no-cache", "-j", "2", "-l", "c", "-i", "./fast.sh", "-o", out, "big.c"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(t)
        if p.poll() is not None:
            print(label, {"at": t, "ended before the signal": True}, flush=True)
            continue
        start = time.monotonic()
        p.send_signal(signal.SIGTERM)
        p.wait()
        exit_s = round(time.monotonic() - start, 3)
        if not os.path.exists(out):
            # A stop during the input's check writes nothing, by design.
            row = {"at": t, "exit_s": exit_s, "code": p.returncode, "bytes": None, "in the check": True}
            rows.append(row)
            print(label, row, flush=True)
            continue
        row = {"at": t, "exit_s": exit_s, "code": p.returncode,
               "bytes": os.path.getsize(out), "interesting": subprocess.run(["./gcc.sh", out]).returncode == 0}
        rows.append(row)
        print(label, row, flush=True)
    exits = [r["exit_s"] for r in rows]
    if exits:
        written = [r for r in rows if r["bytes"] is not None]
        print(label, "median", statistics.median(exits), "max", max(exits), "signals", len(exits),
              "in the check", len(rows) - len(written),
              "all interesting", all(r["interesting"] for r in written), "load", os.getloadavg())


if __name__ == "__main__":
    main()
