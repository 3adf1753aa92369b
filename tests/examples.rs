//! The bundled examples: each says at its top the command that reduces it,
//! and the cheap ones are run as written there.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{Sandbox, stderr};

/// What precedes the command in an example script's top comment.
const MARK: &str = "# Run in this directory: ";

/// The checkout this test belongs to.
fn checkout() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The example folders of the checkout at `root`.
fn examples(root: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(root.join("examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

/// The example's own files in `dir` whose names end in `suffix` (or do
/// not, with `not`): not the results its command wrote there (see
/// [`written_by`]), which a user who ran it has beside them.
fn files(dir: &Path, suffix: &str, not: bool) -> Vec<String> {
    let written = written_by(dir);
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(suffix) != not && !written.iter().any(|w| w.matches(n)))
        .collect();
    names.sort();
    names
}

/// A name an example's command writes: a result named by `-o`, or the
/// default `<stem>.reduced.<ext>` of single and pair mode.
enum Written {
    Named(String),
    Reduced,
}

impl Written {
    fn matches(&self, name: &str) -> bool {
        match self {
            Written::Named(n) => n == name,
            Written::Reduced => name.contains(".reduced."),
        }
    }
}

/// What the command of the example in `dir` writes in `dir`.
fn written_by(dir: &Path) -> Vec<Written> {
    let scripts = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sh"));
    let mut written = vec![Written::Reduced];
    for script in scripts {
        let words: Vec<String> = command_of(&script)
            .unwrap_or_default()
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let named = words
            .windows(2)
            .filter(|w| w[0] == "-o" || w[0] == "--output")
            .map(|w| Written::Named(w[1].clone()));
        written.extend(named);
    }
    written
}

/// The command in the top comment (the lines after `#!`) of `script`.
fn command_of(script: &Path) -> Option<String> {
    let text = fs::read_to_string(script).unwrap();
    text.lines()
        .skip(1)
        .take_while(|l| l.starts_with('#'))
        .find_map(|l| l.strip_prefix(MARK))
        .map(str::to_string)
}

/// The example's command, which every script of it gives at its top.
fn command(dir: &Path) -> Vec<String> {
    let scripts = files(dir, ".sh", false);
    assert!(!scripts.is_empty(), "{dir:?} has no script");
    let commands: Vec<Option<String>> = scripts.iter().map(|s| command_of(&dir.join(s))).collect();
    let first = commands[0].clone();
    assert!(
        first.is_some() && commands.iter().all(|c| *c == first),
        "{dir:?}: every script starts with a comment `{MARK}treereduce ...`: {commands:?}"
    );
    first
        .unwrap()
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

#[test]
fn every_example_says_its_command_at_its_top() {
    check_examples(checkout());
}

/// Every example of the checkout at `root` says its command at its top,
/// and the command names its scripts and its inputs.
fn check_examples(root: &Path) {
    let dirs = examples(root);
    assert!(dirs.len() >= 7, "{dirs:?}");
    for dir in dirs {
        let words = command(&dir);
        assert_eq!(words[0], "treereduce", "{dir:?}: {words:?}");
        // It names its scripts and every input the example holds.
        for script in files(&dir, ".sh", false) {
            assert!(words.contains(&format!("./{script}")), "{dir:?}: {words:?}");
        }
        for input in files(&dir, ".sh", true) {
            assert!(words.contains(&input), "{dir:?}: {input} not in {words:?}");
        }
    }
}

/// What an example's command writes beside it stays out of the repository:
/// `.gitignore` names the default results and each `-o` file.
#[test]
fn the_results_of_the_examples_are_ignored_by_git() {
    let ignore = fs::read_to_string(checkout().join(".gitignore")).unwrap();
    let lines: Vec<&str> = ignore.lines().collect();
    assert!(lines.contains(&"*.reduced.*"), "{ignore}");
    for dir in examples(checkout()) {
        let name = dir.file_name().unwrap().to_string_lossy();
        for written in written_by(&dir) {
            if let Written::Named(file) = written {
                let line = format!("/examples/{name}/{file}");
                assert!(lines.contains(&line.as_str()), "{line} not in .gitignore");
            }
        }
    }
}

/// The README's first command (`cargo run --release -- ARGS`): its ARGS.
fn readme_command() -> Vec<String> {
    let readme = fs::read_to_string(checkout().join("README.md")).unwrap();
    let line = readme
        .lines()
        .find_map(|l| l.trim().strip_prefix("cargo run --release -- "))
        .expect("README.md gives a `cargo run --release -- ...` command");
    line.split_whitespace().map(str::to_string).collect()
}

/// Copies the folder `from` into `to`, recursively.
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            fs::copy(&path, &target).unwrap();
        }
    }
}

