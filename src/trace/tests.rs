//! The aligner on the cases of the paper's Section 4.4 (infeasible
//! alignment), with real Python generators run through the shipped hook:
//! what halt, bypass and realign make of a reduced run whose remaining
//! decisions cannot all be aligned.

use std::ffi::OsString;
use std::sync::Arc;
use std::time::Duration;

use super::generator::{Align, Generator};
use super::record::{StructureKind, Trace};
use super::reduce::{Replayed, TraceCounters, replay};
use crate::oracle::{Cancel, RunOutcome};

struct Case {
    _dir: tempfile::TempDir,
    generator: Generator,
    trace: Trace,
    output: String,
}

fn record(source: &str) -> Case {
    record_with("gen.py", source, &["python3", "gen.py"])
}

/// Records the generator `command`, whose source `source` is written to
/// `file` in a fresh directory.
fn record_with(file: &str, source: &str, command: &[&str]) -> Case {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(file), source).unwrap();
    let command = command.iter().map(OsString::from).collect();
    let cancel = Arc::new(Cancel::new().unwrap());
    let generator = Generator::new(
        command,
        None,
        dir.path(),
        1,
        Duration::from_secs(30),
        cancel,
    )
    .unwrap();
    let run = generator.run(0, None, Align::Halt).unwrap();
    assert_eq!(run.outcome, RunOutcome::Exited(0), "{}", run.stderr_tail);
    let trace = Trace::parse(run.trace.as_deref().unwrap()).unwrap();
    let output = String::from_utf8(run.output.unwrap()).unwrap();
    Case {
        _dir: dir,
        generator,
        trace,
        output,
    }
}

impl Case {
    /// Replays the run without the block of selection number `selection`.
    fn without_selection(
        &self,
        selection: usize,
        align: Align,
    ) -> (Option<Replayed>, TraceCounters) {
        let selections: Vec<_> = self
            .trace
            .structures
            .iter()
            .filter(|s| matches!(s.kind, StructureKind::Selection { .. }))
            .collect();
        let mut removed = vec![false; self.trace.units.len()];
        removed[selections[selection].units[0]] = true;
        self.replay_without(removed, align)
    }

    /// Replays the run with the decisions marked in `lowered` at their
    /// lowest value (the trace reduction's values step).
    fn replay_lowered(&self, lowered: &[bool]) -> String {
        let removed = vec![false; self.trace.units.len()];
        let plan = self.trace.plan_lowered(&removed, lowered).unwrap();
        let counters = TraceCounters::default();
        let replayed = replay(
            &self.generator,
            &self.trace,
            (removed, lowered),
            plan,
            Align::Realign,
            0,
            &counters,
        )
        .unwrap();
        output(&replayed)
    }

    /// Replays the run without the units marked in `removed`.
    fn replay_without(
        &self,
        removed: Vec<bool>,
        align: Align,
    ) -> (Option<Replayed>, TraceCounters) {
        let plan = self.trace.plan(&removed).unwrap();
        let counters = TraceCounters::default();
        let replayed = replay(
            &self.generator,
            &self.trace,
            (removed, &[]),
            plan,
            align,
            0,
            &counters,
        )
        .unwrap();
        (replayed, counters)
    }
}

fn output(replayed: &Option<Replayed>) -> String {
    let run = &replayed.as_ref().expect("the replay ran to its end").run;
    assert_eq!(run.outcome, RunOutcome::Exited(0), "{}", run.stderr_tail);
    String::from_utf8(run.output.clone().unwrap()).unwrap()
}

/// Case 2 of Section 4.4: the block that adds 1 to `x` is removed, so the
/// later `random.choice(x)` cannot return the recorded 1.
const CASE_2: &str = "\
import random
random.seed(9)
x = [0]
if random.choice([False, True]):
    x += [1]
    print('added', random.randint(0, 9))
if random.choice([False, True]):
    y = random.choice(x)
    print('y =', y)
print('end', random.randint(0, 9))
";

#[test]
fn case_2_halt_stops_bypass_drops_the_block_realign_takes_the_lowest_value() {
    let case = record(CASE_2);
    assert!(case.output.contains("y = 1"), "{}", case.output);
    let (loops, selections) = case.trace.counts();
    assert_eq!((loops, selections), (0, 2), "{:?}", case.trace);

    let (halted, counters) = case.without_selection(0, Align::Halt);
    assert!(halted.is_none());
    assert_eq!(counters.halted_runs.into_inner(), 1);

    let (bypassed, counters) = case.without_selection(0, Align::Bypass);
    let text = output(&bypassed);
    assert!(!text.contains("added") && !text.contains("y ="), "{text}");
    assert!(text.contains("end"), "{text}");
    assert_eq!(counters.bypassed_units.into_inner(), 1);
    assert!(bypassed.unwrap().removed.iter().all(|&r| r));

    let (realigned, counters) = case.without_selection(0, Align::Realign);
    let text = output(&realigned);
    assert!(!text.contains("added"), "{text}");
    assert!(text.contains("y = 0"), "{text}");
    assert_eq!(counters.realigned_decisions.into_inner(), 1);
    // The decision after the misaligned one is aligned again.
    let last = |t: &str| t.lines().last().unwrap().to_string();
    assert_eq!(last(&text), last(&case.output));
}

