//! How a pair is tested: the seed's property ψ_s and the variant's ψ_v, each
//! with its own memory of verdicts and counters ([`Cached`]), or one test that decides the
//! pair as a whole (cached per pair of texts); the oracles the single-file
//! reducer gets for one program of the pair, and the compound oracle of
//! MinCommonality that tests a seed candidate and its patched variant.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use parking_lot::{Condvar, Mutex};
use serde::Serialize;
use xxhash_rust::xxh3::xxh3_128;

use super::diff::Diff;
use crate::oracle::{
    Cached, Counts, Oracle, OracleError, Remembered, ScriptOracle, TestReport, Verdict,
    VerdictCache,
};
use crate::syntax::{Grammar, count_errors, parse};

/// A property with a memory of its verdicts (see [`Cached`]).
pub type Side<'a> = Cached<'a>;

/// The counters of a side, for `--stats-json`.
pub type SideReport = TestReport;

/// One test that decides a seed and a variant together
/// (`--interesting-pair`): interesting when the pair as a whole is.
pub trait PairTest: Sync {
    /// Tests one pair.
    fn test(&self, worker: usize, seed: &[u8], variant: &[u8]) -> Result<Verdict, OracleError>;

    /// The verdict of `worker`'s running test is no longer needed.
    fn abandon(&self, _worker: usize) {}
}

/// A script run as `SCRIPT SEED_PATH VARIANT_PATH` (made with two files).
impl PairTest for ScriptOracle {
    fn test(&self, worker: usize, seed: &[u8], variant: &[u8]) -> Result<Verdict, OracleError> {
        self.test_files(worker, &[seed, variant])
    }

    fn abandon(&self, worker: usize) {
        Oracle::abandon(self, worker);
    }
}

/// Any `Fn(&[u8], &[u8]) -> bool` closure (seed, variant) is a pair test.
impl<F> PairTest for F
where
    F: Fn(&[u8], &[u8]) -> bool + Sync,
{
    fn test(&self, _worker: usize, seed: &[u8], variant: &[u8]) -> Result<Verdict, OracleError> {
        Ok(if self(seed, variant) {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        })
    }
}

/// A pair test with a cache of its verdicts, by the pair of the two texts' hashes.
pub struct Joint<'a> {
    test: &'a dyn PairTest,
    memory: Remembered,
}

#[cfg_attr(not(feature = "cli"), allow(dead_code))] // the command line's --interesting-pair
impl<'a> Joint<'a> {
    /// Wraps `test`.
    pub fn new(test: &'a dyn PairTest) -> Joint<'a> {
        Joint {
            test,
            memory: Remembered::default(),
        }
    }

    /// Tests the pair (cached).
    pub fn test(&self, worker: usize, seed: &[u8], variant: &[u8]) -> Result<Verdict, OracleError> {
        self.test_as(false, worker, seed, variant)
    }

    /// Tests the pair; ahead, beside a round, if `aside`
    /// ([`Remembered::test_aside`]).
    fn test_as(
        &self,
        aside: bool,
        worker: usize,
        seed: &[u8],
        variant: &[u8],
    ) -> Result<Verdict, OracleError> {
        let run = || self.test.test(worker, seed, variant);
        match aside {
            true => self.memory.test_aside(Joint::key(seed, variant), run),
            false => self.memory.test(Joint::key(seed, variant), run),
        }
    }

    /// The memory's key of a pair.
    fn key(seed: &[u8], variant: &[u8]) -> u128 {
        let mut key = [0; 32];
        key[..16].copy_from_slice(&xxh3_128(seed).to_le_bytes());
        key[16..].copy_from_slice(&xxh3_128(variant).to_le_bytes());
        xxh3_128(&key)
    }
}

/// How a pair's properties are decided: a test per program (ψ_s on the
/// seed, ψ_v on the variant), or one test of the pair.
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // the command line's --interesting-pair
pub enum PairTests<'a> {
    /// `--interesting-seed` and `--interesting`.
    Sides {
        /// ψ_s.
        seed: Side<'a>,
        /// ψ_v.
        variant: Side<'a>,
    },
    /// `--interesting-pair`.
    Joint(Joint<'a>),
}

/// What a re-check of a pair found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rechecked {
    /// The pair still has both properties.
    Holds,
    /// A test rejected it.
    Rejected,
    /// A test was stopped (Ctrl-C) before it gave a verdict.
    Stopped,
    /// A test could not be run (no verdict); the error.
    CouldNotRun(String),
}

