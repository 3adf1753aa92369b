#!/usr/bin/env python3
"""Writes grammars/<language>.json: the lexical rules treereduce's token
canonicalization works from, derived from each tree-sitter grammar crate's
src/grammar.json.

Run by a developer after changing a grammar crate's version:

    grammars/generate.py          # finds the crates with `cargo metadata`

For every token class it emits a regular expression (Rust `regex` syntax)
built from the grammar's own rule: SEQ is concatenation, CHOICE alternation
(with BLANK making the rest optional), REPEAT/REPEAT1 are `*`/`+`, PATTERN
is copied, STRING is escaped, TOKEN/PREC/ALIAS wrappers are unwrapped and
SYMBOLs are inlined. Parts produced by a grammar's external scanner
(scanner.c) have no rule in grammar.json; those entries are written by hand
below, each with the reason. Keywords are the grammar's literal strings that
the identifier rule would also match: canonical names must avoid them.
"""

import json
import re
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent


def crate_dirs():
    meta = json.loads(subprocess.run(["cargo", "metadata", "--format-version", "1"], cwd=HERE.parent,
                                     capture_output=True, check=True).stdout)
    return {p["name"]: (Path(p["manifest_path"]).parent, p["version"]) for p in meta["packages"]
            if p["name"].startswith("tree-sitter-")}


def to_regex(rule, rules, seen=()):
    t = rule["type"]
    if t == "SEQ":
        return "".join(group(to_regex(m, rules, seen)) for m in rule["members"])
    if t == "CHOICE":
        members = [m for m in rule["members"] if m["type"] != "BLANK"]
        alt = "|".join(to_regex(m, rules, seen) for m in members)
        body = f"(?:{alt})"
        return body + "?" if len(members) < len(rule["members"]) else body
    if t == "REPEAT":
        return f"(?:{to_regex(rule['content'], rules, seen)})*"
    if t == "REPEAT1":
        return f"(?:{to_regex(rule['content'], rules, seen)})+"
    if t == "PATTERN":
        return f"(?:{rule['value']})"
    if t == "STRING":
        return re.escape(rule["value"]).replace("\\ ", " ")
    if t in ("TOKEN", "IMMEDIATE_TOKEN", "PREC", "PREC_LEFT", "PREC_RIGHT", "PREC_DYNAMIC", "ALIAS", "FIELD"):
        return to_regex(rule["content"], rules, seen)
    if t == "SYMBOL":
        name = rule["name"]
        if name in seen or name not in rules:
            raise ValueError(f"cannot inline {name}")
        return to_regex(rules[name], rules, seen + (name,))
    if t == "BLANK":
        return ""
    raise ValueError(f"unsupported rule type {t}")


def group(r):
    return r if r.startswith("(?:") and r.endswith(")") and r.count("(") == 1 else f"(?:{r})"


PY_CLASSES = {r"\p{XID_Start}": "a-zA-Z", r"\p{XID_Continue}": "a-zA-Z0-9", r"\p{Zs}": " "}


def py_regex(regex):
    """The regex for Python's `re` (ASCII only), for the keyword check: Unicode
    property classes become their ASCII letters, bracketed where they stand alone."""
    out, i, in_class = [], 0, False
    while i < len(regex):
        for prop, letters in PY_CLASSES.items():
            if regex.startswith(prop, i):
                out.append(letters if in_class else f"[{letters}]")
                i += len(prop)
                break
        else:
            c = regex[i]
            if c == "\\":
                out.append(regex[i:i + 2])
                i += 2
                continue
            if c == "[" and not in_class:
                in_class = True
            elif c == "]" and in_class:
                in_class = False
            out.append(c)
            i += 1
    return "".join(out)


def keywords(grammar, ident):
    words = set()

    def walk(node):
        if isinstance(node, dict):
            # The insides of lexical tokens (a number's `E`, a char's `b`) are not
            # keywords, unless the token is just a choice of words (C's primitive types).
            if node.get("type") in ("TOKEN", "IMMEDIATE_TOKEN"):
                content = node["content"]
                while content.get("type", "").startswith("PREC"):
                    content = content["content"]
                members = content.get("members", []) if content.get("type") == "CHOICE" else []
                if members and all(m.get("type") == "STRING" for m in members):
                    words.update(m["value"] for m in members if re.fullmatch(ident, m["value"]))
                return
            if node.get("type") == "STRING" and re.fullmatch(ident, node["value"]):
                words.add(node["value"])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(grammar["rules"])
    return sorted(words)


