"""A small Csmith-style generator of C programs: functions of integer
expressions over their parameters, and a main that prints some of their
results for constant arguments. Every program it writes is valid C (each
function is defined before main calls it). Usage: python3 gen.py SEED; the
example is seed 3, reduced by the command at the top of check.sh."""

import random
import sys

random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)


def expr(depth, names):
    if depth >= 2 or random.random() < 0.3:
        if names and random.randint(0, 1):
            return random.choice(names)
        return str(random.randint(0, 100))
    op = random.choice(["+", "-", "*"])
    return "(%s %s %s)" % (expr(depth + 1, names), op, expr(depth + 1, names))


def function(name):
    params = ["p%d" % j for j in range(random.randint(1, 3))]
    lines = ["int %s(%s) {" % (name, ", ".join("int " + p for p in params))]
    count = random.randint(1, 4)
    for k in range(count):
        lines.append("    int v%d = %s;" % (k, expr(0, params)))
    lines.append("    return %s;" % " + ".join("v%d" % k for k in range(count)))
    lines.append("}")
    return lines, len(params)


out = ["#include <stdio.h>", ""]
functions = []
n = random.randint(4, 9)
for i in range(n):
    lines, arity = function("f%d" % i)
    out.extend(lines)
    out.append("")
    functions.append(("f%d" % i, arity))

out.append("int main(void) {")
calls = random.randint(3, 10)
for c in range(calls):
    name, arity = random.choice(functions)
    args = ", ".join(str(random.randint(0, 100)) for _ in range(arity))
    if random.randint(0, 1):
        out.append('    printf("%%d\\n", %s(%s));' % (name, args))
    else:
        out.append("    (void)%s(%s);" % (name, args))
out.append("    return 0;")
out.append("}")
print("\n".join(out))