/// Which program of the pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// The seed.
    Seed,
    /// The variant.
    Variant,
}

impl Which {
    /// `seed` or `variant`.
    pub fn name(self) -> &'static str {
        match self {
            Which::Seed => "seed",
            Which::Variant => "variant",
        }
    }
}

#[cfg_attr(not(feature = "cli"), allow(dead_code))] // the command line's --interesting-pair
impl<'a> PairTests<'a> {
    /// A test per program.
    pub fn sides(seed: &'a dyn Oracle, variant: &'a dyn Oracle) -> PairTests<'a> {
        PairTests::Sides {
            seed: Side::new(seed),
            variant: Side::new(variant),
        }
    }

    /// One test of the pair.
    pub fn joint(test: &'a dyn PairTest) -> PairTests<'a> {
        PairTests::Joint(Joint::new(test))
    }

    /// Whether the pair `(seed, variant)` has both properties, where only
    /// `changed` differs from a pair known to have them (cached). With a
    /// test per program, only the changed one's test runs.
    pub fn holds(&self, worker: usize, changed: Which, (seed, variant): (&[u8], &[u8])) -> bool {
        let verdict = match (self, changed) {
            (PairTests::Sides { seed: s, .. }, Which::Seed) => s.test(worker, seed),
            (PairTests::Sides { variant: v, .. }, Which::Variant) => v.test(worker, variant),
            (PairTests::Joint(j), _) => j.test(worker, seed, variant),
        };
        matches!(verdict, Ok(Verdict::Interesting))
    }

    /// An oracle over candidates for one program of the pair, the other
    /// staying `other`.
    pub fn one<'s>(&'s self, changed: Which, other: &'s [u8]) -> OneSide<'s, 'a> {
        OneSide {
            tests: self,
            changed,
            other,
        }
    }

    /// Re-runs the test(s) on the pair, without the caches, as `worker`.
    /// At `jobs` above 1 the two tests run at once, and the variant's is
    /// abandoned if the seed's does not pass.
    pub fn recheck(&self, seed: &[u8], variant: &[u8], jobs: usize, worker: usize) -> Rechecked {
        match self {
            PairTests::Sides {
                seed: s,
                variant: v,
            } if jobs > 1 => {
                let variant_test = v.inner();
                variant_test.begin(worker);
                let (s, v) = PairTests::at_once((s, v), (seed, variant), worker, || {});
                variant_test.end(worker);
                match rechecked(s) {
                    Rechecked::Holds => rechecked(v),
                    other => other,
                }
            }
            PairTests::Sides {
                seed: s,
                variant: v,
            } => match rechecked(s.inner().test(worker, seed)) {
                Rechecked::Holds => rechecked(v.inner().test(worker, variant)),
                other => other,
            },
            PairTests::Joint(j) => rechecked(j.test.test(worker, seed, variant)),
        }
    }

    /// The seed's and the variant's tests of a re-check at once, without
    /// the caches, as `worker` (whose variant test is begun, see
    /// [`Oracle::begin`]): the variant's is abandoned if the seed's does
    /// not pass, and `variant_ended` is called when it ends.
    fn at_once(
        (seed_side, variant_side): (&Side, &Side),
        (seed, variant): (&[u8], &[u8]),
        worker: usize,
        variant_ended: impl Fn() + Sync,
    ) -> (Result<Verdict, OracleError>, Result<Verdict, OracleError>) {
        let (seed_test, variant_test) = (seed_side.inner(), variant_side.inner());
        std::thread::scope(|scope| {
            let beside = scope.spawn(|| {
                let _ended = OnDrop(&variant_ended);
                variant_test.test(worker, variant)
            });
            let s = seed_test.test(worker, seed);
            if !matches!(s, Ok(Verdict::Interesting)) {
                variant_test.abandon(worker);
            }
            let v = beside
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (s, v)
        })
    }

    /// Which test could not be run 5 times in a row, and its last error.
    pub fn failure(&self) -> Option<(&'static str, String)> {
        match self {
            PairTests::Sides { seed, variant } => seed
                .memory()
                .failure()
                .map(|e| ("seed", e))
                .or_else(|| variant.memory().failure().map(|e| ("variant", e))),
            PairTests::Joint(j) => j.memory.failure().map(|e| ("pair", e)),
        }
    }

    /// A live count of the tests run, to read on another thread.
    pub fn counter(&self) -> TestCounter {
        TestCounter(match self {
            PairTests::Sides { seed, variant } => {
                vec![seed.memory().counts(), variant.memory().counts()]
            }
            PairTests::Joint(j) => vec![j.memory.counts()],
        })
    }

    /// The counters of the seed's test, the variant's, and the pair's.
    pub fn reports(&self) -> Reports {
        match self {
            PairTests::Sides { seed, variant } => Reports {
                seed: seed.memory().report(),
                variant: variant.memory().report(),
                pair: None,
            },
            PairTests::Joint(j) => Reports {
                seed: SideReport::default(),
                variant: SideReport::default(),
                pair: Some(j.memory.report()),
            },
        }
    }

    /// Stops `worker`'s running test (its verdict is no longer needed).
    pub fn abandon(&self, worker: usize) {
        match self {
            PairTests::Sides { seed, variant } => {
                seed.abandon(worker);
                variant.abandon(worker);
            }
            PairTests::Joint(j) => j.test.abandon(worker),
        }
    }
}

