//! Sorting files into programs, and projects reduced end to end with a
//! real compiler as their test.

use std::path::Path;
use std::sync::Arc;

use super::*;
use crate::oracle::{Cancel, ScriptOracle};
use crate::reduce::Config;
use crate::stats::Stats;
use crate::task::Silent;

fn write(root: &Path, path: &str, text: &str) {
    let p = root.join(path);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

fn script(dir: &Path, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("check.sh");
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Reduces the project in `root` with `check` (run in the project's copy).
fn reduce_with(root: &Path, check: &Path, jobs: usize) -> (Files, crate::single::Outcome) {
    let files = load_folder(root, &Selection::default()).unwrap();
    let project = Project::new("proj".into(), files, None).unwrap();
    let cancel = Arc::new(Cancel::new().unwrap());
    let run = crate::options::RunOptions {
        jobs,
        timeout: crate::options::Timeout {
            limit: Some(std::time::Duration::from_secs(60)),
            adaptive: true,
        },
        ..Default::default()
    };
    let oracle =
        ScriptOracle::for_project(check, std::ffi::OsStr::new("proj"), &run, cancel).unwrap();
    let config = Config {
        run,
        ..Config::default()
    };
    let stats = Stats::new(crate::reduce::names());
    let session = Session {
        oracle: &oracle,
        config: &config,
        stats: &stats,
        cancel: None,
        observer: &Silent,
        store: None,
        deadline: None,
    };
    let outcome = reduce(&session, &project).unwrap();
    (Files::decode(&outcome.text).unwrap(), outcome)
}

/// The files of a result, for messages.
fn show(files: &Files) -> String {
    files
        .iter()
        .map(|(p, e)| {
            format!(
                "== {p}\n{}",
                String::from_utf8_lossy(e.bytes().unwrap_or(b""))
            )
        })
        .collect()
}

#[test]
fn a_c_project_whose_bug_sits_in_a_header_keeps_only_what_the_bug_needs() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("proj");
    write(
        &root,
        "include/shape.h",
        "#ifndef SHAPE_H\n#define SHAPE_H\nstruct shape { int sides; char *name; };\n\
         int area(struct shape *s);\nint perimeter(struct shape *s);\n#endif\n",
    );
    write(
        &root,
        "src/area.c",
        "#include \"../include/shape.h\"\nint area(struct shape *s) { return s->sides * 2; }\n",
    );
    write(
        &root,
        "src/perimeter.c",
        "#include \"../include/shape.h\"\nint perimeter(struct shape *s) {\n  \
         int total = 0;\n  for (int i = 0; i < s->sides; i++) total += i;\n  \
         return total + s->name;\n}\n",
    );
    write(
        &root,
        "README.md",
        "# Shapes\n\nA small library of shapes.\n",
    );
    write(
        &root,
        "Makefile",
        "all: area.o perimeter.o\n\narea.o: src/area.c\n\tgcc -c src/area.c\n\n\
         perimeter.o: src/perimeter.c\n\tgcc -c src/perimeter.c\n",
    );
    let check = script(
        dir.path(),
        "for f in src/*.c; do LC_ALL=C gcc -c -Werror=int-conversion \"$f\" -o /dev/null; done 2>&1 \
         | grep -q \"makes integer from pointer without a cast\"",
    );
    let (files, outcome) = reduce_with(&root, &check, 2);
    let names: Vec<&str> = files.iter().map(|(p, _)| p).collect();
    assert!(
        !names.contains(&"src/area.c") && !names.contains(&"README.md"),
        "files the bug does not need are deleted: {names:?}\n{}",
        show(&files)
    );
    assert!(names.contains(&"src/perimeter.c"), "{names:?}");
    assert!(outcome.size.tokens < 40, "{}", show(&files));
    assert_eq!(outcome.recheck, crate::stats::Recheck::Passed);
}

fn project(entries: &[(&str, &[u8])]) -> Project {
    let mut input = Files::new();
    for (p, b) in entries {
        input.insert(p, Entry::file(*b)).unwrap();
    }
    Project::new("p".into(), input, None).unwrap()
}

#[test]
fn files_of_each_language_form_a_program_and_the_rest_stays_aside() {
    let p = project(&[
        ("src/lib.rs", b"mod a;\n"),
        ("src/a.rs", b"pub fn f() {}\n"),
        ("build.js", b"console.log(1);\n"),
        ("Cargo.toml", b"[package]\n"),
        ("logo.png", b"\x89PNG\0\0"),
    ]);
    let names: Vec<(&str, &[String])> = p
        .programs
        .iter()
        .map(|p| (p.language.name, &p.files[..]))
        .collect();
    assert_eq!(
        names,
        [
            ("rust", &["src/a.rs".to_string(), "src/lib.rs".into()][..]),
            ("javascript", &["build.js".to_string()][..])
        ]
    );
    let state = p.start();
    let rest: Vec<&str> = state.rest.iter().map(|(p, _)| p).collect();
    assert_eq!(rest, ["Cargo.toml", "logo.png"]);
    assert_eq!(p.files(&state), p.input);
}

#[test]
fn headers_go_with_cpp_when_there_is_no_c_file() {
    let p = project(&[("a.cpp", b"#include \"a.h\"\n"), ("a.h", b"int a;\n")]);
    assert_eq!(p.programs.len(), 1);
    assert_eq!(p.programs[0].language.name, "cpp");
    assert_eq!(p.programs[0].files, ["a.h", "a.cpp"]);
    let p = project(&[("a.c", b"#include \"a.h\"\n"), ("a.h", b"int a;\n")]);
    assert_eq!(p.programs[0].language.name, "c");
}

#[test]
fn a_file_holding_a_marker_line_is_refused() {
    let mut input = Files::new();
    input
        .insert("a.rs", Entry::file(&b"// treereduce-file: b.rs\n"[..]))
        .unwrap();
    assert!(Project::new("p".into(), input, None).is_err());
}
