//! What doc/options.md (`-j`, `--in-order`) promises about repeated runs: a run is deterministic
//! for a given `-j` (with a test that always answers the same), and
//! `--in-order` gives at every `-j` the text `-j 1` gives. Every run here
//! passes `--no-cache`, so that no run replays another's verdicts.

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
/// a different order in every run: `-j 4` still gives one text, and with
/// `--in-order` the text of `-j 1`.
#[test]
fn one_job_count_gives_one_text_and_in_order_the_text_of_one_job() {
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
    let in_order = texts(&sb, "a.c", &["-j", "4", "--in-order"], 2);
    assert_eq!(in_order.len(), 1, "-j 4 --in-order gave {in_order:#?}");
    assert_eq!(in_order.first(), Some(one));
}

/// The bundled C example with the real gcc, 20 runs at `-j 1` and 20 at
/// `-j 4`: one text each. (About 5 minutes on 2 cores with a debug build:
/// `cargo test --test determinism -- --ignored`.)
#[test]
#[ignore]
fn twenty_runs_of_the_c_example_give_one_text_per_job_count() {
    let sb = Sandbox::new();
    sb.example("c-too-many-args/check.sh");
    sb.example("c-too-many-args/inventory.c");
    for jobs in ["1", "4"] {
        let texts = texts(&sb, "inventory.c", &["-j", jobs], 20);
        assert_eq!(texts.len(), 1, "-j {jobs} gave {texts:#?}");
    }
}