/// Case 1 of Section 4.4: without the block, `x` stays 0 and the generator
/// calls f() where it called g(): f's decisions have no counterpart.
const CASE_1: &str = "\
import random
random.seed(0)

def f():
    return 'f %d %d' % (random.randint(0, 9), random.randint(0, 9))

def g():
    return 'g ' + random.choice('abc')

x = 0
if random.choice([False, True]):
    x = 1
if x == 0:
    print(f())
else:
    print(g())
print('after', random.randint(0, 99))
";

#[test]
fn case_1_realign_runs_the_other_branch_and_aligns_what_follows() {
    let case = record(CASE_1);
    assert!(case.output.starts_with("g "), "{}", case.output);
    let (_, selections) = case.trace.counts();
    assert_eq!(selections, 1);

    let (halted, _) = case.without_selection(0, Align::Halt);
    assert!(halted.is_none());
    // No unit holds g's decision, so bypass cannot help: it halts too.
    let (bypassed, counters) = case.without_selection(0, Align::Bypass);
    assert!(bypassed.is_none());
    assert_eq!(counters.bypassed_units.into_inner(), 0);

    let (realigned, counters) = case.without_selection(0, Align::Realign);
    let text = output(&realigned);
    assert!(text.starts_with("f 0 0"), "{text}");
    assert_eq!(text.lines().last(), case.output.lines().last());
    assert!(counters.realigned_decisions.into_inner() >= 2);
}

#[test]
fn loops_recognized_from_the_syntax_lose_iterations_exactly() {
    // The paper's Listing 1: n = choice(range(20)), then n letters.
    let case = record(
        "import random\nfrom string import ascii_lowercase\nrandom.seed(26524)\nw = ''\nn = random.choice(range(20))\nfor i in range(n):\n    w += random.choice(ascii_lowercase)\nw += '\\n'\nprint(w + w, end='')\n",
    );
    let (loops, _) = case.trace.counts();
    assert_eq!(loops, 1);
    let units = case.trace.units.len();
    assert!(units >= 2, "{:?}", case.trace);
    // Keep only the last iteration.
    let mut removed = vec![true; units];
    removed[units - 1] = false;
    let (replayed, _) = case.replay_without(removed, Align::Halt);
    let text = output(&replayed);
    let last = case.output.lines().next().unwrap().chars().last().unwrap();
    assert_eq!(text, format!("{last}\n{last}\n"));
}

#[test]
fn loops_over_comprehensions_are_recognized() {
    // The count assigned just before the comprehension, and drawn inside
    // its iterable (dharma's repeats are written the first way).
    let case = record(
        "import random\nrandom.seed(3)\ndef item():\n    return 'x%d' % random.randint(0, 9)\ncount = random.randint(1, 6)\nparts = [item() for _ in range(count)]\nmore = [random.choice('ab') for _ in range(random.randint(2, 4))]\nprint(' '.join(parts + more))\n",
    );
    let (loops, _) = case.trace.counts();
    assert_eq!(loops, 2, "{:?}", case.trace);
    let first = &case.trace.structures[0];
    assert_eq!(first.units.len(), case.output.matches('x').count());
    // Without the first loop's iterations but one: one item fewer each.
    let mut removed = vec![false; case.trace.units.len()];
    for &u in &first.units[1..] {
        removed[u] = true;
    }
    let (replayed, _) = case.replay_without(removed, Align::Halt);
    let text = output(&replayed);
    assert_eq!(text.matches('x').count(), 1, "{text}");
    assert_eq!(
        text.split(' ').skip(1).collect::<Vec<_>>(),
        case.output
            .split(' ')
            .skip(first.units.len())
            .collect::<Vec<_>>()
    );
}

