//! `treereduce trace` end to end: real generators (python3, node), real
//! tests (gcc, node), and the ways a generator can be unusable.

mod common;

use std::process::Command;
use std::time::Duration;

use common::{Sandbox, stderr, wait_exit, wait_until};

fn json(sandbox: &Sandbox, name: &str) -> serde_json::Value {
    serde_json::from_slice(&sandbox.read(name)).unwrap()
}

/// `trace -i ./check.sh OPTIONS -- GENERATOR...`: the command line of every
/// run here (the test is always `check.sh` in the sandbox).
fn trace_args<'a>(options: &[&'a str], generator: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["trace", "-i", "./check.sh"];
    args.extend_from_slice(options);
    args.push("--");
    args.extend_from_slice(generator);
    args
}

/// The trace stage alone (`--no-finish`) of `python3 gen.py` at `-j jobs`,
/// into out.txt; its statistics.
fn trace_stage(s: &Sandbox, jobs: &str) -> serde_json::Value {
    let out = s.run(&trace_args(
        &[
            "-j",
            jobs,
            "--no-finish",
            "--stats-json",
            "stats.json",
            "-o",
            "out.txt",
        ],
        &["python3", "gen.py"],
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    json(s, "stats.json")
}

fn tokens(sandbox: &Sandbox, file: &str, lang: &str) -> u64 {
    let out = sandbox.run(&["--measure", "-l", lang, file]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["tokens"].as_u64().unwrap()
}

#[test]
fn a_python_c_generator_keeps_a_function_called_with_constants() {
    let s = Sandbox::new();
    s.example("trace-c-constant-call/gen.py");
    let check = s.example("trace-c-constant-call/check.sh");
    let generated = Command::new("python3")
        .args(["gen.py", "3"])
        .current_dir(s.path())
        .output()
        .unwrap()
        .stdout;
    s.file("generated.c", &generated);
    let base = ["-j", "2", "--stats-json", "stats.json"];
    let generator = ["python3", "gen.py", "3"];
    let out = s.run(&trace_args(
        &[&base[..], &["--no-finish", "-o", "trace.c"]].concat(),
        &generator,
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    let trace_only = s.read("trace.c");
    assert!(s.accepts(&check, "trace.c", &trace_only));
    let text = String::from_utf8(trace_only).unwrap();
    // A program the generator could write: its own names and layout.
    assert!(text.starts_with("#include <stdio.h>\n\nint f0("), "{text}");
    let stats = json(&s, "stats.json");
    let pass = &stats["trace_passes"][0];
    assert!(pass["decisions"].as_u64().unwrap() > 100, "{stats}");
    assert!(pass["loops"].as_u64().unwrap() >= 3, "{stats}");
    assert!(pass["selections"].as_u64().unwrap() >= 1, "{stats}");
    let trace_tokens = stats["tokens"]["trace_reduced"].as_u64().unwrap();
    assert!(trace_tokens < tokens(&s, "generated.c", "c"));
    assert!(stats["finish"].is_null());

    let out = s.run(&trace_args(
        &[&base[..], &["-o", "bug.c"]].concat(),
        &generator,
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    let finished = s.read("bug.c");
    assert!(s.accepts(&check, "bug.c", &finished));
    let stats = json(&s, "stats.json");
    assert!(
        stats["tokens"]["finished"].as_u64().unwrap() <= trace_tokens,
        "{stats}"
    );
    assert!(tokens(&s, "bug.c", "c") < trace_tokens);
    // Private directories are gone (gcc may leave files of killed runs).
    let ours: Vec<String> = s
        .leftovers()
        .into_iter()
        .filter(|n| n.starts_with("treereduce-"))
        .collect();
    assert!(ours.is_empty(), "{ours:?}");
}

#[test]
fn a_node_generator_keeps_each_variable_defined_before_its_use() {
    let s = Sandbox::new();
    s.example("trace-js-defined-before-use/gen.js");
    let check = s.example("trace-js-defined-before-use/check.sh");
    for (align, search) in [
        ("realign", "tree"),
        ("bypass", "sequence"),
        ("halt", "tree"),
    ] {
        let out = s.run(&trace_args(
            &[
                "-j",
                "2",
                "--no-finish",
                "--align",
                align,
                "--search",
                search,
                "--stats-json",
                "stats.json",
                "-o",
                "bug.js",
            ],
            &["node", "gen.js", "11"],
        ));
        assert!(out.status.success(), "{align}: {}", stderr(&out));
        let text = s.read("bug.js");
        assert!(s.accepts(&check, "bug.js", &text));
        let text = String::from_utf8(text).unwrap();
        // Every variable printed or used is defined on an earlier line.
        let mut defined = Vec::new();
        for line in text.lines() {
            for word in line.split(|c: char| !c.is_ascii_alphanumeric()) {
                if word.starts_with('v')
                    && word[1..].chars().all(|c| c.is_ascii_digit())
                    && !word[1..].is_empty()
                {
                    let defines = line.starts_with(&format!("let {word} ="));
                    assert!(
                        defines || defined.contains(&word.to_string()),
                        "{align}: {text}"
                    );
                }
            }
            if let Some(rest) = line.strip_prefix("let ") {
                defined.push(rest.split(' ').next().unwrap().to_string());
            }
        }
        let stats = json(&s, "stats.json");
        assert_eq!(stats["trace_passes"][0]["loops"], 1, "{stats}");
        assert!(stats["tokens"]["trace_reduced"].as_u64() < stats["tokens"]["generated"].as_u64());
    }
}

#[test]
fn explicit_markers_in_a_python_generator_give_the_structure() {
    let s = Sandbox::new();
    s.file(
        "gen.py",
        "import random, sys\n\
         try:\n    import treereduce_trace as tr\n\
         except ImportError:\n    tr = None\n\
         random.seed(7)\n\
         items = []\n\
         for i in tr.loop(2, 12):\n\
         \x20   if tr.maybe(0.5):\n\
         \x20       items.append('maybe%d' % random.randint(0, 9))\n\
         \x20   items.append('item%d' % random.randint(0, 9))\n\
         items.append('bug')\n\
         print(' '.join(items))\n",
    );
    s.script("check.sh", "grep -q bug \"$1\"");
    let stats = trace_stage(&s, "2");
    assert_eq!(stats["trace_passes"][0]["loops"], 1, "{stats}");
    // Two iterations is the least the loop allows; no optional part is left.
    let text = String::from_utf8(s.read("out.txt")).unwrap();
    assert_eq!(text.split(' ').count(), 3, "{text}");
    assert!(!text.contains("maybe"), "{text}");
}

/// A choice is replayed by the value it picked: with names before it
/// removed, `choice(names)` still picks `v620` (by its index it would pick
/// another name, or none, and nothing could be removed).
#[test]
fn a_choice_is_replayed_by_the_value_it_picked() {
    let s = Sandbox::new();
    s.file(
        "gen.py",
        "import random\n\
         random.seed(11)\n\
         names = []\n\
         for i in range(random.randint(4, 8)):\n\
         \x20   names.append('v%d' % random.randint(100, 999))\n\
         out = ['int %s = 1;' % n for n in names]\n\
         out.append('use %s;' % random.choice(names))\n\
         print('\\n'.join(out))\n",
    );
    s.script(
        "check.sh",
        "grep -q '^use v620;' \"$1\" && grep -q '^int v620 = 1;' \"$1\"",
    );
    let out = s.run(&trace_args(
        &["-j", "2", "--no-finish", "-o", "out.txt"],
        &["python3", "gen.py"],
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(s.read("out.txt")).unwrap();
    // Four names is the least `randint(4, 8)` allows (of seven).
    assert_eq!(text.matches("int ").count(), 4, "{text}");
    assert!(text.ends_with("int v620 = 1;\nuse v620;\n"), "{text}");
}

/// A decision that is neither a loop's count nor a selection's guard is
/// tried at its lowest value: the recursion's `random() < p` that chose an
/// operator at the top turns to the leaf, which the removal of loop
/// iterations and selection blocks alone never reaches here (turning a
/// leaf's block off makes the expression grow).
#[test]
fn a_decision_is_tried_at_its_lowest_value() {
    let s = Sandbox::new();
    s.file(
        "gen.py",
        "import random\n\
         random.seed(7)\n\
         def expr(depth):\n\
         \x20   if depth >= 4 or random.random() < 0.2:\n\
         \x20       return str(random.randint(1, 9))\n\
         \x20   op = random.choice(['+', '*', '-'])\n\
         \x20   return '(%s %s %s)' % (expr(depth + 1), op, expr(depth + 1))\n\
         print('x = %s;' % expr(0))\n",
    );
    s.script("check.sh", "grep -q '^x = ' \"$1\"");
    let stats = trace_stage(&s, "2");
    let text = String::from_utf8(s.read("out.txt")).unwrap();
    assert_eq!(text, "x = 1;\n", "{stats}");
    let values = stats["trace"]["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["kind"] == "trace-values")
        .unwrap();
    assert!(values["accepted"].as_u64().unwrap() >= 1, "{stats}");
}

/// The lowest values stop once they have taken as many generator runs as
/// the pass's units took (at least one): here the units take none (six
/// iterations is the least `randint(6, 6)` allows), so the values stop
/// after their first level (two chunks of the four values not at their
/// lowest) instead of going on to each value alone.
#[test]
fn the_lowest_values_have_a_budget_of_candidates() {
    let s = Sandbox::new();
    s.file(
        "gen.py",
        "import random\n\
         random.seed(5)\n\
         out = []\n\
         for i in range(random.randint(6, 6)):\n\
         \x20   out.append('%d' % random.randint(1, 9))\n\
         print(' '.join(out))\n",
    );
    s.script("check.sh", "[ \"$(cat \"$1\")\" = '6 9 1 8 4 1' ]");
    let stats = trace_stage(&s, "2");
    let values = stats["trace"]["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["kind"] == "trace-values")
        .unwrap()
        .clone();
    assert_eq!(values["candidates"], 2, "{stats}");
    assert_eq!(stats["generator_runs"]["generator_runs"], 2, "{stats}");
}

/// `while random() < p:` is a selection per iteration, and `if a and
/// random() < p:` a selection too: both can be turned off.
#[test]
fn while_loops_and_guards_joined_by_and_are_recognized() {
    let s = Sandbox::new();
    s.file(
        "gen.py",
        "import random\n\
         random.seed(4)\n\
         items = []\n\
         on = True\n\
         while random.random() < 0.9:\n\
         \x20   items.append('w%d' % random.randint(0, 9))\n\
         if on and random.random() < 0.99:\n\
         \x20   items.append('g%d' % random.randint(0, 9))\n\
         items.append('bug')\n\
         print(' '.join(items))\n",
    );
    s.script("check.sh", "grep -q bug \"$1\"");
    let stats = trace_stage(&s, "2");
    assert!(
        stats["trace_passes"][0]["selections"].as_u64().unwrap() >= 2,
        "{stats}"
    );
    let text = String::from_utf8(s.read("out.txt")).unwrap();
    assert_eq!(text, "bug\n");
}

/// When the first level of the trace reduction removes less than a tenth of
/// the program, the trace stage stops there.
#[test]
fn a_trace_stage_that_gains_little_stops_after_its_first_level() {
    let s = Sandbox::new();
    s.file(
        "gen.py",
        "import random\n\
         random.seed(5)\n\
         for i in range(random.randint(6, 9)):\n\
         \x20   print('line', random.randint(0, 9))\n",
    );
    s.script("check.sh", "[ \"$(grep -c line \"$1\")\" -ge 8 ]");
    let stats = trace_stage(&s, "1");
    assert_eq!(stats["trace_stopped_early"], true, "{stats}");
    assert_eq!(
        stats["trace_passes"].as_array().unwrap().len(),
        1,
        "{stats}"
    );
}

/// A top level that gains little is not enough to stop: when the bug needs
/// every top-level unit (here each of three blocks), the level below it
/// (the lines inside the blocks) is where the trace stage gains.
#[test]
fn a_top_level_that_gains_little_goes_on_when_the_level_below_gains() {
    let s = Sandbox::new();
    s.file(
        "gen.py",
        "import random\n\
         random.seed(5)\n\
         for f in range(random.randint(1, 4)):\n\
         \x20   print('block%d = 0' % f)\n\
         \x20   for i in range(random.randint(0, 9)):\n\
         \x20       print('block%d += %d' % (f, random.randint(1, 9)))\n\
         print('print(block0 + block1 + block2)')\n",
    );
    // A Python program that runs, with three blocks (removing one leaves
    // no `block2` or a name error).
    s.script("check.sh", "grep -q '^block2 = 0' \"$1\" && python3 \"$1\"");
    let generated = Command::new("python3")
        .arg("gen.py")
        .current_dir(s.path())
        .output()
        .unwrap()
        .stdout;
    let generated = String::from_utf8(generated).unwrap();
    assert!(generated.matches("+=").count() >= 6, "{generated}");
    let out = s.run(&trace_args(
        &[
            "-j",
            "1",
            "--no-finish",
            "--stats-json",
            "stats.json",
            "-o",
            "out.py",
        ],
        &["python3", "gen.py"],
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    let stats = json(&s, "stats.json");
    assert_eq!(stats["trace_stopped_early"], false, "{stats}");
    let text = String::from_utf8(s.read("out.py")).unwrap();
    assert_eq!(
        text,
        "block0 = 0\nblock1 = 0\nblock2 = 0\nprint(block0 + block1 + block2)\n"
    );
}

/// Below a top level that gained little, the level below may make as many
/// candidates as the top level did before it gains a tenth of the program; then
/// the trace stage stops and the finishing stage takes over.
#[test]
fn the_level_below_a_top_level_that_gained_little_has_a_budget() {
    let s = Sandbox::new();
    s.file(
        "gen.py",
        "import random\n\
         random.seed(5)\n\
         for f in range(random.randint(1, 3)):\n\
         \x20   print('block%d = 0' % f)\n\
         \x20   for i in range(random.randint(9, 12)):\n\
         \x20       print('x%d_%d = %d' % (f, i, random.randint(0, 9)))\n",
    );
    let log = s.path().join("tested.log");
    // Every line is needed: nothing can be removed at any level.
    s.script(
        "check.sh",
        &format!(
            "echo x >> '{}'\n\
             [ \"$(grep -c = \"$1\")\" -ge 36 ]",
            log.display()
        ),
    );
    let stats = trace_stage(&s, "1");
    assert_eq!(stats["trace_stopped_early"], true, "{stats}");
    let generated = s.read("out.txt");
    let lines = generated.iter().filter(|&&b| b == b'\n').count();
    assert_eq!(lines, 36);
    // The top level (three blocks) takes a handful of tests; the level
    // below (33 lines, none removable) took 51 before it had a budget.
    let tested = String::from_utf8(s.read("tested.log"))
        .unwrap()
        .lines()
        .count();
    assert!(tested <= 20, "{tested} tests");
}

/// The finishing stage starts from the verdicts of the programs the trace
/// stage tested: a line the syntax reducer deletes, leaving a program a
/// replay already wrote, is not tested again. The only program tested twice
/// is the result (the finishing stage's final re-check).
#[test]
fn the_finishing_stage_does_not_test_again_what_the_trace_stage_tested() {
    let s = Sandbox::new();
    s.file(
        "gen.py",
        "import random\n\
         random.seed(5)\n\
         print(''.join('int a%d=1;\\n' % random.randint(100, 999) for _ in range(random.randint(1, 9))), end='')\n",
    );
    let log = s.path().join("tested.log");
    s.script(
        "check.sh",
        &format!(
            "sha1sum < \"$1\" | cut -c1-40 >> '{}'\n\
             grep -q a914 \"$1\" && grep -q a807 \"$1\" && gcc -fsyntax-only -x c \"$1\"",
            log.display()
        ),
    );
    let out = s.run(&trace_args(
        &[
            "-j",
            "1",
            "-l",
            "c",
            "-o",
            "out.c",
            "--stats-json",
            "stats.json",
        ],
        &["python3", "gen.py"],
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    let stats = json(&s, "stats.json");
    assert!(
        stats["finish"]["stored_hits"].as_u64().unwrap() >= 1,
        "{stats}"
    );
    let tested = String::from_utf8(s.read("tested.log")).unwrap();
    let mut seen = std::collections::HashMap::new();
    for line in tested.lines() {
        *seen.entry(line).or_insert(0) += 1;
    }
    let twice: Vec<&str> = seen
        .iter()
        .filter(|&(_, &n)| n > 1)
        .map(|(&h, _)| h)
        .collect();
    let result = Command::new("sha1sum")
        .arg(s.path().join("out.c"))
        .output()
        .unwrap()
        .stdout;
    let result = String::from_utf8(result).unwrap()[..40].to_string();
    assert!(
        twice.iter().all(|&h| h == result),
        "tested more than once: {twice:?} (result {result})"
    );
}

/// The sandbox of the `--finish-interesting` tests: the generator writes
/// C lines `int aN=1;`; `cheap.sh` asks for two names and nothing else,
/// `full.sh` also asks that both be 1, as generated (what a syntax reducer
/// can break and the generator cannot). Each logs `cheap` or `full` and the
/// program's hash to tested.log.
fn two_tests() -> Sandbox {
    let s = Sandbox::new();
    s.file(
        "gen.py",
        "import random\n\
         random.seed(5)\n\
         print(''.join('int a%d=1;\\n' % random.randint(100, 999) for _ in range(random.randint(1, 9))), end='')\n",
    );
    let log = s.path().join("tested.log");
    let names = "grep -q a914 \"$1\" && grep -q a807 \"$1\"";
    let logged = |name: &str| {
        format!(
            "echo {name} $(sha1sum < \"$1\" | cut -c1-40) >> '{}'\n",
            log.display()
        )
    };
    s.script("cheap.sh", &format!("{}{names}", logged("cheap")));
    s.script(
        "full.sh",
        &format!(
            "{}{names} || exit 1\n\
             {{ cat \"$1\"; echo 'int printf(const char *, ...); int main(void) {{ printf(\"%d\", a914 + a807); return 0; }}'; }} > full.c\n\
             gcc -std=c99 -o full full.c && [ \"$(./full)\" = 2 ]",
            logged("full")
        ),
    );
    s
}

fn sha1(s: &Sandbox, name: &str) -> String {
    let out = Command::new("sha1sum")
        .arg(s.path().join(name))
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()[..40].to_string()
}

/// `--finish-interesting`: the trace stage tests with -i, the finishing
/// stage with the other test, which judges its start itself (a program -i
/// accepted is not taken as accepted by it), and the result passes it.
#[test]
fn the_finishing_stage_can_have_a_test_of_its_own() {
    let s = two_tests();
    let run = |options: &[&str]| {
        let mut args = vec!["trace", "-j", "1", "-l", "c"];
        args.extend_from_slice(options);
        args.extend_from_slice(&["--", "python3", "gen.py"]);
        let out = s.run(&args);
        assert!(out.status.success(), "{}", stderr(&out));
    };
    // With the cheap test alone, the syntax reducer leaves invalid C: the
    // case tells the two tests apart.
    run(&["-i", "./cheap.sh", "-o", "cheap.c"]);
    assert!(!s.accepts(&s.path().join("full.sh"), "cheap.c", &s.read("cheap.c")));
    run(&["-i", "./cheap.sh", "--no-finish", "-o", "trace.c"]);
    let trace_result = sha1(&s, "trace.c");
    std::fs::remove_file(s.path().join("tested.log")).unwrap();

    run(&[
        "-i",
        "./cheap.sh",
        "--finish-interesting",
        "./full.sh",
        "-o",
        "out.c",
    ]);
    let out = s.read("out.c");
    assert!(s.accepts(&s.path().join("full.sh"), "out.c", &out));
    let tested = String::from_utf8(s.read("tested.log")).unwrap();
    let lines: Vec<(&str, &str)> = tested.lines().map(|l| l.split_once(' ').unwrap()).collect();
    // Both tests check the generated program; then the trace stage runs
    // the cheap one only, and the finishing stage the full one only.
    let which: Vec<&str> = lines.iter().map(|l| l.0).collect();
    assert_eq!(which[..2], ["cheap", "full"], "{tested}");
    let first_full = 2 + which[2..].iter().position(|&w| w == "full").unwrap();
    assert!(first_full > 2, "{tested}");
    assert!(which[first_full..].iter().all(|&w| w == "full"), "{tested}");
    assert!(
        lines[first_full..].contains(&("full", trace_result.as_str())),
        "the trace stage's result was not tested by full.sh: {tested}"
    );
}

/// `--finish-interesting` with `--no-finish` is a usage error; a generated
/// program the finishing test rejects stops the run before anything is
/// written, naming that test; a trace stage's result it rejects is kept,
/// with a warning.
#[test]
fn the_finishing_test_must_pass_the_generated_program() {
    let s = two_tests();
    let out = s.run(&[
        "trace",
        "-i",
        "./cheap.sh",
        "--finish-interesting",
        "./full.sh",
        "--no-finish",
        "-o",
        "out.c",
        "--",
        "python3",
        "gen.py",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--no-finish"), "{}", stderr(&out));
    s.script("reject.sh", "exit 1");
    let out = s.run(&[
        "trace",
        "-i",
        "./cheap.sh",
        "--finish-interesting",
        "./reject.sh",
        "-o",
        "out.c",
        "--",
        "python3",
        "gen.py",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("reject.sh"), "{}", stderr(&out));
    assert!(!s.path().join("out.c").exists());
    // It accepts the generated program only (a859 is in no smaller one):
    // it must test the trace stage's result, and reject it.
    s.script("only.sh", "grep -q a859 \"$1\"");
    let out = s.run(&[
        "trace",
        "-i",
        "./cheap.sh",
        "--finish-interesting",
        "./only.sh",
        "-o",
        "out.c",
        "--",
        "python3",
        "gen.py",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("test rejects the trace stage's result"),
        "{}",
        stderr(&out)
    );
    let text = s.read("out.c");
    assert!(!String::from_utf8_lossy(&text).contains("a859"));
    assert!(s.accepts(&s.path().join("cheap.sh"), "out.c", &text));
}

/// A generator that loads a random source the hook does not record is told
/// so at the check, before anything is reduced.
#[test]
fn unrecorded_random_sources_are_named_at_the_check() {
    let s = Sandbox::new();
    s.file(
        "gen.py",
        "import random, secrets\nprint(random.randint(0, 9))\n",
    );
    s.script("check.sh", "true");
    let out = s.run(&trace_args(
        &["-j", "1", "--no-finish", "-o", "out.txt"],
        &["python3", "gen.py"],
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("loads secrets"), "{}", stderr(&out));
}

fn fails_with(generator: &str, extra: &[&str], code: i32, message: &str) {
    let s = Sandbox::new();
    s.file("gen.py", generator);
    s.script("check.sh", "true");
    let options = [&["-j", "1", "--no-finish", "-o", "out.txt"][..], extra].concat();
    let out = s.run(&trace_args(&options, &["python3", "gen.py"]));
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(code), "{err}");
    assert!(err.contains(message), "{err}");
    assert!(!s.path().join("out.txt").exists(), "nothing is written");
}

#[test]
fn unusable_generators_are_named_with_the_reason() {
    fails_with(
        "import random, sys\nrandom.random()\nsys.stderr.write('boom\\n')\nsys.exit(3)\n",
        &[],
        6,
        "failed with exit code 3",
    );
    fails_with(
        "import random\nrandom.random()\n",
        &[],
        6,
        "wrote no program",
    );
    fails_with(
        "import random, time\nrandom.random()\ntime.sleep(30)\n",
        &["--gen-timeout", "1"],
        6,
        "did not finish within 1.0 s",
    );
    fails_with("print('hello')\n", &[], 6, "made no random decision");
    // A decision from a source the hook does not see: the replay differs.
    fails_with(
        "import random, os\nprint(random.randint(0, 9), os.urandom(8).hex())\n",
        &[],
        6,
        "wrote another program when replaying",
    );
    // Decisions whose place depends on something else than the decisions.
    fails_with(
        "import random, os\nif os.urandom(1)[0] % 2:\n    random.random()\nrandom.randint(0, 9)\nprint(os.urandom(4).hex())\n",
        &[],
        6,
        "not deterministic given its decisions",
    );
}

/// `-o` naming a directory is refused before anything runs, and said so,
/// also without `-l` (the language of the program comes from `-o`'s name).
#[test]
fn an_output_that_is_a_directory_is_refused_as_such() {
    let s = Sandbox::new();
    s.file("gen.py", "import random\nprint(random.randint(0, 9))\n");
    let mark = s.path().join("ran");
    s.script("check.sh", &format!("echo x >> '{}'", mark.display()));
    std::fs::create_dir(s.path().join("out")).unwrap();
    for options in [&["-o", "out"][..], &["-l", "c", "-o", "out"]] {
        let out = s.run(&trace_args(options, &["python3", "gen.py"]));
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("is not a regular file"),
            "{options:?}: {}",
            stderr(&out)
        );
    }
    assert!(!mark.exists(), "the test ran");
}

#[test]
fn a_generator_outside_python_and_node_must_follow_the_protocol() {
    let s = Sandbox::new();
    s.script("gen.sh", "echo 'int main(void) { return 0; }'");
    s.script("check.sh", "true");
    let out = s.run(&trace_args(&["--no-finish", "-o", "out.c"], &["./gen.sh"]));
    assert_eq!(out.status.code(), Some(6));
    assert!(
        stderr(&out).contains("trace-protocol.md"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn an_uninteresting_program_stops_before_anything_is_written() {
    let s = Sandbox::new();
    s.file("gen.py", "import random\nprint(random.randint(0, 9))\n");
    s.script("check.sh", "exit 1");
    let out = s.run(&trace_args(
        &["--no-finish", "-o", "out.txt"],
        &["python3", "gen.py"],
    ));
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("not interesting"));
    assert!(!s.path().join("out.txt").exists());
}

/// Ctrl-C while the generator is being recorded or replayed for the check:
/// an interruption (exit code 130, nothing written), not an unusable
/// generator.
#[test]
fn ctrl_c_during_the_generator_check_is_an_interruption() {
    let s = Sandbox::new();
    // Each run of the generator says so in `runs`; the replays (every run
    // after the recording) take longer than the test waits.
    let runs = s.path().join("runs");
    s.file(
        "gen.py",
        format!(
            "import random, time\nx = random.randint(0, 9)\nwith open({runs:?}, 'a') as f:\n    f.write('run\\n')\nif open({runs:?}).read().count('run') > 1:\n    time.sleep(300)\nprint('bug', x)\n",
        ),
    );
    s.script("check.sh", "grep -q bug \"$1\"");
    let child = s
        .command(&trace_args(
            &["-o", "out.txt", "--no-finish", "--gen-timeout", "600"],
            &["python3", "gen.py"],
        ))
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Into the first replay of the check.
    wait_until("the first replay", Duration::from_secs(120), || {
        std::fs::read_to_string(&runs).is_ok_and(|r| r.lines().count() >= 2)
    });
    // SAFETY: sending SIGINT to the child we started.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let out = wait_exit(child, Duration::from_secs(60), "the run stopping at Ctrl-C");
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    assert!(stderr(&out).contains("interrupted"), "{}", stderr(&out));
    assert!(!s.path().join("out.txt").exists());
}

#[test]
fn ctrl_c_keeps_the_best_program() {
    let s = Sandbox::new();
    s.file(
        "gen.py",
        "import random\nrandom.seed(1)\nfor i in range(80):\n    if random.randint(0, 1):\n        print('line', random.randint(0, 9))\nprint('bug')\n",
    );
    // Once `hang` exists every test hangs (longer than any test waits), so
    // the signal finds the reduction running.
    let hang = s.path().join("hang");
    s.script(
        "check.sh",
        &format!(
            "[ -f '{}' ] && sleep 1000.2718\nsleep 0.3; test $(grep -c line \"$1\") -ge 5 && grep -q bug \"$1\"",
            hang.display()
        ),
    );
    let child = s
        .command(&trace_args(
            &["-j", "2", "--no-finish", "-o", "out.txt"],
            &["python3", "gen.py"],
        ))
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The output holds the generated program once the checks are done, and
    // a shorter one once the reduction has improved on it.
    let generated = Command::new("python3")
        .arg("gen.py")
        .current_dir(s.path())
        .output()
        .unwrap()
        .stdout;
    let out_txt = s.path().join("out.txt");
    wait_until("an improvement", Duration::from_secs(120), || {
        std::fs::read(&out_txt).is_ok_and(|t| t.len() < generated.len())
    });
    std::fs::write(&hang, "").unwrap();
    wait_until("a hanging test", Duration::from_secs(60), || {
        !common::processes_with("sleep 1000.2718").is_empty()
    });
    // What the output holds once it stops changing: every test hangs now.
    let mut held = std::fs::read(&out_txt).unwrap();
    loop {
        std::thread::sleep(Duration::from_secs(1));
        let now = std::fs::read(&out_txt).unwrap();
        if now == held {
            break;
        }
        held = now;
    }
    assert!(held.len() < generated.len());
    // SAFETY: sending SIGINT to the child we started.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let out = wait_exit(child, Duration::from_secs(60), "the run stopping at Ctrl-C");
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    let text = String::from_utf8(s.read("out.txt")).unwrap();
    assert!(text.ends_with("bug\n"), "{text}");
    assert!(
        text.lines().filter(|l| l.starts_with("line")).count() >= 5,
        "{text}"
    );
    // The best so far: no larger than what the output held before the
    // stop (not the generated program, not an older result).
    assert!(
        text.len() <= held.len(),
        "{} bytes kept, {} held before the stop:\n{text}",
        text.len(),
        held.len()
    );
    assert!(common::wait_no_processes("sleep 1000.2718").is_empty());
}
