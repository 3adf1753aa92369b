//! The files of one language joined into one program.
//!
//! Every reduction of a language works on one syntax tree; a project's files
//! of that language become one program, each file's text after a marker
//! line, a comment of the language that names the file
//! (`// treereduce-file: src/util.rs`). One tree then holds the whole
//! project's code of the language: a round's changes are the largest across
//! all its files, a reduction by name sees a function's definition in one
//! file and its calls in the others, and canonicalization renames a name
//! the same way in every file. The markers are pinned: no reduction deletes
//! or moves one except the cross-file reductions, which delete a file
//! (its marker with it) or inline it into its one user. A candidate is cut
//! back into files at its markers ([`Program::split`]).
//!
//! Joined files parse as well as they do alone in every language here: a
//! file ends between two top-level items, which is where the next file's
//! marker and items go (measured: no new parse error in C, Rust, Java, Go,
//! JavaScript and Python programs joined this way).

use std::collections::HashMap;
use std::ops::Range;

use crate::files::{Entry, Files};
use crate::lang::Language;

/// The files of one language, in the order they are joined.
#[derive(Clone, Debug)]
pub struct Program {
    /// Their language.
    pub language: &'static Language,
    /// Their paths, in the order of the joined text.
    pub files: Vec<String>,
}

/// A candidate whose markers are not those of its program: some missing
/// would be a deleted file, but a marker out of order, repeated, unknown
/// or not at the start of the text is a candidate no file set stands for.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("the files' markers of the program were changed")]
pub struct BadMarkers;

impl Program {
    /// The marker line of `path` (with its line break).
    pub fn marker(language: &Language, path: &str) -> String {
        format!("{}{path}\n", language.file_marker())
    }

    /// The joined text of the program's files as `files` holds them; a
    /// file missing from `files` is left out (it was deleted). A file
    /// whose last line has no line break gets one before the next marker.
    pub fn join(&self, files: &Files) -> Vec<u8> {
        let mut text = Vec::with_capacity(self.files.iter().map(|f| f.len() + 40).sum());
        for path in &self.files {
            let Some(bytes) = files.get(path).and_then(Entry::bytes) else {
                continue;
            };
            text.extend_from_slice(Program::marker(self.language, path).as_bytes());
            text.extend_from_slice(bytes);
            if !bytes.is_empty() && !bytes.ends_with(b"\n") {
                text.push(b'\n');
            }
        }
        text
    }

    /// The files of a joined text: for each marker, in order, the index
    /// of its file in [`Program::files`] and the range of the file's text
    /// (from the line after its marker to the line of the next).
    pub fn split(&self, text: &[u8]) -> Result<Vec<(usize, Range<usize>)>, BadMarkers> {
        let markers = self.markers(text)?;
        let mut out = Vec::with_capacity(markers.len());
        for (i, &(file, line, after)) in markers.iter().enumerate() {
            let _ = line;
            let end = markers.get(i + 1).map_or(text.len(), |next| next.1);
            out.push((file, after..end));
        }
        Ok(out)
    }

    /// Every marker of `text`: its file's index, the start of its line and
    /// the end of its line (after the line break). Checks that they name
    /// files of the program in order, each once, and that nothing but
    /// whitespace comes before the first.
    pub fn markers(&self, text: &[u8]) -> Result<Vec<(usize, usize, usize)>, BadMarkers> {
        let index: HashMap<&str, usize> = self
            .files
            .iter()
            .enumerate()
            .map(|(i, f)| (f.as_str(), i))
            .collect();
        let prefix = self.language.file_marker();
        let mut found: Vec<(usize, usize, usize)> = Vec::new();
        let mut start = 0;
        while start < text.len() {
            let end = memchr::memchr(b'\n', &text[start..]).map_or(text.len(), |i| start + i + 1);
            let line = &text[start..end];
            let trimmed = trim_start(line);
            if let Some(rest) = trimmed.strip_prefix(prefix.as_bytes()) {
                let name = std::str::from_utf8(trim_line_end(rest)).map_err(|_| BadMarkers)?;
                let &file = index.get(name).ok_or(BadMarkers)?;
                if found.last().is_some_and(|&(before, _, _)| before >= file) {
                    return Err(BadMarkers);
                }
                found.push((file, start, end));
            } else if found.is_empty() && !trimmed.iter().all(u8::is_ascii_whitespace) {
                return Err(BadMarkers);
            }
            start = end;
        }
        Ok(found)
    }

