//! The layering doc/architecture.md promises: the top-level modules of
//! `src/` import one another in one direction only, with no cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, tests aside (a test may reach anywhere).
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "tests") {
                sources(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs")
            && path.file_name().is_some_and(|n| n != "tests.rs")
        {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src/` belongs to (`None` for lib.rs
/// and main.rs, which name every module).
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel.components().next()?.as_os_str().to_str()?;
    let name = first.trim_end_matches(".rs");
    (name != "lib" && name != "main").then(|| name.to_string())
}

/// The modules `text` names through `crate::`, comments and the test
/// module left out.
fn named_modules(text: &str) -> BTreeSet<String> {
    let code = text
        .find("#[cfg(test)]\nmod tests")
        .map_or(text, |cut| &text[..cut]);
    let mut names = BTreeSet::new();
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or("");
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                names.insert(name);
            }
        }
    }
    names
}

/// The import graph of the top-level modules.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        if let Some(module) = module_of(&src, file) {
            edges.entry(module).or_default();
        }
    }
    let modules: BTreeSet<String> = edges.keys().cloned().collect();
    for file in &files {
        let Some(module) = module_of(&src, file) else {
            continue;
        };
        let text = fs::read_to_string(file).unwrap();
        for name in named_modules(&text) {
            if name != module && modules.contains(&name) {
                edges.get_mut(&module).unwrap().insert(name);
            }
        }
    }
    edges
}

/// A cycle through `from`, as the path of modules, if there is one.
fn cycle_from(
    edges: &BTreeMap<String, BTreeSet<String>>,
    from: &str,
    path: &mut Vec<String>,
    done: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    if let Some(at) = path.iter().position(|m| m == from) {
        let mut cycle = path[at..].to_vec();
        cycle.push(from.to_string());
        return Some(cycle);
    }
    if done.contains(from) {
        return None;
    }
    path.push(from.to_string());
    for next in &edges[from] {
        if let Some(cycle) = cycle_from(edges, next, path, done) {
            return Some(cycle);
        }
    }
    path.pop();
    done.insert(from.to_string());
    None
}

#[test]
fn the_top_level_modules_import_each_other_without_a_cycle() {
    let edges = graph();
    // The scan sees the layering at all: the engine is below the driver.
    assert!(edges["single"].contains("engine"), "{edges:?}");
    assert!(edges.len() > 10, "{edges:?}");
    let mut done = BTreeSet::new();
    for module in edges.keys() {
        if let Some(cycle) = cycle_from(&edges, module, &mut Vec::new(), &mut done) {
            panic!(
                "the modules import each other in a circle: {}",
                cycle.join(" -> ")
            );
        }
    }
}

#[test]
fn a_cycle_is_found_when_there_is_one() {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")] {
        edges
            .entry(from.to_string())
            .or_default()
            .insert(to.to_string());
    }
    let cycle = cycle_from(&edges, "d", &mut Vec::new(), &mut BTreeSet::new());
    assert_eq!(cycle.unwrap(), ["a", "b", "c", "a"]);
    assert_eq!(
        named_modules("use crate::engine::x; // crate::pair\nlet y = crate::oracle::Z;"),
        BTreeSet::from(["engine".to_string(), "oracle".to_string()])
    );
}