/// The counters of a pair's tests.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Reports {
    /// The seed's test (`--interesting-seed`).
    pub seed: SideReport,
    /// The variant's test (`--interesting`).
    pub variant: SideReport,
    /// The pair's test (`--interesting-pair`), when there is one.
    pub pair: Option<SideReport>,
}

impl Reports {
    /// Script runs of all tests.
    pub fn tests(&self) -> u64 {
        self.seed.tests + self.variant.tests + self.pair.map_or(0, |p| p.tests)
    }
}

/// See [`PairTests::counter`].
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // the command line's --interesting-pair
#[derive(Clone)]
pub struct TestCounter(Vec<Arc<Counts>>);

#[cfg_attr(not(feature = "cli"), allow(dead_code))] // the command line's --interesting-pair
impl TestCounter {
    /// Script runs so far, of all tests.
    pub fn tests(&self) -> u64 {
        self.0.iter().map(|c| c.tests()).sum()
    }
}

/// Candidates for one program of a pair, tested with the other fixed.
pub struct OneSide<'s, 'a> {
    tests: &'s PairTests<'a>,
    changed: Which,
    other: &'s [u8],
}

impl Oracle for OneSide<'_, '_> {
    fn test(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        match (self.tests, self.changed) {
            (PairTests::Sides { seed, .. }, Which::Seed) => seed.test(worker, candidate),
            (PairTests::Sides { variant, .. }, Which::Variant) => variant.test(worker, candidate),
            (PairTests::Joint(j), Which::Seed) => j.test(worker, candidate, self.other),
            (PairTests::Joint(j), Which::Variant) => j.test(worker, self.other, candidate),
        }
    }

    /// See [`Remembered::test_aside`].
    fn test_aside(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        match (self.tests, self.changed) {
            (PairTests::Sides { seed, .. }, Which::Seed) => seed.test_aside(worker, candidate),
            (PairTests::Sides { variant, .. }, Which::Variant) => {
                variant.test_aside(worker, candidate)
            }
            (PairTests::Joint(j), Which::Seed) => j.test_as(true, worker, candidate, self.other),
            (PairTests::Joint(j), Which::Variant) => j.test_as(true, worker, self.other, candidate),
        }
    }

    fn abandon(&self, worker: usize) {
        match (self.tests, self.changed) {
            (PairTests::Sides { seed, .. }, Which::Seed) => seed.abandon(worker),
            (PairTests::Sides { variant, .. }, Which::Variant) => variant.abandon(worker),
            (PairTests::Joint(j), _) => j.test.abandon(worker),
        }
    }
}

/// `side`'s test of `text`; ahead, beside a round, if `aside`
/// ([`Remembered::test_aside`]).
fn side_test(side: &Side, aside: bool, worker: usize, text: &[u8]) -> Result<Verdict, OracleError> {
    match aside {
        true => side.test_aside(worker, text),
        false => side.test(worker, text),
    }
}

