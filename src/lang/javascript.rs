//! JavaScript (ES modules and CommonJS).

use super::Language;

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
    ..Language::entry(
        "javascript",
        tree_sitter_javascript::LANGUAGE,
        tree_sitter_javascript::NODE_TYPES,
        include_str!("../../grammars/javascript.json"),
    )
};
