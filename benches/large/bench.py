#!/usr/bin/env python3
"""Large programs: how the work before the tests, the time to a result and
the memory grow with the input.

    benches/large/bench.py scaling                 # generated inputs, 1k..64k units
    benches/large/bench.py scaling --shapes c-locals,js-locals --sizes 1000,2000
    benches/large/bench.py scaling --flags='--no-inline-vars --no-inline-consts' --label off
    benches/large/bench.py real                    # the SQLite amalgamation and the 40k file
    benches/large/bench.py real --tools treereduce,cvise --cvise-cap 3600
    benches/large/bench.py guard --binary main=OLD --binary branch=NEW   # before a merge: 20% slower?
    benches/large/bench.py report --label before   # the markdown tables of a label's results
    benches/large/plot.py --label before --label after   # the figure (doc/img/)

scaling: for every shape of benches/large/shapes.py (N units, the bug in
the middle, a real compiler or interpreter as the test) and every size, one
treereduce run at -j 2 with --no-cache and --stats-json. From the
statistics: per pass its setup (node table and every reduction's pass
start, each timed) and the time to its first test; for the run, the time to
its first test, to the first new best, to a tenth and a hundredth of the
tokens, the result, and the reducer's own peak memory (getrusage; a run
killed at its cap has no statistics, and its peak is the highest VmHWM read
from /proc every 0.1 s, a lower bound). Every run gets --deadline (its best
result is then re-checked and the statistics written) and a hard cap: past
the cap it gets SIGTERM, then SIGKILL 20 s later, and the row says "> cap";
the larger sizes of that shape are then not run (they would only reach the
cap later) unless --no-skip. For each measure the report fits the exponent
k of time = c * n^k (least squares on log-log over the sizes measured) and
gives the worst ratio between two doublings.

real: the SQLite amalgamation of the libsqlite3-sys 0.40.0 crate (9.6 MB,
sha256-checked; taken from the cargo registry when it is there, else
fetched from crates.io into target/) with one injected bug, and the
40,000-unit c-locals file; treereduce (and with --tools, C-Vise, installed
with apt-get like benches/run does) with a gcc -fsyntax-only test. Time,
tests (counted by one wrapper for every tool), final tokens (treereduce
--measure), time to the first test of a candidate, to a tenth and a
hundredth of the input's tokens (treereduce: its statistics; C-Vise: its
file polled every 2 s and measured once under a quarter of the input's
bytes), and peak memory of the reducer process.

The binary is this checkout's release build (built if missing), or the one
$TREEREDUCE_BIN names, so the same benchmark runs on any commit. Results
go to target/bench-large/<label>.json, one row at a time (a run of the
benchmark interrupted keeps what it measured; --resume skips the rows
already there). To compare builds under the same conditions, name each
with --binary LABEL=PATH (repeated): every measurement then runs each build
in turn, and each build's rows go to its label's file:

    benches/large/bench.py scaling --binary before=old/treereduce --binary after=target/release/treereduce

guard: the SQLite case (with --cases, the 40,000-unit file too) as a user
runs it (-j 2, default options, --no-cache), each build in turn, --repeat
times (default 3): the time to the first improvement, the total, the
reducer's own CPU, tests and tokens, medians, and each build against the
first pair by pair. More than 20% slower on any of the three times, or a
larger result, is flagged and exits 1: run it with main's build first and
the branch's second before a merge that touches the engine or the coarse
pass. The reducer's CPU is the figure to trust under load; a wall-time
ratio over 1.2 with the CPU ratio near 1 is the machine's, run it again.

Every row records the load average and, for a run killed at its cap, the
CPU time the reducer had used (read from /proc with its peak memory): on a
shared machine the wall times of one run and the next can differ threefold,
its CPU times hardly. Tools needed: gcc, node, rustc (checked at the start).
"""

import argparse
import hashlib
import importlib.machinery
import importlib.util
import json
import math
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
OUT = ROOT / "target" / "bench-large"
sys.path.insert(0, str(HERE))
import shapes  # noqa: E402

TREEREDUCE = Path(os.environ.get("TREEREDUCE_BIN", ROOT / "target" / "release" / "treereduce")).absolute()
SIZES = [1000, 2000, 4000, 8000, 16000, 32000, 64000]

SQLITE_CRATE = ("libsqlite3-sys", "0.40.0")
SQLITE_CRATE_SHA256 = "b06e69070b7e12262b0cd90832f0a7396f142a2b330181255562decf9f0c6215"
SQLITE_SHA256 = "0c657666d819f261cc4007526ad57e1669de9949df7a8ea847aa284a2bf0ee52"
SQLITE_FIND = "SQLITE_API int sqlite3_libversion_number(void){ return SQLITE_VERSION_NUMBER; }"
SQLITE_REPLACE = """SQLITE_API int sqlite3_libversion_number(void){
  Token version;
  version = SQLITE_VERSION_NUMBER; /* the injected bug: a struct assigned from an int */
  return SQLITE_VERSION_NUMBER;
}"""
# The injected bug assigns to a typedef name ('Token'), which gcc names
# without "struct".
SQLITE_CHECK = """\
#!/bin/sh
# interesting: gcc rejects an int assigned to a struct (or its typedef name)
LC_ALL=C gcc -fsyntax-only -w "$1" 2>&1 | grep -q "incompatible types when assigning to type .[A-Za-z0-9_ ]*. from type .int."
"""
FORTY = ("c-locals", 40000)

