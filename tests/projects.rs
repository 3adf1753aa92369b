//! Projects (a folder, or several files, as the input): the bundled
//! examples reduced by the real binary with their real compilers, and the
//! promises of doc/projects.md and doc/promises.md for folders.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{Sandbox, processes_with, stderr};

/// Every file below `root` (links as `-> target`), by relative path.
fn snapshot(root: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in fs::read_dir(&dir).unwrap() {
            let e = e.unwrap();
            let rel = e
                .path()
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let kind = e.file_type().unwrap();
            if kind.is_symlink() {
                let target = fs::read_link(e.path()).unwrap();
                out.insert(rel, format!("-> {}", target.display()));
            } else if kind.is_dir() {
                stack.push(e.path());
                out.insert(rel, "(folder)".into());
            } else {
                let mode = e.metadata().unwrap().permissions().mode() & 0o777;
                let text = String::from_utf8_lossy(&fs::read(e.path()).unwrap()).into_owned();
                out.insert(rel, format!("{mode:o} {text}"));
            }
        }
    }
    out
}

fn copy_tree(from: &Path, to: &Path) {
    let status = Command::new("cp")
        .arg("-a")
        .arg(from)
        .arg(to)
        .status()
        .unwrap();
    assert!(status.success());
}

/// Runs `script` in a fresh copy of the folder `project` named `name`, as
/// treereduce runs it; whether it exits 0.
fn accepts(script: &Path, project: &Path, name: &str) -> bool {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join(name);
    copy_tree(project, &copy);
    Command::new(script)
        .arg(&copy)
        .current_dir(&copy)
        .status()
        .unwrap()
        .success()
}

/// A small C project whose bug (a header field's type) shows in one file,
/// with files the bug does not need, an executable script, a link, and
/// build output that `.gitignore` names.
fn c_project(sb: &Sandbox) -> PathBuf {
    let root = sb.path().join("shapes");
    for (path, text) in [
        (
            "include/shape.h",
            "#ifndef SHAPE_H\n#define SHAPE_H\nstruct shape { int kind; const char *sides; double r; };\nint corners(const struct shape *s);\ndouble area(const struct shape *s);\n#endif\n",
        ),
        (
            "src/corners.c",
            "#include \"../include/shape.h\"\nint corners(const struct shape *s) {\n  if (s->kind == 1)\n    return 0;\n  return s->sides * 2 / 2;\n}\n",
        ),
        (
            "src/area.c",
            "#include \"../include/shape.h\"\ndouble area(const struct shape *s) {\n  return 3.14 * s->r * s->r;\n}\n",
        ),
        ("README.md", "# shapes\n\nCorners and areas.\n"),
        (".gitignore", "build/\n"),
        ("build/corners.o", "not a real object file\n"),
        ("tools/run.sh", "#!/bin/sh\nexec ./shapes\n"),
    ] {
        let p = root.join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    }
    fs::set_permissions(root.join("tools/run.sh"), fs::Permissions::from_mode(0o755)).unwrap();
    std::os::unix::fs::symlink("src/area.c", root.join("area-link.c")).unwrap();
    root
}

/// The check of [`c_project`]: gcc on every source file, in the copy.
const C_CHECK: &str = "for f in src/*.c; do LC_ALL=C gcc -fsyntax-only \"$f\"; done 2>&1 | grep -q 'invalid operands to binary \\*'";

