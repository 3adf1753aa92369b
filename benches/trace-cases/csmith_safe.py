"""A Csmith-like generator of C programs that are free of undefined
behaviour by construction, written for the trace benchmark: every variable
is initialized, array indexes are taken modulo the array's length, a shift
amount is masked below 32, a division or remainder has a divisor that
cannot be zero, signed values only meet signed arithmetic through unsigned
casts, and every function returns a value. Globals include plain `char`s
set from values above 127 (implementation-defined, not undefined: their
sign is the compiler's choice), and main prints a checksum of every
global. Draws from Python's `random` only. Usage: python3 csmith_safe.py SEED
"""

import random
import sys

random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)

UNSIGNED = []   # names of unsigned globals
CHARS = []      # names of plain char globals
ARRAYS = []     # (name, length)
FUNCTIONS = []  # (name, arity)


def constant():
    return "%du" % random.randint(0, 99)


def leaf(names):
    kind = random.randint(0, 5)
    if kind == 0 and ARRAYS:
        name, length = random.choice(ARRAYS)
        return "%s[(%s) %% %du]" % (name, leaf(names), length)
    if kind == 1 and CHARS:
        # A char's value as the program's arithmetic sees it: its sign
        # comes with it (the implementation-defined part).
        return "(unsigned)(int)%s" % random.choice(CHARS)
    if kind <= 3 and names:
        return random.choice(names)
    return constant()


def expr(depth, names):
    if depth >= 3 or random.random() < 0.35:
        return leaf(names)
    op = random.randint(0, 7)
    a, b = expr(depth + 1, names), expr(depth + 1, names)
    if op <= 3:
        return "(%s %s %s)" % (a, "+-*^"[op], b)
    if op == 4:
        return "(%s << (%s & 15u))" % (a, b)
    if op == 5:
        return "(%s >> (%s & 31u))" % (a, b)
    if op == 6:
        return "(%s / ((%s) | 1u))" % (a, b)
    return "(%s %% ((%s) | 1u))" % (a, b)


def call(names):
    name, arity = random.choice(FUNCTIONS)
    return "%s(%s)" % (name, ", ".join(expr(1, names) for _ in range(arity)))


def block(indent, names, depth, counter):
    pad = "    " * indent
    names = list(names)
    lines = []
    for _ in range(random.randint(1, 4)):
        kind = random.randint(0, 5)
        if kind == 0 or depth >= 2:
            lines.append("%s%s = %s;" % (pad, random.choice(UNSIGNED), expr(0, names)))
        elif kind == 1:
            counter[0] += 1
            local = "l%d" % counter[0]
            lines.append("%sunsigned %s = %s;" % (pad, local, expr(0, names)))
            names.append(local)
        elif kind == 2:
            lines.append("%sif (%s) {" % (pad, expr(0, names)))
            lines.extend(block(indent + 1, names, depth + 1, counter))
            lines.append(pad + "}")
        elif kind == 3:
            counter[0] += 1
            i = "i%d" % counter[0]
            lines.append("%sfor (unsigned %s = 0; %s < %du; %s++) {" % (pad, i, i, random.randint(1, 6), i))
            lines.extend(block(indent + 1, names + [i], depth + 1, counter))
            lines.append(pad + "}")
        elif kind == 4 and ARRAYS:
            name, length = random.choice(ARRAYS)
            lines.append("%s%s[(%s) %% %du] = %s;" % (pad, name, expr(1, names), length, expr(0, names)))
        elif FUNCTIONS:
            lines.append("%s%s = %s;" % (pad, random.choice(UNSIGNED), call(names)))
        else:
            lines.append("%s%s ^= %s;" % (pad, random.choice(UNSIGNED), expr(0, names)))
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
for g in range(random.randint(2, 6)):
    UNSIGNED.append("g_%d" % g)
    out.append("static unsigned g_%d = %s;" % (g, constant()))
for c in range(random.randint(1, 3)):
    CHARS.append("c_%d" % c)
    out.append("static char c_%d = (char)%d;" % (c, random.randint(0, 255)))
for a in range(random.randint(1, 3)):
    length = random.randint(2, 8)
    ARRAYS.append(("a_%d" % a, length))
    out.append("static unsigned a_%d[%d] = {%s};" % (a, length, ", ".join(constant() for _ in range(length))))
out.append("")
for f in range(random.randint(2, 8)):
    out.extend(function(f))
    out.append("")
out.append("int main(void) {")
for c in range(random.randint(2, 6)):
    name, arity = random.choice(FUNCTIONS)
    args = ", ".join(constant() for _ in range(arity))
    out.append("    %s = %s(%s);" % (random.choice(UNSIGNED), name, args))
sums = UNSIGNED + ["a_%d[%d]" % (i, k) for i, (_, n) in enumerate(ARRAYS) for k in range(n)]
out.append('    printf("checksum = %%u\\n", %s);' % " ^ ".join(sums))
out.append("    return 0;")
out.append("}")
print("\n".join(out))
