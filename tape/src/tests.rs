//! The tape on small generators: a recorded run replays to the same
//! output; a replay aligns by execution index (site, depth, iteration
//! path) and by value, as the Python and node hooks do.

use super::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A recorded decision and where it lies.
struct Recorded {
    site: String,
    kind: String,
    value: String,
    key: String,
    path: String,
    /// Inside the block of selection number `k` (in order of opening).
    blocks: Vec<usize>,
}

/// The decisions of a trace with their keys and iteration paths, as
/// treereduce reads them.
fn decisions(trace: &str) -> Vec<Recorded> {
    let mut out: Vec<Recorded> = Vec::new();
    // Open structures: (a loop, iterations begun, selection number).
    let mut open: Vec<(bool, u64, usize)> = Vec::new();
    let mut selections = 0;
    for line in trace.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "D" => out.push(Recorded {
                site: f[1].into(),
                kind: f[2].into(),
                value: f[4].into(),
                key: String::new(),
                path: open
                    .iter()
                    .filter(|o| o.0 && o.1 > 0)
                    .map(|o| (o.1 - 1).to_string())
                    .collect::<Vec<_>>()
                    .join("."),
                blocks: open.iter().filter(|o| !o.0).map(|o| o.2).collect(),
            }),
            "V" => out.last_mut().unwrap().key = f[1].into(),
            "L" => open.push((true, 0, 0)),
            "S" => {
                open.push((false, 0, selections));
                selections += 1;
            }
            "I" => open.last_mut().unwrap().1 += 1,
            "E" => {
                open.pop();
            }
            _ => {}
        }
    }
    out
}

fn plan_of(decisions: &[Recorded]) -> String {
    decisions
        .iter()
        .map(|d| {
            format!(
                "{}\t{}\t{}\t{}\t{}\n",
                d.site, d.kind, d.value, d.key, d.path
            )
        })
        .collect()
}

/// Runs `generate` recording (no plan) or replaying `replay`: its output
/// and the trace it wrote.
fn run<F>(seed: u64, replay: Option<String>, align: Align, generate: F) -> (String, String)
where
    F: FnOnce(&mut Tape<StdRng>) -> String,
{
    // One file per run: the tests run at the same time.
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let out = std::env::temp_dir().join(format!("tape-test-{}-{n}", std::process::id()));
    let mut rng = Tape::with_config(
        StdRng::seed_from_u64(seed),
        Config {
            out: out.clone(),
            replay,
            align,
        },
    );
    let text = generate(&mut rng);
    rng.finish().unwrap();
    let trace = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    (text, trace)
}

/// Items, some with an optional part, and a final number drawn through
/// `rand`.
fn items(rng: &mut Tape<StdRng>) -> String {
    let mut out = Vec::new();
    for i in 0..rng.loop_count(2, 6) {
        rng.iteration();
        if rng.maybe(0.5) {
            out.push(format!("opt{}", rng.below(10)));
            rng.end();
        }
        out.push(format!("item{i}:{}", rng.between(1, 9)));
    }
    rng.end();
    out.push(format!("end{}", rng.random_range(0..100u32)));
    out.join(" ")
}

#[test]
fn outside_treereduce_the_source_is_untouched() {
    let mut plain = StdRng::seed_from_u64(3);
    let mut tape = Tape::from_env(StdRng::seed_from_u64(3));
    assert!(!tape.is_traced());
    assert_eq!(plain.next_u64(), tape.next_u64());
    assert_eq!(
        plain.random_range(0..1000u32),
        tape.random_range(0..1000u32)
    );
}

#[test]
fn a_recorded_run_replays_to_the_same_output() {
    let (text, trace) = run(11, None, Align::Halt, items);
    assert!(trace.starts_with("X\nD\t"), "{trace}");
    assert!(trace.contains("\nL\t1\n") && trace.contains("\nI\n") && trace.ends_with("Z\n"));
    // The count and each number from a range name the value they picked.
    let recorded = decisions(&trace);
    assert!(recorded[0].key.parse::<u64>().is_ok(), "{trace}");
    assert!(
        trace.contains(&format!("V\t{}\t2\n", recorded[0].key)),
        "{trace}"
    );
    let plan = plan_of(&recorded);
    let (again, replayed) = run(11, Some(plan), Align::Halt, items);
    assert_eq!(text, again);
    assert!(!replayed.contains("\nM\t") && !replayed.contains("\nU\t"));
}

