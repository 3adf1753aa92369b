//! JavaScript (ES modules and CommonJS).

use super::{Language, Layout, Signature};

/// The JavaScript table entry.
pub static JAVASCRIPT: Language = Language {
    aliases: &["js"],
    extensions: &["js", "mjs", "cjs"],
    identifier_kinds: &[
        "identifier",
        "private_property_identifier",
        "property_identifier",
        "shorthand_property_identifier",
        "statement_identifier",
    ],
    // Variable declarators and patterns name what they bind.
    definer_fields: &["name", "pattern"],
    verbatim_kinds: &[
        "comment",
        "html_character_reference",
        "html_comment",
        "regex",
        "regex_flags",
        "regex_pattern",
        "string",
        "string_fragment",
        "template_string",
        "template_substitution",
    ],
    layout: Layout {
        blocks: &[
            "statement_block",
            "class_body.member",
            "switch_body",
            "switch_case.body",
            "switch_default.body",
        ],
        flat: &["program"],
        spaced_parents: &[
            "binary_expression",
            "assignment_expression",
            "augmented_assignment_expression",
            "ternary_expression",
        ],
        spaced: &["=", "=>"],
        sticky: &["unary_expression", "update_expression", "spread_element"],
        attached: &[],
        tight: &[".", "optional_chain"],
        line_tokens: &[],
        glue_ok: &[],
        // Automatic semicolon insertion: a line break after these ends the
        // statement, and one before `++`/`--` makes them prefix operators.
        keep_break_after: &["return", "throw", "break", "continue", "yield"],
        keep_break_before: &["++", "--"],
        keep_statement_breaks: true,
    },
    signatures: &[
        Signature {
            kind: "function_declaration",
            name: &["name"],
            parameters: &["parameters"],
        },
        Signature {
            kind: "generator_function_declaration",
            name: &["name"],
            parameters: &["parameters"],
        },
        Signature {
            kind: "method_definition",
            name: &["name"],
            parameters: &["parameters"],
        },
        // `const f = function (a) {}` and `const f = (a) => a`.
        Signature {
            kind: "variable_declarator",
            name: &["name"],
            parameters: &["value", "parameters"],
        },
    ],
    // `x.f(a)`.
    callee_fields: &["property"],
    expression_statements: &[("expression_statement", ";")],
    ..Language::entry(
        "javascript",
        tree_sitter_javascript::LANGUAGE,
        tree_sitter_javascript::NODE_TYPES,
        include_str!("../../grammars/javascript.json"),
    )
};