/// A loop whose count is a decision is one unit per iteration also when its
/// body draws nothing: a `for` statement and a comprehension, each without
/// a decision inside, lose iterations exactly.
#[test]
fn loops_whose_body_draws_nothing_lose_iterations() {
    let case = record(
        "import random\nrandom.seed(8)\nparams = ['p%d' % j for j in range(random.randint(2, 6))]\nlines = []\nfor i in range(random.randint(3, 7)):\n    lines.append('line %d' % i)\n    lines.append('more')\nprint(' '.join(params), '|', ' '.join(lines))\n",
    );
    let (loops, _) = case.trace.counts();
    assert_eq!(loops, 2, "{:?}", case.trace);
    let params = case.output.matches('p').count();
    let lines = case.output.matches("line").count();
    assert!(params >= 3 && lines >= 4, "{}", case.output);
    assert_eq!(case.trace.structures[0].units.len(), params);
    assert_eq!(case.trace.structures[1].units.len(), lines);
    // Without the last iteration of each loop.
    let mut removed = vec![false; case.trace.units.len()];
    for s in &case.trace.structures {
        removed[*s.units.last().unwrap()] = true;
    }
    let (replayed, _) = case.replay_without(removed, Align::Halt);
    let text = output(&replayed);
    assert_eq!(text.matches('p').count(), params - 1, "{text}");
    assert_eq!(text.matches("line").count(), lines - 1, "{text}");
    assert_eq!(text.matches("more").count(), lines - 1, "{text}");
}

/// A loop's count drawn by value is not an index to lower: a count drawn
/// from a list goes down to the list's lowest value (not only as far as its
/// index goes), and a count that is not the number of iterations
/// (`range(2 * n)`) goes down in proportion.
#[test]
fn loop_counts_drawn_by_value_go_down_by_value() {
    let case = record(
        "import random\nrandom.seed(6)\nfor i in range(random.choice([2, 4, 8])):\n    print('a%d' % random.randint(0, 9))\nn = random.randint(1, 4)\nfor j in range(2 * n):\n    print('b%d' % random.randint(0, 9))\n",
    );
    let a = case.output.matches('a').count();
    let b = case.output.matches('b').count();
    assert_eq!((a, b), (8, 6), "{}", case.output);
    let loops: Vec<_> = case.trace.structures.iter().collect();
    // All but two iterations of the first loop, two of the second.
    let mut removed = vec![false; case.trace.units.len()];
    for &u in &loops[0].units[2..] {
        removed[u] = true;
    }
    for &u in &loops[1].units[..2] {
        removed[u] = true;
    }
    let (replayed, counters) = case.replay_without(removed, Align::Realign);
    let text = output(&replayed);
    let expected: Vec<&str> = case
        .output
        .lines()
        .enumerate()
        .filter(|&(i, _)| !(2..10).contains(&i))
        .map(|(_, l)| l)
        .collect();
    assert_eq!(text.lines().collect::<Vec<_>>(), expected, "{text}");
    assert_eq!(
        counters
            .realigned_decisions
            .load(std::sync::atomic::Ordering::Relaxed),
        0
    );
}

/// Of a generator that prints `set N` when its selection block runs and
/// then a loop of three iterations that each draw `m...` and call `leaf()`
/// unless the block set `x` (always in the last): without the block,
/// realign gives the two `leaf()` calls the plan lacks the lowest value and
/// keeps every recorded value of the loop's own decisions.
fn assert_realign_waits_through_the_leaf_calls(case: &Case) {
    assert!(case.output.starts_with("set "), "{}", case.output);
    let recorded: Vec<&str> = case.output.lines().last().unwrap().split(' ').collect();
    assert_eq!(recorded.len(), 4, "{}", case.output);
    let (realigned, _) = case.without_selection(0, Align::Realign);
    let text = output(&realigned);
    let words: Vec<&str> = text.trim_end().split(' ').collect();
    assert_eq!(
        words,
        [
            "leaf10",
            recorded[0],
            "leaf10",
            recorded[1],
            recorded[2],
            recorded[3]
        ],
        "{text}"
    );
}

/// Realign resumes alignment after the misaligned decision, not at the next
/// plan entry of the same site anywhere: without the block that sets `x`,
/// each iteration calls `leaf()` first, which the plan has only in the last
/// iteration. Those calls are decisions the plan waits through (they are
/// deeper than the entries that follow), so every recorded value of the
/// loop's own decisions is kept; jumping to the last iteration's `leaf()`
/// entry took that value and the last iteration's for the first iteration,
/// and left the others to the fallback.
#[test]
fn realign_waits_through_a_call_the_plan_does_not_have() {
    let case = record(
        "import random\nrandom.seed(0)\ndef leaf():\n    return 'leaf%d' % random.randint(10, 99)\nx = 1\nif random.randint(0, 1):\n    x = 2\n    print('set', random.randint(0, 9))\nout = []\nfor i in range(3):\n    if x == 1 or i == 2:\n        out.append(leaf())\n    out.append('m%d' % random.randint(100, 999))\nprint(' '.join(out))\n",
    );
    assert_realign_waits_through_the_leaf_calls(&case);
}

