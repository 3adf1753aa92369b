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
