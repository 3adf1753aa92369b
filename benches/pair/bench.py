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

    benches/pair/bench.py [-j N] [--cases a,b] [--ablation] > results.json
"""

import argparse
import difflib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "target", "release", "treereduce")
TOKEN = re.compile(rb'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|[A-Za-z_][A-Za-z0-9_]*|[0-9][0-9A-Za-z_.]*|\S')


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


def mutate(seed, bug, noise, rnd, keep):
    """`noise` unrelated mutations that keep `keep(text)`, and the bug."""
    text = seed
    done = 0
    while done < noise:
        cand = rnd.choice(NOISE)(text, rnd)
        if cand is not None and cand != text and keep(cand):
            text = cand
            done += 1
    return bug(text, rnd)


def script(path, body):
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body + "\n")
    os.chmod(path, 0o755)


# The seed: no division-by-zero warning and no syntax error (a host may have
# other errors of its own, e.g. the too-many-arguments example).
C_OK = "out=$(gcc -fsyntax-only -Wdiv-by-zero \"$1\" 2>&1)\n! printf '%s' \"$out\" | grep -q -e 'division by zero' -e 'error: expected'"
C_BUG = "gcc -fsyntax-only -Wdiv-by-zero \"$1\" 2>&1 | grep -q 'division by zero'"


def c_case(name, host, noise, seed_no):
    def build(d):
        seed = open(os.path.join(ROOT, "examples", host), "rb").read()
        # Hosts with an error of their own keep it: the seed is the host as is
        # and must compile as far as the division-by-zero check goes.
        rnd = random.Random(seed_no)
        variant = mutate(seed, c_bug, noise, rnd, lambda t: True)
        return seed, variant, C_OK, C_BUG
    return (name, "c", build)


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
          "node \"$1\" >/dev/null 2>&1", "node \"$1\" 2>&1 | grep -q 'is not a function'"),
]


def run(cmd, cwd):
    t = time.monotonic()
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.stderr.write(p.stderr.decode(errors="replace")[-2000:])
        raise SystemExit(f"failed: {' '.join(cmd)}")
    return time.monotonic() - t


def single(d, name, check, jobs):
    stats = os.path.join(d, name + ".stats.json")
    secs = run([BIN, "-q", "-j", str(jobs), "-i", check, "-o", name + ".out", "--stats-json", stats, name], d)
    out = open(os.path.join(d, name + ".out"), "rb").read()
    return out, secs, json.load(open(stats))["tests"]


def one(case, jobs, extra):
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
                       "tests": st["seed_tests"]["tests"] + st["variant_tests"]["tests"]}
        if extra:
            return row
        av, asecs, atests = single(d, v, "./bug.sh", jobs)
        row["a_variant_only"] = {"variant": len(tokens(av)), "diff": diff_tokens(seed, av), "seconds": round(asecs, 2), "tests": atests}
        bs, bsecs, btests = single(d, s, "./ok.sh", jobs)
        row["b_independent"] = {"seed": len(tokens(bs)), "variant": len(tokens(av)), "diff": diff_tokens(bs, av),
                                "seconds": round(asecs + bsecs, 2), "tests": atests + btests}
        return row
    finally:
        shutil.rmtree(d, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--cases", default="")
    ap.add_argument("--ablation", action="store_true", help="also run without each reducer")
    a = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
    wanted = [c for c in CASES if not a.cases or c[0] in a.cases.split(",")]
    rows = []
    for case in wanted:
        row = one(case, a.j, [])
        if a.ablation:
            for flag in ["--no-tdiff", "--no-ldiff", "--no-commonality"]:
                row[flag] = one(case, a.j, [flag])["pair"]
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    json.dump(rows, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