# Each test is logged (start and end in ns since the epoch, exit code) by
# this wrapper, for every tool alike. C-Vise runs it without an argument,
# beside a file named as the input.
WRAPPER = """#!/bin/sh
s=$(date +%s%N)
{check} "${{1:-./{name}}}"
r=$?
echo "$s $(date +%s%N) $r" >> {log}
exit $r
"""


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def peers():
    """benches/run as a module: its installers of the other reducers."""
    loader = importlib.machinery.SourceFileLoader("bench_run", str(ROOT / "benches" / "run"))
    spec = importlib.util.spec_from_loader("bench_run", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def need(commands):
    missing = [c for c in commands if not shutil.which(c)]
    if missing:
        raise SystemExit(f"missing {', '.join(missing)}: the tests of the inputs need them")


def binaries(args):
    """(label, binary) pairs to measure: the --binary ones, else this
    checkout's build (or $TREEREDUCE_BIN) under --label."""
    if not args.binary:
        if "TREEREDUCE_BIN" not in os.environ:
            subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
        pairs = [(args.label, TREEREDUCE)]
    else:
        pairs = []
        for spec in args.binary:
            label, sep, path = spec.partition("=")
            if not sep:
                raise SystemExit(f"--binary {spec}: expected LABEL=PATH")
            pairs.append((label, Path(path).absolute()))
    for _, binary in pairs:
        if not binary.exists():
            raise SystemExit(f"no binary at {binary}")
    return pairs


def describe_binary(binary):
    commit = None
    if binary == TREEREDUCE and "TREEREDUCE_BIN" not in os.environ:
        commit = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True,
                                text=True).stdout.strip()
    return {"binary": str(binary), "binary_sha256": sha256(binary.read_bytes())[:16], "checkout": commit}


def conditions():
    """What the machine was doing: noisy timings need their context."""
    cpu = ""
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return {"date": time.strftime("%Y-%m-%d %H:%M"), "cores": os.cpu_count(), "cpu": cpu,
            "loadavg": list(os.getloadavg()), "python": platform.python_version()}


def measure(path, lang, binary=None):
    out = subprocess.run([str(binary or TREEREDUCE), "--measure", "--allow-huge-input", "-l", lang, str(path)],
                         capture_output=True, check=True)
    return json.loads(out.stdout)


# ---------------------------------------------------------------- inputs

def shape_input(shape, n):
    ext, lang, *_ = shapes.SHAPES[shape]
    path = OUT / "inputs" / f"{shape}-{n}{ext}"
    text = shapes.generate(shape, n).encode()
    if not path.exists() or path.read_bytes() != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text)
    return path, lang, shapes.SHAPES[shape][5]


def cargo_home():
    return Path(os.environ.get("CARGO_HOME", Path.home() / ".cargo"))


def sqlite_source():
    """sqlite3.c of libsqlite3-sys 0.40.0: from the registry's unpacked
    sources, its downloaded crate, or crates.io (kept under target/)."""
    name, version = SQLITE_CRATE
    member = f"{name}-{version}/sqlite3/sqlite3.c"
    for unpacked in sorted(cargo_home().glob(f"registry/src/*/{member}")):
        data = unpacked.read_bytes()
        if sha256(data) == SQLITE_SHA256:
            return data
    crates = sorted(cargo_home().glob(f"registry/cache/*/{name}-{version}.crate"))
    fetched = OUT / "crates" / f"{name}-{version}.crate"
    if fetched.exists():
        crates.append(fetched)
    blob = None
    for crate in crates:
        if sha256(crate.read_bytes()) == SQLITE_CRATE_SHA256:
            blob = crate.read_bytes()
            break
    if blob is None:
        url = f"https://static.crates.io/crates/{name}/{name}-{version}.crate"
        log(f"fetching {url} ...")
        with urllib.request.urlopen(url, timeout=300) as r:
            blob = r.read()
        if sha256(blob) != SQLITE_CRATE_SHA256:
            raise SystemExit(f"{name} {version}: unexpected sha256 of the crate")
        fetched.parent.mkdir(parents=True, exist_ok=True)
        fetched.write_bytes(blob)
    with tempfile.TemporaryDirectory() as tmp:
        crate = Path(tmp) / "c.crate"
        crate.write_bytes(blob)
        with tarfile.open(crate) as t:
            data = t.extractfile(member).read()
    if sha256(data) != SQLITE_SHA256:
        raise SystemExit(f"{member}: unexpected sha256")
    return data


