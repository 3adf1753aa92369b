#!/usr/bin/env python3
"""Generates a crash corpus for `treereduce batch`: C programs that each
carry one of five known gcc diagnostics (the "bugs") inside a host program
that is otherwise clean, plus the interestingness test that accepts any of
the five. Deterministic for a seed.

    benches/corpus/generate.py OUT_DIR [--count 45] [--seed 1]

writes OUT_DIR/crashes/crash-NNN.c, OUT_DIR/check.sh and OUT_DIR/bugs.json
(which bug each input carries, to compare with the groups treereduce
finds). Every input is checked with gcc: the host alone must not trip the
test, the input must.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

BUGS = {
    "too-many-args": "too many arguments to function",
    "div-by-zero": "division by zero",
    "struct-to-int": "incompatible types when assigning",
    "void-value": "void value not ignored",
    "pointer-int-compare": "comparison between pointer and integer",
}

CHECK = """#!/bin/sh
# Interesting: gcc reports one of the five diagnostics the corpus carries.
LC_ALL=C gcc -fsyntax-only "$1" 2>&1 | grep -qE '{}'
""".format("|".join(BUGS.values()))

WORDS = ["acc", "buf", "cnt", "delta", "edge", "flag", "gain", "hash", "idx", "jump",
         "key", "len", "mask", "node", "off", "pos", "quota", "rate", "sum", "tick",
         "unit", "val", "width", "xor", "yield_", "zone"]


class Names:
    def __init__(self, rng):
        self.rng = rng
        self.used = set()

    def new(self, prefix=""):
        while True:
            name = prefix + self.rng.choice(WORDS) + "_" + str(self.rng.randrange(1000))
            if name not in self.used:
                self.used.add(name)
                return name


def expr(rng, vars_, depth=0):
    if depth > 2 or rng.random() < 0.3:
        return rng.choice(vars_ + [str(rng.randrange(1, 50))])
    op = rng.choice(["+", "-", "*", "^", "&", "|"])
    return "({} {} {})".format(expr(rng, vars_, depth + 1), op, expr(rng, vars_, depth + 1))


def statement(rng, names, vars_, arrays, depth=0):
    kind = rng.random()
    target = rng.choice(vars_)
    if kind < 0.35 or depth > 1:
        return ["{} = {};".format(target, expr(rng, vars_))]
    if kind < 0.55:
        arr, size = rng.choice(arrays)
        i = names.new("i_")
        body = ["{} += {}[{} % {}];".format(target, arr, i, size)]
        body += statement(rng, names, vars_ + [i], arrays, depth + 1)
        return (["for (int {} = 0; {} < {}; {}++) {{".format(i, i, rng.randrange(2, 9), i)]
                + ["    " + s for s in body] + ["}"])
    if kind < 0.8:
        body = statement(rng, names, vars_, arrays, depth + 1)
        other = statement(rng, names, vars_, arrays, depth + 1)
        return (["if ({} > {}) {{".format(target, rng.randrange(100))]
                + ["    " + s for s in body] + ["} else {"]
                + ["    " + s for s in other] + ["}"])
    return ["while ({} > {}) {{".format(target, rng.randrange(100, 1000)),
            "    {} = {} / 2;".format(target, target), "}"]


def host(rng, names):
    """A clean program: arrays, structs, functions; returns (lines, functions)."""
    lines = []
    arrays = []
    for _ in range(rng.randrange(1, 4)):
        arr, size = names.new("g_"), rng.randrange(3, 9)
        values = ", ".join(str(rng.randrange(100)) for _ in range(size))
        lines.append("static int {}[{}] = {{{}}};".format(arr, size, values))
        arrays.append((arr, size))
    struct = names.new("s_")
    fields = [names.new() for _ in range(rng.randrange(2, 4))]
    lines.append("struct {} {{ {} }};".format(struct, " ".join("int {};".format(f) for f in fields)))
    lines.append("")
    functions = []
    for _ in range(rng.randrange(3, 7)):
        fn = names.new("f_")
        params = [names.new() for _ in range(rng.randrange(1, 4))]
        local = names.new()
        vars_ = params + [local]
        body = ["int {} = {};".format(local, expr(rng, params))]
        for _ in range(rng.randrange(2, 5)):
            body += statement(rng, names, vars_, arrays)
        if functions and rng.random() < 0.6:
            callee, arity = rng.choice(functions)
            body.append("{} += {}({});".format(local, callee, ", ".join(rng.choice(vars_) for _ in range(arity))))
        body.append("return {};".format(local))
        lines.append("static int {}({}) {{".format(fn, ", ".join("int " + p for p in params)))
        lines += ["    " + s for s in body]
        lines += ["}", ""]
        functions.append((fn, len(params)))
    main_body = ["struct {} st = {{0}};".format(struct), "int r = 0;"]
    for fn, arity in functions:
        main_body.append("r += {}({});".format(fn, ", ".join(str(rng.randrange(10)) for _ in range(arity))))
    main_body.append("st.{} = r;".format(fields[0]))
    main_body.append("return st.{} & 1;".format(fields[0]))
    return lines, main_body, arrays


def bug(kind, rng, names):
    """(top-level lines, lines for main) that trip the bug."""
    if kind == "too-many-args":
        fn, x = names.new("h_"), names.new()
        return (["static int {}(int {}) {{ return {} + 1; }}".format(fn, x, x)],
                ["r += {}(r, {});".format(fn, rng.randrange(1, 9))])
    if kind == "div-by-zero":
        return [], ["r = r / 0;"]
    if kind == "struct-to-int":
        st, f, v = names.new("b_"), names.new(), names.new()
        return (["struct {} {{ int {}; }};".format(st, f)],
                ["struct {} {} = {{ {} }};".format(st, v, rng.randrange(9)), "r = {};".format(v)])
    if kind == "void-value":
        fn, x = names.new("h_"), names.new()
        return (["static void {}(int {}) {{ (void){}; }}".format(fn, x, x)],
                ["r += {}(r);".format(fn)])
    if kind == "pointer-int-compare":
        p = names.new("p_")
        return [], ["int *{} = &r;".format(p), "if ({} == {}) r++;".format(p, rng.randrange(1, 99))]
    raise ValueError(kind)


def program(top, main_body):
    return "\n".join(top + ["int main(void) {"] + ["    " + s for s in main_body] + ["}", ""])


def gcc_says(text):
    with tempfile.NamedTemporaryFile("w", suffix=".c", delete=False) as f:
        f.write(text)
    try:
        out = subprocess.run(["gcc", "-fsyntax-only", f.name], capture_output=True, text=True,
                             env={**os.environ, "LC_ALL": "C"})
        return out.stderr
    finally:
        os.unlink(f.name)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=45)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    crashes = os.path.join(args.out, "crashes")
    os.makedirs(crashes, exist_ok=True)
    kinds = list(BUGS)
    carried = {}
    for n in range(args.count):
        kind = kinds[n % len(kinds)]
        while True:
            names = Names(rng)
            top, main_body, _ = host(rng, names)
            clean = program(top, main_body)
            if any(sig in gcc_says(clean) for sig in BUGS.values()):
                continue
            bug_top, bug_main = bug(kind, rng, names)
            at = rng.randrange(len(main_body) - 2)
            text = program(bug_top + top, main_body[:at] + bug_main + main_body[at:])
            said = gcc_says(text)
            if BUGS[kind] in said and not any(s in said for k, s in BUGS.items() if k != kind):
                break
        name = "crash-{:03d}.c".format(n)
        with open(os.path.join(crashes, name), "w") as f:
            f.write(text)
        carried[name] = kind
    check = os.path.join(args.out, "check.sh")
    with open(check, "w") as f:
        f.write(CHECK)
    os.chmod(check, 0o755)
    with open(os.path.join(args.out, "bugs.json"), "w") as f:
        json.dump(carried, f, indent=1, sort_keys=True)
    sizes = [os.path.getsize(os.path.join(crashes, n)) for n in carried]
    print("{} inputs, {} bugs, {}-{} bytes".format(len(carried), len(set(carried.values())),
                                                  min(sizes), max(sizes)), file=sys.stderr)


if __name__ == "__main__":
    main()