/// MinCommonality's oracle: a seed candidate is interesting when it has ψ_s
/// and the difference patched onto it gives a variant with ψ_v. What needs
/// no test comes first: the seed's verdict when its cache knows it (from
/// this round or an earlier one: a seed's verdict does not depend on the
/// difference), then the patched variant, which must carry every hunk of
/// the difference (a candidate that deleted a hunk's context on both sides
/// is not tested: the difference stays as MinLdiff left it, as the paper's
/// MinCommonality keeps it) and parse no worse than `variant_errors` (a
/// patch can land a hunk where it no longer parses, and a test that only
/// looks for the bug's message may accept what a compiler rejects). Then,
/// with a test per program, the seed's test, and the variant's only when
/// the seed passes; but when fewer than `jobs` scripts of this oracle run
/// (a round with fewer lanes than `-j`), the variant's test starts beside
/// the seed's, and is abandoned if the seed's test rejects (counted as an
/// abandoned run of the variant's test, not as a test) or a lane needs its
/// place ([`Places`]: it then runs after the seed's). The verdict is the
/// same either way. An abandon stops whichever of the two runs, or is about
/// to. With one test of the pair it runs once on both.
///
/// The single-file reducer checks that the seed candidate parses as well as
/// its best.
pub struct Both<'s, 'a> {
    /// The language of both programs.
    pub grammar: &'static Grammar,
    /// The fixed difference, from the seed the candidates are made of.
    pub diff: &'s Diff,
    /// How the pair is tested.
    pub tests: &'s PairTests<'a>,
    /// The most parse errors a patched variant may have: the variant's
    /// when the reducer started.
    pub variant_errors: usize,
    /// Candidates rejected because of the seed (its test said no).
    pub seed_rejected: AtomicU64,
    /// Candidates rejected because of the variant (it did not parse as
    /// well, or its test said no), or by the pair's one test.
    pub variant_rejected: AtomicU64,
    /// Candidates the reducer needed a verdict on that got none: a script
    /// could not be run, or was stopped without the reducer abandoning it.
    /// The reducer counts them as rejected, but neither program's test
    /// judged them.
    pub unjudged: AtomicU64,
    /// The variant each seed candidate found interesting was tested with,
    /// by the two texts' keys: the pair MinCommonality adopts is one whose
    /// variant was tested.
    tested: Mutex<HashMap<u128, u128>>,
    /// Scripts that may run at once (`-j`).
    jobs: usize,
    /// Scripts running now, and whose variant tests run beside their seed's.
    places: Mutex<Places>,
    /// Signals a stopped beside run's end.
    ended: Condvar,
}

/// A candidate's variant test beside its seed's ([`Both`]): not run, run
/// (its verdict), or stopped by a lane that needed its place.
enum Beside {
    Not,
    Ran(Result<Verdict, OracleError>),
    Stopped,
}

/// MinCommonality's scripts running now ([`Both`]): one per candidate
/// running its seed's or its variant's test, and one per variant test run
/// beside its seed's. A beside
/// run takes a place no lane holds; a lane whose candidate needs a script
/// when every place is taken stops the newest beside run and waits for it
/// to end, so that no more than `-j` scripts ever run. A candidate that
/// needs none (its seed's rejection known, its variant not patched) takes
/// no place.
#[derive(Default)]
struct Places {
    scripts: usize,
    /// Workers whose variant test runs beside their seed's, oldest first.
    beside: Vec<usize>,
    /// Workers whose beside run a lane stopped, until the run ends.
    stopping: Vec<usize>,
    /// Workers whose beside run a lane stopped, once it ended.
    stopped: Vec<usize>,
    /// Workers whose candidate the reducer no longer needs.
    abandoned: Vec<usize>,
}

/// Calls its function when dropped: on every way out of a scope, a
/// panic's too.
struct OnDrop<F: Fn()>(F);

impl<F: Fn()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)()
    }
}

/// What one run of a re-check's test found.
fn rechecked(verdict: Result<Verdict, OracleError>) -> Rechecked {
    match verdict {
        Ok(Verdict::Interesting) => Rechecked::Holds,
        Ok(Verdict::Cancelled) => Rechecked::Stopped,
        Ok(_) => Rechecked::Rejected,
        Err(e) => Rechecked::CouldNotRun(e.to_string()),
    }
}

