//! Rust.

use super::{Language, Layout, Signature, TypeAlias};

/// The Rust table entry.
pub static RUST: Language = Language {
    aliases: &["rs"],
    extensions: &["rs"],
    identifier_kinds: &[
        "identifier",
        "field_identifier",
        "scoped_identifier",
        "scoped_type_identifier",
        "shorthand_field_identifier",
        "type_identifier",
    ],
    // `let` binds the names of its `pattern`.
    definer_fields: &["name", "pattern"],
    verbatim_kinds: &[
        "block_comment",
        "char_literal",
        "doc_comment",
        "inner_doc_comment_marker",
        "line_comment",
        "outer_doc_comment_marker",
        "raw_string_literal",
        "string_content",
        "string_literal",
    ],
    reduced_infix: "_reduced",
    layout: Layout {
        blocks: &[
            "block",
            "declaration_list",
            "field_declaration_list",
            "enum_variant_list",
            "match_block",
        ],
        flat: &["source_file"],
        spaced_parents: &[
            "binary_expression",
            "assignment_expression",
            "compound_assignment_expr",
        ],
        spaced: &["=", "=>", "->"],
        sticky: &[
            "unary_expression",
            "reference_expression",
            "reference_type",
            "pointer_type",
            "self_parameter",
            "lifetime",
            "type_arguments",
            "type_parameters",
            "closure_parameters",
            "attribute_item",
            "inner_attribute_item",
            "try_expression",
            "negative_literal",
            "use_list",
        ],
        // `Vec<u8>`, `f::<T>`, `println!(`, `vec![`.
        attached: &[
            "type_arguments",
            "type_parameters",
            "macro_invocation",
            "token_tree",
        ],
        tight: &[".", "::", "..", "..="],
        line_tokens: &[],
        // rustc and tree-sitter both split `>>` closing two generic lists.
        glue_ok: &[">>"],
        keep_break_after: &[],
        keep_break_before: &[],
        keep_statement_breaks: false,
    },
    signatures: &[
        Signature {
            kind: "function_item",
            name: &["name"],
            parameters: &["parameters"],
        },
        Signature {
            kind: "function_signature_item",
            name: &["name"],
            parameters: &["parameters"],
        },
    ],
    // `S::f`, `x.f`, `f::<T>`.
    callee_fields: &["name", "field", "function"],
    // A method's receiver has no argument in `x.f(a)`.
    receivers: &[("self_parameter", "field_expression")],
    expression_statements: &[("expression_statement", ";")],
    type_aliases: &[TypeAlias {
        kind: "type_item",
        name: "name",
        aliased: "type",
        allowed: &["visibility_modifier"],
    }],
    ..Language::entry(
        "rust",
        tree_sitter_rust::LANGUAGE,
        tree_sitter_rust::NODE_TYPES,
        include_str!("../../grammars/rust.json"),
    )
};
