//! Rust.

use super::Language;

/// The Rust table entry.
pub const RUST: Language = Language {
    name: "rust",
    aliases: &["rs"],
    extensions: &["rs"],
    grammar: tree_sitter_rust::LANGUAGE,
    lexical: include_str!("../../grammars/rust.json"),
    node_types: tree_sitter_rust::NODE_TYPES,
};

#[cfg(test)]
mod tests {
    use crate::syntax::Grammar;

    #[test]
    fn rust_let_value_and_type_are_optional() {
        let g = Grammar::new(&super::RUST);
        let let_decl = g.kind_ids("let_declaration", true)[0];
        for field in ["value", "type"] {
            let slot = g.field_slot(let_decl, g.field_id(field).unwrap()).unwrap();
            assert!(!slot.required, "{field}");
        }
        let pattern = g
            .field_slot(let_decl, g.field_id("pattern").unwrap())
            .unwrap();
        assert!(pattern.required);
    }
}
