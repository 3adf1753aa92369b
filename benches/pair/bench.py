#!/usr/bin/env python3
"""Pair mode benchmark: seed/variant pairs made by mutating bundled programs
(a fixed random seed per case, so every run builds the same pairs), reduced by
`treereduce pair` and by two single-mode baselines:

  (a) reduce only the variant, diff it against the original seed;
  (b) reduce seed and variant independently, diff the two results.

Sizes are counted with one lexer for all three (identifiers, numbers,
strings, single punctuation), and the difference is the number of tokens in
the non-equal parts of a token diff (deleted plus inserted), as pair mode's
statistics count it.

    benches/pair/bench.py [-j N] [--cases a,b] [--ablation] [--ablate 'seed-first;skip-round;fine-ldiff;keep-diff'] > results.json
    benches/pair/bench.py --scaling 1,2,4,8,16 [--cases a,b] > scaling.json

--scaling reduces each C case's pair with tests that cost no CPU (each
sleeps 0.1 s, then greps: the variant keeps `/ 0`, the seed must not have
it, both keep a `return` and a `struct`) at each job count, and records the
wall time, tests, rounds and a hash of the two results' bytes per job count.
The tests are small programs without the C library on x86-64 Linux
(check-nolibc.c; `--scripts sh`: shell scripts of sleep and grep, which
start five processes per test).

--ablate runs the pair once more per setting with TREEREDUCE_ABLATE set to
it (src/ablate.rs names the parts: seed-first, skip-round, fine-ldiff,
keep-diff), so one binary measures what each part buys. With
TREEREDUCE_ABLATE set in the environment every pair run leaves those parts
out (one ablation per invocation, each written when it ends).

Two cases are built otherwise: an EMI pair (every mutation on a line gcov
reports never run, both programs must compile and run) and a library and its
next version (ms 2.0.0 and 2.1.0 from npm with a driver; the seed's test is
the old version's output as a snapshot).

It builds ROOT/target/release/treereduce first (or $CARGO_TARGET_DIR/release);
with TREEREDUCE_BIN set it runs that binary as it is.
"""

import argparse
import difflib
import json
import os
import platform
import random
import re
import shutil
import signal
import hashlib
import subprocess
import sys
import tarfile
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGET = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
BIN = os.environ.get("TREEREDUCE_BIN") or os.path.join(TARGET, "release", "treereduce")
# A string or character literal ends on its line (an apostrophe in a comment
# is one token, not the start of a string running to the next one).
TOKEN = re.compile(rb'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|[A-Za-z_][A-Za-z0-9_]*|[0-9][0-9A-Za-z_.]*|\S')


def tokens(text):
    return TOKEN.findall(text)


def diff_tokens(a, b):
    ta, tb = tokens(a), tokens(b)
    sm = difflib.SequenceMatcher(None, ta, tb, autojunk=False)
    return sum((i2 - i1) + (j2 - j1) for op, i1, i2, j1, j2 in sm.get_opcodes() if op != "equal")


# Mutation operators of a mutation-based fuzzer: each returns the mutated
# text or None when it does not apply at the chosen place.
def m_constant(text, rnd):
    spots = [m for m in re.finditer(rb"(?<![A-Za-z_0-9.])([0-9]+)(?![A-Za-z_0-9.x])", text)]
    if not spots:
        return None
    m = rnd.choice(spots)
    return text[: m.start()] + str(int(m.group(1)) + rnd.randint(1, 9)).encode() + text[m.end():]


def m_operator(text, rnd):
    pairs = [(b" + ", b" - "), (b" - ", b" + "), (b" < ", b" <= "), (b" > ", b" >= "), (b" * ", b" + ")]
    old, new = rnd.choice(pairs)
    spots = [m.start() for m in re.finditer(re.escape(old), text)]
    if not spots:
        return None
    at = rnd.choice(spots)
    return text[:at] + new + text[at + len(old):]