impl<'s, 'a> Both<'s, 'a> {
    /// MinCommonality's oracle for candidates made from `diff`'s seed.
    pub fn new(
        grammar: &'static Grammar,
        diff: &'s Diff,
        tests: &'s PairTests<'a>,
        variant_errors: usize,
    ) -> Self {
        Both {
            grammar,
            diff,
            tests,
            variant_errors,
            seed_rejected: AtomicU64::new(0),
            variant_rejected: AtomicU64::new(0),
            unjudged: AtomicU64::new(0),
            tested: Mutex::default(),
            jobs: 1,
            places: Mutex::default(),
            ended: Condvar::new(),
        }
    }

    /// Up to `jobs` scripts at once: a variant's test starts beside its
    /// seed's while fewer run.
    pub fn with_jobs(mut self, jobs: usize) -> Self {
        self.jobs = jobs.max(1);
        self
    }

    /// [`Oracle::test`], or (`aside`) [`Oracle::test_aside`].
    fn test_in(
        &self,
        worker: usize,
        candidate: &[u8],
        aside: bool,
    ) -> Result<Verdict, OracleError> {
        self.places.lock().abandoned.retain(|&w| w != worker);
        let verdict = match self.tests {
            PairTests::Joint(j) => match self.unscripted(candidate) {
                Err((by_seed, v)) => Ok(self.rejected(by_seed, v)),
                Ok((variant, _)) => {
                    let v = j.test_as(aside, worker, candidate, &variant);
                    self.judged(candidate, &variant, v.map(|v| self.rejected(false, v)))
                }
            },
            PairTests::Sides { seed, variant } => {
                self.test_sides((seed, variant), worker, candidate, aside)
            }
        };
        // A test made ahead is one not every `-j` makes: whether a round
        // skips MinCommonality must not depend on it.
        if !aside && self.no_verdict(worker, &verdict) {
            self.unjudged.fetch_add(1, Relaxed);
        }
        verdict
    }

    /// [`Both::test_in`] with a test per program.
    fn test_sides(
        &self,
        (seed_side, variant_side): (&Side, &Side),
        worker: usize,
        candidate: &[u8],
        aside: bool,
    ) -> Result<Verdict, OracleError> {
        seed_side.begin(worker);
        variant_side.begin(worker);
        // Ended on every way out, a panic's too.
        let _begun = OnDrop(|| {
            seed_side.end(worker);
            variant_side.end(worker);
        });
        // The seed's known rejection holds whatever the difference, and
        // costs nothing; nor does a variant that does not patch.
        let (variant, known) = match self.unscripted(candidate) {
            Ok(tested) => tested,
            Err((by_seed, v)) => return Ok(self.rejected(by_seed, v)),
        };
        // A script runs from here on: a place for it, given back on every
        // way out (a lane waiting in `enter` for a place must get it).
        if aside {
            if !self.enter_free() {
                return Ok(Verdict::Cancelled);
            }
        } else {
            self.enter(variant_side);
        }
        let _place = OnDrop(|| self.leave());
        let verdict = self.run_scripts(worker, candidate, &variant, known, aside);
        self.judged(candidate, &variant, verdict)
    }

    /// Notes the variant an interesting `candidate` was tested with.
    fn judged(
        &self,
        candidate: &[u8],
        variant: &[u8],
        verdict: Result<Verdict, OracleError>,
    ) -> Result<Verdict, OracleError> {
        if matches!(verdict, Ok(Verdict::Interesting)) {
            let key = (VerdictCache::key(candidate), VerdictCache::key(variant));
            self.tested.lock().insert(key.0, key.1);
        }
        verdict
    }

    /// Whether `verdict`, of a test the reducer needed, is none: an error,
    /// or a stop the reducer did not ask for (an abandoned test's verdict
    /// was not needed).
    fn no_verdict(&self, worker: usize, verdict: &Result<Verdict, OracleError>) -> bool {
        match verdict {
            Err(_) => true,
            Ok(Verdict::Cancelled) => !self.places.lock().abandoned.contains(&worker),
            Ok(_) => false,
        }
    }

