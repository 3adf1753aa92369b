//! What README.md and doc/options.md promise about repeated runs: the same input, test and
//! options give the same bytes at every `-j` and in every run (with a test
//! that always answers the same), in single, pair, trace and batch mode;
//! `--width` changes the result, `-j` never. Every run here passes
//! `--no-cache`, so that no run replays another's verdicts, and most tests
//! sleep a few milliseconds that depend on the candidate, so that the tests
//! of a round end in a different order at every `-j`.

mod common;

use std::collections::BTreeSet;

use common::{Sandbox, stderr};

/// Reduces `input` in `sb` with `./check.sh` and `flags`, `runs` times:
/// the texts it gave.
fn texts(sb: &Sandbox, input: &str, flags: &[&str], runs: usize) -> BTreeSet<String> {
    let mut texts = BTreeSet::new();
    for _ in 0..runs {
        let mut args = vec!["-q", "--no-cache", "-o", "-", "-i", "./check.sh"];
        args.extend_from_slice(flags);
        args.push(input);
        let out = sb.run(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        texts.insert(String::from_utf8(out.stdout).unwrap());
    }
    texts
}

/// Two functions the test needs one of, both used by a smaller third: each
/// deletion fails while the third uses it; once the third goes, both are
/// retried in the same pass, and the one retried first goes. The order of
/// the two retries once came from a hash map, different in every process,
/// so that about half the runs kept `f` and half `g`.
#[test]
fn retries_run_in_the_same_order_in_every_run() {
    let sb = Sandbox::new();
    let body = "{ int a = 1; int b = 2; int c = 3; return a + b + c; }";
    sb.file(
        "a.c",
        format!("int f(void) {body}\nint g(void) {body}\nint h(void) {{ return f() + g(); }}\n"),
    );
    sb.script(
        "check.sh",
        "gcc -c -Werror=implicit-function-declaration -o out.o \"$1\" 2>/dev/null \
         && grep -Eq 'int (f|g)\\(void\\) \\{' \"$1\"",
    );
    for jobs in ["1", "4"] {
        let texts = texts(&sb, "a.c", &["-j", jobs], 8);
        assert_eq!(texts.len(), 1, "-j {jobs} gave {texts:#?}");
    }
}

/// Which functions stay depends on the order deletions are committed in,
/// and the test's duration varies with the candidate, so lanes report in
/// a different order in every run: `-j 4` gives the text of `-j 1`, and so
/// does `--in-order` with its own text.
#[test]
fn every_job_count_gives_the_text_of_one_job() {
    let sb = Sandbox::new();
    let mut program = String::new();
    for i in 1..=8 {
        program.push_str(&format!("int f{i}(int x) {{ return x * {i}; }}\n"));
    }
    program.push_str("int main(void) { return f1(1) + f2(2) + f3(3) + f4(4) + f5(5); }\n");
    sb.file("a.c", &program);
    sb.script(
        "check.sh",
        "sleep 0.0$(( $(cksum < \"$1\" | cut -d' ' -f1) % 4 ))\n\
         gcc -c -o out.o -x c \"$1\" 2>/dev/null || exit 1\n\
         [ \"$(grep -c 'return x' \"$1\")\" -ge 3 ]",
    );
    let one = texts(&sb, "a.c", &["-j", "1"], 1);
    let one = one.first().unwrap();
    assert_eq!(one.matches("return x").count(), 3, "{one}");
    let four = texts(&sb, "a.c", &["-j", "4"], 3);
    assert_eq!(four.len(), 1, "-j 4 gave {four:#?}");
    assert_eq!(four.first(), Some(one));
    let in_order = texts(&sb, "a.c", &["-j", "1", "--in-order"], 1);
    let in_order_four = texts(&sb, "a.c", &["-j", "4", "--in-order"], 2);
    assert_eq!(in_order_four, in_order, "-j 4 --in-order");
}

/// A script that sleeps 0 to 8 ms, by the candidate's checksum, then runs
/// `inner` (a script in the sandbox) on the same arguments: the tests of a
/// round end in an order that differs with `-j`.
fn jittered(sb: &Sandbox, name: &str, inner: &str) {
    let inner = sb.path().join(inner);
    sb.script(
        name,
        &format!(
            "sleep 0.00$(( $(cat \"$@\" | cksum | cut -d' ' -f1) % 9 ))\nexec '{}' \"$@\"",
            inner.display()
        ),
    );
}

/// The bundled C example (gcc as the test, 1,336 tokens) at `-j 1`, 3 and
/// 8 with a test whose duration varies: the same bytes.
#[test]
fn the_c_example_gives_the_same_bytes_at_every_job_count() {
    let sb = Sandbox::new();
    sb.example("c-too-many-args/check.sh");
    sb.example("c-too-many-args/inventory.c");
    jittered(&sb, "jitter.sh", "check.sh");
    let mut all = BTreeSet::new();
    for jobs in ["1", "3", "8"] {
        let mut args = vec![
            "-q",
            "--no-cache",
            "-o",
            "-",
            "-i",
            "./jitter.sh",
            "-j",
            jobs,
        ];
        args.push("inventory.c");
        let out = sb.run(&args);
        assert!(out.status.success(), "-j {jobs}: {}", stderr(&out));
        assert!(
            out.stdout.len() < 400,
            "-j {jobs}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
        all.insert(out.stdout);
    }
    assert_eq!(all.len(), 1, "{all:#?}");
}

/// `--width` is what decides the result, never `-j`: with rounds of 1, 4
/// and 16 changes, `-j 1` and `-j 3` give the same bytes, and `--width 1`
/// those of `--in-order`.
#[test]
fn the_job_count_does_not_change_the_result_at_any_width() {
    let sb = Sandbox::new();
    let mut program = String::new();
    for i in 1..=8 {
        program.push_str(&format!("int f{i}(int x) {{ return x * {i}; }}\n"));
    }
    sb.file("a.c", &program);
    sb.script(
        "check.sh",
        "sleep 0.00$(( $(cksum < \"$1\" | cut -d' ' -f1) % 9 ))\n\
         [ \"$(grep -c 'return x' \"$1\")\" -ge 3 ] && [ \"$(grep -c 'f[1357](' \"$1\")\" -ne 1 ]",
    );
    for width in ["1", "4", "16"] {
        let one = texts(&sb, "a.c", &["-j", "1", "--width", width], 1);
        let three = texts(&sb, "a.c", &["-j", "3", "--width", width], 1);
        assert_eq!(one, three, "--width {width}");
        if width == "1" {
            // One change at a time: the schedule of --in-order.
            let in_order = texts(&sb, "a.c", &["-j", "3", "--in-order"], 1);
            assert_eq!(one, in_order, "--width 1 against --in-order");
        }
    }
}

/// `treereduce pair` on the bundled pair (gcc as both tests) at `-j 1`, 3
/// and 8, with tests whose duration varies: the same bytes of all three
/// outputs. (Pair and trace mode keep no verdicts between runs.)
#[test]
fn pair_mode_gives_the_same_bytes_at_every_job_count() {
    let sb = Sandbox::new();
    for name in ["good.c", "bad.c", "ok.sh", "bug.sh"] {
        sb.example(&format!("pair-c-div-by-zero/{name}"));
    }
    jittered(&sb, "ok-j.sh", "ok.sh");
    jittered(&sb, "bug-j.sh", "bug.sh");
    let mut all = BTreeSet::new();
    for jobs in ["1", "3", "8"] {
        let [seed, variant, diff] = ["seed", "variant", "diff"].map(|n| format!("{n}{jobs}"));
        let out = sb.run(&[
            "pair",
            "-q",
            "-j",
            jobs,
            "--seed",
            "good.c",
            "--variant",
            "bad.c",
            "--interesting-seed",
            "./ok-j.sh",
            "-i",
            "./bug-j.sh",
            "--output-seed",
            &seed,
            "--output-variant",
            &variant,
            "--output-diff",
            &diff,
        ]);
        assert!(out.status.success(), "-j {jobs}: {}", stderr(&out));
        all.insert([seed, variant, diff].map(|f| sb.read(&f)));
    }
    assert_eq!(all.len(), 1, "{all:#?}");
}

/// `treereduce trace` on the bundled generator (python3, gcc as the test)
/// at `-j 1` and 3: the same bytes.
#[test]
fn trace_mode_gives_the_same_bytes_at_every_job_count() {
    let sb = Sandbox::new();
    sb.example("trace-c-constant-call/gen.py");
    sb.example("trace-c-constant-call/check.sh");
    jittered(&sb, "jitter.sh", "check.sh");
    let mut all = BTreeSet::new();
    for jobs in ["1", "3"] {
        let output = format!("bug{jobs}.c");
        let out = sb.run(&[
            "trace",
            "-q",
            "-j",
            jobs,
            "-i",
            "./jitter.sh",
            "-o",
            &output,
            "--",
            "python3",
            "gen.py",
            "3",
        ]);
        assert!(out.status.success(), "-j {jobs}: {}", stderr(&out));
        all.insert(sb.read(&output));
    }
    assert_eq!(all.len(), 1, "{all:#?}");
}

/// The trace stage's lowest values stop at a budget of candidates (as many
/// as the pass's units made), and where they stop decides which rows keep
/// their words. Eight rows the test needs all of (eight candidates of
/// units, each rejected), then eight groups of values: lowering a row's
/// words to one is fine in rows 0, 1, 4 and 5 and not in the others, so
/// ddmin gains only in pairs, and the budget is reached in the level of
/// pairs (stats: `values_budget_stops`). The budget once counted the
/// candidates made while looking ahead too, which depend on when the tests
/// end: at `-j` 4 and 8 the values stopped a level earlier in some runs and
/// kept other rows. Runs at `-j` 1, 4, 4 and 8 with a test whose duration
/// varies: the same bytes.
#[test]
fn the_trace_values_budget_stops_at_the_same_place_at_every_job_count() {
    let sb = Sandbox::new();
    sb.file(
        "gen.py",
        "import random\n\
         random.seed(12)\n\
         rows = []\n\
         for i in range(random.randint(7, 8)):\n\
         \x20   rows.append(' '.join(['row'] + ['w'] * random.randint(1, 4)))\n\
         print('\\n'.join(rows))\n",
    );
    sb.file(
        "check.py",
        "import sys, time, zlib\n\
         text = open(sys.argv[1]).read()\n\
         time.sleep(zlib.crc32(text.encode()) % 7 / 100)\n\
         rows = [r.split() for r in text.splitlines() if r.strip()]\n\
         if len(rows) < 8:\n\
         \x20   sys.exit(1)\n\
         if any(i % 4 >= 2 and len(r) < 3 for i, r in enumerate(rows)):\n\
         \x20   sys.exit(1)\n",
    );
    let check = sb.path().join("check.py");
    sb.script(
        "check.sh",
        &format!("exec python3 '{}' \"$1\"", check.display()),
    );
    let mut all = BTreeSet::new();
    for (run, jobs) in ["1", "4", "4", "8"].into_iter().enumerate() {
        let output = format!("out{run}.txt");
        let stats = format!("stats{run}.json");
        let out = sb.run(&[
            "trace",
            "-q",
            "-j",
            jobs,
            "--no-finish",
            "-i",
            "./check.sh",
            "--stats-json",
            &stats,
            "-o",
            &output,
            "--",
            "python3",
            "gen.py",
        ]);
        assert!(out.status.success(), "-j {jobs}: {}", stderr(&out));
        let stats: serde_json::Value = serde_json::from_slice(&sb.read(&stats)).unwrap();
        assert_eq!(
            stats["generator_runs"]["values_budget_stops"], 1,
            "-j {jobs}: {stats}"
        );
        all.insert(String::from_utf8(sb.read(&output)).unwrap());
    }
    assert_eq!(all.len(), 1, "{all:#?}");
}

/// `treereduce batch` on three inputs at `-j 1` and 3: the same bytes of
/// every result.
#[test]
fn batch_mode_gives_the_same_bytes_at_every_job_count() {
    let sb = Sandbox::new();
    sb.example("c-too-many-args/check.sh");
    let inventory = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples/c-too-many-args/inventory.c"),
    )
    .unwrap();
    std::fs::create_dir(sb.path().join("crashes")).unwrap();
    for i in 0..3 {
        // Three inputs, each with a different function added in front.
        let extra = format!("static int pad{i}(int a) {{ return a + {i}; }}\n");
        sb.file(
            &format!("crashes/crash{i}.c"),
            format!("{extra}{inventory}"),
        );
    }
    jittered(&sb, "jitter.sh", "check.sh");
    let mut all = BTreeSet::new();
    for jobs in ["1", "3"] {
        let dir = format!("out{jobs}");
        let out = sb.run(&[
            "batch",
            "-q",
            "--no-cache",
            "-j",
            jobs,
            "-i",
            "./jitter.sh",
            "-o",
            &dir,
            "crashes",
        ]);
        assert!(out.status.success(), "-j {jobs}: {}", stderr(&out));
        let results: Vec<Vec<u8>> = (0..3)
            .map(|i| sb.read(&format!("{dir}/results/crash{i}.c")))
            .collect();
        all.insert(results);
    }
    assert_eq!(all.len(), 1, "{all:#?}");
}

/// The bundled C example with the real gcc, 20 runs at `-j 1` and 20 at
/// `-j 4`: one text each, and the same at both. The runs go two at a time,
/// so each is slowed and shaken by the other, as on a busy machine (about
/// two minutes on 2 cores with a debug build).
#[test]
fn twenty_runs_of_the_c_example_give_one_text_per_job_count() {
    let sb = Sandbox::new();
    sb.example("c-too-many-args/check.sh");
    sb.example("c-too-many-args/inventory.c");
    let mut all = BTreeSet::new();
    for jobs in ["1", "4"] {
        let texts: BTreeSet<String> = std::thread::scope(|scope| {
            let halves: Vec<_> = (0..2)
                .map(|_| scope.spawn(|| texts(&sb, "inventory.c", &["-j", jobs], 10)))
                .collect();
            halves.into_iter().flat_map(|h| h.join().unwrap()).collect()
        });
        assert_eq!(texts.len(), 1, "-j {jobs} gave {texts:#?}");
        all.extend(texts);
    }
    assert_eq!(all.len(), 1, "-j 1 and -j 4 gave {all:#?}");
}