def sqlite_input():
    text = sqlite_source().decode("utf-8", errors="surrogateescape")
    if text.count(SQLITE_FIND) != 1:
        raise SystemExit("sqlite3.c: the injection point is not there exactly once")
    text = text.replace(SQLITE_FIND, SQLITE_REPLACE)
    path = OUT / "inputs" / "sqlite3.c"
    data = text.encode("utf-8", errors="surrogateescape")
    if not path.exists() or path.read_bytes() != data:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return path, "c", SQLITE_CHECK


# ---------------------------------------------------------------- one run

def vm_hwm(pid):
    """The process's peak resident set so far (bytes), or None once gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def cpu_seconds(pid):
    """User + system CPU time of the process (all its threads), or None once gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def check_seconds(check, path):
    """One run of the test on the input, timed (and it must pass)."""
    with tempfile.TemporaryDirectory(prefix="treereduce-large-") as d:
        script = Path(d) / "check.sh"
        script.write_text(check)
        script.chmod(0o755)
        target = Path(d) / path.name
        shutil.copy(path, target)
        start = time.monotonic()
        ok = subprocess.run([str(script), str(target)], cwd=d, stdin=subprocess.DEVNULL,
                            capture_output=True).returncode == 0
        took = time.monotonic() - start
    if not ok:
        raise SystemExit(f"{path}: the input is not interesting to its test")
    return took


def run_tool(tool, path, lang, check, jobs, cap, flags=(), deadline=None, poll_file=False, binary=None):
    """One run of `tool` ("treereduce", with `binary`, or "cvise") on a copy of `path`."""
    binary = binary or TREEREDUCE
    with tempfile.TemporaryDirectory(prefix="treereduce-large-") as tmp:
        work = Path(tmp)
        inp = work / path.name
        shutil.copy(path, inp)
        (work / "check.sh").write_text(check)
        (work / "check.sh").chmod(0o755)
        test_log = work / "tests.log"
        wrapper = work / "wrap.sh"
        wrapper.write_text(WRAPPER.format(check=work / "check.sh", name=path.name, log=test_log))
        wrapper.chmod(0o755)
        stats_path = work / "stats.json"
        if tool == "treereduce":
            out = work / ("out" + path.suffix)
            cmd = [str(binary), "-q", "--no-cache", "-j", str(jobs), "--stats-json", str(stats_path),
                   *flags, "-i", str(wrapper), "-o", str(out), str(inp)]
            if deadline:
                cmd[1:1] = ["--deadline", f"{deadline:g}s"]
            run_dir = work / "run"
            run_dir.mkdir()
        elif tool == "cvise":
            out = inp
            cmd = ["cvise", "--n", str(jobs), *flags, str(wrapper), path.name]
            run_dir = work
        else:
            raise SystemExit(f"unknown tool {tool}")
        input_bytes = path.stat().st_size
        input_tokens = measure(path, lang, binary)["tokens"]
        milestones = {}
        peak, cpu = 0, None
        start = time.time()
        proc = subprocess.Popen(cmd, cwd=run_dir, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, start_new_session=True)
        stderr_tail = b""
        capped = killed = False
        last_poll, last_seen = 0.0, None
        try:
            while proc.poll() is None:
                hwm = vm_hwm(proc.pid)
                if hwm:
                    peak = max(peak, hwm)
                cpu = cpu_seconds(proc.pid) or cpu
                now = time.time()
                if poll_file and now - last_poll >= 2 and out.exists():
                    last_poll = now
                    seen = (out.stat().st_size, out.stat().st_mtime_ns)
                    if seen != last_seen and seen[0] * 4 <= input_bytes:
                        last_seen = seen
                        snapshot = work / ("snapshot" + path.suffix)
                        shutil.copy(out, snapshot)
                        tokens = measure(snapshot, lang, binary)["tokens"]
                        if tokens * 10 <= input_tokens:
                            milestones.setdefault("tenth", now - start)
                        if tokens * 100 <= input_tokens:
                            milestones.setdefault("hundredth", now - start)
                if now - start > cap and not capped:
                    capped = True
                    os.killpg(proc.pid, signal.SIGINT if tool == "cvise" else signal.SIGTERM)
                    capped_at = now
                if capped and now - capped_at > 20 and not killed:
                    killed = True
                    os.killpg(proc.pid, signal.SIGKILL)
                time.sleep(0.1)
        finally:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            stderr_tail = proc.stderr.read()[-2000:]
            proc.wait()
        wall = time.time() - start
        tests = []
        if test_log.exists():
            for line in test_log.read_text().splitlines():
                s, e, r = line.split()
                tests.append((int(s) / 1e9 - start, int(e) / 1e9 - start, int(r)))
        tests.sort()
        row = {"tool": tool, "flags": " ".join(flags), "jobs": jobs, "cap": cap, "deadline": deadline,
               "input_bytes": input_bytes, "input_tokens": input_tokens, "wall": wall, "capped": capped,
               "killed": killed, "exit": proc.returncode, "tests": len(tests),
               # The first line is the check of the input, for every tool.
               "first_test_logged": tests[1][0] if len(tests) > 1 else None,
               "peak_rss_polled": peak or None, "cpu_polled": cpu, "milestones_polled": milestones,
               "loadavg_end": list(os.getloadavg())}
        if proc.returncode not in (0, 7) and not capped:
            row["stderr"] = stderr_tail.decode(errors="replace")
        if out.exists():
            size = measure(out, lang, binary)
            row["final_bytes"], row["final_tokens"] = size["bytes"], size["tokens"]
            row["result_passes"] = subprocess.run([str(work / "check.sh"), str(out)], cwd=work,
                                                  stdin=subprocess.DEVNULL, capture_output=True).returncode == 0
        if stats_path.exists():
            row["stats"] = summarize_stats(json.loads(stats_path.read_text()))
        return row


