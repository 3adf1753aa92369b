//! Tests that would exhaust the machine: one that allocates without bound,
//! one that forks without bound, one that writes a file without bound. Each
//! is a failed test: the run goes on, its result passes, and the machine
//! is spared.

mod common;

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::process::Command;

use common::{Sandbox, stderr, wait_no_processes};

const SMALL_C: &str = "int needed;\nint filler_one;\nint filler_two(void) { return 2; }\n";

/// Reduces `a.c` ([`SMALL_C`]) with `check` at -j 2 and `extra`; the
/// candidates without `filler_one` do what would exhaust the machine, so
/// the result is `needed` and `filler_one` once each of those tests failed.
fn reduce(sb: &Sandbox, check: &str, extra: &[&str]) -> String {
    sb.file("a.c", SMALL_C);
    sb.script("check.sh", check);
    let mut args = vec![
        "-q",
        "-j",
        "2",
        "--no-cache",
        "-i",
        "./check.sh",
        "-o",
        "out.c",
    ];
    args.extend_from_slice(extra);
    args.push("a.c");
    let out = sb.run(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let result = String::from_utf8(sb.read("out.c")).unwrap();
    assert!(
        result.contains("needed") && result.contains("filler_one"),
        "{result}"
    );
    assert!(!result.contains("filler_two"), "{result}");
    assert!(sb.leftovers().is_empty(), "{:?}", sb.leftovers());
    result
}

/// A test that allocates (and touches) memory without bound, 256 MiB at a
/// time up to 100 GiB, fails at `--memory-limit`: the allocation is
/// refused, the test is not interesting, the run goes on. (The script
/// allocates only once it sees a limit of at most 1 GiB on itself, so that
/// a run that sets none fails here instead of taking the machine's memory.)
#[test]
fn a_test_that_allocates_without_bound_fails_at_the_memory_limit() {
    let sb = Sandbox::new();
    let log = sb.path().join("allocations");
    sb.file(
        "alloc.py",
        "chunks = []\n\
         try:\n\
         \x20   while len(chunks) < 400:\n\
         \x20       chunks.append(bytearray(256 << 20))\n\
         \x20   print('allocated 100 GiB')\n\
         except MemoryError:\n\
         \x20   print('refused after', len(chunks) * 256, 'MiB')\n",
    );
    let check = format!(
        "grep -q needed \"$1\" || exit 1\n\
         grep -q filler_one \"$1\" && exit 0\n\
         limit=$(ulimit -v)\n\
         if [ \"$limit\" = unlimited ] || [ \"$limit\" -gt 1048576 ]; then echo \"no limit: $limit\" >> '{log}'; exit 1; fi\n\
         python3 '{script}' >> '{log}'\n\
         exit 1",
        log = log.display(),
        script = sb.path().join("alloc.py").display(),
    );
    reduce(&sb, &check, &["--memory-limit", "1G", "--timeout", "60"]);
    let log = fs::read_to_string(&log).unwrap();
    assert!(
        !log.is_empty() && log.lines().all(|l| l.starts_with("refused after")),
        "{log}"
    );
}

/// A test that writes a file without bound gets SIGXFSZ at
/// `--max-file-size`: a failed test. (It writes at most 64 MiB, so that a
/// run that sets no limit fails here without filling the disk.)
#[test]
fn a_test_that_writes_without_bound_stops_at_the_file_size_limit() {
    let sb = Sandbox::new();
    let sizes = sb.path().join("sizes");
    let check = format!(
        "grep -q needed \"$1\" || exit 1\n\
         grep -q filler_one \"$1\" && exit 0\n\
         (head -c 67108864 /dev/zero > big)\n\
         wc -c < big >> '{sizes}'\n\
         exit 1",
        sizes = sizes.display()
    );
    reduce(&sb, &check, &["--max-file-size", "1M"]);
    let sizes = fs::read_to_string(&sizes).unwrap();
    assert!(
        !sizes.is_empty() && sizes.lines().all(|l| l.trim() == "1048576"),
        "{sizes}"
    );
}

/// A test that forks without bound stops at `--max-processes`: the forks
/// fail, the test fails, the run goes on and no process is left. The
/// kernel counts processes per user and exempts root, so as root the run
/// goes as the user `nobody` (setpriv). (Each test forks at most 400
/// processes, so that a run that sets no limit fails here without taking
/// the machine's process table.)
#[test]
fn a_test_that_forks_without_bound_stops_at_the_process_limit() {
    let sb = Sandbox::new();
    let started = sb.path().join("started");
    let check = format!(
        "grep -q needed \"$1\" || exit 1\n\
         grep -q filler_one \"$1\" && exit 0\n\
         n=0\n\
         while [ $n -lt 400 ] && (sleep 1000.8080 &) 2>/dev/null; do n=$((n + 1)); done\n\
         echo $n >> '{started}'\n\
         exit 1",
        started = started.display()
    );
    sb.file("a.c", SMALL_C);
    sb.script("check.sh", &check);
    let args = [
        "-q",
        "-j",
        "2",
        "--no-cache",
        "--max-processes",
        "40",
        "--timeout",
        "60",
        "-i",
        "./check.sh",
        "-o",
        "out.c",
        "a.c",
    ];
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    let out = if root {
        // Everything the run touches, open to `nobody`.
        for path in [sb.path().to_path_buf(), sb.tmp()] {
            fs::set_permissions(&path, fs::Permissions::from_mode(0o777)).unwrap();
        }
        let mut dir = sb.path().parent();
        while let Some(d) = dir {
            let mode = fs::metadata(d).unwrap().permissions().mode();
            assert!(
                mode & 0o001 != 0,
                "{} is closed to other users",
                d.display()
            );
            dir = d.parent();
        }
        Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
            .arg(env!("CARGO_BIN_EXE_treereduce"))
            .args(args)
            .current_dir(sb.path())
            .env("TMPDIR", sb.tmp())
            .env("XDG_CACHE_HOME", sb.path().join("cache"))
            .output()
            .unwrap()
    } else {
        sb.run(&args)
    };
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let result = String::from_utf8(sb.read("out.c")).unwrap();
    assert!(
        result.contains("needed") && result.contains("filler_one"),
        "{result}"
    );
    let counts: Vec<u64> = fs::read_to_string(&started)
        .unwrap_or_default()
        .lines()
        .map(|l| l.trim().parse().unwrap())
        .collect();
    // `nobody` had next to no processes: each test's forks stop near two
    // tests' worth of the limit.
    assert!(
        !counts.is_empty() && counts.iter().all(|&n| n <= 2 * 40),
        "{counts:?}"
    );
    assert_eq!(wait_no_processes("sleep 1000.8080"), Vec::<String>::new());
}

/// The kernel's OOM killer picks a test before treereduce: every process
/// of a test has the highest score adjustment (1000), and treereduce's own
/// is lowered where it may be (with CAP_SYS_RESOURCE).
#[test]
fn tests_are_the_oom_killers_first_choice_and_treereduce_its_last() {
    let sb = Sandbox::new();
    let scores = sb.path().join("scores");
    let check = format!(
        "echo \"$(cat /proc/self/oom_score_adj) $(cat /proc/$PPID/oom_score_adj)\" >> '{scores}'\n\
         grep -q needed \"$1\" && grep -q filler_one \"$1\"",
        scores = scores.display()
    );
    reduce(&sb, &check, &[]);
    // Whether this machine lets a process lower its own score (root with
    // CAP_SYS_RESOURCE): then treereduce's is -900, else the one it
    // inherited from this test.
    let may_lower = Command::new("/bin/sh")
        .args(["-c", "echo -900 > /proc/self/oom_score_adj"])
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap()
        .success();
    let inherited = fs::read_to_string("/proc/self/oom_score_adj").unwrap();
    let expected = if may_lower { "-900" } else { inherited.trim() };
    let scores = fs::read_to_string(&scores).unwrap();
    assert!(!scores.is_empty());
    for line in scores.lines() {
        assert_eq!(line, format!("1000 {expected}"));
    }
}

/// `--memory-limit` and the others take sizes with units and `none`; a
/// bad value is a usage error (exit 2) before any test.
#[test]
fn limits_are_parsed_and_bad_values_refused() {
    let sb = Sandbox::new();
    sb.file("a.c", SMALL_C);
    let ran = sb.path().join("ran");
    sb.script(
        "check.sh",
        &format!(
            "touch '{}'; echo \"$(ulimit -v) $(ulimit -f)\" >> '{}'; grep -q needed \"$1\"",
            ran.display(),
            sb.path().join("seen").display()
        ),
    );
    for bad in [
        &["--memory-limit", "lots"][..],
        &["--max-processes", "0"],
        &["--max-file-size", "3X"],
    ] {
        let mut args = vec!["-i", "./check.sh"];
        args.extend_from_slice(bad);
        args.push("a.c");
        let out = sb.run(&args);
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {}", stderr(&out));
        assert!(!ran.exists());
    }
    let out = sb.run(&[
        "-q",
        "--memory-limit",
        "none",
        "--max-file-size",
        "2M",
        "-i",
        "./check.sh",
        "a.c",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let seen = String::from_utf8(sb.read("seen")).unwrap();
    // dash counts `ulimit -f` in 512-byte blocks.
    assert!(seen.lines().all(|l| l == "unlimited 4096"), "{seen}");
}

/// A test that starts 1,500 background processes (once, in its second
/// run) and exits: they are all stopped with it, the run goes on to its
/// result, and none is left.
#[test]
fn a_test_that_starts_1500_background_processes_leaves_none() {
    let sb = Sandbox::new();
    let once = sb.path().join("once");
    let check = format!(
        "grep -q needed \"$1\" || exit 1\n\
         grep -q filler_one \"$1\" || exit 1\n\
         if [ -f '{once}.1' ] && [ ! -f '{once}.2' ]; then\n\
           touch '{once}.2'; n=0\n\
           while [ $n -lt 1500 ]; do sleep 1000.1500 & n=$((n + 1)); done\n\
         fi\n\
         touch '{once}.1'",
        once = once.display()
    );
    reduce(&sb, &check, &["--timeout", "120"]);
    assert!(sb.path().join("once.2").exists(), "no test started them");
    assert_eq!(wait_no_processes("sleep 1000.1500"), Vec::<String>::new());
}

/// A test that fills its private folder, on a temporary folder of 64 MiB
/// (a tmpfs in a mount namespace of the run's own, `unshare -rm`): each
/// test writes until the folder is full, then decides. What it wrote is
/// removed before the next test, so every test finds the room again and
/// the run ends with its result.
#[test]
fn a_test_that_fills_its_64_mib_temporary_folder_fails_alone() {
    let sb = Sandbox::new();
    sb.file("a.c", SMALL_C);
    let filled = sb.path().join("filled");
    sb.script(
        "check.sh",
        &format!(
            "cat /dev/zero > junk 2>/dev/null\n\
             wc -c < junk >> '{filled}'\n\
             grep -q needed \"$1\" && grep -q filler_one \"$1\"",
            filled = filled.display()
        ),
    );
    let tmp = sb.tmp();
    let out = Command::new("unshare")
        .args([
            "-rm",
            "sh",
            "-c",
            &format!(
                "mount -t tmpfs -o size=64m tmpfs '{}' || exit 99\nexec \"$0\" \"$@\"",
                tmp.display()
            ),
        ])
        .arg(env!("CARGO_BIN_EXE_treereduce"))
        .args([
            "-q",
            "-j",
            "2",
            "--no-cache",
            "--timeout",
            "60",
            "-i",
            "./check.sh",
            "-o",
            "out.c",
            "a.c",
        ])
        .current_dir(sb.path())
        .env("TMPDIR", &tmp)
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(99), "no tmpfs: {}", stderr(&out));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(sb.read("out.c"), b"int needed;\nint filler_one;\n");
    // The tests filled the folder (two at a time, so one may find it full
    // and write nothing).
    let sizes: Vec<u64> = fs::read_to_string(&filled)
        .unwrap()
        .lines()
        .map(|l| l.trim().parse().unwrap())
        .collect();
    assert!(sizes.len() >= 3, "{sizes:?}");
    assert!(sizes.iter().any(|&s| s >= 60 << 20), "{sizes:?}");
}

/// The binary as the starter of a test (what a reducer holding much memory
/// starts instead of a copy of itself): the limits on its command line hold
/// for the program it becomes, its score is the highest, and a program that
/// cannot run makes it exit with 127 and say why.
#[test]
fn the_binary_starts_a_test_under_the_limits_it_is_given() {
    let sb = Sandbox::new();
    let start = |words: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_treereduce"))
            .arg(treereduce::START_TEST)
            .args(words)
            .current_dir(sb.path())
            .output()
            .unwrap()
    };
    let limits = ["1073741824", "1048576", "none", "/bin/sh", "-c"];
    let mut words = limits.to_vec();
    words.push("cat /proc/self/oom_score_adj; ulimit -v; ulimit -f; ulimit -u; echo \"$0\"");
    words.push("arg0");
    let out = start(&words);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let unlimited = String::from_utf8(
        Command::new("/bin/sh")
            .args(["-c", "ulimit -u"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let expected = format!("1000\n1048576\n2048\n{}arg0\n", unlimited);
    assert_eq!(text, expected);
    let mut words = limits.to_vec();
    words.push("python3 -c 'b = bytearray(2 << 30)'");
    let out = start(&words);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("MemoryError"), "{}", stderr(&out));
    let out = start(&["none", "none", "none", "./missing.sh"]);
    assert_eq!(out.status.code(), Some(127));
    assert!(
        stderr(&out).contains("cannot start the test: ./missing.sh"),
        "{}",
        stderr(&out)
    );
    let out = start(&["lots", "none", "none", "/bin/true"]);
    assert_eq!(out.status.code(), Some(127));
    assert!(
        stderr(&out).contains("\"lots\" is not a limit"),
        "{}",
        stderr(&out)
    );
}
