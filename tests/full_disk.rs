//! A full disk under the output's folder, the verdict store's folder and
//! the temporary folder, each in turn: small tmpfs mounts in a mount
//! namespace of the run's own (`unshare -rm`, which needs no privilege
//! where user namespaces are on), filled by the test script in the middle
//! of the run. A clear message, the best result kept where it fits, the
//! documented exit code.

mod common;

use std::fs;
use std::process::{Command, Output};

use common::{Sandbox, stderr};

/// A program of 40 declarations of which the test needs `keep`.
fn program() -> String {
    let mut text = String::new();
    for i in 0..40 {
        text.push_str(&format!("int filler_{i}(int a) {{ return a * {i}; }}\n"));
        if i == 20 {
            text.push_str("int keep = 1;\n");
        }
    }
    text
}

/// Runs treereduce with `args` in the sandbox, in a mount namespace where
/// the sandbox's folder `full` is a tmpfs of 256 KiB, which the test
/// script fills up on its 3rd run (see [`script`]). What the
/// folder held at the end is copied to `full.after`.
fn run_with_full(sb: &Sandbox, full: &str, args: &[&str]) -> Output {
    run_in_tmpfs(sb, full, "size=256k", args)
}

/// [`run_with_full`] with the mount's `options`; a file `prefill` of 4 KiB
/// is written there first.
fn run_in_tmpfs(sb: &Sandbox, full: &str, options: &str, args: &[&str]) -> Output {
    let dir = sb.path().join(full);
    fs::create_dir_all(&dir).unwrap();
    let mut shell = format!(
        "mount -t tmpfs -o {options} tmpfs '{dir}' || exit 99\nhead -c 4096 /dev/zero > '{dir}/prefill'\n\"$0\" \"$@\"\ncode=$?\nmkdir -p '{dir}.after' && cp -a '{dir}/.' '{dir}.after/'\nexit $code",
        dir = dir.display()
    );
    shell.push('\n');
    Command::new("unshare")
        .args(["-rm", "sh", "-c", &shell])
        .arg(env!("CARGO_BIN_EXE_treereduce"))
        .args(args)
        .current_dir(sb.path())
        .env("TMPDIR", sb.tmp())
        .env("XDG_CACHE_HOME", sb.path().join("cache"))
        .output()
        .unwrap()
}

/// The test: `keep` and a compiler's yes; on its 3rd run it fills the
/// folder `full` (a file as large as the folder takes).
fn script(sb: &Sandbox, full: &str) {
    sb.script(
        "check.sh",
        &format!(
            "c='{count}'; n=$(( $(cat \"$c\" 2>/dev/null || echo 0) + 1 )); echo $n > \"$c\"\n\
             [ $n -eq 3 ] && head -c 1048576 /dev/zero > '{full}/filler' 2>/dev/null\n\
             grep -q 'keep = ' \"$1\" && gcc -fsyntax-only -x c \"$1\" 2>/dev/null",
            count = sb.path().join("count").display(),
            full = sb.path().join(full).display(),
        ),
    );
}

fn accepted(sb: &Sandbox, text: &[u8]) -> bool {
    String::from_utf8_lossy(text).contains("keep = ")
        && text.len() < program().len()
        && sb.accepts(&sb.path().join("check.sh"), "crash.c", text)
}

/// The output's folder has room for the input only (two pages of tmpfs,
/// one taken): no result fits beside it, the output keeps the input whole,
/// and the final result is saved in the temporary folder; the message says
/// where; exit 5.
#[test]
fn a_full_output_folder_saves_the_result_in_the_temporary_folder() {
    let sb = Sandbox::new();
    sb.file("crash.c", program());
    script(&sb, "elsewhere");
    let out = run_in_tmpfs(
        &sb,
        "out",
        "size=8k",
        &[
            "-q",
            "-j",
            "2",
            "--no-cache",
            "-i",
            "./check.sh",
            "-o",
            "out/crash.c",
            "crash.c",
        ],
    );
    let err = stderr(&out);
    assert_ne!(out.status.code(), Some(99), "no tmpfs: {err}");
    assert_eq!(out.status.code(), Some(5), "{err}");
    let saved = err
        .split("it is saved in ")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .unwrap_or_else(|| panic!("no place named: {err}"));
    let text = fs::read(saved).unwrap();
    assert!(accepted(&sb, &text), "{}", String::from_utf8_lossy(&text));
    // The output holds the input, whole.
    let kept = fs::read(sb.path().join("out.after/crash.c")).unwrap();
    assert_eq!(String::from_utf8_lossy(&kept), program());
}