#[test]
fn a_plan_without_an_iteration_realigns_the_rest() {
    let (text, trace) = run(11, None, Align::Realign, items);
    let recorded = decisions(&trace);
    // Drop the first iteration: lower the count, skip its decisions, and
    // the later iterations are the first, second, ... of those kept.
    let count: u64 = recorded[0].key.parse().unwrap();
    assert!(count >= 3, "{trace}");
    let mut kept = Vec::new();
    for (k, mut d) in recorded.into_iter().enumerate() {
        if k == 0 {
            d.value = (d.value.parse::<u64>().unwrap() - 1).to_string();
            d.key = (count - 1).to_string();
        } else if d.path == "0" {
            continue;
        } else if let Ok(i) = d.path.parse::<u64>() {
            d.path = (i - 1).to_string();
        }
        kept.push(d);
    }
    let (shorter, replayed) = run(11, Some(plan_of(&kept)), Align::Realign, items);
    let words = |t: &str| t.split(' ').filter(|w| w.starts_with("item")).count();
    assert_eq!(words(&shorter), words(&text) - 1, "{text} / {shorter}");
    assert_eq!(text.rsplit(' ').next(), shorter.rsplit(' ').next());
    assert!(!replayed.contains("\nM\t"), "{replayed}");
}

/// A loop whose lowest count comes from an earlier decision.
fn shifted(rng: &mut Tape<StdRng>) -> String {
    let lo = rng.between(1, 3);
    let mut out = vec![format!("lo{lo}")];
    for _ in 0..rng.loop_count(lo, 9) {
        rng.iteration();
        out.push(format!("x{}", rng.below(100)));
    }
    rng.end();
    out.push(format!("end{}", rng.below(100)));
    out.join(" ")
}

/// A loop's count is replayed by value: when the decision its range
/// depends on goes to its lowest value (`lo` from 3 to 1), the count stays
/// the number of iterations the plan has. Replayed by index (count - 3),
/// it would give the loop two iterations fewer.
#[test]
fn a_loop_count_is_replayed_by_value_when_its_range_moves() {
    let (seed, text, trace) = (0..200)
        .map(|seed| {
            let (text, trace) = run(seed, None, Align::Halt, shifted);
            (seed, text, trace)
        })
        .find(|(_, text, _)| text.starts_with("lo3 ") && text.matches(" x").count() >= 5)
        .expect("a seed draws lo = 3 and at least 5 iterations");
    let mut recorded = decisions(&trace);
    // The first decision at its lowest value, as treereduce tries it:
    // index 0, no key.
    recorded[0].value = "0".into();
    recorded[0].key.clear();
    let (replayed, _) = run(seed, Some(plan_of(&recorded)), Align::Realign, shifted);
    let rest = |t: &str| t.split_once(' ').unwrap().1.to_string();
    assert!(replayed.starts_with("lo1 "), "{replayed}");
    assert_eq!(rest(&replayed), rest(&text), "{text} / {replayed}");
}

/// A value chosen from a list is replayed by value: with an element gone
/// from the list, the same element is picked where it now stands.
#[test]
fn a_choice_is_replayed_by_the_value_it_picked() {
    let pick = |drop_first: bool| {
        move |rng: &mut Tape<StdRng>| {
            let names = ["ant", "bee", "cat", "dog", "eel"];
            let names = if drop_first { &names[1..] } else { &names[..] };
            let mut out = Vec::new();
            for _ in 0..4 {
                out.push(rng.choose(names).unwrap().to_string());
            }
            out.join(" ")
        }
    };
    let (seed, text, trace) = (0..200)
        .map(|seed| {
            let (text, trace) = run(seed, None, Align::Halt, pick(false));
            (seed, text, trace)
        })
        .find(|(_, text, _)| !text.contains("ant"))
        .expect("a seed never picks the first name");
    let plan = plan_of(&decisions(&trace));
    let (replayed, trace) = run(seed, Some(plan), Align::Realign, pick(true));
    assert_eq!(replayed, text);
    assert!(!trace.contains("\nM\t"), "{trace}");
}