def summarize_stats(s):
    """--stats-json, shorter: pass starts under 0.1 ms and reductions without candidates left out."""
    out = {k: v for k, v in s.items() if k not in ("passes", "kinds", "start", "final_size")}
    out["kinds"] = {k["kind"]: [k["candidates"], k["accepted"]] for k in s.get("kinds", []) if k["candidates"]}
    out["final_tokens"] = s["final_size"]["tokens"]
    out["passes"] = [{
        "kind": p["kind"], "number": p["number"], "started": p["started_seconds"], "seconds": p["seconds"],
        "setup": p["setup_seconds"], "setup_cpu": p.get("setup_cpu_seconds"), "cpu": p.get("cpu_seconds"), "first_test": p["first_test_seconds"], "tests": p["tests"],
        "rounds": p.get("rounds"),
        "start_tokens": p["start"]["tokens"], "end_tokens": p["end"]["tokens"],
        "starts": {r["kind"]: r["seconds"] for r in p["starts"] if r["seconds"] >= 1e-4},
    } for p in s["passes"]]
    return out


# ---------------------------------------------------------------- results

def results_path(label):
    return OUT / f"{label}.json"


def load(label):
    p = results_path(label)
    if p.exists():
        return json.loads(p.read_text())
    return {"label": label, "scaling": [], "real": []}


def save(label, data):
    p = results_path(label)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1))
    tmp.rename(p)


# ---------------------------------------------------------------- commands

def scaling(args):
    builds = binaries(args)
    need(["gcc", "node", "rustc"])
    data = {label: load(label) for label, _ in builds}
    flags = args.flags.split()
    for shape in args.shapes.split(","):
        if shape not in shapes.SHAPES:
            raise SystemExit(f"unknown shape {shape}; known: {', '.join(shapes.SHAPES)}")
        reached_cap = {label: False for label, _ in builds}
        for n in [int(x) for x in args.sizes.split(",")]:
            repeat = args.repeat if n <= args.repeat_up_to else 1
            todo = []
            for label, binary in builds:
                done = [r for r in data[label]["scaling"]
                        if r["shape"] == shape and r["n"] == n and r["flags"] == args.flags]
                reached_cap[label] |= any(r.get("capped") or r.get("skipped") for r in done)
                first = len(done) if args.resume else 0
                if args.resume and (len(done) >= repeat or any(r.get("skipped") for r in done)):
                    continue
                if reached_cap[label] and not args.no_skip:
                    data[label]["scaling"].append({"shape": shape, "n": n, "flags": args.flags, "skipped": True,
                                                   "cap": args.cap, **conditions()})
                    save(label, data[label])
                    log(f"{label}: {shape} {n}: not run, a smaller size reached the cap")
                    continue
                todo.append((label, binary, first))
            if not todo:
                continue
            path, lang, check = shape_input(shape, n)
            took = check_seconds(check, path)
            # Builds in turn, one run each, so that they share the conditions.
            for rep in range(min(first for _, _, first in todo), repeat):
                for label, binary, first in todo:
                    if rep < first or (reached_cap[label] and not args.no_skip):
                        continue
                    row = run_tool("treereduce", path, lang, check, args.jobs, args.cap, flags, args.deadline,
                                   binary=binary)
                    row.update({"shape": shape, "n": n, "rep": rep, "check_seconds": took,
                                **describe_binary(binary), **conditions()})
                    data[label]["scaling"].append(row)
                    save(label, data[label])
                    s = row.get("stats") or {}
                    p1 = (s.get("passes") or [{}])[0]
                    log(f"{label}: {shape} {n} ({row['input_bytes']} B): wall {row['wall']:.1f} s"
                        f"{' CAPPED' if row['capped'] else ''}, pass 1 setup {p1.get('setup')} "
                        f"(CPU {p1.get('setup_cpu')}), first test {p1.get('first_test')}, "
                        f"tokens {row.get('final_tokens')}, rss {s.get('peak_rss_bytes')}")
                    reached_cap[label] |= row["capped"]


