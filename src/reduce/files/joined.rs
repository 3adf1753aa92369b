//! A project's program as the cross-file reductions see it: its files
//! (each a marker and the top-level items after it, up to the next
//! marker) and the places where one file names another (see
//! [`FileReference`]).

use crate::files::{normalize, resolve_quoted};
use crate::lang::FileReference;
use crate::reduce::byname::{child, nodes_of_kind};
use crate::syntax::{Grammar, NodeId, Original, Role};

/// One file of the program.
#[derive(Debug)]
pub struct Joint {
    /// Its marker.
    pub marker: NodeId,
    /// Its path in the project.
    pub path: String,
    /// Its top-level items (children of the root after its marker).
    pub items: Vec<NodeId>,
}

/// A place where file `from` names file `to`.
#[derive(Debug)]
pub struct Reference {
    /// The node that goes with `to` (the directive, declaration or
    /// statement).
    pub node: NodeId,
    /// The file it is in.
    pub from: usize,
    /// The file it names.
    pub to: usize,
    /// How `to` is put in `node`'s place when it is inlined: its text
    /// between these two (`None`: it cannot be inlined there).
    pub inline: Option<(String, String)>,
}

/// The files of `original` (see [`files`]), each with the places that
/// name it, in text order.
pub fn files_named(grammar: &Grammar, original: &Original) -> Vec<(Joint, Vec<Reference>)> {
    let files = files(original);
    let mut naming: Vec<Vec<Reference>> = files.iter().map(|_| Vec::new()).collect();
    for r in references(grammar, original, &files) {
        let to = r.to;
        naming[to].push(r);
    }
    files.into_iter().zip(naming).collect()
}

/// The files of `original` by its markers, in text order; empty for a
/// single program (or when a marker is not at the top level, where the
/// files cannot be told apart).
pub fn files(original: &Original) -> Vec<Joint> {
    let nodes = &original.nodes;
    let root = nodes.root();
    let prefix = original.language.file_marker();
    let children = nodes.children(root);
    let mut joints: Vec<Joint> = Vec::new();
    for &c in children {
        if original.markers.binary_search(&c).is_ok() {
            let text = original.node_text(c);
            let path = String::from_utf8_lossy(&text[prefix.len().min(text.len())..])
                .trim_end()
                .to_string();
            joints.push(Joint {
                marker: c,
                path,
                items: Vec::new(),
            });
        } else if let Some(last) = joints.last_mut() {
            last.items.push(c);
        }
    }
    if joints.len() != original.markers.len() {
        return Vec::new();
    }
    joints
}

/// Every place where one file of `files` names another.
pub fn references(grammar: &Grammar, original: &Original, files: &[Joint]) -> Vec<Reference> {
    if files.is_empty() {
        return Vec::new();
    }
    let paths: Vec<String> = files.iter().map(|f| f.path.clone()).collect();
    let file_of = |n: NodeId| files.iter().rposition(|f| f.marker < n);
    let mut found = Vec::new();
    for reference in original.language.file_references {
        let (kind, field) = match *reference {
            FileReference::Quoted(kind, field) | FileReference::Specifier(kind, field) => {
                (kind, field)
            }
            FileReference::Module(kind, name, _) => (kind, name),
            FileReference::Call(function) => {
                found.extend(calls(grammar, original, &paths, &file_of, function));
                continue;
            }
        };
        for n in nodes_of_kind(grammar, original, original.nodes.root(), kind) {
            let (Some(from), Some(text)) = (file_of(n), field_text(grammar, original, n, field))
            else {
                continue;
            };
            if let Some((to, inline)) =
                named_file(grammar, original, reference, n, &text, &paths[from], &paths)
            {
                found.push(Reference {
                    node: n,
                    from,
                    to,
                    inline,
                });
            }
        }
    }
    found.retain(|r| r.from != r.to);
    found.sort_by_key(|r| r.node);
    found
}

/// The file that node `n` (of `reference`'s kind, whose path or name is
/// `text`) in the file at `from` names, among `paths`, and how the file is
/// inlined there ([`Reference::inline`]).
fn named_file(
    grammar: &Grammar,
    original: &Original,
    reference: &FileReference,
    n: NodeId,
    text: &str,
    from: &str,
    paths: &[String],
) -> Option<(usize, Option<(String, String)>)> {
    match *reference {
        FileReference::Quoted(..) => {
            let name = text.strip_prefix('"')?.strip_suffix('"')?;
            let to = resolve_quoted(from, name, paths)?;
            Some((to, Some((String::new(), String::new()))))
        }
        FileReference::Module(_, _, body) => {
            if child(grammar, original, n, body).is_some() {
                return None;
            }
            let to = module_file(from, text, paths)?;
            // `pub(crate) mod x;` -> `pub(crate) mod x {`.
            let declared = String::from_utf8_lossy(original.node_text(n));
            let head = declared.trim_end().trim_end_matches(';').trim_end();
            Some((to, Some((format!("{head} {{\n"), "}".into()))))
        }
        FileReference::Specifier(..) => Some((script_file(from, unquote(text), paths)?, None)),
        FileReference::Call(_) => None,
    }
}