def m_duplicate(text, rnd):
    lines = text.split(b"\n")
    spots = [i for i, l in enumerate(lines) if re.match(rb"\s+[A-Za-z_][A-Za-z_0-9.]* (\+|-)?= [^;{}]*;\s*$", l)]
    if not spots:
        return None
    i = rnd.choice(spots)
    return b"\n".join(lines[: i + 1] + [lines[i]] + lines[i + 1:])


NOISE = [m_constant, m_operator, m_duplicate]


def c_bug(text, rnd):
    """Divides a returned expression by zero: gcc -Wall warns."""
    spots = [m for m in re.finditer(rb"return ([^;]+);", text) if b'"' not in m.group(1)]
    m = rnd.choice(spots)
    return text[: m.start()] + b"return (" + m.group(1) + b") / 0;" + text[m.end():]


def mutate(seed, bug, noise, rnd, keep, shows=lambda t: True):
    """`noise` unrelated mutations that keep `keep(text)`, then the bug: the
    first of up to 50 tries for which `shows(text)` (as a fuzzer keeps only
    the mutants that are valid, and reports the one that shows a bug)."""
    text = seed
    done = 0
    while done < noise:
        cand = rnd.choice(NOISE)(text, rnd)
        if cand is not None and cand != text and keep(cand):
            text = cand
            done += 1
    for _ in range(50):
        cand = bug(text, rnd)
        if shows(cand):
            return cand
    raise SystemExit("no mutation shows the bug")


def passes(body, text, suffix):
    """Whether the test script `body` exits 0 on `text` (within 20 s)."""
    with tempfile.TemporaryDirectory(prefix="pair-bench-") as d:
        path = os.path.join(d, "t" + suffix)
        open(path, "wb").write(text)
        try:
            return subprocess.run(["sh", "-c", body, "sh", path], cwd=d, timeout=20).returncode == 0
        except subprocess.TimeoutExpired:
            return False


def npm_file(package, version, member, sha256):
    """One file of an npm package at a pinned version (fetched with `npm
    pack` once, kept under the target directory)."""
    cache = os.path.join(TARGET, "pair-bench", f"{package}-{version}-{os.path.basename(member)}")
    if not os.path.exists(cache):
        with tempfile.TemporaryDirectory(prefix="pair-bench-") as d:
            subprocess.run(["npm", "pack", "--silent", f"{package}@{version}", "--pack-destination", d],
                           cwd=d, check=True, stdout=subprocess.DEVNULL)
            tgz = next(f for f in os.listdir(d) if f.endswith(".tgz"))
            with tarfile.open(os.path.join(d, tgz)) as t:
                data = t.extractfile(member).read()
        if hashlib.sha256(data).hexdigest() != sha256:
            raise SystemExit(f"{package}@{version} {member} has an unexpected sha256")
        os.makedirs(os.path.dirname(cache), exist_ok=True)
        open(cache, "wb").write(data)
    return open(cache, "rb").read()


def script(path, body):
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body + "\n")
    os.chmod(path, 0o755)


# The seed: no division-by-zero warning and no syntax error (a host may have
# other errors of its own, e.g. the too-many-arguments example).
# csmith's programs include csmith.h (Debian: libcsmith-dev).
C_OK = "out=$(gcc -fsyntax-only -Wdiv-by-zero -I/usr/include/csmith \"$1\" 2>&1)\n! printf '%s' \"$out\" | grep -q -e 'division by zero' -e 'error: expected'"
C_BUG = "gcc -fsyntax-only -Wdiv-by-zero -I/usr/include/csmith \"$1\" 2>&1 | grep -q 'division by zero'"


def c_case(name, host, noise, seed_no):
    def build(d):
        seed = open(os.path.join(ROOT, "examples", host), "rb").read()
        # Hosts with an error of their own keep it: the seed is the host as is
        # and must compile as far as the division-by-zero check goes.
        rnd = random.Random(seed_no)
        # Noise that breaks the syntax (` * ` -> ` + ` in a pointer's
        # declaration) is no valid mutant; the bug must show (a pointer
        # divided by zero is an error, not the warning).
        variant = mutate(seed, c_bug, noise, rnd, lambda t: passes(C_OK, t, ".c"), lambda t: passes(C_BUG, t, ".c"))
        return seed, variant, C_OK, C_BUG
    return (name, "c", build)