def real(args):
    builds = binaries(args)
    need(["gcc"])
    data = {label: load(label) for label, _ in builds}
    cases = {"sqlite": sqlite_input, "forty": lambda: shape_input(*FORTY)}
    for name in args.cases.split(","):
        path, lang, check = cases[name]()
        took = check_seconds(check, path)
        for tool_spec in args.tools.split(","):
            tool, _, flag_text = tool_spec.partition(":")
            if tool == "cvise":
                peers().need_tools(["cvise"], ["cvise"])
                cap, flags = args.cvise_cap, ["--timeout", str(int(args.timeout))]
                # C-Vise does not depend on the build: its rows go to the first label.
                runs = builds[:1]
            else:
                cap, flags = args.cap, ["--timeout", f"{args.timeout:g}", *flag_text.split()]
                runs = builds
            for rep in range(args.repeat if tool == "treereduce" else 1):
                for label, binary in runs:
                    if args.resume and any(r["case"] == name and r["tool_spec"] == tool_spec and r["rep"] == rep
                                           for r in data[label]["real"]):
                        continue
                    log(f"{label}: {name}: {tool_spec} (cap {cap:g} s) ...")
                    row = run_tool(tool, path, lang, check, args.jobs, cap, flags,
                                   poll_file=(tool != "treereduce"), binary=binary)
                    row.update({"case": name, "tool_spec": tool_spec, "rep": rep, "check_seconds": took,
                                **(describe_binary(binary) if tool == "treereduce" else {}), **conditions()})
                    data[label]["real"].append(row)
                    save(label, data[label])
                    log(f"{label}: {name} {tool_spec}: wall {row['wall']:.1f} s"
                        f"{' CAPPED' if row['capped'] else ''}, {row['tests']} tests, "
                        f"{row.get('final_tokens')} tokens")


# The figures a merge must not worsen by more than GUARD_SLOWER on the
# large inputs, as (key, title): the time to the first new best, the whole
# run, and the reducer's own CPU (without its tests: the figure the load
# hardly moves).
GUARD_FIGURES = (("first", "first improvement (s)"), ("wall", "total (s)"), ("cpu", "reducer CPU (s)"))
GUARD_SLOWER = 1.2
# The targets on SQLite at -j 2 with default options: tokens, total and first
# improvement (s).
GUARD_TARGETS = {"sqlite": (22, 60, 15)}


def guard_row(row):
    s = row.get("stats") or {}
    coarse = next((p for p in s.get("passes", []) if p["kind"] == "coarse"), None)
    per_test = coarse and coarse.get("cpu") is not None and coarse["tests"] and 1000 * coarse["cpu"] / coarse["tests"]
    return {"wall": row["wall"], "first": s.get("first_improvement_seconds"), "cpu": s.get("cpu_seconds"),
            "tests": row["tests"], "timed_out": s.get("timed_out"), "tokens": row.get("final_tokens"),
            "coarse": coarse and f"{coarse['tests']} / {coarse['rounds']} / {per_test:.0f}" if per_test else "-",
            "passes": row.get("result_passes"), "capped": row["capped"], "load": row["loadavg_end"][0]}


def guard(args):
    """Each build in turn, --repeat times, on each case, with default options
    (the adaptive time limit, -j 2, --no-cache): the medians, and each build
    against the first, pair by pair. A figure more than 20% slower, or a
    larger result, is flagged and makes the exit code 1."""
    builds = binaries(args)
    need(["gcc"])
    cases = {"sqlite": sqlite_input, "forty": lambda: shape_input(*FORTY)}
    worse = []
    for name in args.cases.split(","):
        path, lang, check = cases[name]()
        rows = {label: [] for label, _ in builds}
        for rep in range(args.repeat):
            for label, binary in builds:
                row = run_tool("treereduce", path, lang, check, args.jobs, args.cap, binary=binary)
                rows[label].append(guard_row(row))
                log(f"guard {name} {label} run {rep + 1}: {json.dumps(rows[label][-1])}")
        worse += guard_report(name, builds, rows)
    if worse:
        log("slower than the first build by more than 20%, or larger: " + "; ".join(worse))
        sys.exit(1)


def guard_report(name, builds, rows):
    """Prints the guard's table of one case; returns what got worse."""
    med = lambda runs, key: statistics.median(r[key] if r[key] is not None else math.inf for r in runs)
    base_label = builds[0][0]
    print(f"{name}, -j 2, default options, --no-cache; medians of {len(rows[base_label])} runs, builds in turn")
    print("")
    print("| build | " + " | ".join(t for _, t in GUARD_FIGURES) + " | tests | timed out | tokens | passes "
          "| coarse pass: tests / rounds / own CPU per test (ms), each run | load |")
    print("|---" * (len(GUARD_FIGURES) + 7) + "|")
    worse = []
    for label, _ in builds:
        runs = rows[label]
        cells = []
        for key, title in GUARD_FIGURES:
            cell = f"{med(runs, key):.1f}"
            if label != base_label:
                pairs = [(r[key] or math.inf) / (b[key] or math.inf) if b[key] else math.inf
                         for r, b in zip(runs, rows[base_label])]
                ratio = statistics.median(pairs)
                cell += f" ({ratio:.2f}x)"
                if ratio > GUARD_SLOWER:
                    worse.append(f"{name} {label}: {title} {ratio:.2f}x")
            cells.append(cell)
        tokens = med(runs, "tokens")
        if label != base_label and tokens > med(rows[base_label], "tokens"):
            worse.append(f"{name} {label}: {tokens:g} tokens")
        print(f"| {label} | " + " | ".join(cells) + f" | {med(runs, 'tests'):g} | {med(runs, 'timed_out'):g} | "
              f"{tokens:g} | {'yes' if all(r['passes'] for r in runs) else 'NO'} | "
              f"{', '.join(r['coarse'] for r in runs)} | "
              f"{min(r['load'] for r in runs):.1f}-{max(r['load'] for r in runs):.1f} |")
    if name in GUARD_TARGETS:
        tokens, total, first = GUARD_TARGETS[name]
        print(f"\ntargets: at most {tokens} tokens within {total} s, the first improvement within {first} s")
        for label, _ in builds:
            runs = rows[label]
            met = med(runs, "tokens") <= tokens and med(runs, "wall") <= total and med(runs, "first") <= first
            print(f"- {label}: {'met' if met else 'missed'} (medians)")
    print("")
    return worse


