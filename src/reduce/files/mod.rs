//! The reductions across a project's files (see `project`): a whole file
//! deleted, with the lines of other files that name it; a file inlined
//! into its one user; a text file that no program holds reduced by its
//! lines. They propose nothing for a single program.

mod joined;

use std::sync::Arc;

use super::{Attempt, Change, PassKind, Reduction, Tasks, TreeSubject};
use crate::edit::{Edit, EditView, render_siblings};
use crate::syntax::NodeId;

/// The name of the reduction that deletes whole files.
pub const FILES_NAME: &str = "files";
/// The name of the reduction of text files by lines and blocks.
pub const LINES_NAME: &str = "lines";
/// The name of the reduction that inlines a file into its one user.
pub const INLINE_FILES_NAME: &str = "inline-files";

/// Deletes a whole file of a project: a program's file with its marker and
/// the lines that name it (`mod x;`, `#include "x.h"`, `require('./x')`),
/// or any other file, link or empty folder.
pub struct Files;

/// See [`Files`].
pub static FILES: Files = Files;

impl Reduction for Files {
    fn name(&self) -> &'static str {
        FILES_NAME
    }

    fn about(&self) -> &'static str {
        "Do not delete whole files of a project (with the lines that name them: mod x;, #include \"x.h\", require('./x'))"
    }

    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, _kind: PassKind, out: &mut Tasks<'a>) {
        for (file, naming) in joined::files_named(cx.grammar, cx.original) {
            let tokens: usize = file
                .items
                .iter()
                .map(|&n| cx.original.nodes.tokens(n))
                .sum();
            out.push(Attempt::removing(
                tokens + 1,
                DeleteFile {
                    marker: file.marker,
                    nodes: file
                        .items
                        .iter()
                        .copied()
                        .chain(naming.iter().map(|r| r.node))
                        .collect(),
                },
            ));
        }
    }
}

/// Deletes a file's marker, its items and the nodes that name it.
#[derive(Debug)]
pub struct DeleteFile {
    marker: NodeId,
    nodes: Vec<NodeId>,
}

impl Change for DeleteFile {
    fn kind(&self) -> &'static str {
        FILES_NAME
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        if !current.is_live(original, self.marker) {
            return None;
        }
        let mut edits = vec![(self.marker, Edit::Delete)];
        edits.extend(
            self.nodes
                .iter()
                .filter(|&&n| current.is_live(original, n))
                .map(|&n| (n, Edit::Delete)),
        );
        edits.sort_by_key(|(n, _)| *n);
        Some(edits)
    }

    fn deletes(&self) -> bool {
        true
    }
}

/// Inlines a file that one place of another file names: the file's text
/// takes that place (`#include "x.h"` becomes the header's text, `mod x;`
/// becomes `mod x { ... }`), and the file goes.
pub struct InlineFiles;

/// See [`InlineFiles`].
pub static INLINE_FILES: InlineFiles = InlineFiles;

impl Reduction for InlineFiles {
    fn name(&self) -> &'static str {
        INLINE_FILES_NAME
    }

    fn about(&self) -> &'static str {
        "Do not inline a project's file into the one place that names it (#include \"x.h\", mod x;)"
    }

    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, _kind: PassKind, out: &mut Tasks<'a>) {
        for (file, naming) in joined::files_named(cx.grammar, cx.original) {
            let [only] = naming.as_slice() else {
                continue;
            };
            let Some((open, close)) = &only.inline else {
                continue;
            };
            // What it saves: the marker and the naming node's tokens.
            let tokens = cx.original.nodes.tokens(only.node) + 1;
            out.push(Attempt::removing(
                tokens,
                InlineFile {
                    marker: file.marker,
                    items: file.items,
                    site: only.node,
                    open: Arc::from(open.as_bytes()),
                    close: Arc::from(close.as_bytes()),
                },
            ));
        }
    }
}

/// Puts a file's text in place of the node that names it, between `open`
/// and `close`, and deletes the file.
#[derive(Debug)]
pub struct InlineFile {
    marker: NodeId,
    items: Vec<NodeId>,
    site: NodeId,
    open: Arc<[u8]>,
    close: Arc<[u8]>,
}

