"""A Csmith-like generator of C programs, written for the trace benchmark:
globals, functions over unsigned arithmetic (no undefined behaviour), nested
if statements and counted for loops, calls to functions defined earlier, and
a main that calls some of them with constant arguments and prints a checksum
of every global. Every program it writes is valid C that compiles without a
warning. It draws from Python's `random` only. Usage: python3 csmith_like.py SEED
"""

import random
import sys

random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)

GLOBALS = []
FUNCTIONS = []


def constant():
    return "%du" % random.randint(0, 99)


def expr(depth, names):
    if depth >= 3 or random.random() < 0.3:
        if names and random.randint(0, 2):
            return random.choice(names)
        return constant()
    op = random.choice(["+", "-", "*", "^", "&", "|"])
    return "(%s %s %s)" % (expr(depth + 1, names), op, expr(depth + 1, names))


def call(names):
    name, arity = random.choice(FUNCTIONS)
    return "%s(%s)" % (name, ", ".join(expr(1, names) for _ in range(arity)))


def block(indent, names, depth, counter):
    pad = "    " * indent
    names = list(names)
    lines = []
    for _ in range(random.randint(1, 4)):
        kind = random.randint(0, 4)
        if kind == 0 or depth >= 2:
            lines.append("%s%s = %s;" % (pad, random.choice(GLOBALS), expr(0, names)))
        elif kind == 1:
            counter[0] += 1
            local = "l%d" % counter[0]
            lines.append("%sunsigned %s = %s;" % (pad, local, expr(0, names)))
            names.append(local)
        elif kind == 2:
            lines.append("%sif (%s) {" % (pad, expr(0, names)))
            lines.extend(block(indent + 1, names, depth + 1, counter))
            lines.append(pad + "}")
            if random.randint(0, 1):
                lines.append(pad + "else {")
                lines.extend(block(indent + 1, names, depth + 1, counter))
                lines.append(pad + "}")
        elif kind == 3:
            counter[0] += 1
            i = "i%d" % counter[0]
            lines.append("%sfor (unsigned %s = 0; %s < %du; %s++) {" % (pad, i, i, random.randint(1, 9), i))
            lines.extend(block(indent + 1, names + [i], depth + 1, counter))
            lines.append(pad + "}")
        elif FUNCTIONS:
            lines.append("%s%s = %s;" % (pad, random.choice(GLOBALS), call(names)))
        else:
            lines.append("%s%s += %s;" % (pad, random.choice(GLOBALS), expr(0, names)))
    return lines


def function(number):
    params = ["p%d" % j for j in range(random.randint(1, 3))]
    name = "func_%d" % number
    lines = ["static unsigned %s(%s) {" % (name, ", ".join("unsigned " + p for p in params))]
    counter = [0]
    lines.extend(block(1, params, 0, counter))
    lines.append("    return %s;" % expr(1, params))
    lines.append("}")
    FUNCTIONS.append((name, len(params)))
    return lines


out = ["#include <stdio.h>", ""]
for g in range(random.randint(2, 8)):
    GLOBALS.append("g_%d" % g)
    out.append("static unsigned g_%d = %s;" % (g, constant()))
out.append("")
for f in range(random.randint(2, 10)):
    out.extend(function(f))
    out.append("")
out.append("int main(void) {")
for c in range(random.randint(2, 8)):
    name, arity = random.choice(FUNCTIONS)
    args = ", ".join(constant() for _ in range(arity))
    if random.randint(0, 1):
        out.append("    %s = %s(%s);" % (random.choice(GLOBALS), name, args))
    else:
        out.append("    (void)%s(%s);" % (name, args))
out.append('    printf("checksum = %%u\\n", %s);' % " ^ ".join(GLOBALS))
out.append("    return 0;")
out.append("}")
print("\n".join(out))