    /// Whether `variant` is the variant an interesting `seed` was tested
    /// with by this oracle.
    pub fn tested_with(&self, seed: &[u8], variant: &[u8]) -> bool {
        let tested = self.tested.lock();
        tested.get(&VerdictCache::key(seed)) == Some(&VerdictCache::key(variant))
    }

    /// Takes a place for a script made ahead, if one is free now.
    fn enter_free(&self) -> bool {
        let mut places = self.places.lock();
        let free = places.scripts < self.jobs;
        places.scripts += usize::from(free);
        free
    }

    /// The pair's re-check of `seed` and `variant` (see
    /// [`PairTests::recheck`]) in places of this oracle's, as `worker`,
    /// stopping none of the scripts that run: the seed's script in a place
    /// free now, the variant's beside it in another, which a lane that
    /// needs it takes back (the re-check is then [`Rechecked::Stopped`],
    /// as it is when no place is free). Also whether the verdict that
    /// decided was a timeout.
    fn recheck_in_places(&self, seed: &[u8], variant: &[u8], worker: usize) -> (Rechecked, bool) {
        let (seed_side, variant_side) = match self.tests {
            PairTests::Sides { seed, variant } => (seed, variant),
            // One script per test, in the test's directory.
            PairTests::Joint(j) => {
                let v = j.test.test(worker, seed, variant);
                let timed_out = matches!(v, Ok(Verdict::TimedOut));
                return (rechecked(v), timed_out);
            }
        };
        if !self.enter_free() {
            return (Rechecked::Stopped, false);
        }
        let _place = OnDrop(|| self.leave());
        // Begun before its place beside is taken: a lane's stop from then
        // on reaches it.
        let variant_test = variant_side.inner();
        variant_test.begin(worker);
        let _begun = OnDrop(|| variant_test.end(worker));
        if !self.beside(worker) {
            return (Rechecked::Stopped, false);
        }
        let (s, v) = PairTests::at_once((seed_side, variant_side), (seed, variant), worker, || {
            self.beside_ended(worker)
        });
        // A lane that stopped the variant's run: its verdict says so.
        self.was_stopped(worker);
        let deciding = match s {
            Ok(Verdict::Interesting) => v,
            other => other,
        };
        let timed_out = matches!(deciding, Ok(Verdict::TimedOut));
        (rechecked(deciding), timed_out)
    }

    /// Takes a place for a candidate's script; when every place is taken,
    /// the newest beside run gives its place up (this waits for it to end).
    fn enter(&self, variant_side: &Side) {
        let mut places = self.places.lock();
        places.scripts += 1;
        if places.scripts > self.jobs
            && let Some(other) = places.beside.pop()
        {
            variant_side.abandon(other);
            places.stopping.push(other);
            while places.stopping.contains(&other) {
                self.ended.wait(&mut places);
            }
        }
    }

    /// Gives `worker`'s place back.
    fn leave(&self) {
        self.places.lock().scripts -= 1;
    }

    /// Takes a place for `worker`'s variant test beside its seed's, if one
    /// is free.
    fn beside(&self, worker: usize) -> bool {
        let mut places = self.places.lock();
        let free = places.scripts < self.jobs;
        if free {
            places.scripts += 1;
            places.beside.push(worker);
        }
        free
    }

    /// `worker`'s beside run ended: its place is free.
    fn beside_ended(&self, worker: usize) {
        let mut places = self.places.lock();
        places.scripts -= 1;
        if let Some(i) = places.stopping.iter().position(|&w| w == worker) {
            places.stopping.swap_remove(i);
            places.stopped.push(worker);
            self.ended.notify_all();
        } else {
            places.beside.retain(|&w| w != worker);
        }
    }

    /// Whether a lane stopped `worker`'s beside run.
    fn was_stopped(&self, worker: usize) -> bool {
        let mut places = self.places.lock();
        let i = places.stopped.iter().position(|&w| w == worker);
        i.map(|i| places.stopped.swap_remove(i)).is_some()
    }