/// The README's first command and the example checks, in either order and
/// again after each other, on one checkout (its examples copied, the
/// command run from its root as the README says): the result the command
/// writes beside the example does not fail the checks, and a second run
/// of the command replaces it.
#[test]
fn the_readme_command_and_the_example_checks_run_in_either_order() {
    let sb = Sandbox::new();
    copy_tree(&checkout().join("examples"), &sb.path().join("examples"));
    let words = readme_command();
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    let result = sb
        .path()
        .join("examples/c-too-many-args/inventory.reduced.c");
    check_examples(sb.path());
    for _ in 0..2 {
        let out = sb.run(&args);
        assert!(out.status.success(), "{words:?}: {}", stderr(&out));
        assert!(fs::metadata(&result).unwrap().len() < 200);
        check_examples(sb.path());
    }
}

/// Runs the example `name`'s command as written, in a copy of its
/// directory: the run's stderr.
fn run_as_written(name: &str) -> (Sandbox, String) {
    let dir = checkout().join("examples").join(name);
    let sb = Sandbox::new();
    for file in files(&dir, "", false) {
        sb.example(&format!("{name}/{file}"));
    }
    let words = command(&dir);
    let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
    let out = sb.run(&args);
    assert!(out.status.success(), "{name}: {}", stderr(&out));
    (sb, stderr(&out))
}

#[test]
fn the_c_example_runs_as_written() {
    let (sb, _) = run_as_written("c-too-many-args");
    let reduced = sb.read("inventory.reduced.c");
    assert!(reduced.len() < 200, "{}", String::from_utf8_lossy(&reduced));
    assert!(sb.accepts(&sb.path().join("check.sh"), "inventory.c", &reduced));
}

/// What doc/pair.md says of the pair example: `... from a N-token
/// difference to M in about T tests: the seed `S` and the variant `V`.`
fn readme_pair_figures() -> ((u64, u64, u64), String, String) {
    let readme = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("doc/pair.md"))
        .unwrap()
        .replace("\n  ", " ")
        .replace('\n', " ");
    let at = readme
        .find("The example in `examples/pair-c-div-by-zero/`")
        .expect("doc/pair.md describes the pair example");
    let sentence = &readme[at..];
    let sentence = &sentence[..sentence.find("`. ").unwrap()];
    let (figures, texts) = sentence.split_once(": the seed `").unwrap();
    let numbers: Vec<u64> = figures
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(numbers.len(), 3, "{sentence}");
    let (seed, variant) = texts.split_once("` and the variant `").unwrap();
    (
        (numbers[0], numbers[1], numbers[2]),
        seed.to_string(),
        variant.to_string(),
    )
}

/// `text` with every run of white space made one space.
fn one_line(text: &[u8]) -> String {
    String::from_utf8_lossy(text)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The pair example as written: both results parse (tree-sitter finds no
/// error, gcc compiles them), and the figures of doc/pair.md are the run's.
#[test]
fn the_pair_example_runs_as_written_and_gives_the_readme_figures() {
    let (sb, err) = run_as_written("pair-c-div-by-zero");
    for file in ["good.reduced.c", "bad.reduced.c"] {
        let measure = sb.run(&["--measure", file]);
        let size: serde_json::Value = serde_json::from_slice(&measure.stdout).unwrap();
        assert_eq!(size["errors"], 0, "{file}: {size}");
        let gcc = std::process::Command::new("gcc")
            .args(["-fsyntax-only", file])
            .current_dir(sb.path())
            .output()
            .unwrap();
        assert!(
            gcc.status.success(),
            "gcc rejects {file}:\n{}\n{}",
            String::from_utf8_lossy(&sb.read(file)),
            stderr(&gcc)
        );
    }
    // `difference 16 -> 2 tokens; 140 tests in 6.1 s`
    let summary = err
        .lines()
        .find(|l| l.starts_with("treereduce pair:"))
        .unwrap_or_else(|| panic!("no summary: {err}"));
    let after = summary.split_once("difference ").unwrap().1;
    let numbers: Vec<u64> = after
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .take(3)
        .collect();
    let ((from, to, tests), seed, variant) = readme_pair_figures();
    assert_eq!((numbers[0], numbers[1]), (from, to), "{summary}");
    assert_eq!(one_line(&sb.read("good.reduced.c")), seed);
    assert_eq!(one_line(&sb.read("bad.reduced.c")), variant);
    // "About": the tests a side stops when the other says no first vary.
    let off = numbers[2].abs_diff(tests) as f64 / tests as f64;
    assert!(
        off <= 0.15,
        "{summary}: doc/pair.md says about {tests} tests"
    );
}
