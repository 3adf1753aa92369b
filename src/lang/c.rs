//! C (and C headers). Real-world C often contains macros that tree-sitter parses
//! into ERROR nodes; the engine accepts candidates with no *new* errors, so such
//! files still reduce.

use super::Language;

/// The C table entry.
pub const C: Language = Language {
    name: "c",
    aliases: &[],
    extensions: &["c", "h"],
    grammar: tree_sitter_c::LANGUAGE,
    lexical: include_str!("../../grammars/c.json"),
    node_types: tree_sitter_c::NODE_TYPES,
};

#[cfg(test)]
mod tests {
    use crate::syntax::Grammar;

    #[test]
    fn c_grammar_has_statement_lists_and_optional_else() {
        let g = Grammar::new(&super::C);
        let compound = g.kind_ids("compound_statement", true)[0];
        assert!(g.children_slot(compound).unwrap().multiple);
        let if_stmt = g.kind_ids("if_statement", true)[0];
        let alt = g
            .field_slot(if_stmt, g.field_id("alternative").unwrap())
            .unwrap();
        assert!(!alt.required && !alt.multiple);
    }
}
