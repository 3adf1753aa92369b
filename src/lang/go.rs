//! Go. Statements end at line breaks (the lexer inserts the semicolons),
//! so the layout keeps them.

use super::{Constness, Expressions, Language, Layout, Scoping, Signature, TypeAlias, Variable};

/// The Go table entry.
pub static GO: Language = Language {
    aliases: &["golang"],
    extensions: &["go"],
    identifier_kinds: &[
        "identifier",
        "field_identifier",
        "label_name",
        "package_identifier",
        "type_identifier",
    ],
    verbatim_kinds: &[
        "comment",
        "interpreted_string_literal",
        "raw_string_literal",
        "rune_literal",
    ],
    layout: Layout {
        blocks: &["block", "field_declaration_list", "literal_value"],
        // A block's statements are one child of it, listed one per line.
        flat: &["source_file", "statement_list"],
        spaced_parents: &[
            "binary_expression",
            "assignment_statement",
            "short_var_declaration",
        ],
        spaced: &["=", ":="],
        sticky: &[
            "unary_expression",
            "inc_statement",
            "dec_statement",
            "pointer_type",
        ],
        attached: &["type_arguments"],
        tight: &["."],
        // The lexer ends a statement at a line break after these.
        keep_break_after: &["return", "break", "continue", "fallthrough"],
        keep_statement_breaks: true,
        ..Layout::NONE
    },
    signatures: &[
        Signature::named("function_declaration"),
        Signature::named("method_declaration"),
    ],
    // `x.f(a)`, `pkg.F(a)`.
    callee_fields: &["field"],
    expression_statements: &[("expression_statement", "")],
    // `type A = B`.
    type_aliases: &[TypeAlias {
        kind: "type_alias",
        name: "name",
        aliased: "type",
        allowed: &[],
        value_uses: &[],
    }],
    scoping: Scoping {
        value_names: &["identifier"],
        scopes: &[
            "source_file",
            "block",
            "func_literal",
            "for_statement",
            "if_statement",
        ],
        parameter_lists: &["parameter_list"],
        // Package-level functions are visible in the whole package.
        visible_before: &["function_declaration", "method_declaration"],
        ..Scoping::NONE
    },
    // `const n = 3` (a constant); `var x = f()` (a variable).
    variables: &[
        Variable {
            kind: "const_spec",
            name: "name",
            value: "value",
            other_fields: &["type"],
            modifiers: &[],
            constness: Constness::Always,
        },
        Variable {
            kind: "var_spec",
            name: "name",
            value: "value",
            other_fields: &["type"],
            modifiers: &[],
            constness: Constness::Never,
        },
    ],
    expressions: Expressions {
        primary: &[
            "identifier",
            "int_literal",
            "float_literal",
            "rune_literal",
            "interpreted_string_literal",
            "raw_string_literal",
            "true",
            "false",
            "nil",
            "call_expression",
            "selector_expression",
            "index_expression",
            "parenthesized_expression",
        ],
        bare: &[
            "argument_list",
            "expression_list",
            "expression_statement",
            "parenthesized_expression",
            "index_expression.index",
        ],
        writes: &["inc_statement", "dec_statement", "unary_expression.operand"],
        droppable: &["literal_value"],
        postfix: &[
            "selector_expression.operand",
            "index_expression.operand",
            "call_expression.function",
        ],
    },
    // `panic(0)` ends a function whatever it returns.
    stub_bodies: &[
        ("function_declaration", "body", "{ panic(0) }"),
        ("method_declaration", "body", "{ panic(0) }"),
    ],
    ..Language::entry(
        "go",
        tree_sitter_go::LANGUAGE,
        tree_sitter_go::NODE_TYPES,
        include_str!("../../grammars/go.json"),
    )
};