# ---------------------------------------------------------------- report

def fit(points):
    """Exponent k of v = c n^k (least squares on log-log) and the worst
    ratio between consecutive doublings, over (n, v) with v > 0."""
    pts = sorted((n, v) for n, v in points if v and v > 0)
    if len(pts) < 2:
        return None, None
    xs = [math.log(n) for n, _ in pts]
    ys = [math.log(v) for _, v in pts]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    k = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    worst = max(b[1] / a[1] for a, b in zip(pts, pts[1:]) if b[0] == 2 * a[0]) \
        if any(b[0] == 2 * a[0] for a, b in zip(pts, pts[1:])) else None
    return k, worst


def median_rows(rows):
    """Rows of one (shape, n) merged: medians of the measures (None if any run has none)."""
    def med(get):
        vals = [get(r) for r in rows]
        return statistics.median(vals) if vals and all(v is not None for v in vals) else None
    stats = lambda r: r.get("stats") or {}
    first_pass = lambda r: (stats(r).get("passes") or [None])[0]
    # The pass whose setup cost most (pass 1, unless a coarse pass came first).
    costliest = lambda r: max(stats(r).get("passes") or [None], key=lambda p: p["setup"] if p else 0)
    return {
        "n": rows[0]["n"], "bytes": rows[0].get("input_bytes"), "tokens": rows[0].get("input_tokens"),
        "runs": len(rows), "capped": any(r.get("capped") for r in rows), "skipped": rows[0].get("skipped"),
        "cap": rows[0].get("cap"),
        "deadline": any(stats(r).get("deadline") for r in rows),
        "check": med(lambda r: r.get("check_seconds")),
        "setup1": med(lambda r: first_pass(r) and first_pass(r)["setup"]),
        "setup1_cpu": med(lambda r: first_pass(r) and first_pass(r).get("setup_cpu")),
        "first1": med(lambda r: first_pass(r) and first_pass(r)["first_test"]),
        "setup_all": med(lambda r: stats(r).get("passes") and sum(p["setup"] for p in stats(r)["passes"])),
        # The costliest pass start of the run, whichever pass (with a coarse
        # pass first, the first reduce pass starts on what it left).
        "setup_max": med(lambda r: stats(r).get("passes") and max(p["setup"] for p in stats(r)["passes"])),
        "setup_max_cpu": med(lambda r: stats(r).get("passes")
                             and max(p.get("setup_cpu") or 0.0 for p in stats(r)["passes"])),
        "coarse": any(p["kind"] == "coarse" for r in rows for p in (stats(r).get("passes") or [])),
        "first_test": med(lambda r: stats(r).get("first_test_seconds")),
        "tenth": med(lambda r: stats(r).get("tenth_seconds")),
        "hundredth": med(lambda r: stats(r).get("hundredth_seconds")),
        "seconds": med(lambda r: stats(r).get("seconds")),
        "cpu": med(lambda r: stats(r).get("cpu_seconds")),
        "tests": med(lambda r: r.get("tests") if r.get("stats") else None),
        "final_tokens": med(lambda r: r.get("final_tokens") if r.get("stats") else None),
        "rss": med(lambda r: stats(r).get("peak_rss_bytes")),
        "rss_polled": max((r.get("peak_rss_polled") or 0) for r in rows) or None,
        "starts": {k: statistics.median(costliest(r)["starts"].get(k, 0.0) for r in rows)
                   for k in {k for r in rows if costliest(r) for k in costliest(r)["starts"]}}
        if all(costliest(r) for r in rows) else {},
    }


def grouped(data, flags):
    by = {}
    for r in data["scaling"]:
        if r["flags"] == flags:
            by.setdefault(r["shape"], {}).setdefault(r["n"], []).append(r)
    return {shape: [median_rows(rs) for _, rs in sorted(sizes.items())] for shape, sizes in by.items()}


def secs(v, row=None, digits=2):
    if v is None:
        if row and row.get("skipped"):
            return "not run"
        if row and row.get("capped"):
            return f"> {row['cap']:g}"
        return "-"
    return f"{v:.{digits}f}"


def fmt_fit(k, worst):
    if k is None:
        return "-"
    return f"{k:.2f} / {worst:.2f}x" if worst is not None else f"{k:.2f}"


