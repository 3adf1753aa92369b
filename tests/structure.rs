//! What doc/architecture.md says of the tree, recomputed from it: the
//! top-level modules of `src/` import one another in one direction only,
//! with no cycle and in the order of the page's table; the table's files
//! and lines of each module, and the page's counts of reductions and
//! languages, are those of the code.

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

/// A file's text before its inline test module (`mod tests { ... }` at
/// its end; a `mod tests;` declaration names another file and stays).
fn without_tests(text: &str) -> &str {
    text.find("#[cfg(test)]\nmod tests {")
        .map_or(text, |cut| &text[..cut])
}

/// The modules `text` names through `crate::`, comments and the test
/// module left out.
fn named_modules(text: &str) -> BTreeSet<String> {
    let code = without_tests(text);
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

/// Each top-level module of `src/` with its files and lines, tests aside.
fn sizes() -> BTreeMap<String, (usize, usize)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut sizes: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for file in &files {
        if let Some(module) = module_of(&src, file) {
            let text = fs::read_to_string(file).unwrap();
            let size = sizes.entry(module).or_default();
            size.0 += 1;
            size.1 += without_tests(&text).lines().count();
        }
    }
    sizes
}

fn architecture() -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("doc/architecture.md")).unwrap()
}

/// The rows of the page's table of modules, in its order: (module, files,
/// lines).
fn module_table(page: &str) -> Vec<(String, usize, usize)> {
    let number = |cell: &str| cell.trim().replace(',', "").parse::<usize>().ok();
    page.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split('|').collect();
            let module = cells.first()?.trim().strip_prefix('`')?.strip_suffix('`')?;
            Some((
                module.to_string(),
                number(cells.get(1)?)?,
                number(cells.get(2)?)?,
            ))
        })
        .collect()
}

/// The number written just after `words` on the page (`REDUCTIONS` holds
/// 31).
fn count_after(page: &str, words: &str) -> usize {
    let flat = page.split_whitespace().collect::<Vec<_>>().join(" ");
    let at = flat
        .find(words)
        .unwrap_or_else(|| panic!("the page says {words:?}"));
    let number = flat[at + words.len()..].split_whitespace().next().unwrap();
    number.trim_end_matches([',', '.']).parse().unwrap()
}

/// The entries of a `&[...]` table in `file` that starts at `opening`: its
/// lines that start with `&`.
fn entries(file: &str, opening: &str) -> usize {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
    let start = text
        .find(opening)
        .unwrap_or_else(|| panic!("{opening} in {file}"));
    text[start..]
        .lines()
        .skip(1)
        .take_while(|l| l.trim() != "];")
        .filter(|l| l.trim_start().starts_with('&'))
        .count()
}

/// Reductions that say they cannot be switched off.
fn core_reductions() -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/reduce");
    let mut files = Vec::new();
    sources(&dir, &mut files);
    files
        .iter()
        .map(|f| fs::read_to_string(f).unwrap())
        .filter(|t| t.contains("fn switchable(&self) -> bool {\n        false"))
        .count()
}

/// Whether a size on the page is true: within 5% of the real count (and
/// within 5 lines for the smallest modules).
fn close(page: usize, real: usize) -> bool {
    page.abs_diff(real) <= (real / 20).max(5)
}

#[test]
fn the_architecture_page_gives_each_modules_files_and_lines() {
    let table = module_table(&architecture());
    let real = sizes();
    let listed: BTreeSet<&String> = table.iter().map(|(m, _, _)| m).collect();
    let present: BTreeSet<&String> = real.keys().collect();
    assert_eq!(
        listed, present,
        "the modules of doc/architecture.md's table"
    );
    let mut wrong = Vec::new();
    for (module, files, lines) in &table {
        let (real_files, real_lines) = real[module];
        if *files != real_files || !close(*lines, real_lines) {
            wrong.push(format!(
                "{module}: the page says {files} files, {lines} lines; the tree has {real_files} files, {real_lines} lines"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "doc/architecture.md drifted:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn each_module_imports_only_modules_below_it_in_the_architecture_table() {
    let order: Vec<String> = module_table(&architecture())
        .into_iter()
        .map(|(m, _, _)| m)
        .collect();
    let place = |m: &str| order.iter().position(|o| o == m);
    let mut upward = Vec::new();
    for (module, names) in graph() {
        for name in names {
            if place(&name) <= place(&module) {
                upward.push(format!("{module} -> {name}"));
            }
        }
    }
    assert!(upward.is_empty(), "imports of a module above: {upward:?}");
}

#[test]
fn the_architecture_page_counts_the_reductions_and_languages() {
    let page = architecture();
    let reductions = entries("src/reduce/mod.rs", "pub static REDUCTIONS");
    assert!(reductions > 20, "{reductions} reductions");
    assert_eq!(count_after(&page, "`REDUCTIONS` holds"), reductions);
    assert_eq!(
        count_after(&page, "reductions, of which"),
        reductions - core_reductions()
    );
    let languages = entries("src/lang/mod.rs", "pub const ALL");
    assert!(languages > 5, "{languages} languages");
    assert_eq!(
        count_after(&page, "`Language::ALL`, which holds"),
        languages
    );
}

#[test]
fn a_drifted_size_or_count_is_found() {
    let page = "| module | files | lines |\n|---|---|---|\n| `engine` | 4 | 3,700 | the scheduler |\n`REDUCTIONS` holds 31 reductions, of which 29 can";
    assert_eq!(module_table(page), [("engine".to_string(), 4, 3700)]);
    assert!(close(3700, 3679) && !close(2433, 3679) && close(34, 38) && !close(34, 45));
    assert_eq!(count_after(page, "`REDUCTIONS` holds"), 31);
    assert_eq!(count_after(page, "reductions, of which"), 29);
    assert_eq!(
        without_tests("a\n#[cfg(test)]\nmod tests;\nb\n#[cfg(test)]\nmod tests {\n}"),
        "a\n#[cfg(test)]\nmod tests;\nb\n"
    );
}
