//! `treereduce pair`: checks both inputs and every output path, runs PPR
//! (`crate::pair`) with one script oracle per side, keeps the reduced seed,
//! variant and their diff on disk as they improve, and reports.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use parking_lot::Mutex;
use serde::Serialize;

use super::{
    BestWriter, Destination, Failure, INPUT_CHECK_LIMIT, MAX_TIMEOUT, default_output, same_file,
    timeout_of, usage,
};
use crate::cli::PairArgs;
use crate::exit;
use crate::lang::Language;
use crate::oracle::{Cancel, RunOutcome, ScriptOracle};
use crate::pair::{self, PairConfig, PairError, PairObserver, Step, diff};
use crate::syntax::Grammar;

struct Outputs {
    seed: Destination,
    variant: Destination,
    diff: Destination,
    stats: Option<Destination>,
}

/// The three result files, kept up to date as the pair improves.
struct Writers {
    seed: BestWriter,
    variant: BestWriter,
    diff: BestWriter,
    names: (String, String),
    seq: Mutex<u64>,
    quiet: bool,
    started: Instant,
}

impl Writers {
    fn diff_of(&self, seed: &[u8], variant: &[u8]) -> Vec<u8> {
        diff::unified(seed, variant, (&self.names.0, &self.names.1))
    }
}

impl PairObserver for Writers {
    fn improved(&self, seed: &[u8], variant: &[u8]) {
        let seq = {
            let mut seq = self.seq.lock();
            *seq += 1;
            *seq
        };
        self.seed.improved(seq, seed);
        self.variant.improved(seq, variant);
        self.diff.improved(seq, &self.diff_of(seed, variant));
    }

    fn step(&self, step: &Step) {
        if !self.quiet {
            eprintln!(
                "treereduce pair: {:>5.1} s  round {} {:<11}  seed {} tokens, variant {}, difference {}  ({} + {} tests)",
                self.started.elapsed().as_secs_f64(),
                step.round,
                step.reducer,
                step.seed.tokens,
                step.variant.tokens,
                step.diff_tokens,
                step.seed_tests,
                step.variant_tests,
            );
        }
    }
}

/// What `--stats-json` writes in pair mode.
#[derive(Serialize)]
struct PairReport<'a> {
    seconds: f64,
    steps: &'a [Step],
    seed_tests: pair::side::SideReport,
    variant_tests: pair::side::SideReport,
    cancelled: bool,
    flaky: bool,
}

fn language_of(args: &PairArgs) -> Result<&'static Language> {
    if let Some(name) = &args.lang {
        return Language::by_name(name).ok_or_else(|| {
            anyhow!(
                "unknown language {name:?}; the choices are: {}",
                Language::choices()
            )
        });
    }
    let of = |p: &Path| {
        Language::by_path(p).ok_or_else(|| {
            anyhow!(
                "cannot tell the language of {} from its extension; pass -l with one of: {}",
                p.display(),
                Language::choices()
            )
        })
    };
    let (a, b) = (of(&args.seed)?, of(&args.variant)?);
    if a.name != b.name {
        return Err(anyhow!(
            "the seed {} is {} but the variant {} is {}: a pair is two versions of one program",
            args.seed.display(),
            a.name,
            args.variant.display(),
            b.name
        ));
    }
    Ok(a)
}

fn outputs(args: &PairArgs, language: &Language) -> Result<Outputs> {
    let seed_out = args
        .output_seed
        .clone()
        .unwrap_or_else(|| default_output(&args.seed, language.reduced_infix));
    let variant_out = args
        .output_variant
        .clone()
        .unwrap_or_else(|| default_output(&args.variant, language.reduced_infix));
    let diff_out = args.output_diff.clone().unwrap_or_else(|| {
        let stem = args
            .variant
            .file_stem()
            .map_or("variant".into(), |s| s.to_string_lossy().into_owned());
        args.variant
            .with_file_name(format!("{stem}{}.diff", language.reduced_infix))
    });
    let dest = |flag: &str, p: &Path| Destination::of(p).map_err(|e| anyhow!("{flag}: {e}"));
    let outputs = Outputs {
        seed: dest("--output-seed", &seed_out)?,
        variant: dest("--output-variant", &variant_out)?,
        diff: dest("--output-diff", &diff_out)?,
        stats: match &args.stats_json {
            Some(p) => Some(dest("--stats-json", p)?),
            None => None,
        },
    };
    let protected: [(&str, &Path); 4] = [
        ("the seed", &args.seed),
        ("the variant", &args.variant),
        ("the seed's test script", &args.interesting_seed),
        ("the variant's test script", &args.interesting),
    ];
    let named: Vec<(&str, &Destination)> = [
        ("--output-seed", Some(&outputs.seed)),
        ("--output-variant", Some(&outputs.variant)),
        ("--output-diff", Some(&outputs.diff)),
        ("--stats-json", outputs.stats.as_ref()),
    ]
    .into_iter()
    .filter_map(|(f, d)| d.map(|d| (f, d)))
    .collect();
    let mut stdout_users = 0;
    for (i, (flag, d)) in named.iter().enumerate() {
        let Some(path) = d.path() else {
            stdout_users += usize::from(matches!(d, Destination::Stdout));
            continue;
        };
        for (what, other) in protected {
            if same_file(path, other) {
                return Err(anyhow!(
                    "{flag} {} is {what}; treereduce never modifies its inputs or test scripts",
                    path.display()
                ));
            }
        }
        for (other_flag, other) in &named[..i] {
            if other
                .path()
                .is_some_and(|o| o == path || same_file(o, path))
            {
                return Err(anyhow!(
                    "{other_flag} and {flag} name the same file {}",
                    path.display()
                ));
            }
        }
    }
    if stdout_users > 1 {
        return Err(anyhow!("only one output can go to stdout (-)"));
    }
    Ok(outputs)
}