def report(args):
    data = load(args.label)
    flag_sets = sorted({r["flags"] for r in data["scaling"]})
    lines = []
    for flags in flag_sets:
        groups = grouped(data, flags)
        title = f"`{flags}`" if flags else "default options"
        lines += [f"#### Scaling, {title} ({args.label})", "",
                  "| shape | units | KB | tokens | pass 1 setup (s) | its CPU (s) | pass 1 first test (s) "
                  "| costliest pass setup (s) | run's first test (s) | tenth (s) | hundredth (s) | end (s) "
                  "| reducer CPU (s) | tests | final tokens |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        fits = []
        for shape, rows in groups.items():
            for r in rows:
                end = secs(r["seconds"], r, 1) + (" (deadline)" if r["deadline"] else "")
                # A milestone not reached before the deadline is later than the end.
                later = lambda v, d=2: f"> {r['seconds']:.0f}" if v is None and r["deadline"] else secs(v, r, d)
                kb = f"{r['bytes'] / 1000:.0f}" if r["bytes"] else "-"
                lines.append(f"| {shape} | {r['n']} | {kb} | {r['tokens'] or '-'} | "
                             f"{secs(r['setup1'], r, 3)}{' (coarse)' if r['coarse'] else ''} | "
                             f"{secs(r['setup1_cpu'], r, 3)} | "
                             f"{later(r['first1'], 3)} | {secs(r['setup_max'], r, 3)} | {later(r['first_test'])} | "
                             f"{later(r['tenth'])} | {later(r['hundredth'])} | {end} | {secs(r['cpu'], r, 1)} | "
                             f"{r['tests'] if r['tests'] is not None else '-'} | "
                             f"{r['final_tokens'] if r['final_tokens'] is not None else '-'} |")
            measured = lambda key: [(r["n"], r[key]) for r in rows if r[key] is not None]
            capped = sum(1 for r in rows if r["capped"] or r["skipped"])
            fits.append((shape, fit(measured("setup1")), fit(measured("setup1_cpu")), fit(measured("first1")),
                         fit(measured("setup_max")),
                         fit(measured("first_test")),
                         # Memory grows after the first test too: only runs that got there.
                         fit([(r["n"], r["rss"]) for r in rows if r["rss"] and r["first1"] is not None]),
                         len(measured("first1")), capped))
        lines += ["", f"Fitted exponent k (time = c n^k, least squares on log-log) / worst doubling ratio "
                  f"({title}; over the sizes with a value; capped or not run sizes left out):", "",
                  "| shape | pass 1 setup | its CPU | pass 1 first test | costliest pass setup | run's first test "
                  "| peak memory | sizes with a first test | sizes > cap or not run |",
                  "|---|---|---|---|---|---|---|---|---|"]
        for shape, a, b, c, x, d, e, m, capped in fits:
            lines.append(f"| {shape} | {fmt_fit(*a)} | {fmt_fit(*b)} | {fmt_fit(*c)} | {fmt_fit(*x)} | {fmt_fit(*d)} "
                         f"| {fmt_fit(*e)} | {m} | {capped} |")
        # The reductions whose pass start costs most, per shape, at the largest size measured.
        lines += ["", f"The costliest reductions' pass starts, in the pass whose setup cost most ({title}), "
                  "at the largest size measured (wall "
                  "time), with their exponent over the sizes where they took 10 ms or more (shorter ones are "
                  "mostly the noise of a shared machine):", "",
                  "| shape | units | reduction | seconds | k / worst doubling | sizes fitted |",
                  "|---|---|---|---|---|---|"]
        for shape, rows in groups.items():
            with_starts = [r for r in rows if r["starts"]]
            if not with_starts:
                continue
            last = with_starts[-1]
            top = sorted(last["starts"].items(), key=lambda kv: -kv[1])[:3]
            for kind, v in top:
                if v < 0.01:
                    continue
                pts = [(r["n"], r["starts"].get(kind)) for r in with_starts if r["starts"].get(kind, 0) >= 0.01]
                lines.append(f"| {shape} | {last['n']} | {kind} | {v:.3f} | {fmt_fit(*fit(pts))} | {len(pts)} |")
        lines += ["", f"Peak memory of treereduce itself ({title}; getrusage, the tests not counted; "
                  "\u2265: a run killed at its cap, the highest VmHWM polled):", "",
                  "| shape | units | input KB | peak MB | bytes per input byte | added bytes per added input byte "
                  "(from the size before) |", "|---|---|---|---|---|---|"]
        stopped = "stopped before its first test, not comparable"
        for shape, rows in groups.items():
            before = None
            for r in rows:
                rss, mark = (r["rss"], "") if r["rss"] else (r["rss_polled"], "\u2265 ")
                if not rss or not r["bytes"]:
                    continue
                if r["first1"] is None:
                    lines.append(f"| {shape} | {r['n']} | {r['bytes'] / 1000:.0f} | {mark}{rss / 2**20:.0f} | "
                                 f"{stopped} | |")
                    continue
                marginal = "-"
                if before and r["rss"] and before[2] and r["bytes"] > before[0]:
                    marginal = f"{(rss - before[1]) / (r['bytes'] - before[0]):.0f}"
                lines.append(f"| {shape} | {r['n']} | {r['bytes'] / 1000:.0f} | {mark}{rss / 2**20:.0f} | "
                             f"{mark}{rss / r['bytes']:.0f} | {marginal} |")
                before = (r["bytes"], rss, bool(r["rss"]))
        lines.append("")
    if data["real"]:
        lines += [f"#### Large real inputs ({args.label})", "",
                  "| input | tool | wall (s) | reducer CPU (s) | tests | final tokens | first test (s) | tenth (s) "
                  "| hundredth (s) | peak MB (reducer) | result passes | load |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for r in data["real"]:
            s = r.get("stats") or {}
            # A run killed at its cap has no statistics: what was logged or polled, marked.
            first = s.get("first_test_seconds") if s else r.get("first_test_logged")
            tenth = s.get("tenth_seconds") if s else r["milestones_polled"].get("tenth")
            hundredth = s.get("hundredth_seconds") if s else r["milestones_polled"].get("hundredth")
            if r["tool"] == "treereduce" and s:
                rss, cpu = s.get("peak_rss_bytes"), secs(s.get("cpu_seconds"), None, 1)
            else:
                rss = r.get("peak_rss_polled")
                cpu = f"\u2265 {r['cpu_polled']:.1f}" if r.get("cpu_polled") else "-"
            rss_text = (f"{'' if s else chr(0x2265) + ' '}{rss / 2**20:.0f}") if rss else "-"
            over = lambda v: f"> {r['wall']:.0f}" if v is None and r["capped"] else secs(v)
            cap = f" (cap {r['cap']:g})" if r["capped"] else ""
            loads = "-".join(f"{x:.0f}" for x in (r["loadavg"][0], r.get("loadavg_end", [r["loadavg"][0]])[0]))
            lines.append(f"| {r['case']} ({r['input_bytes'] / 1e6:.1f} MB, {r['input_tokens']} tokens) | "
                         f"{r['tool_spec']} | {r['wall']:.1f}{cap} | {cpu} | {r['tests']} | "
                         f"{r.get('final_tokens', '-')} | {over(first)} | {over(tenth)} | {over(hundredth)} | "
                         f"{rss_text} | {'yes' if r.get('result_passes') else 'NO'} | {loads} |")
        lines.append("")
    conds = [r for r in data["scaling"] + data["real"] if "loadavg" in r]
    if conds:
        loads = [r["loadavg"][0] for r in conds]
        lines.append(f"Conditions: {conds[0]['cores']} cores ({conds[0]['cpu']}), load average during the runs "
                     f"{min(loads):.1f}-{max(loads):.1f} (median {statistics.median(loads):.1f}), "
                     f"{conds[0]['date']} to {conds[-1]['date']}.")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        args.markdown.write_text(text)


def main():
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("command", choices=["scaling", "real", "guard", "report"])
    p.add_argument("--label", default="before", help="names the results file (target/bench-large/LABEL.json)")
    p.add_argument("--binary", action="append", default=[], metavar="LABEL=PATH",
                   help="measure this build (repeat to compare builds run in turn); rows go to LABEL.json")
    p.add_argument("--shapes", default=",".join(shapes.SHAPES))
    p.add_argument("--sizes", default=",".join(map(str, SIZES)))
    p.add_argument("--flags", default="", help="extra treereduce flags for scaling (one string)")
    p.add_argument("--jobs", "-j", type=int, default=2)
    p.add_argument("--deadline", type=float, default=60, help="scaling: treereduce's --deadline, seconds")
    p.add_argument("--cap", type=float, default=None,
                   help="hard limit per treereduce run, seconds (default: scaling 120, real 600)")
    p.add_argument("--repeat", type=int, default=3, help="runs per size up to --repeat-up-to (medians)")
    p.add_argument("--repeat-up-to", type=int, default=4000)
    p.add_argument("--no-skip", action="store_true", help="run the sizes above one that reached the cap")
    p.add_argument("--resume", action="store_true", help="skip the runs already in the results file")
    p.add_argument("--cases", default=None, help="real: sqlite, forty (default both); guard: the same (default sqlite)")
    p.add_argument("--tools", default="treereduce,treereduce:--no-inline-vars --no-inline-consts",
                   help="real: treereduce[:flags], cvise (comma-separated)")
    p.add_argument("--timeout", type=float, default=60, help="real: per-test time limit, seconds")
    p.add_argument("--cvise-cap", type=float, default=3600, help="real: C-Vise's limit, seconds")
    p.add_argument("--markdown", type=Path, help="report: also write the tables here")
    args = p.parse_args()
    if args.cap is None:
        args.cap = 120 if args.command == "scaling" else 600
    if args.cases is None:
        args.cases = "sqlite" if args.command == "guard" else "sqlite,forty"
    if args.command == "real" and args.repeat == 3 and "--repeat" not in sys.argv:
        args.repeat = 1
    {"scaling": scaling, "real": real, "guard": guard, "report": report}[args.command](args)


if __name__ == "__main__":
    main()