/// The store's folder fills up: the store turns itself off with one line
/// of warning, the run goes on and writes its result; exit 0.
#[test]
fn a_full_store_folder_turns_the_store_off_and_the_run_goes_on() {
    let sb = Sandbox::new();
    sb.file("crash.c", program());
    script(&sb, "store");
    let out = run_with_full(
        &sb,
        "store",
        &[
            "-q",
            "-j",
            "2",
            "--cache",
            "store",
            "-i",
            "./check.sh",
            "-o",
            "out.c",
            "crash.c",
        ],
    );
    let err = stderr(&out);
    assert_ne!(out.status.code(), Some(99), "no tmpfs: {err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.lines().count() <= 1, "{err}");
    assert!(accepted(&sb, &sb.read("out.c")));
    // The folder did fill up.
    let filler = fs::metadata(sb.path().join("store.after/filler"))
        .unwrap()
        .len();
    assert!(filler > 64 << 10 && filler < 1 << 20, "{filler}");
}

/// The temporary folder fills up in the middle of the run: the worker
/// writes its next candidate where its last one was (removed first), so the
/// run goes on and writes its result; exit 0. At `-j 1`: with two workers,
/// each holds a reserve for a candidate up to its largest, but space a
/// worker gives back for a larger candidate can be taken by the filler
/// still writing in that instant (2 runs of about 50 stopped with exit 4,
/// against 3 of 8 without the reserve).
#[test]
fn a_temporary_folder_that_fills_up_mid_run_does_not_stop_the_run() {
    let sb = Sandbox::new();
    sb.file("crash.c", program());
    script(&sb, "tmp");
    let out = run_with_full(
        &sb,
        "tmp",
        &[
            "-q",
            "-j",
            "1",
            "--no-cache",
            "-i",
            "./check.sh",
            "-o",
            "out.c",
            "crash.c",
        ],
    );
    let err = stderr(&out);
    assert_ne!(out.status.code(), Some(99), "no tmpfs: {err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
    // The folder did fill up.
    let filler = fs::metadata(sb.path().join("tmp.after/filler"))
        .unwrap()
        .len();
    assert!(filler > 64 << 10 && filler < 1 << 20, "{filler}");
    let kept = sb.read("out.c");
    assert!(accepted(&sb, &kept), "{}", String::from_utf8_lossy(&kept));
}

/// A temporary folder without room for the first candidate: the input's
/// check cannot run; the message says so and what to do; exit 2, nothing
/// written.
#[test]
fn a_full_temporary_folder_before_the_run_is_said_plainly() {
    let sb = Sandbox::new();
    sb.file("crash.c", program());
    sb.script("check.sh", "grep -q 'keep = ' \"$1\"");
    // Filled before treereduce starts: the shell's first command.
    let tmp = sb.tmp();
    let out = Command::new("unshare")
        .args([
            "-rm",
            "sh",
            "-c",
            &format!(
                "mount -t tmpfs -o size=64k tmpfs '{tmp}' || exit 99\nhead -c 1048576 /dev/zero > '{tmp}/filler' 2>/dev/null\nexec \"$0\" \"$@\"",
                tmp = tmp.display()
            ),
        ])
        .arg(env!("CARGO_BIN_EXE_treereduce"))
        .args(["-q", "--no-cache", "-i", "./check.sh", "-o", "out.c", "crash.c"])
        .current_dir(sb.path())
        .env("TMPDIR", &tmp)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_ne!(out.status.code(), Some(99), "no tmpfs: {err}");
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the temporary folder is full") && err.contains("TMPDIR"),
        "{err}"
    );
    assert!(!sb.path().join("out.c").exists());
}
