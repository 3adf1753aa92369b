//! What a test of a project costs beyond the script's own run: the script
//! oracle brings its private copy of the project to each candidate (writing
//! only the files that differ) and runs the script there.
//!
//!     cargo bench --bench project_oracle -- [FILES [TESTS]]   # default 1000 files, 600 tests
//!
//! A generated project of FILES C files of ten lines (about 430 bytes each)
//! in folders of 100; each candidate differs from the one before in one
//! file, as most candidates of a reduction do. The script is `true`. Three
//! ways to run it, interleaved in blocks of 50 so that the machine's load
//! weighs on each alike: the script alone (`std::process::Command`, in a
//! copy of the project), the oracle on the project (the candidate built and
//! encoded as an archive, as the project reduction does, then tested), and
//! the oracle on a project of one file (what any test costs). Printed: the
//! median wall time per test of each, and the harness's own CPU time per
//! test (user + system, the scripts' left out), which holds the copy's
//! upkeep and the archive's encoding and decoding.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use treereduce::{Cancel, Entry, Files, Oracle, RunOptions, ScriptOracle, Timeout, Verdict};

const BLOCK: usize = 50;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let files = args.first().copied().unwrap_or(1000);
    let tests = args.get(1).copied().unwrap_or(600);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let project = generate(files);
    let small = generate(1);
    let copy = dir.path().join("alone").join("proj");
    write_all(&project, &copy);
    let script = Path::new("/bin/true");
    let cancel = Arc::new(Cancel::new().expect("a cancel token"));
    let run = RunOptions {
        jobs: 1,
        timeout: Timeout {
            limit: Some(Duration::from_secs(60)),
            adaptive: false,
        },
        ..RunOptions::default()
    };
    let big = ScriptOracle::for_project(script, "proj".as_ref(), &run, cancel.clone())
        .expect("the oracle");
    let one = ScriptOracle::for_project(script, "proj".as_ref(), &run, cancel).expect("the oracle");
    let mut alone = Vec::new();
    let (mut on_big, mut big_cpu) = (Vec::new(), Duration::ZERO);
    let (mut on_one, mut one_cpu) = (Vec::new(), Duration::ZERO);
    let mut n = 0;
    while n < tests {
        for _ in 0..BLOCK {
            let start = Instant::now();
            let status = std::process::Command::new(script)
                .arg(&copy)
                .current_dir(&copy)
                .status()
                .expect("the script runs");
            assert!(status.success());
            alone.push(start.elapsed());
        }
        big_cpu += block(&big, &project, n, &mut on_big);
        one_cpu += block(&one, &small, n, &mut on_one);
        n += BLOCK;
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let median = |v: &mut Vec<Duration>| {
        v.sort();
        ms(v[v.len() / 2])
    };
    let (a, b, o) = (median(&mut alone), median(&mut on_big), median(&mut on_one));
    let per = |cpu: Duration, count: usize| ms(cpu) / count as f64;
    println!(
        "{files} files, {n} tests each; median wall time per test: the script alone {a:.2} ms, \
         the oracle on the project {b:.2} ms (+{:.2} ms), on a project of one file {o:.2} ms (+{:.2} ms); \
         the harness's own CPU per test: {:.2} ms on the project, {:.2} ms on one file",
        b - a,
        o - a,
        per(big_cpu, on_big.len()),
        per(one_cpu, on_one.len()),
    );
}

/// Runs a block of tests of `oracle`, each on `base` with file number
/// `first + i` changed; their wall times go into `times`; the harness's CPU
/// time over the block is returned.
fn block(
    oracle: &ScriptOracle,
    base: &[(String, Vec<u8>)],
    first: usize,
    times: &mut Vec<Duration>,
) -> Duration {
    let cpu = own_cpu();
    for i in first..first + BLOCK {
        let start = Instant::now();
        let mut files = Files::new();
        let changed = i % base.len();
        for (k, (path, text)) in base.iter().enumerate() {
            let mut text = text.clone();
            if k == changed {
                text.extend_from_slice(format!("int changed_{i};\n").as_bytes());
            }
            files.insert(path, Entry::file(text)).expect("a valid path");
        }
        let archive = files.encode();
        let verdict = oracle.test(0, &archive).expect("the test runs");
        assert_eq!(verdict, Verdict::Interesting);
        times.push(start.elapsed());
    }
    own_cpu() - cpu
}

/// `count` C files of ten lines in folders of 100.
fn generate(count: usize) -> Vec<(String, Vec<u8>)> {
    (0..count)
        .map(|i| {
            let mut text = format!("/* module {i} */\nstatic int m{i}_base = {i};\n");
            for k in 0..7 {
                text.push_str(&format!(
                    "int m{i}_f{k}(int x) {{ return x * {} + m{i}_base; }}\n",
                    k + 2
                ));
            }
            (format!("src/d{:02}/m{i:04}.c", i / 100), text.into_bytes())
        })
        .collect()
}

fn write_all(files: &[(String, Vec<u8>)], root: &Path) {
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("a folder");
        std::fs::write(path, text).expect("a file");
    }
}

/// The user + system CPU time of this process (its children's left out).
fn own_cpu() -> Duration {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage fills the struct it is given.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    tv(usage.ru_utime) + tv(usage.ru_stime)
}
