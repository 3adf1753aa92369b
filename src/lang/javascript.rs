//! JavaScript (ES modules and CommonJS).

use super::Language;

/// The JavaScript table entry.
pub const JAVASCRIPT: Language = Language {
    name: "javascript",
    aliases: &["js"],
    extensions: &["js", "mjs", "cjs"],
    grammar: tree_sitter_javascript::LANGUAGE,
    lexical: include_str!("../../grammars/javascript.json"),
    node_types: tree_sitter_javascript::NODE_TYPES,
};

#[cfg(test)]
mod tests {
    use crate::syntax::Grammar;

    #[test]
    fn javascript_supertypes_are_expanded() {
        let g = Grammar::new(&super::JAVASCRIPT);
        let program = g.kind_ids("program", true)[0];
        let slot = g.children_slot(program).unwrap();
        // `statement` is a supertype; its subtypes must be in the slot.
        let if_stmt = g.kind_ids("if_statement", true)[0];
        assert!(slot.allows(if_stmt));
        assert!(slot.multiple && !slot.required);
    }
}
