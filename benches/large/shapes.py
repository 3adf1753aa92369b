"""Generated large programs for the scaling benchmark (benches/large/bench.py).

A shape is N units (a function, with the global, struct, macro or enum
variant it uses) and one small bug in the middle, which the shape's test
looks for with a real compiler or interpreter. The text depends only on the
shape and N, so every run of the benchmark reduces the same bytes.

    python3 benches/large/shapes.py c-locals 40000 > forty.c    # one input
"""

import sys

# The bug each language's inputs carry, and the test that finds it. The
# checks match the diagnostic, not the names, since the reducers rename.
C_BUG = """\
/* the bug: a struct assigned from an int */
struct point {
    int x;
    int y;
};

int make_point(int v)
{
    struct point p;
    p = v;
    return p.x + p.y;
}
"""
C_CHECK = """\
#!/bin/sh
# interesting: gcc rejects an int assigned to a struct
LC_ALL=C gcc -fsyntax-only -w "$1" 2>&1 | grep -q "incompatible types when assigning to type .struct [A-Za-z0-9_]*. from type .int."
"""

JS_BUG = """\
// the bug: a property read from null
function lookup(table, key) {
  const entry = table[key];
  return entry.value;
}
lookup({ a: null }, "a");
"""
JS_CHECK = """\
#!/bin/sh
# interesting: running it throws a TypeError reading a property of null
node "$1" 2>&1 | grep -q "TypeError: Cannot read properties of null"
"""

RUST_BUG = """\
// the bug: an integer where a struct is expected
struct Point {
    x: i32,
    y: i32,
}

fn make_point(v: i32) -> i32 {
    let p: Point = v;
    p.x + p.y
}
"""
RUST_CHECK = """\
#!/bin/sh
# interesting: rustc rejects an integer where a struct is expected (E0308).
# Outputs go to the private working directory: rustc renames its output onto
# the path it is given, and would replace /dev/null by a file.
out=$(rustc --edition 2021 --crate-type lib --emit=metadata -A warnings --out-dir . "$1" 2>&1)
printf '%s\\n' "$out" | grep -q "error\\[E0308\\]: mismatched types" &&
printf '%s\\n' "$out" | grep -q "expected .[A-Za-z0-9_]*., found .i32."
"""


def c_locals(i):
    return f"int filler_{i}(int a) {{ int b = a * {i}; if (b > 3) {{ b -= a; }} return b + {i}; }}\n"


def c_globals(i):
    # Each global is used by its own function and by the function of twice
    # its number: uses across functions, for the analyses by name.
    return f"int g_{i} = {i};\nint use_{i}(int a) {{ return g_{i} + g_{i // 2} * a; }}\n"


def c_structs(i):
    return (f"struct s_{i} {{ int x; int y; }};\n"
            f"int get_{i}(struct s_{i} *p) {{ return p->x * {i} + p->y; }}\n")


def c_macros(i):
    return (f"#define M_{i}(x) ((x) * {i} + 1)\n"
            f"int mac_{i}(int a) {{ return M_{i}(a) - M_{i // 2}(a); }}\n")


def c_enum_head(n):
    return "enum big {\n" + "".join(f"    V_{i},\n" for i in range(n)) + "};\n"


def c_enum(i):
    return f"int ev_{i}(int a) {{ return a == V_{i} ? {i} : a - V_{i // 2}; }}\n"


def js_locals(i):
    return f"function filler_{i}(a) {{ let b = a * {i}; if (b > 3) {{ b -= a; }} return b + {i}; }}\n"


def js_globals(i):
    return f"const g_{i} = {i};\nfunction use_{i}(a) {{ return g_{i} + g_{i // 2} * a; }}\n"


def rust_locals(i):
    return f"fn filler_{i}(a: i32) -> i32 {{ let mut b = a * {i}; if b > 3 {{ b -= a; }} b + {i} }}\n"


def rust_structs(i):
    return (f"struct S{i} {{ x: i32, y: i32 }}\n"
            f"fn get_{i}(p: &S{i}) -> i32 {{ p.x * {i} + p.y }}\n")


# name -> (file extension, language, unit, head (of N) or None, bug, check, what it exercises)
SHAPES = {
    "c-locals": (".c", "c", c_locals, None, C_BUG, C_CHECK,
                 "a function with a local variable each"),
    "c-globals": (".c", "c", c_globals, None, C_BUG, C_CHECK,
                  "a global each, used by two functions"),
    "c-structs": (".c", "c", c_structs, None, C_BUG, C_CHECK,
                  "a struct with two fields each, and a function using them"),
    "c-macros": (".c", "c", c_macros, None, C_BUG, C_CHECK,
                 "a function-like macro each, used by two functions"),
    "c-enum": (".c", "c", c_enum, c_enum_head, C_BUG, C_CHECK,
               "one enum of N variants, each used by two functions"),
    "js-locals": (".js", "javascript", js_locals, None, JS_BUG, JS_CHECK,
                  "a function with a local variable each"),
    "js-globals": (".js", "javascript", js_globals, None, JS_BUG, JS_CHECK,
                   "a top-level const each, used by two functions"),
    "rust-locals": (".rs", "rust", rust_locals, None, RUST_BUG, RUST_CHECK,
                    "a function with a local variable each"),
    "rust-structs": (".rs", "rust", rust_structs, None, RUST_BUG, RUST_CHECK,
                     "a struct with two fields each, and a function using them"),
}


def generate(shape, n):
    """The text of `shape` with `n` units, the bug after the first half."""
    _, _, unit, head, bug, _, _ = SHAPES[shape]
    parts = [head(n)] if head else []
    half = n // 2
    parts.extend(unit(i) for i in range(half))
    parts.append("\n" + bug + "\n")
    parts.extend(unit(i) for i in range(half, n))
    return "".join(parts)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in SHAPES:
        sys.exit(f"usage: shapes.py {{{','.join(SHAPES)}}} N")
    sys.stdout.write(generate(sys.argv[1], int(sys.argv[2])))
