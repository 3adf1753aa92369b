//! `--dump-tree`: the syntax tree as the reducer sees it, one node per line
//! with its field, its slot role and its size, so a contributor can tell why
//! a node is or is not deleted.

use std::fmt::Write;

use crate::syntax::{Grammar, NodeId, Original, Role};

/// Renders the tree of `original`, indented by depth.
pub fn dump_tree(grammar: &Grammar, original: &Original) -> String {
    let nodes = &original.nodes;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {} bytes, {} tokens, {} parse errors, {} lists",
        original.text.len(),
        original.tokens(),
        original.errors,
        original.lists.len()
    );
    let mut depth = vec![0usize; nodes.len()];
    for n in nodes.ids() {
        let parent = nodes.parent(n);
        if parent != NodeId::NONE {
            depth[n.index()] = depth[parent.index()] + 1;
        }
        let kind = grammar.kind_name(nodes.kind(n));
        let kind = if nodes.is_named(n) {
            kind.to_string()
        } else {
            format!("{kind:?}")
        };
        let field = match nodes.field(n) {
            None => String::new(),
            Some(f) => format!("{}: ", grammar.field_name(f)),
        };
        let role = match original.role(n) {
            Role::Fixed => String::new(),
            Role::Optional => " [optional]".to_string(),
            Role::Element { list, index } => {
                let l = original.list(list);
                let shape = if l.plus { "+" } else { "*" };
                format!(" [list {}{shape} #{index}]", list.index())
            }
        };
        let flags = match (nodes.is_error(n), nodes.is_missing(n), nodes.is_extra(n)) {
            (true, _, _) => " ERROR",
            (_, true, _) => " MISSING",
            (_, _, true) => " extra",
            _ => "",
        };
        let text = if nodes.is_leaf(n) {
            format!(" {:?}", String::from_utf8_lossy(original.node_text(n)))
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "{:indent$}{field}{kind} {}..{} ({} tokens){role}{flags}{text}",
            "",
            nodes.start(n),
            nodes.end(n),
            nodes.tokens(n),
            indent = 2 * depth[n.index()]
        );
    }
    out
}
