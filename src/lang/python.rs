//! Python. Indentation is syntax: the layout puts each statement of a
//! block on a line of its own, one level deeper, and keeps line breaks
//! after statements; what does not parse to the same tokens is refused.

use super::{Constness, Expressions, Language, Layout, Scoping, Signature, Variable, joined};

/// The Python table entry.
pub static PYTHON: Language = Language {
    aliases: &["py"],
    extensions: &["py", "pyi"],
    word_chars: "_",
    line_comment: "#",
    verbatim_kinds: &["comment", "string", "string_content", "concatenated_string"],
    layout: Layout {
        blocks: &["block"],
        flat: &["module"],
        spaced_parents: &[
            "binary_operator",
            "comparison_operator",
            "boolean_operator",
            "assignment",
            "augmented_assignment",
        ],
        sticky: &["unary_operator"],
        tight: &["."],
        keep_statement_breaks: true,
        ..Layout::NONE
    },
    signatures: &[Signature::named("function_definition")],
    calls: &[("call", "function", "arguments")],
    // `x.f(a)`.
    callee_fields: &["attribute"],
    expression_statements: &[("expression_statement", "")],
    scoping: Scoping {
        value_names: &["identifier"],
        scopes: &[
            "module",
            "function_definition",
            "class_definition",
            "lambda",
        ],
        parameter_lists: &["parameters"],
        // `a = 0`, `a, b = f()`, `for a in b`, parameters: a name is
        // declared where it is first bound (no definer field says so).
        binders: &[
            "assignment.left",
            "pattern_list",
            "tuple_pattern",
            "for_statement.left",
            "parameters",
            "lambda_parameters",
        ],
        // A function may call one defined below it.
        visible_before: &["function_definition", "class_definition"],
        // `x.f`: an attribute is not the variable `f`.
        not_uses: &["attribute.attribute", "keyword_argument.name"],
        ..Scoping::NONE
    },
    // `x = f()`: a variable (Python has no constants).
    variables: &[Variable {
        kind: "assignment",
        name: "left",
        value: "right",
        other_fields: &["type"],
        modifiers: &[],
        constness: Constness::Never,
    }],
    expressions: Expressions {
        // The literals, and what names, calls and accesses build.
        primary: &joined::<{ PY_VALUES.len() + 5 }>(
            PY_VALUES,
            &[
                "identifier",
                "call",
                "attribute",
                "subscript",
                "parenthesized_expression",
            ],
        ),
        bare: &[
            "argument_list",
            "expression_statement",
            "return_statement",
            "parenthesized_expression",
            "assignment.right",
            "list",
            "subscript.subscript",
        ],
        writes: &[
            "assignment.left",
            "augmented_assignment.left",
            "for_statement.left",
        ],
        droppable: &["list"],
        postfix: &["attribute.object", "subscript.value", "call.function"],
    },
    placeholder: "None",
    // `pass` is a body of any function.
    stub_bodies: &[("function_definition", "body", "pass")],
    // `0 + ""` fails where `0 + 0` does not.
    value_kinds: PY_VALUES,
    indented_blocks: true,
    ..Language::entry(
        "python",
        tree_sitter_python::LANGUAGE,
        tree_sitter_python::NODE_TYPES,
        include_str!("../../grammars/python.json"),
    )
};

/// Python's literal values (all of them primary expressions).
const PY_VALUES: &[&str] = &[
    "integer",
    "float",
    "string",
    "true",
    "false",
    "none",
    "list",
    "dictionary",
];
