//! Command-line behaviour: language choice, output destinations, argument errors.

mod common;

use common::{Sandbox, stderr};

#[test]
fn output_dash_prints_only_the_result() {
    let sb = Sandbox::new();
    sb.file("a.rs", "fn keep() {}\nfn drop_me() { let x = 1; }\n");
    sb.script("check.sh", "grep -q 'fn keep' \"$1\"");
    let out = sb.run(&["-o", "-", "-i", "./check.sh", "a.rs"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "fn keep() {}\n");
    assert!(!sb.path().join("a_reduced.rs").exists());
}

#[test]
fn explicit_output_file_and_quiet() {
    let sb = Sandbox::new();
    sb.file("a.js", "let keep = 1;\nlet other = 2;\n");
    sb.script("check.sh", "grep -q keep \"$1\"");
    let out = sb.run(&["-q", "-o", "out/r.js", "-i", "./check.sh", "a.js"]);
    // The directory of -o must exist; the error says so.
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    std::fs::create_dir(sb.path().join("out")).unwrap();
    let out = sb.run(&["-q", "-o", "out/r.js", "-i", "./check.sh", "a.js"]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
    assert_eq!(sb.read("out/r.js"), b"let keep;\n");
}

#[test]
fn output_may_not_be_the_input() {
    let sb = Sandbox::new();
    sb.file("a.c", "int x;\n");
    sb.script("check.sh", "exit 0");
    let out = sb.run(&["-o", "a.c", "-i", "./check.sh", "a.c"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("never modifies its input"));
    assert_eq!(sb.read("a.c"), b"int x;\n");
}

#[test]
fn unknown_extension_needs_a_language() {
    let sb = Sandbox::new();
    sb.file("prog.txt", "int x;\n");
    sb.script("check.sh", "exit 0");
    let out = sb.run(&["-i", "./check.sh", "prog.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("javascript (js; .js .mjs .cjs)"),
        "{}",
        stderr(&out)
    );
    let out = sb.run(&["-q", "-l", "c", "-i", "./check.sh", "prog.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = sb.run(&["-l", "cobol", "-i", "./check.sh", "prog.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown language"));
}

#[test]
fn missing_input_and_bad_numbers_are_usage_errors() {
    let sb = Sandbox::new();
    sb.script("check.sh", "exit 0");
    let out = sb.run(&["-i", "./check.sh", "nope.c"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot read the input"));
    sb.file("a.c", "int x;\n");
    for args in [["-j", "0"], ["--timeout", "-1"]] {
        let mut all = args.to_vec();
        all.extend(["-i", "./check.sh", "a.c"]);
        assert_eq!(sb.run(&all).status.code(), Some(2), "{args:?}");
    }
    let out = sb.run(&["--bogus"]);
    assert_eq!(out.status.code(), Some(2));
    // Two debugging outputs at once: refused, not one silently.
    let out = sb.run(&["--measure", "--dump-tree", "a.c"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot be used with"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn stats_json_has_the_documented_fields() {
    let sb = Sandbox::new();
    sb.file("a.c", "int keep;\nint drop1;\nint drop2;\n");
    sb.script("check.sh", "grep -q keep \"$1\"");
    let out = sb.run(&["-q", "-i", "./check.sh", "a.c", "--stats-json", "s.json"]);
    assert!(out.status.success());
    let s: serde_json::Value = serde_json::from_slice(&sb.read("s.json")).unwrap();
    for key in [
        "tests",
        "interesting",
        "not_interesting",
        "timed_out",
        "cache_hits",
        "syntax_rejected",
        "start",
        "final_size",
        "passes",
        "seconds",
    ] {
        assert!(s.get(key).is_some(), "missing {key}");
    }
    assert_eq!(s["start"]["bytes"], 32);
    assert_eq!(s["final_size"]["bytes"], 10);
    assert!(s["final_size"]["tokens"].as_u64().unwrap() == 3);
    let passes = s["passes"].as_array().unwrap();
    assert!(
        passes.iter().any(|p| p["kind"] == "reduce")
            && passes
                .iter()
                .any(|p| p["kind"] == "tidy" || p["kind"] == "layout")
    );

    // doc/stats.md lists exactly the fields of each object.
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/doc/stats.md")).unwrap();
    let sections: Vec<(&str, std::collections::BTreeSet<String>)> = doc
        .split("\n## ")
        .skip(1)
        .map(|section| {
            let title = section.lines().next().unwrap();
            let fields = section
                .lines()
                .filter_map(|l| l.strip_prefix("| `"))
                .map(|l| l.split('`').next().unwrap().to_string())
                .collect();
            (title, fields)
        })
        .collect();
    let keys = |v: &serde_json::Value| -> std::collections::BTreeSet<String> {
        v.as_object().unwrap().keys().cloned().collect()
    };
    let documented = |title: &str| {
        sections
            .iter()
            .find(|(t, _)| *t == title)
            .unwrap()
            .1
            .clone()
    };
    assert_eq!(keys(&s), documented("Top level"));
    assert_eq!(keys(&s["start"]), documented("A size"));
    assert_eq!(keys(&passes[0]), documented("A pass"));
    assert_eq!(keys(&passes[0]["starts"][0]), documented("A pass start"));
    assert_eq!(keys(&s["kinds"][0]), documented("A kind"));
}

/// The times `--stats-json` gives for the work before the tests (see
/// doc/stats.md) fit together: each pass starts after the one before and
/// within the run, its setup (with its reductions' pass starts) comes
/// before its first test, a pass that tested has a first test, and the
/// run's first test and milestones are those of its passes and best.
#[test]
fn stats_json_times_the_work_before_the_tests() {
    let sb = Sandbox::new();
    let mut program = String::new();
    for i in 0..60 {
        program.push_str(&format!(
            "int filler_{i}(int a) {{ int b = a * {i}; if (b > 3) {{ b -= a; }} return b + {i}; }}\n"
        ));
        if i == 30 {
            program.push_str("struct point { int x; };\nint make(int v) { struct point p; p = v; return p.x; }\n");
        }
    }
    sb.file("a.c", &program);
    sb.script(
        "check.sh",
        "LC_ALL=C gcc -fsyntax-only \"$1\" 2>&1 | grep -q 'incompatible types when assigning'",
    );
    let out = sb.run(&[
        "-q",
        "-j",
        "2",
        "-i",
        "./check.sh",
        "a.c",
        "--stats-json",
        "s.json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let s: serde_json::Value = serde_json::from_slice(&sb.read("s.json")).unwrap();
    let num = |v: &serde_json::Value| v.as_f64().unwrap();
    let total = num(&s["seconds"]);
    let start_tokens = s["start"]["tokens"].as_u64().unwrap();
    let final_tokens = s["final_size"]["tokens"].as_u64().unwrap();
    assert!(
        final_tokens * 100 <= start_tokens,
        "{final_tokens} of {start_tokens}"
    );

    let passes = s["passes"].as_array().unwrap();
    let reductions: std::collections::BTreeSet<&str> = s["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["kind"].as_str().unwrap())
        .collect();
    let mut previous_end = 0.0;
    let mut passes_cpu = 0.0;
    for p in passes {
        let started = num(&p["started_seconds"]);
        let seconds = num(&p["seconds"]);
        let setup = num(&p["setup_seconds"]);
        // Rounded to nanoseconds on two clocks: a microsecond of slack.
        let slack = 1e-6;
        assert!(started + slack >= previous_end, "{p}");
        assert!(started + seconds <= total + slack, "{p}");
        assert!(setup <= seconds + slack, "{p}");
        // The setup runs on one thread: its CPU time is within its wall time,
        // up to the two clocks being read at slightly different instants
        // (1.3 microseconds over in one run: 100 allowed).
        let setup_cpu = num(&p["setup_cpu_seconds"]);
        assert!(0.0 <= setup_cpu && setup_cpu <= setup + 1e-4, "{p}");
        // The pass's own CPU time, all threads: part of the run's, which
        // is read later; the passes follow one another.
        passes_cpu += num(&p["cpu_seconds"]);
        assert!(num(&p["cpu_seconds"]) >= 0.0, "{p}");
        assert!(passes_cpu <= num(&s["cpu_seconds"]) + 1e-3, "{p}");
        let starts = p["starts"].as_array().unwrap();
        let in_starts: f64 = starts.iter().map(|r| num(&r["seconds"])).sum();
        assert!(in_starts <= setup + slack, "{p}");
        match p["kind"].as_str().unwrap() {
            "reduce" | "canon" => {
                // Every reduction that ran has its pass start, once.
                let kinds: Vec<&str> = starts.iter().map(|r| r["kind"].as_str().unwrap()).collect();
                let unique: std::collections::BTreeSet<&str> = kinds.iter().copied().collect();
                assert_eq!(unique.len(), kinds.len(), "{p}");
                assert!(unique.is_subset(&reductions), "{p}");
                for core in ["ddmin", "delete", "inline-vars"] {
                    assert!(unique.contains(core), "{core} missing in {p}");
                }
            }
            _ => assert!(starts.is_empty(), "{p}"),
        }
        let tests = p["tests"].as_u64().unwrap();
        if tests == 0 {
            assert!(p["first_test_seconds"].is_null(), "{p}");
        } else {
            let first = num(&p["first_test_seconds"]);
            assert!(setup <= first + slack && first <= seconds + slack, "{p}");
        }
        previous_end = started + seconds;
    }

    // The run's first test is the first pass's that tested (the check of
    // the input, before the first pass, is not counted).
    let first_pass = passes
        .iter()
        .find(|p| p["tests"].as_u64().unwrap() > 0)
        .unwrap();
    let first = num(&s["first_test_seconds"]);
    assert!(
        (num(&first_pass["started_seconds"]) + num(&first_pass["first_test_seconds"]) - first)
            .abs()
            < 1e-6
    );
    assert!(num(&passes[0]["started_seconds"]) <= first);
    let improvement = num(&s["first_improvement_seconds"]);
    let tenth = num(&s["tenth_seconds"]);
    let hundredth = num(&s["hundredth_seconds"]);
    assert!(
        first <= improvement && improvement <= tenth && tenth <= hundredth && hundredth <= total
    );
    // The reducer's own memory: more than the input, less than a gigabyte.
    let rss = s["peak_rss_bytes"].as_u64().unwrap();
    assert!(rss > program.len() as u64 && rss < 1 << 30, "{rss}");
}

/// The peak memory in the statistics is treereduce's own, not that of the
/// process that started it: getrusage's peak includes what the starting
/// process had touched before `execve`.
#[test]
fn stats_json_peak_memory_is_the_reducers_own() {
    // 512 MB touched (every byte written) by the process that starts the reducer.
    let ballast = std::hint::black_box(vec![1u8; 512 << 20]);
    let sb = Sandbox::new();
    sb.file("a.c", "int keep;\nint drop1;\n");
    sb.script("check.sh", "grep -q keep \"$1\"");
    let out = sb.run(&["-q", "-i", "./check.sh", "a.c", "--stats-json", "s.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::hint::black_box(&ballast)[ballast.len() - 1], 1);
    drop(ballast);
    let s: serde_json::Value = serde_json::from_slice(&sb.read("s.json")).unwrap();
    let rss = s["peak_rss_bytes"].as_u64().unwrap();
    assert!(rss > 0 && rss < 256 << 20, "{rss}");
}

/// Timeouts past what a clock can hold are clamped, not a crash.
#[test]
fn huge_timeouts_are_clamped() {
    let sb = Sandbox::new();
    sb.file("a.c", "int keep;\nint other;\n");
    sb.script("check.sh", "grep -q keep \"$1\"");
    for timeout in ["1e30", "inf"] {
        let out = sb.run(&["-q", "--timeout", timeout, "-i", "./check.sh", "a.c"]);
        assert!(out.status.success(), "{timeout}: {}", stderr(&out));
        assert_eq!(sb.read("a.reduced.c"), b"int keep;\n");
    }
    for bad in ["0", "-1", "nan"] {
        let out = sb.run(&["-q", "--timeout", bad, "-i", "./check.sh", "a.c"]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", stderr(&out));
    }
}

/// The result has the input's permissions (an executable stays executable).
#[test]
fn the_result_keeps_the_input_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let sb = Sandbox::new();
    let input = sb.file("a.js", "let keep = 1;\nlet other = 2;\n");
    std::fs::set_permissions(&input, std::fs::Permissions::from_mode(0o754)).unwrap();
    sb.script("check.sh", "grep -q keep \"$1\"");
    let out = sb.run(&["-q", "-i", "./check.sh", "a.js"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mode = std::fs::metadata(sb.path().join("a.reduced.js"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o754);
}

/// A test that cannot be run any more (here: the script deletes itself on
/// its first run) stops the reduction with exit 4 instead of "reducing" by
/// calling every candidate uninteresting; the output holds the input.
#[test]
fn a_test_that_cannot_run_stops_the_reduction() {
    let sb = Sandbox::new();
    let input = "int keep;\nint other;\nint more;\n";
    sb.file("a.c", input);
    let script = sb.script("check.sh", "rm -f \"$0\"; exit 0");
    let out = sb.run(&[
        "--stats-json",
        "stats.json",
        "-i",
        script.to_str().unwrap(),
        "a.c",
    ]);
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("could not be run 5 times in a row"), "{err}");
    assert!(err.contains("cannot start the test"), "{err}");
    assert_eq!(sb.read("a.reduced.c"), input.as_bytes());
}

/// `-o /dev/null` (only the statistics wanted) writes through the device
/// and never replaces it; a symlinked output replaces the link's target and
/// keeps the link.
#[test]
fn non_regular_outputs_are_written_through_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let sb = Sandbox::new();
    sb.file("a.c", "int keep;\nint other;\n");
    sb.script("check.sh", "grep -q keep \"$1\"");
    let out = sb.run(&[
        "-q",
        "-o",
        "/dev/null",
        "--stats-json",
        "s.json",
        "-i",
        "./check.sh",
        "a.c",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    assert!(
        String::from_utf8(sb.read("s.json"))
            .unwrap()
            .contains("\"tests\"")
    );

    sb.file("target.c", "old");
    std::os::unix::fs::symlink("target.c", sb.path().join("link.c")).unwrap();
    let out = sb.run(&["-q", "-o", "link.c", "-i", "./check.sh", "a.c"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let link = std::fs::symlink_metadata(sb.path().join("link.c")).unwrap();
    assert!(link.file_type().is_symlink());
    assert_eq!(sb.read("target.c"), b"int keep;\n");
}

/// Every path the tool writes is checked before the first test: it may not
/// be the input or the script, and it must be writable.
#[test]
fn output_paths_are_checked_before_any_test() {
    let sb = Sandbox::new();
    sb.file("a.c", "int keep;\n");
    // The script leaves a mark each time it runs.
    let mark = sb.path().join("ran");
    sb.script(
        "check.sh",
        &format!("echo x >> '{}'; exit 0", mark.display()),
    );
    let runs = |args: &[&str]| {
        let out = sb.run(args);
        (out.status.code(), stderr(&out))
    };
    for (args, says) in [
        (vec!["--stats-json", "a.c"], "is the input"),
        (vec!["--stats-json", "check.sh"], "is the test script"),
        (vec!["-o", "check.sh"], "is the test script"),
        (
            vec!["--stats-json", "missing/s.json"],
            "cannot create a file in missing",
        ),
        (vec!["-o", "."], "is not a regular file"),
        (
            vec!["-o", "x.c", "--stats-json", "x.c"],
            "name the same file",
        ),
        (vec!["-o", "-", "--stats-json", "-"], "both write to stdout"),
    ] {
        let mut all = args.clone();
        all.extend(["-i", "./check.sh", "a.c"]);
        let (code, err) = runs(&all);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    assert_eq!(sb.read("a.c"), b"int keep;\n");
    assert!(std::fs::metadata(sb.path().join("check.sh")).unwrap().len() > 10);
    assert!(!sb.path().join("x.c").exists());
    assert!(!mark.exists(), "no test ran");
}

/// The first thing a user does is run the test on the result: for Rust the
/// default name must be a valid crate name (`evaluator_reduced.rs`).
#[test]
fn the_check_accepts_the_default_rust_output_by_hand() {
    let sb = Sandbox::new();
    let script = sb.example("rust-mismatched-types/check.sh");
    sb.example("rust-mismatched-types/evaluator.rs");
    let out = sb.run(&["-q", "-i", "./check.sh", "evaluator.rs"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(sb.accepts(
        &script,
        "evaluator_reduced.rs",
        &sb.read("evaluator_reduced.rs")
    ));
    let by_hand = std::process::Command::new(&script)
        .arg("evaluator_reduced.rs")
        .current_dir(sb.path())
        .status()
        .unwrap();
    assert!(by_hand.success(), "./check.sh evaluator_reduced.rs fails");
}

/// The by-hand command printed for an uninteresting input runs as shown,
/// whatever the file name holds (quotes, `$`).
#[test]
fn the_by_hand_command_survives_odd_file_names() {
    let sb = Sandbox::new();
    for name in ["it's.c", "a$HOME.c"] {
        sb.file(name, "int x;\n");
        sb.script("check.sh", "grep -q never \"$1\"");
        let out = sb.run(&["-i", "./check.sh", name]);
        assert_eq!(out.status.code(), Some(3));
        let err = stderr(&out);
        let command = err
            .lines()
            .skip_while(|l| !l.contains("to run the check by hand"))
            .nth(1)
            .unwrap_or_else(|| panic!("{err}"))
            .trim()
            .to_string();
        let run = std::process::Command::new("sh")
            .arg("-c")
            .arg(&command)
            .current_dir(sb.path())
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&run.stdout);
        assert!(
            said.contains("exit code: 1"),
            "{command}\n{said}{}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(
            run.stderr.is_empty(),
            "{command}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
}

/// CRLF input comes out with CRLF line ends.
#[test]
fn crlf_line_ends_are_kept() {
    let sb = Sandbox::new();
    sb.file(
        "a.c",
        "int keep;\r\nint other;\r\nint f(void) {\r\n    return 1;\r\n}\r\n",
    );
    sb.script("check.sh", "grep -q keep \"$1\"");
    let out = sb.run(&["-q", "-i", "./check.sh", "a.c"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(sb.read("a.reduced.c"), b"int keep;\r\n");
}

/// When the output's folder goes away during the run, the result is saved
/// in the temporary folder, the message says where, and the exit code is 5.
#[test]
fn a_vanished_output_folder_does_not_lose_the_result() {
    let sb = Sandbox::new();
    sb.file("a.c", "int keep;\nint other;\nint more;\n");
    std::fs::create_dir(sb.path().join("out")).unwrap();
    let root = sb.path().display().to_string();
    sb.script(
        "check.sh",
        &format!(
            "n=$(cat '{root}/count' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '{root}/count'\n\
             [ $n -eq 3 ] && rm -rf '{root}/out'\n\
             grep -q keep \"$1\""
        ),
    );
    let out = sb.run(&["-q", "-o", "out/r.c", "-i", "./check.sh", "a.c"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(err.contains("out/r.c"), "{err}");
    let saved = err
        .split("it is saved in ")
        .nth(1)
        .unwrap_or_else(|| panic!("{err}"))
        .trim();
    assert_eq!(std::fs::read(saved).unwrap(), b"int keep;\n");
}

/// A test whose compiler is missing says so instead of only "not interesting".
#[test]
fn a_missing_tool_is_named() {
    let sb = Sandbox::new();
    sb.file("a.c", "int x;\n");
    sb.script("check.sh", "no-such-compiler-xyz -c \"$1\"");
    let out = sb.run(&["-i", "./check.sh", "a.c"]);
    assert_eq!(out.status.code(), Some(3));
    let err = stderr(&out);
    assert!(err.contains("a command it runs was not found"), "{err}");
    assert!(
        err.contains("no-such-compiler-xyz"),
        "the script's stderr is shown: {err}"
    );
}

#[test]
fn completions_and_man_page_come_from_the_binary() {
    let sb = Sandbox::new();
    // bash loads the completion script and completes a reduction switch.
    let out = sb.run(&["completions", "bash"]);
    assert!(out.status.success(), "{}", stderr(&out));
    sb.file("completion.bash", std::str::from_utf8(&out.stdout).unwrap());
    let probe = std::process::Command::new("bash")
        .current_dir(sb.path())
        .args([
            "-c",
            "source ./completion.bash && COMP_WORDS=(treereduce --no-hoi) COMP_CWORD=1 \
             && _treereduce treereduce --no-hoi treereduce && printf '%s\\n' \"${COMPREPLY[@]}\"",
        ])
        .output()
        .unwrap();
    assert!(probe.status.success(), "{}", stderr(&probe));
    assert_eq!(String::from_utf8(probe.stdout).unwrap(), "--no-hoist\n");
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let out = sb.run(&["completions", shell]);
        assert!(out.status.success() && !out.stdout.is_empty(), "{shell}");
    }
    let out = sb.run(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));

    // The man page is valid roff that names every option and switch.
    let out = sb.run(&["man"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let roff = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "treereduce",
        "\\-\\-interesting",
        "\\-\\-no\\-hoist",
        "completions",
        ".SH \"EXIT STATUS\"",
    ] {
        assert!(roff.contains(needle), "{needle} missing from the man page");
    }
    sb.file("treereduce.1", &roff);
    let rendered = std::process::Command::new("groff")
        .current_dir(sb.path())
        .args(["-man", "-Tutf8", "-ww", "-z", "treereduce.1"])
        .output()
        .unwrap();
    assert!(rendered.status.success(), "{}", stderr(&rendered));
    assert!(
        rendered.stderr.is_empty(),
        "groff warns: {}",
        stderr(&rendered)
    );
}

/// The warning about an input that hardly parses as its language (the
/// input is parsed while the test runs on it) comes before the verdict on
/// the input, and names the language it parses as, whether the input is
/// interesting or not.
#[test]
fn a_program_of_another_language_is_named_in_a_warning() {
    let sb = Sandbox::new();
    let rust = "fn main() {\n    let v: Vec<u8> = Vec::new();\n    println!(\"{}\", v.len());\n}\n";
    sb.file("main.c", rust);
    sb.script("no.sh", "exit 1");
    let out = sb.run(&["-i", "./no.sh", "main.c"]);
    let err = stderr(&out);
    let warning = err.find("pass -l rust").expect(&err);
    let verdict = err.find("the input is not interesting").expect(&err);
    assert!(warning < verdict, "{err}");
    sb.script("yes.sh", "grep -q main \"$1\"");
    let out = sb.run(&["-i", "./yes.sh", "-o", "out.c", "main.c"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("pass -l rust"), "{}", stderr(&out));
    let quiet = sb.run(&["-q", "-i", "./yes.sh", "-o", "out.c", "main.c"]);
    assert!(!stderr(&quiet).contains("warning"), "{}", stderr(&quiet));
}

/// Every mode says what the test did on the program it had to accept in
/// the same words: how it ended, that it must exit 0, and its stderr.
#[test]
fn every_mode_says_what_the_test_did_on_its_input_the_same_way() {
    let sb = Sandbox::new();
    sb.file("a.c", "int main(void) { return 0; }\n");
    sb.file("b.c", "int main(void) { return 1; }\n");
    sb.file(
        "gen.py",
        "import random\nprint('int main(void) { return %d; }' % random.randint(0, 9))\n",
    );
    sb.script("check.sh", "echo 'no crash here' >&2\nexit 7");
    let said = "the test exited with code 7; it must exit 0";
    let single = sb.run(&["-i", "./check.sh", "a.c"]);
    let pair = sb.run(&[
        "pair",
        "--seed",
        "a.c",
        "--variant",
        "b.c",
        "--interesting-seed",
        "./check.sh",
        "-i",
        "./check.sh",
    ]);
    let trace = sb.run(&[
        "trace",
        "-i",
        "./check.sh",
        "-l",
        "c",
        "-o",
        "t.c",
        "--",
        "python3",
        "gen.py",
    ]);
    for (mode, out, words) in [
        ("single", &single, said),
        (
            "pair",
            &pair,
            "check.sh): the test exited with code 7; it must exit 0",
        ),
        ("trace", &trace, said),
    ] {
        let err = stderr(out);
        assert_eq!(out.status.code(), Some(3), "{mode}: {err}");
        assert!(err.contains(words), "{mode}: {err}");
        assert!(err.contains("    | no crash here"), "{mode}: {err}");
    }
    std::fs::create_dir(sb.path().join("corpus")).unwrap();
    sb.file("corpus/a.c", "int main(void) { return 0; }\n");
    let batch = sb.run(&["batch", "-i", "./check.sh", "-o", "out", "corpus"]);
    assert_eq!(batch.status.code(), Some(8), "{}", stderr(&batch));
    let record: serde_json::Value =
        serde_json::from_slice(&sb.read("out/results/a.c.json")).unwrap();
    let reason = record["reason"].as_str().unwrap_or_default();
    assert!(
        reason.contains("on the input, the test exited with code 7")
            && reason.contains("no crash here"),
        "{record}"
    );
}

/// No option's help states its default twice: clap prints the default of
/// every option that has one, so a help text that also ends with it shows
/// it twice (`--width` did, in every mode).
#[test]
fn every_option_states_its_default_once() {
    let sandbox = Sandbox::new();
    for mode in [
        None,
        Some("pair"),
        Some("trace"),
        Some("batch"),
        Some("dedup"),
    ] {
        for flag in ["-h", "--help"] {
            let args: Vec<&str> = mode.into_iter().chain([flag]).collect();
            let out = sandbox.run(&args);
            assert!(out.status.success(), "{args:?}: {}", stderr(&out));
            let text = String::from_utf8(out.stdout).unwrap();
            // One block per option: from a line that starts with a flag to
            // the next such line.
            let mut blocks: Vec<String> = Vec::new();
            for line in text.lines() {
                let trimmed = line.trim_start();
                if trimmed.starts_with('-') && line.len() - trimmed.len() >= 2 {
                    blocks.push(String::new());
                }
                if let Some(block) = blocks.last_mut() {
                    block.push_str(line);
                    block.push('\n');
                }
            }
            assert!(blocks.len() >= 2, "{args:?}: no options found in\n{text}");
            for block in &blocks {
                assert!(
                    block.matches("[default:").count() <= 1,
                    "{args:?}: an option states its default twice:\n{block}"
                );
            }
        }
    }
}

/// `TREEREDUCE_ABLATE=coarse` (the benchmarks' switch, src/ablate.rs)
/// leaves out the coarse pass of a program of 100,000 tokens or more: the
/// first pass then starts on the whole input. (A deadline ends each run
/// once its first pass is under way: the pass itself is not the point.)
#[test]
fn the_ablation_switch_leaves_out_the_coarse_pass() {
    let sb = Sandbox::new();
    let mut program = String::new();
    for i in 0..3_500 {
        program.push_str(&format!(
            "int filler_{i}(int a) {{ int b = a * {i}; if (b > 3) {{ b -= a; }} return b + {i}; }}\n"
        ));
    }
    program.push_str("int trigger(int a) { return a / 0; }\n");
    sb.file("a.c", &program);
    sb.script("check.sh", "grep -q 'trigger(int a) { return a / 0' \"$1\"");
    let first_pass = |ablate: Option<&str>| {
        let mut cmd = sb.command(&[
            "-q",
            "-j",
            "2",
            "--passes",
            "1",
            "--deadline",
            "20s",
            "-i",
            "./check.sh",
            "a.c",
            "--stats-json",
            "s.json",
        ]);
        match ablate {
            Some(parts) => cmd.env("TREEREDUCE_ABLATE", parts),
            None => cmd.env_remove("TREEREDUCE_ABLATE"),
        };
        let out = cmd.output().unwrap();
        // Done, or stopped by the deadline (exit code 7).
        assert!(
            matches!(out.status.code(), Some(0 | 7)),
            "{:?}: {}",
            out.status,
            stderr(&out)
        );
        let s: serde_json::Value = serde_json::from_slice(&sb.read("s.json")).unwrap();
        let first = &s["passes"][0];
        assert!(
            first["start"]["tokens"].as_u64().unwrap() >= 100_000,
            "{first}"
        );
        first["kind"].as_str().unwrap().to_owned()
    };
    assert_eq!(first_pass(None), "coarse");
    assert_eq!(first_pass(Some("values,coarse")), "reduce");
}