    /// The files of a joined text, as entries for `files`' paths (with the
    /// permissions `modes` gives, else rw-r--r--). Files without a marker
    /// are not in the result.
    pub fn files_of(
        &self,
        text: &[u8],
        modes: &HashMap<String, u32>,
    ) -> Result<Vec<(String, Entry)>, BadMarkers> {
        Ok(self
            .split(text)?
            .into_iter()
            .map(|(file, range)| {
                let path = &self.files[file];
                let entry = Entry::File {
                    bytes: text[range].into(),
                    mode: modes.get(path).copied().unwrap_or(0o644),
                };
                (path.clone(), entry)
            })
            .collect())
    }
}

fn trim_start(line: &[u8]) -> &[u8] {
    let skip = line
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    &line[skip..]
}

fn trim_line_end(rest: &[u8]) -> &[u8] {
    let mut end = rest.len();
    while end > 0 && matches!(rest[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    &rest[..end]
}

/// Whether a file's text holds a line that would read as a marker of
/// `language` (such a file cannot be joined).
pub fn holds_marker(language: &Language, text: &[u8]) -> bool {
    let prefix = language.file_marker();
    text.split(|&b| b == b'\n')
        .any(|line| trim_start(line).starts_with(prefix.as_bytes()))
}

/// Orders the files of one program: by path, except that in C and C++ a
/// header comes before the files that include it (`#include "x.h"`,
/// resolved against the includer's folder, then against any path ending in
/// the name), so that a macro's or type's definition comes before its uses
/// in the joined text, as the preprocessor would have put it.
pub fn order(language: &Language, mut paths: Vec<String>, files: &Files) -> Vec<String> {
    paths.sort();
    if language.preprocessor.is_none() && language.name != "cpp" {
        return paths;
    }
    let includes: Vec<Vec<usize>> = paths
        .iter()
        .map(|p| {
            let text = files.get(p).and_then(Entry::bytes).unwrap_or_default();
            quoted_includes(text)
                .filter_map(|name| crate::files::resolve_quoted(p, &name, &paths))
                .collect()
        })
        .collect();
    let mut placed = vec![false; paths.len()];
    let mut order = Vec::with_capacity(paths.len());
    for start in 0..paths.len() {
        place(start, &includes, &mut placed, &mut order);
    }
    order.into_iter().map(|i| paths[i].clone()).collect()
}

/// Depth-first: what `file` includes, then `file` (a cycle of includes is
/// cut where it closes).
fn place(file: usize, includes: &[Vec<usize>], placed: &mut [bool], order: &mut Vec<usize>) {
    let mut stack = vec![(file, 0usize)];
    if placed[file] {
        return;
    }
    placed[file] = true;
    while let Some((f, next)) = stack.pop() {
        if let Some(&inc) = includes[f].get(next) {
            stack.push((f, next + 1));
            if !placed[inc] {
                placed[inc] = true;
                stack.push((inc, 0));
            }
        } else {
            order.push(f);
        }
    }
}

/// The names of `#include "name"` lines.
pub fn quoted_includes(text: &[u8]) -> impl Iterator<Item = String> + '_ {
    text.split(|&b| b == b'\n').filter_map(|line| {
        let line = trim_start(line).strip_prefix(b"#")?;
        let line = trim_start(line).strip_prefix(b"include")?;
        let line = trim_start(line).strip_prefix(b"\"")?;
        let end = line.iter().position(|&b| b == b'"')?;
        String::from_utf8(line[..end].to_vec()).ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rust() -> &'static Language {
        Language::by_name("rust").unwrap()
    }

    fn program(files: &[&str]) -> Program {
        Program {
            language: rust(),
            files: files.iter().map(|f| f.to_string()).collect(),
        }
    }

    #[test]
    fn joined_files_split_back_into_the_same_texts() {
        let mut files = Files::new();
        files
            .insert("src/lib.rs", Entry::file(&b"mod a;\nfn f() {}\n"[..]))
            .unwrap();
        files
            .insert("src/a.rs", Entry::file(&b"pub fn g() {}"[..]))
            .unwrap();
        files.insert("src/empty.rs", Entry::file(&b""[..])).unwrap();
        let p = program(&["src/lib.rs", "src/a.rs", "src/empty.rs"]);
        let text = p.join(&files);
        assert_eq!(
            String::from_utf8_lossy(&text),
            "// treereduce-file: src/lib.rs\nmod a;\nfn f() {}\n\
             // treereduce-file: src/a.rs\npub fn g() {}\n\
             // treereduce-file: src/empty.rs\n"
        );
        let back = p.files_of(&text, &HashMap::new()).unwrap();
        let texts: Vec<(&str, &[u8])> = back
            .iter()
            .map(|(p, e)| (p.as_str(), e.bytes().unwrap()))
            .collect();
        assert_eq!(
            texts,
            [
                ("src/lib.rs", &b"mod a;\nfn f() {}\n"[..]),
                ("src/a.rs", &b"pub fn g() {}\n"[..]),
                ("src/empty.rs", &b""[..]),
            ]
        );
    }

    #[test]
    fn markers_out_of_order_repeated_unknown_or_late_are_refused() {
        let p = program(&["a.rs", "b.rs"]);
        let m = |f: &str| Program::marker(rust(), f);
        let ok = format!("{}fn a() {{}}\n  {}fn b() {{}}\n", m("a.rs"), m("b.rs"));
        assert_eq!(p.split(ok.as_bytes()).unwrap().len(), 2);
        let deleted = format!("\n{}fn b() {{}}\n", m("b.rs"));
        assert_eq!(p.split(deleted.as_bytes()).unwrap()[0].0, 1);
        for bad in [
            format!("{}{}", m("b.rs"), m("a.rs")),
            format!("{}{}", m("a.rs"), m("a.rs")),
            format!("{}{}", m("a.rs"), m("c.rs")),
            format!("fn x() {{}}\n{}", m("a.rs")),
        ] {
            assert_eq!(p.split(bad.as_bytes()), Err(BadMarkers), "{bad}");
        }
    }

    #[test]
    fn headers_come_before_the_files_that_include_them() {
        let c = Language::by_name("c").unwrap();
        let mut files = Files::new();
        for (path, text) in [
            (
                "src/main.c",
                "#include \"util.h\"\n#include \"../inc/types.h\"\n",
            ),
            ("src/util.h", "#include \"types.h\"\n"),
            ("inc/types.h", "typedef int t;\n"),
            ("src/a.c", "#include <stdio.h>\n"),
        ] {
            files.insert(path, Entry::file(text.as_bytes())).unwrap();
        }
        let paths = files.iter().map(|(p, _)| p.to_string()).collect();
        assert_eq!(
            order(c, paths, &files),
            ["inc/types.h", "src/a.c", "src/util.h", "src/main.c"]
        );
    }

    #[test]
    fn a_file_that_holds_a_marker_line_is_found() {
        assert!(holds_marker(
            rust(),
            b"fn a() {}\n  // treereduce-file: x.rs\n"
        ));
        assert!(!holds_marker(rust(), b"let s = \"treereduce-file: \";\n"));
    }
}