/// Runs `treereduce pair`.
pub fn run(args: PairArgs) -> Result<u8, Failure> {
    let started = Instant::now();
    let read = |p: &PathBuf, what: &str| {
        std::fs::read(p).with_context(|| format!("cannot read the {what} {}", p.display()))
    };
    let seed = usage(read(&args.seed, "seed"))?;
    let variant = usage(read(&args.variant, "variant"))?;
    let language = usage(language_of(&args))?;
    if seed == variant {
        return Err(Failure::Usage(anyhow!(
            "the seed and the variant are identical: there is no difference to reduce"
        )));
    }
    let outs = usage(outputs(&args, language))?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if jobs == 0 {
        return Err(Failure::Usage(anyhow!("-j must be at least 1")));
    }
    if let Some(t) = args.timeout
        && (t.is_nan() || t <= 0.0)
    {
        return Err(Failure::Usage(anyhow!(
            "--timeout must be a positive number of seconds"
        )));
    }
    let cancel = Arc::new(Cancel::new().map_err(|e| Failure::Internal(e.into()))?);
    {
        let cancel = cancel.clone();
        ctrlc::set_handler(move || cancel.cancel()).map_err(|e| Failure::Internal(e.into()))?;
    }
    let first_limit = args.timeout.map_or(INPUT_CHECK_LIMIT, timeout_of);
    let oracle = |script: &Path, input: &Path| {
        let name = input
            .file_name()
            .ok_or_else(|| anyhow!("{} has no file name", input.display()))?;
        ScriptOracle::new(script, name, jobs, first_limit, cancel.clone())
            .map_err(|e| anyhow!("{}: {e}", script.display()))
    };
    let seed_oracle = usage(oracle(&args.interesting_seed, &args.seed))?;
    let variant_oracle = usage(oracle(&args.interesting, &args.variant))?;

    // Both inputs are checked, at the same time.
    let (s, v) = std::thread::scope(|scope| {
        let v = scope.spawn(|| variant_oracle.run_detailed(&variant, first_limit));
        (
            seed_oracle.run_detailed(&seed, first_limit),
            v.join().expect("the check does not panic"),
        )
    });
    let s = s.map_err(|e| Failure::Usage(anyhow!("cannot run the seed's test: {e}")))?;
    let v = v.map_err(|e| Failure::Usage(anyhow!("cannot run the variant's test: {e}")))?;
    if matches!(s.outcome, RunOutcome::Cancelled) || matches!(v.outcome, RunOutcome::Cancelled) {
        eprintln!("treereduce: interrupted while checking the inputs; nothing was written");
        return Ok(exit::INTERRUPTED);
    }
    let failed: Vec<String> = [
        ("seed", &args.seed, "--interesting-seed", &seed_oracle, &s),
        (
            "variant",
            &args.variant,
            "--interesting",
            &variant_oracle,
            &v,
        ),
    ]
    .into_iter()
    .filter(|c| !matches!(c.4.outcome, RunOutcome::Exited(0)))
    .map(|(what, path, flag, oracle, report)| {
        let how = match report.outcome {
            RunOutcome::Exited(code) => format!("exited with code {code}"),
            RunOutcome::Signaled(sig) => format!("was killed by signal {sig}"),
            RunOutcome::TimedOut => {
                format!("did not finish within {:.1} s", first_limit.as_secs_f64())
            }
            RunOutcome::Cancelled => "was interrupted".into(),
        };
        let mut msg = format!(
            "the {what} {} does not pass its test: {flag} {} {how}; it must exit 0",
            path.display(),
            oracle.script().display()
        );
        for line in report.stderr_tail.lines() {
            msg.push_str(&format!("\n    | {line}"));
        }
        msg
    })
    .collect();
    if !failed.is_empty() {
        let mut msg = format!("treereduce: error: {}", failed.join("\n  and "));
        // The most common mistake: the two scripts given the other way round.
        if failed.len() == 2 || swapped(&seed_oracle, &variant_oracle, &seed, &variant, first_limit)
        {
            msg.push_str("\n  (are --interesting-seed and --interesting swapped? the seed's test must pass on the seed, the variant's test on the variant)");
        }
        eprintln!("{msg}");
        return Ok(exit::NOT_INTERESTING);
    }
    let slower = s.duration.max(v.duration);
    let timeout = args.timeout.map_or_else(
        || (slower * 10).clamp(Duration::from_secs(1), MAX_TIMEOUT),
        timeout_of,
    );
    seed_oracle.set_timeout(timeout);
    variant_oracle.set_timeout(timeout);

    let permissions = |p: &Path| std::fs::metadata(p).ok().map(|m| m.permissions());
    let name = |p: &Path| {
        p.file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned())
    };
    let writers = Writers {
        seed: BestWriter::new(outs.seed.clone(), permissions(&args.seed)),
        variant: BestWriter::new(outs.variant.clone(), permissions(&args.variant)),
        diff: BestWriter::new(outs.diff.clone(), None),
        names: (name(&args.seed), name(&args.variant)),
        seq: Mutex::new(0),
        quiet: args.quiet,
        started,
    };
    let start_diff = writers.diff_of(&seed, &variant);
    for (w, text) in [
        (&writers.seed, &seed),
        (&writers.variant, &variant),
        (&writers.diff, &start_diff),
    ] {
        w.start(text)
            .map_err(|e| Failure::Usage(anyhow!("cannot write an output: {e}")))?;
    }
    let config = PairConfig {
        jobs,
        tdiff: !args.no_tdiff,
        ldiff: !args.no_ldiff,
        commonality: !args.no_commonality,
        canon: !args.no_canon,
        verify: !args.no_verify,
    };
    let grammar = Grammar::of(language);
    let result = pair::reduce(
        grammar,
        (&seed, &variant),
        &seed_oracle,
        &variant_oracle,
        &config,
        Some(&cancel),
        &writers,
    );
    let (outcome, code) = match result {
        Ok(o) => {
            let code = if o.cancelled {
                exit::INTERRUPTED
            } else {
                exit::SUCCESS
            };
            (o, code)
        }
        Err(PairError::Oracle {
            which,
            error,
            seed,
            variant,
        }) => {
            finish(&writers, &seed, &variant)?;
            eprintln!(
                "treereduce: error: the {which} test could not be run {} times in a row ({error}); stopped, the outputs hold the best pair found before",
                crate::engine::ERROR_LIMIT
            );
            return Ok(exit::TEST_ERRORS);
        }
        Err(e @ PairError::TooLarge(_)) => return Err(Failure::Usage(e.into())),
    };
    finish(&writers, &outcome.seed, &outcome.variant)?;
    if let Some(dest) = &outs.stats {
        let report = PairReport {
            seconds: started.elapsed().as_secs_f64(),
            steps: &outcome.steps,
            seed_tests: outcome.seed_side,
            variant_tests: outcome.variant_side,
            cancelled: outcome.cancelled,
            flaky: outcome.flaky,
        };
        let json = serde_json::to_vec_pretty(&report).map_err(|e| Failure::Internal(e.into()))?;
        dest.write(&json, None)
            .map_err(|e| Failure::Internal(anyhow!("cannot write the statistics: {e}")))?;
    }
    if !args.quiet {
        let (first, last) = (
            &outcome.steps[0],
            outcome.steps.last().expect("a start step"),
        );
        let show = |d: &Destination| {
            d.path()
                .map_or("stdout".into(), |p| p.display().to_string())
        };
        eprintln!(
            "treereduce pair: seed {} -> {} tokens, variant {} -> {}, difference {} -> {} tokens; {} tests in {:.1} s{}\n  seed: {}\n  variant: {}\n  diff: {}",
            first.seed.tokens,
            last.seed.tokens,
            first.variant.tokens,
            last.variant.tokens,
            first.diff_tokens,
            last.diff_tokens,
            outcome.seed_side.tests + outcome.variant_side.tests,
            started.elapsed().as_secs_f64(),
            if outcome.cancelled {
                " (interrupted: the best pair so far)"
            } else if outcome.flaky {
                " (a test is flaky: the re-check failed once; an earlier pair is kept)"
            } else {
                ""
            },
            show(&outs.seed),
            show(&outs.variant),
            show(&outs.diff),
        );
    }
    Ok(code)
}

/// Whether the scripts pass on the other input each (checked only after a
/// failure, to say so).
fn swapped(
    seed_oracle: &ScriptOracle,
    variant_oracle: &ScriptOracle,
    seed: &[u8],
    variant: &[u8],
    limit: Duration,
) -> bool {
    let passes = |o: &ScriptOracle, t: &[u8]| {
        o.run_detailed(t, limit)
            .is_ok_and(|r| matches!(r.outcome, RunOutcome::Exited(0)))
    };
    passes(variant_oracle, seed) && passes(seed_oracle, variant)
}

fn finish(writers: &Writers, seed: &[u8], variant: &[u8]) -> Result<(), Failure> {
    let diff = writers.diff_of(seed, variant);
    for (w, text) in [
        (&writers.seed, seed),
        (&writers.variant, variant),
        (&writers.diff, &diff[..]),
    ] {
        w.finish(text)
            .map_err(|e| Failure::Internal(anyhow!("cannot write a result: {e}")))?;
    }
    Ok(())
}