#[test]
fn a_folder_is_reduced_to_what_the_bug_needs_and_the_input_is_untouched() {
    let sb = Sandbox::new();
    let root = c_project(&sb);
    let script = sb.script("check.sh", C_CHECK);
    let before = snapshot(&root);
    let out = sb.run(&[
        "-q",
        "-j",
        "2",
        "--no-cache",
        "--stats-json",
        "stats.json",
        "-i",
        "./check.sh",
        "shapes",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(snapshot(&root), before, "the input folder is never written");
    let result = sb.path().join("shapes.reduced");
    let files = snapshot(&result);
    assert!(accepts(&script, &result, "shapes"), "{files:#?}");
    for gone in ["README.md", "src/area.c", "area-link.c", "tools/run.sh"] {
        assert!(
            !files.contains_key(gone),
            "{gone} is not needed: {files:#?}"
        );
    }
    assert!(
        !files.contains_key("build"),
        "what .gitignore names is not copied"
    );
    let stats: serde_json::Value =
        serde_json::from_slice(&fs::read(sb.path().join("stats.json")).unwrap()).unwrap();
    let records = stats["files"].as_array().unwrap();
    assert_eq!(
        records.len(),
        before
            .iter()
            .filter(|(p, v)| !p.starts_with("build") && *v != "(folder)")
            .count()
    );
    assert!(
        records
            .iter()
            .any(|r| r["path"] == "README.md" && r["kept"] == false)
    );
    assert!(sb.leftovers().is_empty(), "{:?}", sb.leftovers());
}

#[test]
fn the_test_runs_in_a_private_copy_that_holds_exactly_the_candidate() {
    let sb = Sandbox::new();
    c_project(&sb);
    // Fails unless: the working directory is the copy's root and $1 its
    // path; the copy's folder has the project's name; nothing an earlier
    // test left (stamp) is there; the script keeps its mode and the link
    // is a link; build/ (ignored) is not copied.
    sb.script(
        "check.sh",
        &format!(
            "[ \"$1\" = \"$PWD\" ] || exit 9\n\
             [ \"${{PWD##*/}}\" = shapes ] || exit 9\n\
             [ -e stamp ] && exit 9\n\
             touch stamp\n\
             [ -e build ] && exit 9\n\
             if [ -e tools/run.sh ]; then [ -x tools/run.sh ] || exit 9; fi\n\
             if [ -e area-link.c ]; then [ -L area-link.c ] || exit 9; fi\n\
             echo changed >> src/corners.c 2>/dev/null\n\
             {C_CHECK}"
        ),
    );
    let out = sb.run(&["-q", "-j", "2", "--no-cache", "-i", "./check.sh", "shapes"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let result = snapshot(&sb.path().join("shapes.reduced"));
    assert!(
        !result.get("src/corners.c").unwrap().contains("changed"),
        "a test's own writes never reach the result: {result:#?}"
    );
}

#[test]
fn links_modes_and_folders_are_kept_and_the_result_is_stamped() {
    let sb = Sandbox::new();
    let root = c_project(&sb);
    // The test needs the script (with its mode) and the link.
    sb.script(
        "check.sh",
        &format!("[ -x tools/run.sh ] && [ -L area-link.c ] && {C_CHECK}"),
    );
    let out = sb.run(&[
        "-q",
        "-j",
        "2",
        "--no-cache",
        "--report",
        "md",
        "-i",
        "./check.sh",
        "-o",
        "out",
        "shapes",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let result = snapshot(&sb.path().join("out"));
    assert!(result["tools/run.sh"].starts_with("755 "), "{result:#?}");
    let report = fs::read_to_string(sb.path().join("out.md")).unwrap();
    assert!(
        report.contains("### `src/corners.c`") && report.contains("```c\n"),
        "{report}"
    );
    assert!(report.contains("a symbolic link to src/area.c"), "{report}");
    assert_eq!(result["area-link.c"], "-> src/area.c");
    assert!(result.contains_key(".treereduce-result"));
    assert!(!root.join(".treereduce-result").exists());
}

#[test]
fn outputs_inside_the_input_or_foreign_folders_are_refused_before_any_test() {
    let sb = Sandbox::new();
    c_project(&sb);
    sb.script("check.sh", "touch \"$TMPDIR\"/../ran\nexit 0");
    let mine = sb.path().join("mine");
    fs::create_dir(&mine).unwrap();
    fs::write(mine.join("keep.txt"), "mine\n").unwrap();
    for (output, says) in [
        ("shapes/out", "inside the project"),
        ("shapes", "inside the project"),
        (".", "holds it"),
        ("mine", "did not write"),
    ] {
        let out = sb.run(&["-q", "-i", "./check.sh", "-o", output, "shapes"]);
        assert_eq!(out.status.code(), Some(2), "-o {output}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "-o {output}: {}", stderr(&out));
    }
    assert!(!sb.path().join("ran").exists(), "no test ran");
    assert_eq!(fs::read_to_string(mine.join("keep.txt")).unwrap(), "mine\n");
}

#[test]
fn a_special_file_is_refused_with_a_clear_message() {
    let sb = Sandbox::new();
    let root = c_project(&sb);
    let fifo = std::ffi::CString::new(root.join("pipe").to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
    sb.script("check.sh", C_CHECK);
    let out = sb.run(&["-q", "-i", "./check.sh", "shapes"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("special file"), "{}", stderr(&out));
    let out = sb.run(&[
        "-q",
        "-j",
        "2",
        "--no-cache",
        "--exclude",
        "pipe",
        "-i",
        "./check.sh",
        "shapes",
    ]);
    assert!(
        out.status.success(),
        "--exclude leaves it out: {}",
        stderr(&out)
    );
}

#[test]
fn an_uninteresting_project_says_how_to_run_the_check_by_hand() {
    let sb = Sandbox::new();
    c_project(&sb);
    sb.script("check.sh", "echo nothing here >&2; exit 1");
    let out = sb.run(&["-q", "-i", "./check.sh", "shapes"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("not interesting") && err.contains("cp -r"),
        "{err}"
    );
    assert!(err.contains("nothing here"), "{err}");
    assert!(!sb.path().join("shapes.reduced").exists());
}

#[test]
fn included_globs_bring_ignored_files_and_several_files_form_a_project() {
    let sb = Sandbox::new();
    c_project(&sb);
    sb.script("check.sh", &format!("[ -f build/corners.o ] && {C_CHECK}"));
    let out = sb.run(&[
        "-q",
        "-j",
        "2",
        "--no-cache",
        "--include",
        "build/",
        "-i",
        "./check.sh",
        "shapes",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(sb.path().join("shapes.reduced/build/corners.o").exists());
    // Two files of the folder: the project of just those two.
    sb.script("two.sh", &format!("[ ! -e README.md ] && {C_CHECK}"));
    let out = sb.run(&[
        "-q",
        "-j",
        "2",
        "--no-cache",
        "-i",
        "./two.sh",
        "-o",
        "two",
        "shapes/src/corners.c",
        "shapes/include/shape.h",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let result = snapshot(&sb.path().join("two"));
    assert!(result.contains_key("src/corners.c"), "{result:#?}");
}

#[test]
fn ctrl_c_keeps_a_whole_project_that_passes_and_leaves_no_process() {
    let sb = Sandbox::new();
    c_project(&sb);
    let script = sb.script(
        "check.sh",
        &format!("sleep 31.4159 &\nsleep 0.2\n{C_CHECK}"),
    );
    let mut child = sb
        .command(&["-q", "-j", "2", "--no-cache", "-i", "./check.sh", "shapes"])
        .spawn()
        .unwrap();
    // Once the input is checked (the output exists), a little later.
    let result = sb.path().join("shapes.reduced");
    let started = std::time::Instant::now();
    while !result.exists() && started.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::thread::sleep(std::time::Duration::from_secs(1));
    // SAFETY: kill on our own child's pid.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert!(
        processes_with("31.4159").is_empty(),
        "a test's process outlived the run"
    );
    // (The check run here starts a sleep of its own.)
    assert!(
        accepts(&script, &result, "shapes"),
        "{:#?}",
        snapshot(&result)
    );
    assert!(sb.leftovers().is_empty(), "{:?}", sb.leftovers());
}

#[test]
fn a_run_killed_at_any_moment_leaves_a_whole_project_in_the_output() {
    let sb = Sandbox::new();
    c_project(&sb);
    let script = sb.script("check.sh", C_CHECK);
    for wait_ms in [700, 1500, 2600] {
        let mut child = sb
            .command(&[
                "-q",
                "-j",
                "2",
                "--no-cache",
                "-i",
                "./check.sh",
                "-o",
                "out",
                "shapes",
            ])
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(wait_ms));
        child.kill().unwrap();
        child.wait().unwrap();
        let out = sb.path().join("out");
        if out.exists() {
            assert!(
                accepts(&script, &out, "shapes"),
                "after {wait_ms} ms: {:#?}",
                snapshot(&out)
            );
        }
    }
    // The next run replaces what the killed ones left.
    let out = sb.run(&[
        "-q",
        "-j",
        "2",
        "--no-cache",
        "-i",
        "./check.sh",
        "-o",
        "out",
        "shapes",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn the_result_is_the_same_at_every_job_count() {
    let sb = Sandbox::new();
    c_project(&sb);
    sb.script("check.sh", C_CHECK);
    let mut results = Vec::new();
    for jobs in ["1", "3"] {
        let out = sb.run(&[
            "-q",
            "-j",
            jobs,
            "--no-cache",
            "-i",
            "./check.sh",
            "-o",
            jobs,
            "shapes",
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        results.push(snapshot(&sb.path().join(jobs)));
    }
    assert_eq!(results[0], results[1]);
}

#[test]
fn a_second_run_takes_its_verdicts_from_the_cache_of_the_whole_project() {
    let sb = Sandbox::new();
    let root = c_project(&sb);
    sb.script("check.sh", C_CHECK);
    let run = |sb: &Sandbox| {
        let out = sb.run(&[
            "-j",
            "2",
            "--stats-json",
            "s.json",
            "-i",
            "./check.sh",
            "-o",
            "out",
            "shapes",
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        serde_json::from_slice::<serde_json::Value>(&fs::read(sb.path().join("s.json")).unwrap())
            .unwrap()
    };
    let first = run(&sb);
    let second = run(&sb);
    assert!(first["tests"].as_u64().unwrap() > 5);
    assert!(
        second["tests"].as_u64().unwrap() <= 2,
        "only the input's check and at most the re-check: {}",
        second["tests"]
    );
    // Another project (the bug moved): no verdict of the first is used.
    fs::write(root.join("README.md"), "# shapes, again\n").unwrap();
    let third = run(&sb);
    assert!(third["tests"].as_u64().unwrap() > 5, "{}", third["tests"]);
}

/// Reduces the bundled example `example` (a folder `input` beside its
/// check.sh) and checks the result; the result's files.
fn reduce_example(example: &str, input: &str) -> BTreeMap<String, String> {
    let sb = Sandbox::new();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(example);
    copy_tree(&dir.join(input), &sb.path().join(input));
    let script = sb.path().join("check.sh");
    fs::copy(dir.join("check.sh"), &script).unwrap();
    let before = snapshot(&sb.path().join(input));
    let out = sb.run(&["-q", "-j", "2", "--no-cache", "-i", "./check.sh", input]);
    assert!(out.status.success(), "{example}: {}", stderr(&out));
    assert_eq!(snapshot(&sb.path().join(input)), before);
    let result = sb.path().join(format!("{input}.reduced"));
    assert!(
        accepts(&script, &result, input),
        "{example}: {:#?}",
        snapshot(&result)
    );
    let files = snapshot(&result);
    let kept = files
        .keys()
        .filter(|p| !p.ends_with(".treereduce-result"))
        .count();
    assert!(kept < before.len(), "{example}: {files:#?}");
    files
}

#[test]
fn the_bundled_c_project_keeps_the_header_and_the_failing_file() {
    let files = reduce_example("c-project-headers", "shapes");
    assert!(
        !files.contains_key("src/vec.c") && !files.contains_key("README.md"),
        "{files:#?}"
    );
    assert!(files.contains_key("Makefile"), "{files:#?}");
}

#[test]
fn the_bundled_rust_crate_loses_the_modules_the_error_does_not_need() {
    let files = reduce_example("rust-crate-modules", "ledger");
    assert!(!files.contains_key("src/util/dates.rs"), "{files:#?}");
    assert!(files.contains_key("Cargo.toml"), "{files:#?}");
}

#[test]
fn the_bundled_js_package_keeps_what_the_type_error_needs() {
    let files = reduce_example("js-package-modules", "planner");
    assert!(!files.contains_key("lib/format.js"), "{files:#?}");
    assert!(files.contains_key("lib/summary.js"), "{files:#?}");
}

#[test]
fn the_bundled_java_classes_keep_the_three_the_error_needs() {
    let files = reduce_example("java-classes", "shop");
    assert!(!files.contains_key("src/shop/Main.java"), "{files:#?}");
    assert!(files.contains_key("src/shop/Pricing.java"), "{files:#?}");
}

/// `treereduce batch` takes a corpus folder's subfolders as projects: each
/// is reduced as `treereduce -i SCRIPT FOLDER` would, its result is the
/// folder `results/<name>` (whole, stamped), its record names the
/// `project` language, and a second run keeps it without a test.
#[test]
fn batch_reduces_the_subfolders_of_a_corpus_as_projects() {
    let sb = Sandbox::new();
    fs::create_dir_all(sb.path().join("corpus")).unwrap();
    let root = c_project(&sb);
    fs::rename(&root, sb.path().join("corpus/shapes")).unwrap();
    sb.file(
        "corpus/lone.c",
        "struct s { const char *p; };\nint f(struct s *x) { return x->p * 2; }\nint unused(void) { return 1; }\n",
    );
    let script = sb.script(
        "check.sh",
        "if [ -d \"$1\" ]; then cd \"$1\"; for f in src/*.c; do LC_ALL=C gcc -fsyntax-only \"$f\"; done; \
         else LC_ALL=C gcc -fsyntax-only \"$1\"; fi 2>&1 | grep -q 'invalid operands to binary \\*'",
    );
    let before = snapshot(&sb.path().join("corpus/shapes"));
    let args = [
        "batch",
        "-q",
        "-j",
        "2",
        "-i",
        "./check.sh",
        "-o",
        "out",
        "corpus",
    ];
    let run = sb.run(&args);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert_eq!(snapshot(&sb.path().join("corpus/shapes")), before);
    let summary: serde_json::Value =
        serde_json::from_slice(&fs::read(sb.path().join("out/summary.json")).unwrap()).unwrap();
    assert_eq!(summary["inputs"], 2, "{summary}");
    assert_eq!(summary["reduced"], 2, "{summary}");
    let result = sb.path().join("out/results/shapes");
    let files = snapshot(&result);
    assert!(accepts(&script, &result, "shapes"), "{files:#?}");
    for gone in ["README.md", "src/area.c", "tools/run.sh"] {
        assert!(!files.contains_key(gone), "{gone}: {files:#?}");
    }
    assert!(files.contains_key(".treereduce-result"), "{files:#?}");
    let record: serde_json::Value =
        serde_json::from_slice(&fs::read(sb.path().join("out/results/shapes.json")).unwrap())
            .unwrap();
    assert_eq!(record["language"], "project", "{record}");
    assert_eq!(record["status"], "reduced", "{record}");
    assert!(
        record["final_tokens"].as_u64().unwrap() < record["start_tokens"].as_u64().unwrap(),
        "{record}"
    );
    let lone = String::from_utf8(sb.read("out/results/lone.c")).unwrap();
    assert!(!lone.contains("unused"), "{lone}");
    // Again: both records are kept, no test runs.
    let again = sb.run(&args);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    let summary: serde_json::Value =
        serde_json::from_slice(&fs::read(sb.path().join("out/summary.json")).unwrap()).unwrap();
    assert_eq!(summary["resumed"], 2, "{summary}");
    assert_eq!(snapshot(&result), files);
}