    /// Runs `worker`'s variant test again after a lane stopped its beside
    /// run, unless the reducer abandoned the candidate meanwhile.
    fn variant_again(
        &self,
        worker: usize,
        variant_side: &Side,
        variant: &[u8],
        aside: bool,
    ) -> Result<Verdict, OracleError> {
        {
            let places = self.places.lock();
            if places.abandoned.contains(&worker) {
                return Ok(Verdict::Cancelled);
            }
            // A fresh token: the stop was for the run before.
            variant_side.begin(worker);
        }
        side_test(variant_side, aside, worker, variant)
    }

    /// The scripts [`Both`]'s test runs for a candidate with a test per
    /// program (`known`: the seed's verdict if its cache has it), in the
    /// place [`Both::enter`] took.
    fn run_scripts(
        &self,
        worker: usize,
        candidate: &[u8],
        variant: &[u8],
        known: Option<Verdict>,
        aside: bool,
    ) -> Result<Verdict, OracleError> {
        let PairTests::Sides {
            seed: seed_side,
            variant: variant_side,
        } = self.tests
        else {
            unreachable!("only with a test per program");
        };
        let seed_first = !crate::ablate::off("seed-first");
        // The seed's test first: a rejection it decides holds whatever
        // the difference. With a script's place free, the variant's
        // test runs beside it, and is abandoned if the seed rejects (or
        // a lane needs the place: it runs again after the seed's then).
        let (s, beside) = match known {
            Some(s) => (s, Beside::Not),
            None if seed_first && self.beside(worker) => {
                let (s, v) = std::thread::scope(|scope| {
                    let v = scope.spawn(|| {
                        // Its place is free on every way out, a panic's
                        // too: a lane in `enter` may wait for it.
                        let _ended = OnDrop(|| self.beside_ended(worker));
                        side_test(variant_side, aside, worker, variant)
                    });
                    let s = side_test(seed_side, aside, worker, candidate);
                    if !matches!(s, Ok(Verdict::Interesting)) {
                        variant_side.abandon(worker);
                    }
                    let v = v.join();
                    (
                        s,
                        v.unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                    )
                });
                let stopped = self.was_stopped(worker) && matches!(v, Ok(Verdict::Cancelled));
                (
                    s?,
                    if stopped {
                        Beside::Stopped
                    } else {
                        Beside::Ran(v)
                    },
                )
            }
            None => (side_test(seed_side, aside, worker, candidate)?, Beside::Not),
        };
        if s != Verdict::Interesting && seed_first {
            return Ok(self.rejected(true, s));
        }
        let v = match beside {
            Beside::Ran(v) => v?,
            Beside::Not => side_test(variant_side, aside, worker, variant)?,
            Beside::Stopped => self.variant_again(worker, variant_side, variant, aside)?,
        };
        if s != Verdict::Interesting {
            return Ok(self.rejected(true, s));
        }
        Ok(self.rejected(false, v))
    }

    /// The variant that goes with a seed candidate.
    pub fn variant_of(&self, seed: &[u8]) -> Vec<u8> {
        self.diff.patch(self.grammar, seed)
    }

    /// What a test of `candidate` knows before any script: the variant to
    /// test and the seed's cached verdict, or the rejection that needs no
    /// script (`Err((by_seed, verdict))`): the seed's rejection known (with
    /// a test per program), or a variant that does not patch (see
    /// [`Both::patched`]). Counts nothing.
    fn unscripted(&self, candidate: &[u8]) -> Result<(Vec<u8>, Option<Verdict>), (bool, Verdict)> {
        let known = match self.tests {
            PairTests::Sides { seed, .. } => seed.memory().known(VerdictCache::key(candidate)),
            PairTests::Joint(_) => None,
        };
        if let Some(s) = known
            && s != Verdict::Interesting
            && !crate::ablate::off("seed-first")
        {
            return Err((true, s));
        }
        match self.patched(candidate) {
            Some(variant) => Ok((variant, known)),
            None => Err((false, Verdict::NotInteresting)),
        }
    }

    /// The variant to test with a seed candidate: none when a hunk of the
    /// difference lost its context in the candidate (the difference is
    /// kept whole, as the paper's MinCommonality keeps it) or when the
    /// variant parses worse than `variant_errors`.
    fn patched(&self, seed: &[u8]) -> Option<Vec<u8>> {
        let (variant, dropped) = self.diff.patch_counting(self.grammar, seed);
        if dropped > 0 && !crate::ablate::off("keep-diff") {
            return None;
        }
        (count_errors(&parse(self.grammar, &variant)) <= self.variant_errors).then_some(variant)
    }

