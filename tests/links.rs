//! Every relative link of README.md, doc/*.md and doc/history/*.md leads to a file that
//! exists, and every `#anchor` into a Markdown file to one of its headings:
//! moving a section from one page to another cannot leave a dead link.

use std::fs;
use std::path::{Path, PathBuf};

/// The Markdown pages of the project's documentation.
fn pages(root: &Path) -> Vec<PathBuf> {
    let mut pages = vec![root.join("README.md")];
    for dir in ["doc", "doc/history"] {
        for entry in fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

/// The targets of the inline links `[text](target)` of a Markdown text,
/// outside code blocks and code spans.
fn links(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if fenced || line.starts_with("    ") {
            continue;
        }
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(end) = rest.find(')') {
                targets.push(rest[..end].to_string());
                rest = &rest[end..];
            }
        }
    }
    targets
}

/// The anchors GitHub gives the headings of a Markdown text: lower case,
/// punctuation dropped, spaces made `-`.
fn anchors(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| {
            l.trim_start_matches('#')
                .trim()
                .to_lowercase()
                .chars()
                .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
                .map(|c| if c == ' ' { '-' } else { c })
                .collect()
        })
        .collect()
}

#[test]
fn every_relative_link_of_the_documents_leads_somewhere() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dead = Vec::new();
    let mut seen = 0;
    for page in pages(root) {
        let text = fs::read_to_string(&page).unwrap();
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            seen += 1;
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            let name = page.strip_prefix(root).unwrap().display().to_string();
            if !path.exists() {
                dead.push(format!("{name}: {target} (no such file)"));
            } else if !anchor.is_empty() && path.extension().is_some_and(|e| e == "md") {
                let headings = anchors(&fs::read_to_string(&path).unwrap());
                if !headings.iter().any(|h| h == anchor) {
                    dead.push(format!("{name}: {target} (no such heading)"));
                }
            }
        }
    }
    assert!(dead.is_empty(), "dead links:\n{}", dead.join("\n"));
    assert!(seen >= 20, "only {seen} relative links found");
}

#[test]
fn a_dead_link_and_a_missing_heading_are_found() {
    let text = "See [a](gone.md) and `[b](code.md)`, and [c](#two).\n\n## One\n";
    assert_eq!(links(text), ["gone.md", "#two"]);
    assert_eq!(
        anchors("## The verdict cache\n### `treereduce trace`"),
        ["the-verdict-cache", "treereduce-trace"]
    );
}

/// The sections a text cites by name, `doc/<page>.md, "Section"` or
/// `doc/<page>.md ("Section")`, line breaks read as spaces: (page, name).
fn cited_sections(text: &str) -> Vec<(String, String)> {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut cited = Vec::new();
    let mut rest = flat.as_str();
    while let Some(at) = rest.find("doc/") {
        rest = &rest[at..];
        let path: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || "/._-".contains(*c))
            .collect();
        rest = &rest[path.len()..];
        let Some(page) = path.strip_suffix(".md").map(|p| format!("{p}.md")) else {
            continue;
        };
        let Some(after) = rest.strip_prefix(", \"").or(rest.strip_prefix(" (\"")) else {
            continue;
        };
        if let Some(end) = after.find('"') {
            cited.push((page, after[..end].to_string()));
        }
    }
    cited
}

/// The text of a Rust file's comments, one comment line after another.
fn comments(source: &str) -> String {
    source
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("//"))
        .map(|l| l.trim_start_matches(['/', '!']))
        .collect::<Vec<_>>()
        .join("\n")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A section the code or the documents cite by name (`doc/benchmarks.md,
/// "Fewer tests"`) is the start of a heading of that page: moving a
/// measurement to doc/history/ cannot leave a citation pointing nowhere.
#[test]
fn every_section_cited_by_name_is_a_heading_of_its_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts = Vec::new();
    let mut files = Vec::new();
    for dir in ["src", "tests", "benches"] {
        rust_files(&root.join(dir), &mut files);
    }
    for file in files {
        texts.push((file.clone(), comments(&fs::read_to_string(&file).unwrap())));
    }
    for page in pages(root) {
        texts.push((page.clone(), fs::read_to_string(&page).unwrap()));
    }
    let mut seen = 0;
    let mut dead = Vec::new();
    for (file, text) in &texts {
        for (page, section) in cited_sections(text) {
            seen += 1;
            let name = file.strip_prefix(root).unwrap().display();
            let Ok(target) = fs::read_to_string(root.join(&page)) else {
                dead.push(format!("{name}: {page} (no such file)"));
                continue;
            };
            let headings: Vec<String> = target
                .lines()
                .filter(|l| l.starts_with('#'))
                .map(|l| l.trim_start_matches('#').trim().to_string())
                .collect();
            if !headings.iter().any(|h| h.starts_with(&section)) {
                dead.push(format!("{name}: {page}, \"{section}\""));
            }
        }
    }
    assert!(
        dead.is_empty(),
        "cited sections that are not headings:\n{}",
        dead.join("\n")
    );
    assert!(seen >= 5, "only {seen} cited sections found");
}

#[test]
fn a_section_cited_by_name_is_found_across_lines() {
    let code = "/// measured (doc/benchmarks.md, \"Fewer\n/// tests\"), and doc/a.md (\"B c\").";
    assert_eq!(
        cited_sections(&comments(code)),
        [
            ("doc/benchmarks.md".to_string(), "Fewer tests".to_string()),
            ("doc/a.md".to_string(), "B c".to_string())
        ]
    );
}