impl Change for InlineFile {
    fn kind(&self) -> &'static str {
        INLINE_FILES_NAME
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        if !current.is_live(original, self.marker)
            || !current.is_live(original, self.site)
            || current.get(self.site).is_some()
        {
            return None;
        }
        let mut text = self.open.to_vec();
        if let (Some(&first), Some(&last)) = (self.items.first(), self.items.last()) {
            render_siblings(original, current, (first, last), &mut text);
            if !text.ends_with(b"\n") {
                text.push(b'\n');
            }
        }
        text.extend_from_slice(&self.close);
        let mut edits = vec![
            (self.marker, Edit::Delete),
            (self.site, Edit::Text(Arc::from(text))),
        ];
        edits.extend(
            self.items
                .iter()
                .filter(|&&n| current.is_live(original, n))
                .map(|&n| (n, Edit::Delete)),
        );
        edits.sort_by_key(|(n, _)| *n);
        Some(edits)
    }
}

/// Reduces a project's text files that no program holds (`Cargo.toml`, a
/// `Makefile`, `package.json`) by lines and bracketed or indented blocks.
pub struct Lines;

/// See [`Lines`].
pub static LINES: Lines = Lines;

impl Reduction for Lines {
    fn name(&self) -> &'static str {
        LINES_NAME
    }

    fn about(&self) -> &'static str {
        "Do not reduce a project's other text files (Cargo.toml, Makefile, package.json) by lines and blocks"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates;

    const C: &str = "// treereduce-file: inc/a.h\n\
                     struct a { int x; };\n\
                     // treereduce-file: src/main.c\n\
                     #include \"../inc/a.h\"\n\
                     int main(void) { struct a v; return v.x; }\n";

    #[test]
    fn a_file_goes_with_the_lines_that_name_it() {
        let got = candidates(&FILES, "c", C);
        assert_eq!(
            got,
            [
                "\n// treereduce-file: src/main.c\nint main(void) { struct a v; return v.x; }\n",
                "// treereduce-file: inc/a.h\nstruct a { int x; };\n",
            ],
            "the header with its #include; main.c alone"
        );
    }

    #[test]
    fn a_file_named_once_is_inlined_where_it_is_named() {
        let got = candidates(&INLINE_FILES, "c", C);
        assert_eq!(
            got,
            ["\n// treereduce-file: src/main.c\nstruct a { int x; };\n\
              int main(void) { struct a v; return v.x; }\n"]
        );
        let rust = "// treereduce-file: src/lib.rs\npub mod util;\nfn f() { util::g(); }\n\
                    // treereduce-file: src/util.rs\npub fn g() {}\n";
        assert_eq!(
            candidates(&INLINE_FILES, "rust", rust),
            [
                "// treereduce-file: src/lib.rs\npub mod util {\npub fn g() {}\n}\nfn f() { util::g(); }\n"
            ]
        );
    }

    #[test]
    fn require_and_import_go_with_their_file() {
        let js = "// treereduce-file: index.js\n\
                  const lib = require('./lib');\n\
                  import { x } from './x.js';\n\
                  console.log(lib, x);\n\
                  // treereduce-file: lib/index.js\nmodule.exports = 1;\n\
                  // treereduce-file: x.js\nexport const x = 2;\n";
        let got = candidates(&FILES, "javascript", js);
        assert!(
            got.iter()
                .any(|t| !t.contains("require") && !t.contains("file: lib/index.js")),
            "{got:#?}"
        );
        assert!(
            got.iter()
                .any(|t| !t.contains("import") && !t.contains("file: x.js")),
            "{got:#?}"
        );
    }

    #[test]
    fn a_single_program_gets_no_file_reductions() {
        assert!(candidates(&FILES, "c", "int main(void) { return 0; }\n").is_empty());
        assert!(candidates(&INLINE_FILES, "c", "#include \"a.h\"\nint x;\n").is_empty());
    }

    #[test]
    fn markers_are_in_no_list_and_no_other_reduction_touches_them() {
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("c").unwrap());
        let o = crate::syntax::Original::parse(g, std::sync::Arc::from(C.as_bytes())).unwrap();
        assert_eq!(o.markers.len(), 2);
        for list in 0..o.lists.len() {
            for m in &o.markers {
                assert!(
                    !o.lists[list].elements.contains(m),
                    "a marker in list {list}"
                );
            }
        }
        let plain =
            crate::syntax::Original::parse(g, std::sync::Arc::from(&b"// a comment\nint x;\n"[..]))
                .unwrap();
        assert!(plain.markers.is_empty());
    }
}