/// `require('./x')` calls: the list element holding each goes with `x`.
fn calls(
    grammar: &Grammar,
    original: &Original,
    paths: &[String],
    file_of: &dyn Fn(NodeId) -> Option<usize>,
    function: &str,
) -> Vec<Reference> {
    let lang = original.language;
    let mut found = Vec::new();
    for &(kind, callee, arguments) in lang.calls {
        for n in nodes_of_kind(grammar, original, original.nodes.root(), kind) {
            let Some(f) = child(grammar, original, n, callee) else {
                continue;
            };
            if original.node_text(f) != function.as_bytes() {
                continue;
            }
            let Some(args) = child(grammar, original, n, arguments) else {
                continue;
            };
            let nodes = &original.nodes;
            let named: Vec<NodeId> = nodes
                .children(args)
                .iter()
                .copied()
                .filter(|&a| nodes.is_named(a) && !nodes.is_extra(a))
                .collect();
            let [arg] = named[..] else { continue };
            let spec = String::from_utf8_lossy(original.node_text(arg)).into_owned();
            let Some(from) = file_of(n) else { continue };
            let Some(to) = script_file(&paths[from], unquote(&spec), paths) else {
                continue;
            };
            // The nearest list element that may go alone: not the only
            // element of a list that must keep one (`const x = ...;`'s
            // declarator: the declaration goes).
            let mut holder = n;
            while nodes.parent(holder) != NodeId::NONE {
                if let Role::Element { list, .. } = original.role(holder) {
                    let list = original.list(list);
                    if !(list.plus && list.elements.len() == 1) {
                        break;
                    }
                }
                holder = nodes.parent(holder);
            }
            if nodes.parent(holder) == NodeId::NONE {
                continue;
            }
            found.push(Reference {
                node: holder,
                from,
                to,
                inline: None,
            });
        }
    }
    found
}

fn field_text(grammar: &Grammar, original: &Original, n: NodeId, field: &str) -> Option<String> {
    let c = child(grammar, original, n, field)?;
    Some(String::from_utf8_lossy(original.node_text(c)).into_owned())
}

fn unquote(s: &str) -> &str {
    let s = s.trim();
    for q in ['"', '\'', '`'] {
        if let Some(inner) = s.strip_prefix(q).and_then(|s| s.strip_suffix(q)) {
            return inner;
        }
    }
    s
}

/// The folder of a path (`""` at the top).
fn folder(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(d, _)| d)
}

/// The file of Rust's `mod name;` in file `from`: `name.rs` or
/// `name/mod.rs` in the folder of `from` (for `lib.rs`, `main.rs`,
/// `mod.rs`) or in the folder `from` names (`a/b.rs` -> `a/b/`).
fn module_file(from: &str, name: &str, paths: &[String]) -> Option<usize> {
    let file = from.rsplit('/').next().unwrap_or(from);
    let base = if matches!(file, "lib.rs" | "main.rs" | "mod.rs") {
        folder(from).to_string()
    } else {
        from.strip_suffix(".rs")?.to_string()
    };
    let name = name.strip_prefix("r#").unwrap_or(name);
    [format!("{name}.rs"), format!("{name}/mod.rs")]
        .iter()
        .filter_map(|f| normalize(&base, f))
        .find_map(|candidate| paths.iter().position(|p| *p == candidate))
}

/// The script a relative module specifier (`./x`, `../lib/y.js`) in file
/// `from` names: the path itself, with a script extension, or a folder's
/// `index`; a `.js` specifier may name a TypeScript file.
fn script_file(from: &str, spec: &str, paths: &[String]) -> Option<usize> {
    if !(spec.starts_with("./") || spec.starts_with("../")) {
        return None;
    }
    let base = normalize(folder(from), spec)?;
    const EXTENSIONS: &[&str] = &["js", "mjs", "cjs", "jsx", "ts", "tsx", "mts", "cts"];
    let mut candidates = vec![base.clone()];
    candidates.extend(EXTENSIONS.iter().map(|e| format!("{base}.{e}")));
    candidates.extend(EXTENSIONS.iter().map(|e| format!("{base}/index.{e}")));
    if let Some(stem) = base.strip_suffix(".js") {
        candidates.extend(["ts", "tsx"].iter().map(|e| format!("{stem}.{e}")));
    }
    candidates
        .iter()
        .find_map(|c| paths.iter().position(|p| p == c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(list: &[&str]) -> Vec<String> {
        list.iter().map(|p| p.to_string()).collect()
    }

    #[test]
    fn rust_modules_are_found_beside_or_below_their_declaring_file() {
        let p = paths(&[
            "src/lib.rs",
            "src/util.rs",
            "src/util/money.rs",
            "src/net/mod.rs",
        ]);
        assert_eq!(module_file("src/lib.rs", "util", &p), Some(1));
        assert_eq!(module_file("src/lib.rs", "net", &p), Some(3));
        assert_eq!(module_file("src/util.rs", "money", &p), Some(2));
        assert_eq!(module_file("src/util.rs", "nothing", &p), None);
    }

    #[test]
    fn script_specifiers_find_files_with_extensions_and_indexes() {
        let p = paths(&["index.js", "lib/a.js", "lib/b/index.js", "src/c.ts"]);
        assert_eq!(script_file("index.js", "./lib/a", &p), Some(1));
        assert_eq!(script_file("index.js", "./lib/a.js", &p), Some(1));
        assert_eq!(script_file("lib/a.js", "./b", &p), Some(2));
        assert_eq!(script_file("lib/a.js", "../src/c.js", &p), Some(3));
        assert_eq!(script_file("index.js", "lodash", &p), None);
    }
}