    fn rejected(&self, by_seed: bool, verdict: Verdict) -> Verdict {
        if matches!(verdict, Verdict::NotInteresting | Verdict::TimedOut) {
            let counter = if by_seed {
                &self.seed_rejected
            } else {
                &self.variant_rejected
            };
            counter.fetch_add(1, Relaxed);
        }
        verdict
    }
}

/// The pair's final re-check run beside the layout's test in the last
/// MinCommonality (see `single::Session::recheck`): a seed candidate with
/// the variant that goes with it, re-tested without the caches as
/// [`PairTests::recheck`] does; the last pair it ran and what it found are
/// kept for the re-check to use as its first try.
pub struct Rechecking<'b, 's, 'a> {
    both: &'b Both<'s, 'a>,
    /// What the re-check found, not a stopped run.
    pub ran: Mutex<Option<RecheckedPair>>,
}

/// A seed, its variant, and what a re-check of the pair found.
pub type RecheckedPair = (Vec<u8>, Vec<u8>, Rechecked);

impl<'b, 's, 'a> Rechecking<'b, 's, 'a> {
    /// A re-check beside the layout's test of `both`, if the scripts of
    /// both fit in `-j` together: two tests of the layout's candidate and
    /// two of the re-check (one each with one test of the pair).
    pub fn beside(both: &'b Both<'s, 'a>) -> Option<Rechecking<'b, 's, 'a>> {
        (both.jobs >= 2 * both.scripts()).then(|| Rechecking {
            both,
            ran: Mutex::new(None),
        })
    }
}

impl Rechecking<'_, '_, '_> {
    /// [`Oracle::test`], or (`aside`) [`Oracle::test_aside`].
    fn test_in(
        &self,
        worker: usize,
        candidate: &[u8],
        aside: bool,
    ) -> Result<Verdict, OracleError> {
        // The layout's test decides without a script: no re-check waits
        // for scripts beside it.
        let Ok((variant, _)) = self.both.unscripted(candidate) else {
            return Ok(Verdict::NotInteresting);
        };
        let (rechecked, timed_out) = self.both.recheck_in_places(candidate, &variant, worker);
        // Beside a round, on a busier machine than at the end, a timeout is
        // no try of the re-check's: it runs its own.
        if aside && timed_out {
            return Ok(Verdict::TimedOut);
        }
        let verdict = match &rechecked {
            Rechecked::Holds => Ok(Verdict::Interesting),
            Rechecked::Rejected => Ok(Verdict::NotInteresting),
            Rechecked::Stopped => Ok(Verdict::Cancelled),
            Rechecked::CouldNotRun(error) => Err(OracleError::new(
                "cannot run the test",
                std::io::Error::other(error.clone()),
            )),
        };
        if rechecked != Rechecked::Stopped {
            *self.ran.lock() = Some((candidate.to_vec(), variant, rechecked));
        }
        verdict
    }
}

impl Oracle for Rechecking<'_, '_, '_> {
    fn test(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        self.test_in(worker, candidate, false)
    }

    fn test_aside(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        self.test_in(worker, candidate, true)
    }

    fn scripts(&self) -> usize {
        Oracle::scripts(self.both)
    }
}

impl Oracle for Both<'_, '_> {
    fn test(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        self.test_in(worker, candidate, false)
    }

    /// A test made ahead beside a round: its seed's script only in a place
    /// free now (it stops no variant test running beside its seed's), else
    /// none ([`Verdict::Cancelled`]). Its scripts' verdicts go to the
    /// programs' memories as [`Remembered::test_aside`] keeps them: a
    /// timeout there, on a busier machine than the runs that ask for it
    /// later, is not kept, and an error counts toward no stop.
    fn test_aside(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        self.test_in(worker, candidate, true)
    }

    fn scripts(&self) -> usize {
        match self.tests {
            PairTests::Sides { .. } => 2,
            PairTests::Joint(_) => 1,
        }
    }

    fn abandon(&self, worker: usize) {
        // Under the lock: a variant test run again after this finds it.
        let mut places = self.places.lock();
        places.abandoned.push(worker);
        self.tests.abandon(worker);
    }
}