def js_rename_call(text, rnd):
    """A typo in a method call (`.replace(` -> `.replaces(`)."""
    spots = [m for m in re.finditer(rb"\.([a-z][A-Za-z]+)\(", text)]
    m = rnd.choice(spots)
    return text[: m.start(1)] + m.group(1) + b"s" + text[m.end(1):]


JS_OK = "node \"$1\" >/dev/null 2>&1"
JS_BUG = "node \"$1\" 2>&1 | grep -q 'is not a function'"
MUSTACHE_DRIVER = b"""
const Mustache = module.exports;
const view = { name: '<Ada & "Bob">', items: [{ title: 'first', n: 1 }, { title: 'second', n: 2 }], empty: [], flag: true };
console.log(Mustache.render('Hi {{name}} {{{name}}} {{#items}}[{{title}}:{{n}}]{{/items}}{{^empty}}none{{/empty}}{{#flag}}yes{{/flag}} {{> part}}', view, { part: 'P {{name}}' }));
"""


def js_mustache_case(name, noise, seed_no):
    """mustache 4.2.0 (npm) and a driver that renders a template; the
    variant has `noise` mutations that keep it running and a method-call
    typo that makes node throw."""
    def build(d):
        lib = npm_file("mustache", "4.2.0", "package/mustache.js",
                       "a80aca795ca45cded108335257ad6493e9dc54fc4d9f0ebfe0d43185af590b90")
        seed = lib + MUSTACHE_DRIVER
        rnd = random.Random(seed_no)
        variant = mutate(seed, js_rename_call, noise, rnd, lambda t: passes(JS_OK, t, ".js"),
                         lambda t: passes(JS_BUG, t, ".js"))
        return seed, variant, JS_OK, JS_BUG
    return (name, "js", build)


# EMI (equivalence modulo inputs): the seed runs on its one input, gcov
# marks the lines that run never executed, and every mutation of the variant
# is on such a line, so seed and variant behave the same when run. Noise
# mutations delete a dead statement (its line is left blank, so line numbers
# stay those gcov reported) or change a constant or an operator on a dead
# line; the bug divides a dead `return`'s expression by zero. Both must still
# compile and run to exit 0 (the variant only gains gcc's warning).
C_RUN = "gcc -O0 -Wdiv-by-zero -I/usr/include/csmith \"$1\" -o prog >gcc.txt 2>&1 && timeout 5 ./prog >/dev/null"
EMI_OK = C_RUN + " && ! grep -q 'division by zero' gcc.txt"
EMI_BUG = C_RUN + " && grep -q 'division by zero' gcc.txt"