# What each language canonicalizes: (class, node kinds, rule name or None, hand-written regex or None, note).
# `from_rule` entries are derived; `regex` entries are hand-written, with the reason in `note`.
LANGUAGES = {
    "c": ("tree-sitter-c", [
        ("identifier", ["identifier", "field_identifier", "type_identifier", "statement_identifier"], "identifier", None, ""),
        ("number", ["number_literal"], "number_literal", None, ""),
        ("char", ["char_literal"], "char_literal", None, ""),
        ("string", ["string_literal"], "string_literal", None, ""),
        ("type", ["primitive_type"], "primitive_type", None, ""),
    ]),
    "cpp": ("tree-sitter-cpp", [
        ("identifier", ["identifier", "field_identifier", "type_identifier", "namespace_identifier",
                        "statement_identifier"], "identifier", None, ""),
        ("number", ["number_literal"], "number_literal", None, ""),
        ("char", ["char_literal"], "char_literal", None, ""),
        ("string", ["string_literal"], "string_literal", None, ""),
        ("raw-string", ["raw_string_literal"], None,
         r'(?:u8|[LuU])?R"(?:[^()\\\s"]{0,16})\((?s:.)*\)(?:[^()\\\s"]{0,16})"',
         "raw_string_delimiter and raw_string_content come from the external scanner; a regex cannot say "
         "that the two delimiters are equal, so a candidate whose delimiters differ fails to parse"),
        ("type", ["primitive_type"], "primitive_type", None, ""),
    ]),
    "rust": ("tree-sitter-rust", [
        ("identifier", ["identifier", "field_identifier", "type_identifier", "shorthand_field_identifier"], "identifier", None, ""),
        ("number", ["integer_literal"], "integer_literal", None, ""),
        ("float", ["float_literal"], None,
         r"(?:[0-9][0-9_]*)(?:\.(?:[0-9][0-9_]*)?)?(?:[eE][+\-]?[0-9_]*[0-9][0-9_]*)?(?:f32|f64)?",
         "float_literal comes from the external scanner; written after the Rust reference's FLOAT_LITERAL"),
        ("char", ["char_literal"], "char_literal", None, ""),
        ("string", ["string_literal"], None,
         r"(?:[bc]?\")(?:(?:\\(?:[^xu]|u[0-9a-fA-F]{4}|u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}))|(?:[^\"\\]+))*\"",
         "string_content and string_close come from the external scanner; the rest follows grammar.json (escape_sequence inlined)"),
        ("type", ["primitive_type"], "primitive_type", None, ""),
    ]),
    "javascript": ("tree-sitter-javascript", [
        ("identifier", ["identifier", "property_identifier", "shorthand_property_identifier",
                        "shorthand_property_identifier_pattern", "statement_identifier"], "identifier", None, ""),
        ("number", ["number"], "number", None, ""),
        ("string", ["string"], "string", None, ""),
    ]),
    "go": ("tree-sitter-go", [
        ("identifier", ["identifier", "field_identifier", "type_identifier", "package_identifier", "label_name"],
         "identifier", None, ""),
        ("number", ["int_literal"], "int_literal", None, ""),
        ("float", ["float_literal"], "float_literal", None, ""),
        ("char", ["rune_literal"], "rune_literal", None, ""),
        ("string", ["interpreted_string_literal"], "interpreted_string_literal", None, ""),
        ("raw-string", ["raw_string_literal"], "raw_string_literal", None, ""),
    ]),
    "python": ("tree-sitter-python", [
        ("identifier", ["identifier"], "identifier", None, ""),
        ("number", ["integer"], "integer", None, ""),
        ("float", ["float"], "float", None, ""),
        ("string", ["string"], None,
         r"""(?:[rRbBuU]{0,2})(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')""",
         "string_start, string_content and string_end come from the external scanner; one-line strings "
         "with an optional r/b/u prefix (f-strings and triple quotes are left as they are)"),
    ]),
    "java": ("tree-sitter-java", [
        ("identifier", ["identifier", "type_identifier"], "identifier", None, ""),
        ("number", ["decimal_integer_literal"], "decimal_integer_literal", None, ""),
        ("float", ["decimal_floating_point_literal"], "decimal_floating_point_literal", None, ""),
        ("char", ["character_literal"], "character_literal", None, ""),
        ("string", ["string_literal"], None, r'"(?:[^"\\\n]|\\.)*"',
         "string_literal's rule includes text blocks and the string_fragment tokens; one-line strings "
         "written after the JLS (text blocks are left as they are)"),
    ]),
    "typescript": ("tree-sitter-typescript/typescript", [
        ("identifier", ["identifier", "property_identifier", "shorthand_property_identifier",
                        "shorthand_property_identifier_pattern", "statement_identifier", "type_identifier"],
         "identifier", None, ""),
        ("number", ["number"], "number", None, ""),
        ("string", ["string"], "string", None, ""),
        ("type", ["predefined_type"], "predefined_type", None, ""),
    ]),
}


def find_alias(rules, name):
    """The content of the first named ALIAS called `name` (tree-sitter-rust's
    primitive_type has no rule of its own, only an aliased CHOICE)."""
    stack = list(rules.values())
    while stack:
        node = stack.pop(0)
        if isinstance(node, dict):
            if node.get("type") == "ALIAS" and node.get("named") and node.get("value") == name:
                return node["content"]
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    raise SystemExit(f"no rule or alias named {name}")


def main():
    crates = crate_dirs()
    for lang, (crate, classes) in LANGUAGES.items():
        # A crate with several grammars names the one in its path (`crate/sub`).
        crate, _, sub = crate.partition("/")
        directory, version = crates[crate]
        grammar = json.loads((directory / sub / "src" / "grammar.json").read_text())
        rules = grammar["rules"]
        tokens = []
        ident = None
        for cls, kinds, rule, regex, note in classes:
            if rule is not None:
                if rule in rules:
                    regex = to_regex(rules[rule], rules)
                    note = f"derived from grammar.json rule `{rule}`"
                else:
                    regex = to_regex(find_alias(rules, rule), rules)
                    note = f"derived from grammar.json alias `{rule}`"
            re.compile(py_regex(regex))
            tokens.append({"class": cls, "kinds": kinds, "regex": regex, "source": note})
            if cls == "identifier":
                ident = regex
        doc = {
            "language": lang,
            "generated_by": "grammars/generate.py",
            "grammar": f"{crate} {version}",
            "tokens": tokens,
            "keywords": keywords(grammar, py_regex(ident)),
        }
        out = HERE / f"{lang}.json"
        out.write_text(json.dumps(doc, indent=2) + "\n")
        print(f"wrote {out.relative_to(HERE.parent)}: {len(tokens)} token classes, {len(doc['keywords'])} keywords")


if __name__ == "__main__":
    main()
