//! C (and C headers). Real-world C often contains macros that tree-sitter parses
//! into ERROR nodes; the engine accepts candidates with no *new* errors, so such
//! files still reduce.

use super::{Language, Signature, TypeAlias};

/// The C table entry.
pub static C: Language = Language {
    extensions: &["c", "h"],
    identifier_kinds: &[
        "identifier",
        "field_identifier",
        "statement_identifier",
        "type_identifier",
    ],
    // A declaration names what it defines in its declarator
    // (`int *f(void)`: declarator -> declarator -> identifier).
    definer_fields: &["name", "declarator"],
    verbatim_kinds: &[
        "char_literal",
        "character",
        "comment",
        "concatenated_string",
        "preproc_arg",
        "string_content",
        "string_literal",
        "system_lib_string",
    ],
    // `int f(int a)`, in a prototype or a definition, behind any pointer declarator.
    signatures: &[Signature {
        kind: "function_declarator",
        name: &["declarator"],
        parameters: &["parameters"],
    }],
    prototypes: &[("function_definition", "body", ";")],
    type_aliases: &[TypeAlias {
        kind: "type_definition",
        name: "declarator",
        aliased: "type",
        allowed: &[],
    }],
    ..Language::entry(
        "c",
        tree_sitter_c::LANGUAGE,
        tree_sitter_c::NODE_TYPES,
        include_str!("../../grammars/c.json"),
    )
};