def dead_lines(text):
    """Line numbers (from 1) of the lines gcov reports as never executed
    when the program runs."""
    with tempfile.TemporaryDirectory(prefix="pair-bench-") as d:
        open(os.path.join(d, "p.c"), "wb").write(text)
        subprocess.run(["gcc", "-O0", "-w", "--coverage", "-I/usr/include/csmith", "p.c", "-o", "p"], cwd=d, check=True)
        subprocess.run(["./p"], cwd=d, check=True, stdout=subprocess.DEVNULL, timeout=20)
        gcda = next(f for f in os.listdir(d) if f.endswith(".gcda"))
        out = subprocess.run(["gcov", "-t", gcda], cwd=d, check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    dead = set()
    for line in out.decode(errors="replace").split("\n"):
        m = re.match(r"\s*#####:\s*(\d+):", line)
        if m:
            dead.add(int(m.group(1)))
    return dead


def on_dead_line(op, dead):
    """`op` applied to one dead line alone (the rest of the text untouched)."""
    def mutate_line(text, rnd):
        lines = text.split(b"\n")
        i = rnd.choice(sorted(dead)) - 1
        new = op(lines[i], rnd)
        if new is None or b"\n" in new:
            return None
        return b"\n".join(lines[:i] + [new] + lines[i + 1:])
    return mutate_line


def m_delete_statement(line, rnd):
    """Deletes a statement that is one whole line (not a declaration, a
    brace or a label)."""
    if re.match(rb"\s+[A-Za-z_(*][^;{}]*;\s*$", line) and not re.match(rb"\s+(const |static |volatile )*(u?int[0-9]+_t|union|struct|int|char|long|short)\b", line):
        return b""
    return None


def emi_case(name, host, noise, seed_no):
    def build(d):
        seed = open(os.path.join(ROOT, "examples", host), "rb").read()
        dead = dead_lines(seed)
        rnd = random.Random(seed_no)
        ops = [on_dead_line(op, dead) for op in (m_delete_statement, m_constant, m_operator)]
        text = seed
        done = 0
        while done < noise:
            cand = rnd.choice(ops)(text, rnd)
            if cand is not None and cand != text and passes(EMI_OK, cand, ".c"):
                text = cand
                done += 1
        bug = on_dead_line(lambda l, r: c_bug(l, r) if re.search(rb"return ([^;\"]+);", l) else None, dead)
        for _ in range(200):
            cand = bug(text, rnd)
            if cand is not None and passes(EMI_BUG, cand, ".c"):
                return seed, cand, EMI_OK, EMI_BUG
        raise SystemExit("no mutation shows the bug")
    return (name, "c", build)


def emi_checksum_case(name, host, noise, seed_no):
    """The EMI pair of `emi_case`, but the seed's test is its exact output
    (csmith's `checksum = ...` line, recorded when the case is built): the
    seed must keep computing what it computed, as in an EMI report where the
    seed is the reference the variant's miscompilation is compared with."""
    def build(d):
        seed, variant, _, bug = emi_case(name, host, noise, seed_no)[2](d)
        with tempfile.TemporaryDirectory(prefix="pair-bench-") as t:
            open(os.path.join(t, "s.c"), "wb").write(seed)
            subprocess.run(["gcc", "-O0", "-w", "-I/usr/include/csmith", "s.c", "-o", "s"], cwd=t, check=True)
            out = subprocess.run(["./s"], cwd=t, check=True, stdout=subprocess.PIPE, timeout=20).stdout.decode().strip()
        if "'" in out or not out.startswith("checksum = "):
            raise SystemExit(f"unexpected output of the seed: {out!r}")
        ok = ("gcc -O0 -Wdiv-by-zero -I/usr/include/csmith \"$1\" -o prog >gcc.txt 2>&1 && "
              "[ \"$(timeout 5 ./prog)\" = '" + out + "' ] && ! grep -q 'division by zero' gcc.txt")
        return seed, variant, ok, bug
    return (name, "c", build)


# A library and its next version: ms 2.0.0 and 2.1.0 (npm), which added
# weeks (`1w`) and negative durations (`-1s`) to parsing. The driver parses
# (and with MS_FORMAT, formats) a few durations; the seed's test is the old
# version's output as a snapshot (taken when the case is built, as a snapshot
# test records it), the variant's that `1w` now parses to a week in
# milliseconds.
MS_PARSE = b"""
const ms = module.exports;
console.log(['100', '1.5h', '2d', '1w', '-1s', '10 minutes', '3 days'].map((s) => s + '=' + ms(s)).join(' '));
"""
MS_FORMAT = b"""console.log([500, 60000, 3600000, 5400000, 172800000].map((n) => ms(n) + '/' + ms(n, { long: true })).join(' '));
"""


def ms_case(name, driver):
    def build(d):
        old = npm_file("ms", "2.0.0", "package/index.js", "4bd92209cb9dacf3e3773e725acb7aaec43ea9e78540324e4d0f73e5ce9adef7")
        new = npm_file("ms", "2.1.0", "package/index.js", "e42b7b9dc673a62739bbe9a628cdba5d37b3085a2c7c4307563a7c80546a75a3")
        seed, variant = old + driver, new + driver
        with tempfile.TemporaryDirectory(prefix="pair-bench-") as t:
            open(os.path.join(t, "s.js"), "wb").write(seed)
            snap = subprocess.run(["node", "s.js"], cwd=t, check=True, stdout=subprocess.PIPE).stdout.decode().rstrip("\n")
        if "'" in snap:
            raise SystemExit("the snapshot has a quote")
        ok = "out=$(node \"$1\" 2>&1) && [ \"$out\" = '" + snap + "' ]"
        bug = "node \"$1\" 2>/dev/null | grep -q '1w=604800000 '"
        return seed, variant, ok, bug
    return (name, "js", build)


def small(name, ext, seed, variant, ok, bug):
    return (name, ext, lambda d: (seed.encode(), variant.encode(), ok, bug))


RUST_SEED = "struct Config { level: u32, name: String }\n\nfn describe(c: &Config) -> String {\n    format!(\"{}:{}\", c.name, c.level)\n}\n\nfn main() {\n    let c = Config { level: 3, name: String::from(\"x\") };\n    let total: u32 = c.level + 2;\n    println!(\"{} {}\", describe(&c), total);\n}\n"
RUSTC = "rustc --edition 2021 --crate-type lib -A warnings --emit=metadata -o out.rmeta \"$1\""
JS_SEED = "class Stack {\n  constructor() { this.items = []; }\n  push(x) { this.items.push(x); return this; }\n  size() { return this.items.length; }\n}\nconst s = new Stack();\ns.push(1).push(2);\nconst label = 'size';\nconsole.log(label, s.size());\n"

CASES = [
    small("c-small-div", "c", open(os.path.join(ROOT, "examples/pair-c-div-by-zero/good.c")).read(),
          open(os.path.join(ROOT, "examples/pair-c-div-by-zero/bad.c")).read(), C_OK, C_BUG),
    c_case("c-inventory-10", "c-too-many-args/inventory.c", 10, 1),
    c_case("c-inventory-30", "c-too-many-args/inventory.c", 30, 2),
    c_case("c-csmith-40", "c-csmith-pointer-sign/csmith.c", 40, 3),
    small("rust-field-type", "rs", RUST_SEED,
          RUST_SEED.replace("level: u32,", "level: i64,").replace("level: 3,", "level: 4,").replace("from(\"x\")", "from(\"yy\")"),
          RUSTC + " 2>/dev/null", RUSTC + " 2>&1 | grep -q 'error\\[E0308\\]'"),
    small("js-renamed-method", "js", JS_SEED,
          JS_SEED.replace("size() {", "count() {").replace("push(2)", "push(3)").replace("'size'", "'n'"),
          JS_OK, JS_BUG),
    js_mustache_case("js-mustache-20", 20, 6),
    emi_case("c-emi-csmith-20", "c-csmith-pointer-sign/csmith.c", 20, 7),
    emi_checksum_case("c-emi-checksum-20", "c-csmith-pointer-sign/csmith.c", 20, 7),
    ms_case("js-ms-parse-format", MS_PARSE + MS_FORMAT),
    ms_case("js-ms-parse", MS_PARSE),
]


CAP = None
# Whether the last run() was capped.
LAST = {"capped": False}


def run(cmd, cwd):
    """Runs `cmd`; past --cap seconds it gets SIGINT (treereduce then writes
    its best result and exits 130) and the run is marked capped."""
    t = time.monotonic()
    LAST["capped"] = False
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = p.communicate(timeout=CAP)
    except subprocess.TimeoutExpired:
        LAST["capped"] = True
        os.killpg(p.pid, signal.SIGINT)
        out, err = p.communicate()
    p.stderr = err
    if p.returncode not in (0, 130):
        sys.stderr.write(p.stderr.decode(errors="replace")[-2000:])
        raise SystemExit(f"failed: {' '.join(cmd)}")
    return time.monotonic() - t


def single(d, name, check, jobs):
    stats = os.path.join(d, name + ".stats.json")
    # No verdict cache: an earlier run of the same case would answer every test.
    secs = run([BIN, "-q", "--no-cache", "-j", str(jobs), "-i", check, "-o", name + ".out", "--stats-json", stats, name], d)
    out = open(os.path.join(d, name + ".out"), "rb").read()
    tests = json.load(open(stats))["tests"] if os.path.exists(stats) else None
    return out, secs, tests


def one(case, jobs, extra, baselines=True):
    name, ext, build = case
    d = tempfile.mkdtemp(prefix="pair-bench-")
    try:
        seed, variant, ok, bug = build(d)
        s, v = f"seed.{ext}", f"variant.{ext}"
        open(os.path.join(d, s), "wb").write(seed)
        open(os.path.join(d, v), "wb").write(variant)
        script(os.path.join(d, "ok.sh"), ok)
        script(os.path.join(d, "bug.sh"), bug)
        row = {"case": name, "start": {"seed": len(tokens(seed)), "variant": len(tokens(variant)), "diff": diff_tokens(seed, variant)}}
        secs = run([BIN, "pair", "-q", "-j", str(jobs), "--seed", s, "--variant", v, "--interesting-seed", "./ok.sh",
                    "-i", "./bug.sh", "--output-seed", "s.out", "--output-variant", "v.out", "--output-diff", "d.out",
                    "--stats-json", "pair.json"] + extra, d)
        ps, pv = open(os.path.join(d, "s.out"), "rb").read(), open(os.path.join(d, "v.out"), "rb").read()
        st = json.load(open(os.path.join(d, "pair.json")))
        row["pair"] = {"seed": len(tokens(ps)), "variant": len(tokens(pv)), "diff": diff_tokens(ps, pv), "seconds": round(secs, 2),
                       "tests": st["seed_tests"]["tests"] + st["variant_tests"]["tests"], "capped": LAST["capped"],
                       # Per reducer run: round, reducer, seed and variant tests so far, seconds since the start.
                       "steps": [[x["round"], x["reducer"], x["seed_tests"], x["variant_tests"], round(x["seconds"], 1)]
                                 for x in st.get("steps", [])]}
        if extra or not baselines:
            return row
        av, asecs, atests = single(d, v, "./bug.sh", jobs)
        acapped = LAST["capped"]
        row["a_variant_only"] = {"variant": len(tokens(av)), "diff": diff_tokens(seed, av), "seconds": round(asecs, 2), "tests": atests,
                                 "capped": acapped}
        bs, bsecs, btests = single(d, s, "./ok.sh", jobs)
        row["b_independent"] = {"seed": len(tokens(bs)), "variant": len(tokens(av)), "diff": diff_tokens(bs, av),
                                "seconds": round(asecs + bsecs, 2), "seed_seconds": round(bsecs, 2),
                                "tests": (atests or 0) + (btests or 0), "capped": acapped or LAST["capped"]}
        return row
    finally:
        shutil.rmtree(d, ignore_errors=True)


SCALE_OK = "sleep 0.1\n! grep -q '/ 0' \"$1\" && grep -q return \"$1\" && grep -q struct \"$1\""
SCALE_BUG = "sleep 0.1\ngrep -q '/ 0' \"$1\" && grep -q return \"$1\" && grep -q struct \"$1\""
# The same two tests as programs without the C library or a shell (x86-64
# Linux; benches/pair/check-nolibc.c): the shell scripts start five
# processes per test, and on some virtual machines each start costs about
# 1 ms of CPU, which 16 tests at once on 2 cores wait for. --scripts sh
# runs the shell scripts everywhere.
NOLIBC_FLAGS = ["-O2", "-nostdlib", "-static", "-fno-builtin", "-fno-stack-protector",
                "-fno-tree-loop-distribute-patterns", "-fno-pie", "-no-pie"]
SCRIPTS = "nolibc"


def scale_tests(d):
    """The seed's and the variant's test of the scaling runs, in `d`: the
    programs without the C library where they build, else the scripts."""
    if SCRIPTS == "nolibc" and platform.machine() == "x86_64" and sys.platform == "linux":
        source = os.path.join(ROOT, "benches", "pair", "check-nolibc.c")
        try:
            built = all(subprocess.run(["cc", *NOLIBC_FLAGS, f"-DSEED={seed}", "-o", os.path.join(d, out),
                                        source]).returncode == 0
                        for seed, out in ((1, "ok"), (0, "bug")))
        except OSError:
            built = False
        if built:
            return "./ok", "./bug"
    script(os.path.join(d, "ok.sh"), SCALE_OK)
    script(os.path.join(d, "bug.sh"), SCALE_BUG)
    return "./ok.sh", "./bug.sh"


def scaling(case, jobs_list):
    name, ext, build = case
    rows = []
    d = tempfile.mkdtemp(prefix="pair-bench-")
    try:
        seed, variant, _, _ = build(d)
        s, v = f"seed.{ext}", f"variant.{ext}"
        open(os.path.join(d, s), "wb").write(seed)
        open(os.path.join(d, v), "wb").write(variant)
        ok, bug = scale_tests(d)
        for jobs in jobs_list:
            secs = run([BIN, "pair", "-q", "-j", str(jobs), "--seed", s, "--variant", v, "--interesting-seed", ok,
                        "-i", bug, "--output-seed", "s.out", "--output-variant", "v.out", "--output-diff", "d.out",
                        "--stats-json", "pair.json"], d)
            ps, pv = open(os.path.join(d, "s.out"), "rb").read(), open(os.path.join(d, "v.out"), "rb").read()
            st = json.load(open(os.path.join(d, "pair.json")))
            last = st["steps"][-1]
            row = {"case": name, "jobs": jobs, "seconds": round(secs, 2),
                   "tests": st["seed_tests"]["tests"] + st["variant_tests"]["tests"],
                   "abandoned": st["seed_tests"].get("abandoned", 0) + st["variant_tests"].get("abandoned", 0),
                   "rounds": last.get("rounds"), "conflicts": last.get("conflicts"),
                   # The bytes of both results: equal at every -j when the schedule does not depend on it.
                   "hash": hashlib.sha256(ps + b"\0" + pv).hexdigest()[:12],
                   "seed": len(tokens(ps)), "variant": len(tokens(pv)), "diff": diff_tokens(ps, pv),
                   # Per reducer run: round, reducer, tests so far, rounds so far, seconds since the start.
                   "steps": [[x["round"], x["reducer"], x["seed_tests"] + x["variant_tests"], x.get("rounds"),
                              round(x["seconds"], 1)] for x in st["steps"]]}
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
        return rows
    finally:
        shutil.rmtree(d, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--cases", default="")
    ap.add_argument("--ablation", action="store_true", help="also run without each reducer")
    ap.add_argument("--scaling", default="", help="job counts, e.g. 1,2,4,8,16 (C cases only)")
    ap.add_argument("--scripts", choices=["nolibc", "sh"], default="nolibc",
                    help="the scaling runs' tests: programs without the C library (x86-64 Linux), or shell scripts")
    ap.add_argument("--cap", type=float, default=None, help="seconds per run before SIGINT (the run is marked capped)")
    ap.add_argument("--no-baselines", action="store_true", help="only the pair run")
    ap.add_argument("--ablate", help="';'-separated TREEREDUCE_ABLATE settings, each one more pair run "
                                     "(e.g. 'seed-first;skip-round;fine-ldiff')")
    a = ap.parse_args()
    global CAP, SCRIPTS
    CAP, SCRIPTS = a.cap, a.scripts
    if not os.environ.get("TREEREDUCE_BIN"):
        subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
    wanted = [c for c in CASES if not a.cases or c[0] in a.cases.split(",")]
    if a.scaling:
        jobs = [int(j) for j in a.scaling.split(",")]
        json.dump([r for c in wanted if c[1] == "c" for r in scaling(c, jobs)], sys.stdout, indent=1)
        return
    rows = []
    for case in wanted:
        row = one(case, a.j, [], baselines=not a.no_baselines)
        if a.ablation:
            for flag in ["--no-tdiff", "--no-ldiff", "--no-commonality"]:
                row[flag] = one(case, a.j, [flag])["pair"]
        for parts in filter(None, (a.ablate or "").split(";")):
            os.environ["TREEREDUCE_ABLATE"] = parts
            row[f"no-{parts}"] = one(case, a.j, [], baselines=False)["pair"]
            del os.environ["TREEREDUCE_ABLATE"]
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    json.dump(rows, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
