//! `treereduce pair` with real compilers and interpreters as the two tests.

mod common;

use std::time::Duration;

use common::{Sandbox, processes_with, stderr, wait_exit, wait_no_processes, wait_until};

fn c_pair(sb: &Sandbox) {
    for name in ["good.c", "bad.c", "ok.sh", "bug.sh"] {
        sb.example(&format!("pair-c-div-by-zero/{name}"));
    }
}

/// `pair --seed SEED --variant VARIANT REST...`.
fn pair_args<'a>(seed: &'a str, variant: &'a str, rest: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["pair", "--seed", seed, "--variant", variant];
    args.extend_from_slice(rest);
    args
}

/// `treereduce pair` on `[seed, variant, seed's test, variant's test]`,
/// `extra` after them.
fn pair_command(
    sb: &Sandbox,
    [seed, variant, ok, bug]: [&str; 4],
    extra: &[&str],
) -> std::process::Command {
    let tests = ["--interesting-seed", ok, "-i", bug];
    sb.command(&pair_args(seed, variant, &[&tests[..], extra].concat()))
}

/// Runs `treereduce pair` on `[seed, variant, seed's test, variant's test]`.
fn run_pair(sb: &Sandbox, files: [&str; 4], extra: &[&str]) -> std::process::Output {
    pair_command(sb, files, extra).output().unwrap()
}

/// The bundled example pair and its two tests.
const EXAMPLE: [&str; 4] = ["good.c", "bad.c", "./ok.sh", "./bug.sh"];

