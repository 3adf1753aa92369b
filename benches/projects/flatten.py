#!/usr/bin/env python3
"""Flattens a project into one file, the way a person would before a
single-file reducer could take it:

    benches/projects/flatten.py c      PROJECT OUT.c    # headers and .c files into one .c
    benches/projects/flatten.py rust   PROJECT OUT.rs   # src/lib.rs with `mod x;` -> `mod x { ... }`
    benches/projects/flatten.py js     PROJECT OUT.js ENTRY   # ENTRY and the modules it requires

C: the .c files in path order; each `#include "x.h"` that names a file of the
project is replaced by the header's text the first time, and dropped after
(as its include guard would); system includes stay.
Rust: the crate root `src/lib.rs`, every `mod x;` replaced by `mod x { <x.rs> }`,
recursively (attributes and visibility kept).
JavaScript (CommonJS): ENTRY and every module it requires, each wrapped in a
function `(module, exports)` in a table, `require('./x')` rewritten to the
table's key, and a ten-line `require` that runs a module once (a module
required during its own loading sees its partial exports, as in node).
"""

import json
import posixpath
import re
import sys
from pathlib import Path

INCLUDE = re.compile(r'(?m)^[ \t]*#[ \t]*include[ \t]*"([^"]+)"[^\n]*\n?')


def flatten_c(root):
    root = Path(root)
    done = set()

    def expand(path):
        text = path.read_text(errors="surrogateescape")

        def repl(m):
            target = (path.parent / m.group(1)).resolve()
            if not target.is_file() or root.resolve() not in target.parents:
                return m.group(0)
            if target in done:
                return ""
            done.add(target)
            body = expand(target)
            return body if body.endswith("\n") else body + "\n"

        return INCLUDE.sub(repl, text)

    parts = [expand(p) for p in sorted(root.rglob("*.c"))]
    return "".join(p if p.endswith("\n") else p + "\n" for p in parts)


MOD = re.compile(r"(?m)^(\s*)((?:#\[[^\]]*\]\s*)*)(pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;")


def inline_modules(path):
    """One file from a crate: `mod x;` replaced by `mod x { <x.rs> }`, recursively."""
    path = Path(path)
    text = path.read_text()

    def repl(m):
        indent, attrs, vis, name = m.group(1), m.group(2) or "", m.group(3) or "", m.group(4)
        base = path.parent if path.name in ("lib.rs", "mod.rs", "main.rs") else path.parent / path.stem
        for cand in (base / f"{name}.rs", base / name / "mod.rs"):
            if cand.exists():
                return f"{indent}{attrs}{vis}mod {name} {{\n{inline_modules(cand)}\n{indent}}}"
        return m.group(0)

    return MOD.sub(repl, text)


def flatten_rust(root):
    return inline_modules(Path(root) / "src" / "lib.rs")


REQUIRE = re.compile(r"""\brequire\(\s*(['"])(\.{1,2}(?:/[^'"]*)?)\1\s*\)""")

JS_PRELUDE = """const __modules = {}
const __loaded = {}
function __require (name) {
  if (!(name in __loaded)) {
    const module = { exports: {} }
    __loaded[name] = module
    __modules[name](module, module.exports)
  }
  return __loaded[name].exports
}
"""


def resolve_js(root, importer, spec):
    """The project path a relative `require` names, as node resolves it:
    the file, the file with `.js`, else the folder's package.json `main`,
    else its index.js."""
    path = posixpath.normpath(posixpath.join(posixpath.dirname(importer), spec))
    for cand in (path, path + ".js"):
        if (root / cand).is_file():
            return cand
    folder = root / path
    if (folder / "package.json").is_file():
        main = json.loads((folder / "package.json").read_text()).get("main", "index.js")
        return resolve_js(root, posixpath.join(path, "package.json"), "./" + main)
    if (folder / "index.js").is_file():
        return posixpath.normpath(posixpath.join(path, "index.js"))
    raise SystemExit(f"{importer}: cannot resolve require('{spec}')")


def flatten_js(root, entry):
    root = Path(root)
    order, seen, todo = [], {entry}, [entry]
    texts = {}
    while todo:
        name = todo.pop(0)
        order.append(name)
        text = (root / name).read_text()

        def repl(m, name=name):
            target = resolve_js(root, name, m.group(2))
            if target not in seen:
                seen.add(target)
                todo.append(target)
            return f"__require('{target}')"

        texts[name] = REQUIRE.sub(repl, text)
    out = [JS_PRELUDE]
    for name in order:
        body = texts[name] if texts[name].endswith("\n") else texts[name] + "\n"
        out.append(f"__modules['{name}'] = function (module, exports) {{\n{body}}}\n")
    out.append(f"__require('{entry}')\n")
    return "".join(out)


def main():
    if len(sys.argv) < 4:
        raise SystemExit(__doc__)
    lang, root, out = sys.argv[1:4]
    if lang == "c":
        text = flatten_c(root)
    elif lang == "rust":
        text = flatten_rust(root)
    elif lang == "js":
        text = flatten_js(root, sys.argv[4])
    else:
        raise SystemExit(f"unknown language {lang}")
    Path(out).write_text(text, errors="surrogateescape")


if __name__ == "__main__":
    main()