/// One that cannot be aligned: a decision the plan has only in a later
/// iteration takes its fallback, the guard's "off", and the plan waits.
fn guarded(rng: &mut Tape<StdRng>) -> String {
    let mut x = 1;
    let mut out = Vec::new();
    if rng.maybe(0.9) {
        x = 2;
        out.push(format!("set{}", rng.below(10)));
        rng.end();
    }
    for i in 0..rng.loop_count(3, 3) {
        rng.iteration();
        if (x == 1 || i == 2) && rng.maybe(0.9) {
            out.push(format!("g{i}"));
            rng.end();
        }
        out.push(format!("m{}", rng.below(900)));
    }
    rng.end();
    out.join(" ")
}

/// Without the first block, every iteration decides the guard that the
/// plan has in the last iteration only: those decisions are not aligned
/// with it (another iteration path), take the guard's "off" value (no
/// block) and leave the plan where it is, so each iteration keeps its
/// recorded value. Jumping to the next entry of the same site took the last
/// iteration's guard (on) in the first iteration and lost what lay between.
#[test]
fn a_guard_that_cannot_be_aligned_is_off_and_the_plan_waits() {
    let (seed, text, trace) = (0..200)
        .map(|seed| {
            let (text, trace) = run(seed, None, Align::Halt, guarded);
            (seed, text, trace)
        })
        .find(|(_, text, _)| text.starts_with("set") && text.contains(" g2 "))
        .expect("a seed takes both blocks");
    let recorded: Vec<Recorded> = decisions(&trace)
        .into_iter()
        .enumerate()
        .filter(|(_, d)| !d.blocks.contains(&0))
        .map(|(k, mut d)| {
            if k == 0 {
                d.value = "0".into();
            }
            d
        })
        .collect();
    let (replayed, trace) = run(seed, Some(plan_of(&recorded)), Align::Realign, guarded);
    let m: Vec<&str> = text.split(' ').filter(|w| w.starts_with('m')).collect();
    assert_eq!(
        replayed,
        format!("{} {} g2 {}", m[0], m[1], m[2]),
        "{text} / {trace}"
    );
}

/// Draws a number in a call of its own (a frame below the caller's).
#[inline(never)]
fn leaf(rng: &mut Tape<StdRng>) -> String {
    format!("leaf{}", rng.between(10, 99))
}

fn with_leaves(rng: &mut Tape<StdRng>) -> String {
    let mut x = 1;
    let mut out = Vec::new();
    if rng.maybe(0.9) {
        x = 2;
        out.push(format!("set{}", rng.below(10)));
        rng.end();
    }
    if x == 1 {
        out.push(leaf(rng));
    }
    out.push(format!("m{}", rng.below(900)));
    out.push(leaf(rng));
    out.join(" ")
}

/// Realign does not skip plan entries shallower than the decision: the
/// `leaf()` call the plan does not have (the block that set `x` is gone)
/// takes the lowest value, and the entries after it keep their values.
/// Jumping to the plan's `leaf()` entry took its value early and left the
/// `m` between to the fallback.
#[test]
fn realign_waits_through_a_call_the_plan_does_not_have() {
    let (seed, text, trace) = (0..200)
        .map(|seed| {
            let (text, trace) = run(seed, None, Align::Halt, with_leaves);
            (seed, text, trace)
        })
        .find(|(_, text, _)| text.starts_with("set"))
        .expect("a seed takes the block");
    let recorded: Vec<Recorded> = decisions(&trace)
        .into_iter()
        .enumerate()
        .filter(|(_, d)| !d.blocks.contains(&0))
        .map(|(k, mut d)| {
            if k == 0 {
                d.value = "0".into();
            }
            d
        })
        .collect();
    let (replayed, trace) = run(seed, Some(plan_of(&recorded)), Align::Realign, with_leaves);
    let words: Vec<&str> = text.split(' ').collect();
    assert_eq!(
        replayed,
        format!("leaf10 {} {}", words[1], words[2]),
        "{text} / {trace}"
    );
}