/// Non-white-space lines the diff adds or removes.
fn changed_lines(diff: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(diff)
        .lines()
        .filter(|l| {
            (l.starts_with('+') || l.starts_with('-'))
                && !l.starts_with("+++")
                && !l.starts_with("---")
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn c_pair_keeps_only_the_division_by_zero() {
    let sb = Sandbox::new();
    c_pair(&sb);
    let (good, bad) = (sb.read("good.c"), sb.read("bad.c"));
    let out = run_pair(&sb, EXAMPLE, &["-j", "2", "--stats-json", "stats.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let (seed, variant) = (sb.read("good.reduced.c"), sb.read("bad.reduced.c"));
    assert!(sb.accepts(&sb.path().join("ok.sh"), "good.c", &seed));
    assert!(sb.accepts(&sb.path().join("bug.sh"), "bad.c", &variant));
    assert!(
        seed.len() * 4 < good.len(),
        "{}",
        String::from_utf8_lossy(&seed)
    );
    // The other mutations (a constant, an operator, a statement) are gone
    // from the difference: one line pair, differing by the division.
    let lines = changed_lines(&sb.read("bad.reduced.diff"));
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[1].contains("/ 0") && !lines[0].contains('/'),
        "{lines:?}"
    );
    let stats: serde_json::Value = serde_json::from_slice(&sb.read("stats.json")).unwrap();
    let steps = stats["steps"].as_array().unwrap();
    assert_eq!(steps[0]["reducer"], "start");
    assert!(steps[0]["diff_tokens"].as_u64().unwrap() >= 10);
    assert!(steps.last().unwrap()["diff_tokens"].as_u64().unwrap() <= 3);
    for r in ["tdiff", "ldiff", "commonality", "canon"] {
        assert!(steps.iter().any(|s| s["reducer"] == r), "{r} missing");
    }
    assert!(stats["seed_tests"]["tests"].as_u64().unwrap() > 0);
    // Rounds, tests run ahead for nothing and abandoned runs are counted.
    assert!(steps.last().unwrap()["rounds"].as_u64().unwrap() > 0);
    assert!(steps.last().unwrap()["conflicts"].is_u64());
    for side in ["seed_tests", "variant_tests"] {
        assert!(stats[side]["abandoned"].is_u64(), "{side}");
    }
    // The inputs are untouched.
    assert_eq!((sb.read("good.c"), sb.read("bad.c")), (good, bad));
}

#[test]
fn rust_pair_isolates_the_changed_type() {
    let sb = Sandbox::new();
    let seed = "struct Config { level: u32, name: String }\n\nfn describe(c: &Config) -> String {\n    format!(\"{}:{}\", c.name, c.level)\n}\n\nfn main() {\n    let c = Config { level: 3, name: String::from(\"x\") };\n    let total: u32 = c.level + 2;\n    println!(\"{} {}\", describe(&c), total);\n}\n";
    // The variant changes a field's type (the bug: E0308 at its use), and
    // unrelated things: a literal and a string.
    let variant = seed
        .replace("level: u32,", "level: i64,")
        .replace("level: 3,", "level: 4,")
        .replace("from(\"x\")", "from(\"yy\")");
    sb.file("seed.rs", seed);
    sb.file("variant.rs", &variant);
    sb.script(
        "compiles.sh",
        "rustc --edition 2021 --crate-type lib -A warnings --emit=metadata -o out.rmeta \"$1\" 2>/dev/null",
    );
    sb.script(
        "e0308.sh",
        "rustc --edition 2021 --crate-type lib -A warnings --emit=metadata -o out.rmeta \"$1\" 2>&1 | grep -q 'error\\[E0308\\]'",
    );
    let out = run_pair(
        &sb,
        ["seed.rs", "variant.rs", "./compiles.sh", "./e0308.sh"],
        &["-j", "2"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let lines = changed_lines(&sb.read("variant_reduced.diff"));
    let text = lines.join("\n");
    // One line pair: the field's type, and neither the literal nor the string.
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].contains("u32") && lines[1].contains("i64"),
        "{text}"
    );
    assert!(!text.contains("yy") && !text.contains("level: 4"), "{text}");
    assert!(sb.read("variant_reduced.rs").len() < variant.len() / 2);
}

#[test]
fn javascript_pair_isolates_the_renamed_method() {
    let sb = Sandbox::new();
    let seed = "class Stack {\n  constructor() { this.items = []; }\n  push(x) { this.items.push(x); return this; }\n  size() { return this.items.length; }\n}\nconst s = new Stack();\ns.push(1).push(2);\nconst label = 'size';\nconsole.log(label, s.size());\n";
    let variant = seed
        .replace("size() {", "count() {")
        .replace("push(2)", "push(3)")
        .replace("'size'", "'n'");
    sb.file("seed.js", seed);
    sb.file("variant.js", &variant);
    sb.script("runs.sh", "node \"$1\" >/dev/null 2>&1");
    sb.script(
        "throws.sh",
        "node \"$1\" 2>&1 | grep -q 'is not a function'",
    );
    let out = run_pair(
        &sb,
        ["seed.js", "variant.js", "./runs.sh", "./throws.sh"],
        &["-j", "2", "--stats-json", "s.json"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = changed_lines(&sb.read("variant.reduced.diff")).join("\n");
    assert!(text.contains("count") || text.contains("size"), "{text}");
    assert!(!text.contains('3') && !text.contains("'n'"), "{text}");
    let stats: serde_json::Value = serde_json::from_slice(&sb.read("s.json")).unwrap();
    let last = stats["steps"].as_array().unwrap().last().unwrap().clone();
    assert!(last["diff_tokens"].as_u64().unwrap() <= 2, "{last}");
}

#[test]
fn inputs_that_do_not_pass_their_tests_are_named() {
    let sb = Sandbox::new();
    c_pair(&sb);
    // The variant's test on a seed-like variant: the variant fails.
    sb.file("clean.c", "int main(void) { return 0; }\n");
    let out = run_pair(&sb, ["good.c", "clean.c", "./ok.sh", "./bug.sh"], &[]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("the variant clean.c does not pass its test"),
        "{}",
        stderr(&out)
    );
    // The seed fails its test (here it shows the bug).
    let out = run_pair(&sb, ["bad.c", "bad.c", "./ok.sh", "./bug.sh"], &[]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "identical inputs: {}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("identical"));
    std::fs::copy(sb.path().join("bad.c"), sb.path().join("bad2.c")).unwrap();
    std::fs::write(
        sb.path().join("bad2.c"),
        [sb.read("bad.c"), b"int z;\n".to_vec()].concat(),
    )
    .unwrap();
    let out = run_pair(&sb, ["bad2.c", "bad.c", "./ok.sh", "./bug.sh"], &[]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        stderr(&out).contains("the seed bad2.c does not pass its test"),
        "{}",
        stderr(&out)
    );
    // The scripts given the other way round.
    let out = run_pair(&sb, ["good.c", "bad.c", "./bug.sh", "./ok.sh"], &[]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("swapped"), "{}", stderr(&out));
    // Two languages.
    sb.file("other.js", "let x = 1;\n");
    let out = run_pair(&sb, ["good.c", "other.js", "./ok.sh", "./bug.sh"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("is c but the variant other.js is javascript"),
        "{}",
        stderr(&out)
    );
    // An output that is an input.
    let out = run_pair(&sb, EXAMPLE, &["--output-diff", "good.c"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("never modifies"), "{}", stderr(&out));
    assert!(!sb.path().join("good.reduced.c").exists());
}

#[test]
fn ctrl_c_keeps_both_best_programs_and_the_diff() {
    let sb = Sandbox::new();
    c_pair(&sb);
    let good = sb.read("good.c");
    // Once `hang` exists every test hangs (longer than any test waits), so
    // the signal finds tests running, which must be stopped for the run to
    // end.
    let hang = sb.path().join("hang");
    for (slow, real) in [("slow-ok.sh", "ok.sh"), ("slow-bug.sh", "bug.sh")] {
        sb.script(
            slow,
            &format!(
                "export TMPDIR=\"$PWD\"\n[ -f '{}' ] && sleep 1000.4142\nexec {} \"$@\"",
                hang.display(),
                sb.path().join(real).display()
            ),
        );
    }
    let child = pair_command(
        &sb,
        ["good.c", "bad.c", "./slow-ok.sh", "./slow-bug.sh"],
        &["-j", "2", "-q"],
    )
    .stderr(std::process::Stdio::piped())
    .spawn()
    .unwrap();
    let seed_out = sb.path().join("good.reduced.c");
    let improved = || std::fs::read(&seed_out).is_ok_and(|r| r.len() < good.len());
    wait_until("the seed improving", Duration::from_secs(120), improved);
    std::fs::write(&hang, "").unwrap();
    wait_until("a hanging test", Duration::from_secs(60), || {
        !processes_with("sleep 1000.4142").is_empty()
    });
    // What the results hold once they stop changing: every test hangs now.
    let pair = || (sb.read("good.reduced.c"), sb.read("bad.reduced.c"));
    let mut held = pair();
    loop {
        std::thread::sleep(Duration::from_secs(1));
        let now = pair();
        if now == held {
            break;
        }
        held = now;
    }
    // SAFETY: signalling our own child process.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let out = wait_exit(child, Duration::from_secs(60), "the run stopping at Ctrl-C");
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    let (seed, variant) = pair();
    assert!(seed.len() < good.len());
    assert!(sb.accepts(&sb.path().join("ok.sh"), "good.c", &seed));
    assert!(sb.accepts(&sb.path().join("bug.sh"), "bad.c", &variant));
    // The best pair so far: no larger than the one held before the stop.
    assert!(
        seed.len() + variant.len() <= held.0.len() + held.1.len(),
        "kept {} + {} bytes, held {} + {}",
        seed.len(),
        variant.len(),
        held.0.len(),
        held.1.len()
    );
    // The diff is the one of this pair: applied to the seed, it gives the
    // variant.
    let diff = sb.read("bad.reduced.diff");
    assert!(!changed_lines(&diff).is_empty());
    assert_eq!(
        String::from_utf8_lossy(&apply_unified(&seed, &diff)),
        String::from_utf8_lossy(&variant),
        "the diff is not the one of the pair kept"
    );
    assert_eq!(wait_no_processes("sleep 1000.4142"), Vec::<String>::new());
    assert!(sb.leftovers().is_empty(), "{:?}", sb.leftovers());
}

/// Applies a unified diff to `text` (each hunk where its header says,
/// its context and removed lines checked); panics when it does not apply.
fn apply_unified(text: &[u8], diff: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(text);
    let old: Vec<&str> = text.split_inclusive('\n').collect();
    let diff = String::from_utf8_lossy(diff);
    let mut out = String::new();
    let mut at = 0; // lines of `old` consumed
    let mut lines = diff.split_inclusive('\n').peekable();
    while let Some(line) = lines.next() {
        let Some(header) = line.strip_prefix("@@ -") else {
            continue;
        };
        let start: usize = header
            .split([',', ' '])
            .next()
            .and_then(|n| n.parse().ok())
            .expect("a hunk header");
        // A hunk of an empty range starts after line `start`.
        let first = start.saturating_sub(1).max(at);
        out.extend(old[at..first].iter().copied());
        at = first;
        while let Some(body) = lines.next_if(|l| !l.starts_with("@@")) {
            let (mark, rest) = body.split_at(1);
            let rest = match lines.next_if(|l| l.starts_with('\\')) {
                Some(_) => rest.trim_end_matches('\n'),
                None => rest,
            };
            match mark {
                " " | "-" => {
                    assert_eq!(old.get(at).copied(), Some(rest), "the diff does not apply");
                    at += 1;
                    if mark == " " {
                        out.push_str(rest);
                    }
                }
                "+" => out.push_str(rest),
                _ => panic!("not a hunk line: {body:?}"),
            }
        }
    }
    out.extend(old[at..].iter().copied());
    out.into_bytes()
}

#[test]
fn a_unified_diff_applies_as_patch_would() {
    let seed = b"a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n";
    let variant = b"a\nB\nc\nd\ne\nf\ng\nh\nj\nk";
    let diff = b"--- s\n+++ v\n@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n e\n@@ -6,5 +6,5 @@\n f\n g\n h\n-i\n j\n+k\n\\ No newline at end of file\n";
    assert_eq!(apply_unified(seed, diff), variant);
}

/// Runs `treereduce pair --interesting-pair SCRIPT` on `seed` and `variant`.
fn run_pair_script(
    sb: &Sandbox,
    [seed, variant, script]: [&str; 3],
    extra: &[&str],
) -> std::process::Output {
    let tests = ["--interesting-pair", script];
    sb.run(&pair_args(seed, variant, &[&tests[..], extra].concat()))
}

/// Runs a pair script the way treereduce does (both files in one private
/// directory), returning whether it exits 0.
fn pair_accepts(script: &std::path::Path, [seed, variant]: [(&str, &[u8]); 2]) -> bool {
    let dir = tempfile::tempdir().unwrap();
    let (s, v) = (dir.path().join(seed.0), dir.path().join(variant.0));
    std::fs::write(&s, seed.1).unwrap();
    std::fs::write(&v, variant.1).unwrap();
    std::process::Command::new(script)
        .args([&s, &v])
        .current_dir(dir.path())
        .status()
        .unwrap()
        .success()
}

/// A seed that computes a ratio, and a variant whose changed constant
/// makes the divisor zero at run time (SIGFPE), among unrelated changes
/// (another constant, the output's format).
const RATIO_SEED: &str = "#include <stdio.h>\n\nint scale = 4;\nint weights[4] = {3, 1, 4, 1};\n\nint total(int n) {\n  int t = 0;\n  for (int i = 0; i < n; i++)\n    t += weights[i];\n  return t;\n}\n\nint ratio(int a, int b) { return a / b; }\n\nint main(void) {\n  int sum = total(4);\n  int r = ratio(sum * scale, sum - 8);\n  printf(\"%d %d\\n\", sum, r);\n  return 0;\n}\n";

/// Seed compiles and runs to exit 0; the variant compiles and dies of
/// SIGFPE (exit status 136 in the shell). Both under a time limit, whose
/// KILL (137) counts as neither. gcc's temporary files go to the private
/// directory, so a test stopped early leaves none behind.
const RATIO_PAIR_SH: &str = "export TMPDIR=\"$PWD\"\ngcc -O0 -w -o seed.bin \"$1\" 2>/dev/null || exit 1\ntimeout -s KILL 5 ./seed.bin >/dev/null 2>&1 || exit 1\ngcc -O0 -w -o variant.bin \"$2\" 2>/dev/null || exit 1\ntimeout -s KILL 5 ./variant.bin >/dev/null 2>&1\ntest $? -eq 136";

#[test]
fn one_script_decides_the_pair_with_a_real_crash() {
    let sb = Sandbox::new();
    let variant = RATIO_SEED
        .replace("sum - 8", "sum - 9")
        .replace("scale = 4", "scale = 5")
        .replace("%d %d", "%d, %d");
    sb.file("ratio.c", RATIO_SEED);
    sb.file("ratio-fpe.c", &variant);
    let script = sb.script("pair.sh", RATIO_PAIR_SH);
    let out = run_pair_script(
        &sb,
        ["ratio.c", "ratio-fpe.c", "./pair.sh"],
        &["-j", "2", "--stats-json", "stats.json"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let (seed, reduced) = (sb.read("ratio.reduced.c"), sb.read("ratio-fpe.reduced.c"));
    assert!(pair_accepts(
        &script,
        [("ratio.c", &seed), ("ratio-fpe.c", &reduced)]
    ));
    // It must still compile and run, so the loop and the division stay.
    assert!(
        seed.len() * 4 < RATIO_SEED.len() * 3,
        "{}",
        String::from_utf8_lossy(&seed)
    );
    // The divisor's constant is the difference; the other changes are gone.
    let text = changed_lines(&sb.read("ratio-fpe.reduced.diff")).join("\n");
    assert!(!text.contains("5") && !text.contains(", %d"), "{text}");
    let stats: serde_json::Value = serde_json::from_slice(&sb.read("stats.json")).unwrap();
    let steps = stats["steps"].as_array().unwrap();
    assert!(steps[0]["diff_tokens"].as_u64().unwrap() >= 3);
    assert!(
        steps.last().unwrap()["diff_tokens"].as_u64().unwrap() <= 2,
        "{text}"
    );
    // Every test was a test of the pair.
    assert!(stats["pair_tests"]["tests"].as_u64().unwrap() > 10);
    assert_eq!(stats["seed_tests"]["tests"], 0);
    assert_eq!(stats["variant_tests"]["tests"], 0);
    assert!(sb.leftovers().is_empty(), "{:?}", sb.leftovers());
}

#[test]
fn a_pair_script_that_rejects_the_inputs_is_reported() {
    let sb = Sandbox::new();
    c_pair(&sb);
    let (ok, bug) = (sb.path().join("ok.sh"), sb.path().join("bug.sh"));
    sb.script(
        "pair.sh",
        &format!(
            "echo \"checking $1 and $2\" >&2\n{} \"$1\" && {} \"$2\"",
            ok.display(),
            bug.display()
        ),
    );
    // The inputs the other way round: the test fails, says so, and the
    // check notices that the swapped pair passes.
    let out = run_pair_script(&sb, ["bad.c", "good.c", "./pair.sh"], &[]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("the pair (seed bad.c, variant good.c) does not pass its test")
            && err.contains("exited with code 1")
            && err.contains("| checking")
            && err.contains("/bad.c and ")
            && err.contains("swapped"),
        "{err}"
    );
    assert!(!sb.path().join("bad.reduced.c").exists());
    // A script that cannot pass.
    sb.script("never.sh", "gcc -c -o out.o \"$1\" && exit 1");
    let out = run_pair_script(&sb, ["good.c", "bad.c", "./never.sh"], &[]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(!stderr(&out).contains("swapped"), "{}", stderr(&out));
    // Two ways of testing at once, or half of one: usage errors.
    for extra in [
        pair_args(
            "good.c",
            "bad.c",
            &["--interesting-pair", "./pair.sh", "-i", "./bug.sh"],
        ),
        pair_args("good.c", "bad.c", &["-i", "./bug.sh"]),
        pair_args("good.c", "bad.c", &[]),
    ] {
        let out = sb.run(&extra);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {}", stderr(&out));
    }
    // A pair script is protected like the inputs.
    let out = run_pair_script(
        &sb,
        ["good.c", "bad.c", "./pair.sh"],
        &["--output-diff", "pair.sh"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("never modifies"), "{}", stderr(&out));
    assert!(sb.leftovers().is_empty(), "{:?}", sb.leftovers());
}

/// A seed and a variant of the same file name go to `seed/` and `variant/`
/// of the private directory.
#[test]
fn a_pair_of_one_file_name_is_kept_apart() {
    let sb = Sandbox::new();
    c_pair(&sb);
    std::fs::create_dir(sb.path().join("old")).unwrap();
    std::fs::create_dir(sb.path().join("new")).unwrap();
    std::fs::copy(sb.path().join("good.c"), sb.path().join("old/prog.c")).unwrap();
    std::fs::copy(sb.path().join("bad.c"), sb.path().join("new/prog.c")).unwrap();
    let (ok, bug) = (sb.path().join("ok.sh"), sb.path().join("bug.sh"));
    sb.script(
        "pair.sh",
        &format!(
            "test \"$1\" = \"$PWD/seed/prog.c\" && test \"$2\" = \"$PWD/variant/prog.c\" || exit 1\n{} \"$1\" && {} \"$2\"",
            ok.display(),
            bug.display()
        ),
    );
    let out = run_pair_script(
        &sb,
        ["old/prog.c", "new/prog.c", "./pair.sh"],
        &["-j", "2", "--no-commonality"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let lines = changed_lines(&sb.read("new/prog.reduced.diff"));
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[1].contains("/ 0"), "{lines:?}");
    assert!(sb.read("old/prog.reduced.c").len() <= sb.read("old/prog.c").len());
}

/// A flaky pair test: it rejects any pair it accepted before, so the final
/// re-check (which bypasses the caches) rejects every reduced pair and falls
/// back to the inputs. The last step of --stats-json is then a `recheck`
/// step that describes the pair written, and the statistics say flaky.
#[test]
fn a_recheck_that_falls_back_ends_the_steps_with_the_pair_written() {
    let sb = Sandbox::new();
    let seed = "int keep;\nint a;\nint b = 1;\n";
    let variant = "int keep;\nint a;\nint b = 7;\n";
    sb.file("good.c", seed);
    sb.file("bad.c", variant);
    let seen = sb.path().join("seen");
    sb.script(
        "pair.sh",
        &format!(
            "grep -q keep \"$1\" && grep -q 'b = 1' \"$1\" && grep -q 'b = 7' \"$2\" || exit 1\n\
             h=$(cat \"$1\" \"$2\" | md5sum | cut -c1-32)\n\
             grep -q $h '{seen}' 2>/dev/null && exit 1\necho $h >> '{seen}'",
            seen = seen.display()
        ),
    );
    let out = run_pair_script(
        &sb,
        ["good.c", "bad.c", "./pair.sh"],
        &["-j", "1", "--stats-json", "stats.json"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(sb.read("good.reduced.c"), seed.as_bytes());
    assert_eq!(sb.read("bad.reduced.c"), variant.as_bytes());
    let stats: serde_json::Value = serde_json::from_slice(&sb.read("stats.json")).unwrap();
    let steps = stats["steps"].as_array().unwrap();
    let (first, last) = (&steps[0], steps.last().unwrap());
    assert_eq!(last["reducer"], "recheck", "{stats}");
    assert_eq!(last["seed"], first["seed"], "{stats}");
    assert_eq!(last["variant"], first["variant"], "{stats}");
    assert_eq!(stats["flaky"], true, "{stats}");
    assert_eq!(stats["recheck"], "passed", "{stats}");
    assert!(stderr(&out).contains("flaky"), "{}", stderr(&out));
}

/// When the outputs' folder goes away during the run, each of the three
/// results is saved in the temporary folder, the message says where, and
/// the exit code is 5, as in single mode.
#[test]
fn a_vanished_output_folder_does_not_lose_the_pair() {
    let sb = Sandbox::new();
    c_pair(&sb);
    std::fs::create_dir(sb.path().join("out")).unwrap();
    let root = sb.path().display().to_string();
    sb.script(
        "wrap.sh",
        &format!(
            "n=$(cat '{root}/count' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '{root}/count'\n\
             [ $n -eq 3 ] && rm -rf '{root}/out'\n\
             exec '{root}/bug.sh' \"$1\""
        ),
    );
    let outputs = [
        "-q",
        "-j",
        "2",
        "--output-seed",
        "out/s.c",
        "--output-variant",
        "out/v.c",
        "--output-diff",
        "out/d.diff",
    ];
    let out = run_pair(&sb, ["good.c", "bad.c", "./ok.sh", "./wrap.sh"], &outputs);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(5), "{err}");
    let saved = |name: &str| {
        let line = err
            .lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name}: {err}"));
        let path = line
            .split("it is saved in ")
            .nth(1)
            .unwrap_or_else(|| panic!("{line}"));
        std::fs::read(path.trim()).unwrap()
    };
    let variant = saved("out/v.c");
    assert!(sb.accepts(&sb.path().join("bug.sh"), "v.c", &variant));
    let seed = saved("out/s.c");
    assert!(sb.accepts(&sb.path().join("ok.sh"), "s.c", &seed));
    assert!(String::from_utf8_lossy(&saved("out/d.diff")).contains("@@"));
}
