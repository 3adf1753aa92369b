//! JavaScript (ES modules and CommonJS).

use super::{Language, Signature};

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
    ..Language::entry(
        "javascript",
        tree_sitter_javascript::LANGUAGE,
        tree_sitter_javascript::NODE_TYPES,
        include_str!("../../grammars/javascript.json"),
    )
};
