//! The bundled examples: each says at its top the command that reduces it,
//! and the cheap ones are run as written there.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{Sandbox, stderr};

/// What precedes the command in an example script's top comment.
const MARK: &str = "# Run in this directory: ";

fn examples() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut dirs: Vec<PathBuf> = fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

/// The files of `dir` whose names end in `suffix` (or do not, with `not`).
fn files(dir: &Path, suffix: &str, not: bool) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(suffix) != not)
        .collect();
    names.sort();
    names
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
    let dirs = examples();
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

/// Runs the example `name`'s command as written, in a copy of its
/// directory: the run's stderr.
fn run_as_written(name: &str) -> (Sandbox, String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name);
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