/// The same in the node hook: the `leaf()` calls the plan does not have are
/// waited through, and every recorded value of the loop's own decisions is
/// kept.
#[test]
fn node_realign_waits_through_a_call_the_plan_does_not_have() {
    let case = record_with(
        "gen.js",
        "let seed = 7;\nMath.random = () => { seed = (seed * 16807) % 2147483647; return (seed - 1) / 2147483646; };\nconst tr = globalThis.treereduceTrace;\nconst leaf = () => 'leaf' + Math.floor(Math.random() * 90 + 10);\nlet x = 1;\ntr.maybe(0.99, () => { x = 2; console.log('set', Math.floor(Math.random() * 10)); });\nconst out = [];\nfor (let i = 0; i < 3; i++) {\n  if (x === 1 || i === 2) out.push(leaf());\n  out.push('m' + Math.floor(Math.random() * 900 + 100));\n}\nconsole.log(out.join(' '));\n",
        &["node", "gen.js"],
    );
    assert_realign_waits_through_the_leaf_calls(&case);
}

/// A node generator with a seeded `Math.random` (`SEED`), the hook's
/// marks as `tr`, and `BODY` printing one line.
fn node_case(seed: u64, body: &str) -> Case {
    let source = format!(
        "let seed = {seed};\nMath.random = () => {{ seed = (seed * 16807) % 2147483647; return (seed - 1) / 2147483646; }};\nconst tr = globalThis.treereduceTrace;\n{body}"
    );
    record_with("gen.js", &source, &["node", "gen.js"])
}

/// In the node hook, a loop's count is replayed by value: when the
/// decision its lowest count depends on goes to its lowest value (`lo`
/// from 3 to 1), the loop keeps its iterations and every value in them.
/// Replayed by index (count - 3), it would lose two iterations.
#[test]
fn node_loop_counts_are_replayed_by_value_when_their_range_moves() {
    let case = node_case(
        95028,
        "const lo = tr.int(1, 3);\nconst out = ['lo' + lo];\nfor (const i of tr.loop(lo, 9)) out.push('x' + tr.int(0, 99));\nout.push('end' + tr.int(0, 99));\nconsole.log(out.join(' '));\n",
    );
    assert!(case.output.starts_with("lo3 "), "{}", case.output);
    assert!(case.trace.indexed, "{:?}", case.trace);
    let mut lowered = vec![false; case.trace.decisions.len()];
    lowered[0] = true;
    let text = case.replay_lowered(&lowered);
    let rest = |t: &str| t.trim_end().split_once(' ').unwrap().1.to_string();
    assert!(text.starts_with("lo1 "), "{text}");
    assert_eq!(rest(&text), rest(&case.output), "{text}");
}

/// In the node hook, a choice is replayed by the value it picked: without
/// the block that put a name first in the list, every pick is the same
/// name, where it now stands.
#[test]
fn node_picks_are_replayed_by_value() {
    let case = node_case(
        47514,
        "const names = ['bee', 'cat', 'dog'];\ntr.maybe(0.9, () => { names.unshift('ant' + tr.int(0, 9)); });\nconst out = [];\nfor (let k = 0; k < 4; k++) out.push(tr.pick(names));\nconsole.log(out.join(' '));\n",
    );
    assert!(!case.output.contains("ant"), "{}", case.output);
    let (realigned, counters) = case.without_selection(0, Align::Realign);
    assert_eq!(output(&realigned), case.output);
    assert_eq!(counters.realigned_decisions.into_inner(), 0);
}

/// In the node hook, a guard that cannot be aligned takes its "off" value
/// and the plan waits: without the first block, each iteration decides the
/// guard the plan has in the last iteration only (another iteration path),
/// so it is off there, and every iteration keeps its recorded value.
/// Jumping to the next entry of the same site took the last iteration's
/// guard (on) in the first iteration and lost the values between.
#[test]
fn node_guards_that_cannot_be_aligned_are_off_and_the_plan_waits() {
    let case = node_case(
        1,
        "let x = 1;\nconst out = [];\ntr.maybe(0.9, () => { x = 2; out.push('set' + tr.int(0, 9)); });\nfor (const i of tr.loop(3, 3)) {\n  if (x === 1 || i === 2) tr.maybe(0.9, () => out.push('g' + i));\n  out.push('m' + tr.int(100, 999));\n}\nconsole.log(out.join(' '));\n",
    );
    assert_eq!(case.output.trim_end(), "set1 m512 m579 g2 m142");
    let (realigned, _) = case.without_selection(0, Align::Realign);
    assert_eq!(output(&realigned).trim_end(), "m512 m579 g2 m142");
}
