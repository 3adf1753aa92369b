//! A generator's recorded run (doc/trace-protocol.md): its decisions in
//! order and the loops and selections they drove, as the tree the trace
//! reduction works on; and the replay plan of a reduced run.
//!
//! A *unit* is what the reduction may remove: one iteration of a loop or the
//! block of a selection. Units nest (a loop inside an iteration), so a unit's
//! decisions are a range of the decision list and its children are the units
//! of the structures opened inside it. Removing a unit drops its decisions
//! from the plan and rewrites the decision that opened its structure: a
//! loop's count goes down by the number of iterations removed, a selection's
//! guard takes its "off" value.

use std::ops::Range;

/// One random decision as the generator wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// Execution index: where the decision was made (opaque to treereduce).
    pub site: String,
    /// The value's kind (`i` an index below `n`, `f` a float, `l` a list...).
    pub kind: String,
    /// The value as written; only a loop's count is ever read as a number.
    pub value: String,
    /// What was chosen, as the hook names it (`V` line): a replay aligns
    /// the decision by this before its index, so that removing an element
    /// of a list a later choice draws from does not shift what it picks.
    pub key: Option<String>,
    /// For a loop's count drawn by value: the lowest count the call could
    /// draw (third field of the `V` line), below which the loop cannot go.
    pub lowest: Option<i64>,
}

/// A loop or a selection.
#[derive(Clone, Debug)]
pub struct Structure {
    /// A loop (its units are iterations) or a selection (one unit, its block).
    pub kind: StructureKind,
    /// The decision that opened it: a loop's count, a selection's guard.
    pub init: usize,
    /// Its units in order.
    pub units: Vec<UnitId>,
    /// A loop whose every iteration is a unit, whether or not it made a
    /// decision (`L` line with `1`): its units are its iterations, so a
    /// count drawn by value that differs from their number is a count of
    /// something else (`range(2 * n)`), scaled instead of decremented.
    pub every_iteration: bool,
}

/// What kind of structure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StructureKind {
    /// Iterations counted by the init decision (an index whose value, less
    /// the iterations removed, is the new count).
    Loop,
    /// A block guarded by the init decision; `off` skips it. `certain`: the
    /// generator knows the block ran (otherwise the selection only counts if
    /// decisions were made inside).
    Selection {
        /// The guard value that skips the block.
        off: String,
        /// The block is known to have run.
        certain: bool,
    },
}

/// Index of a unit.
pub type UnitId = usize;

/// A removable part of the run.
#[derive(Clone, Debug)]
pub struct Unit {
    /// The structure it belongs to.
    pub structure: usize,
    /// Its decisions.
    pub decisions: Range<usize>,
    /// The unit it lies in, if any.
    pub parent: Option<UnitId>,
    /// The units of the structures opened inside it.
    pub children: Vec<UnitId>,
}

/// A recorded run.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// The decisions in order.
    pub decisions: Vec<Decision>,
    /// Loops and selections.
    pub structures: Vec<Structure>,
    /// Removable units; a parent comes before its children.
    pub units: Vec<Unit>,
    /// Units in no other unit.
    pub roots: Vec<UnitId>,
    /// Replay only: plan positions that could not be aligned (`M` lines).
    pub misaligned: Vec<usize>,
    /// Replay only: the plan position where a halting replay stopped, or
    /// where plan entries were left over at the end (`H` and `U` lines).
    pub halted_at: Option<usize>,
    /// The generator's hook finished normally (`Z` line).
    pub complete: bool,
    /// The hook aligns by execution index (`X` line): plan lines carry each
    /// decision's value key and its iteration path.
    pub indexed: bool,
    /// Random sources the hook saw the generator use but cannot record
    /// (`W` lines: numpy's generator, `secrets`, `SystemRandom`).
    pub unrecorded: Vec<String>,
}

/// A malformed trace file.
#[derive(Debug, thiserror::Error)]
#[error("line {line} of the trace: {what}")]
pub struct TraceError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub what: String,
}

struct Open {
    structure: usize,
    unit: Option<UnitId>,
}

impl Trace {
    /// Parses a trace file (see doc/trace-protocol.md).
    pub fn parse(text: &str) -> Result<Trace, TraceError> {
        let mut trace = Trace::default();
        let mut stack: Vec<Open> = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let err = |what: &str| TraceError {
                line: number + 1,
                what: what.to_string(),
            };
            let fields: Vec<&str> = line.split('\t').collect();
            match fields[0] {
                "" => {}
                "D" => {
                    if fields.len() < 5 {
                        return Err(err("a decision needs: D, site, kind, range, value"));
                    }
                    trace.decisions.push(Decision {
                        site: fields[1].to_string(),
                        kind: fields[2].to_string(),
                        value: fields[4..].join("\t"),
                        key: None,
                        lowest: None,
                    });
                }
                "L" | "S" => trace.open_structure(&fields, &mut stack).map_err(err)?,
                "I" => trace.next_iteration(&mut stack).map_err(err)?,
                "E" => {
                    let Some(top) = stack.pop() else {
                        return Err(err("an end without an open loop or selection"));
                    };
                    if let Some(unit) = top.unit {
                        trace.units[unit].decisions.end = trace.decisions.len();
                    }
                }
                "M" => {
                    if let Some(p) = fields.get(1).and_then(|p| p.parse().ok()) {
                        trace.misaligned.push(p);
                    }
                }
                "H" | "U" => {
                    trace.halted_at = fields.get(1).and_then(|p| p.parse().ok());
                }
                "V" => {
                    if let (Some(d), Some(key)) = (trace.decisions.last_mut(), fields.get(1)) {
                        d.key = Some(key.to_string());
                        d.lowest = fields.get(2).and_then(|l| l.parse().ok());
                    }
                }
                "X" => trace.indexed = true,
                "W" => {
                    if let Some(name) = fields.get(1) {
                        trace.unrecorded.push(name.to_string());
                    }
                }
                "Z" => trace.complete = true,
                // Unknown lines are for later versions of the protocol.
                _ => {}
            }
        }
        while let Some(top) = stack.pop() {
            if let Some(unit) = top.unit {
                trace.units[unit].decisions.end = trace.decisions.len();
            }
        }
        trace.prune();
        Ok(trace)
    }

    /// A loop (`L`) or selection (`S`) opens at the last decision; a
    /// selection's block is its one unit.
    fn open_structure(
        &mut self,
        fields: &[&str],
        stack: &mut Vec<Open>,
    ) -> Result<(), &'static str> {
        let Some(init) = self.decisions.len().checked_sub(1) else {
            return Err("a loop or selection before any decision");
        };
        let kind = if fields[0] == "L" {
            StructureKind::Loop
        } else {
            StructureKind::Selection {
                off: fields.get(1).unwrap_or(&"0").to_string(),
                certain: fields.get(2).is_some_and(|c| *c == "1"),
            }
        };
        let every_iteration = fields[0] == "L" && fields.get(1).is_some_and(|t| *t == "1");
        self.structures.push(Structure {
            kind,
            init,
            units: Vec::new(),
            every_iteration,
        });
        let structure = self.structures.len() - 1;
        let mut open = Open {
            structure,
            unit: None,
        };
        if fields[0] == "S" {
            open.unit = Some(self.open_unit(structure, stack));
        }
        stack.push(open);
        Ok(())
    }

    /// An iteration (`I`) of the innermost open loop: its last iteration
    /// ends, a new one opens.
    fn next_iteration(&mut self, stack: &mut [Open]) -> Result<(), &'static str> {
        let Some(top) = stack.last_mut() else {
            return Err("an iteration outside any loop");
        };
        if self.structures[top.structure].kind != StructureKind::Loop {
            return Err("an iteration of a selection");
        }
        if let Some(unit) = top.unit.take() {
            self.units[unit].decisions.end = self.decisions.len();
        }
        let structure = top.structure;
        let unit = self.open_unit(structure, stack);
        stack.last_mut().expect("checked above").unit = Some(unit);
        Ok(())
    }

    fn open_unit(&mut self, structure: usize, stack: &[Open]) -> UnitId {
        let parent = stack.iter().rev().find_map(|o| o.unit);
        let id = self.units.len();
        let start = self.decisions.len();
        self.units.push(Unit {
            structure,
            decisions: start..start,
            parent,
            children: Vec::new(),
        });
        self.structures[structure].units.push(id);
        id
    }

    /// Drops the units that are not worth a test: selection blocks without
    /// decisions that the generator could not vouch for (a float compared in
    /// an `if` whose block may not have run). Then links the tree.
    fn prune(&mut self) {
        let keep: Vec<bool> = self
            .units
            .iter()
            .map(|u| match &self.structures[u.structure].kind {
                StructureKind::Selection { certain: false, .. } => !u.decisions.is_empty(),
                _ => true,
            })
            .collect();
        let mut new_id = vec![usize::MAX; self.units.len()];
        let mut units = Vec::new();
        for (old, unit) in self.units.iter().enumerate() {
            if keep[old] {
                new_id[old] = units.len();
                units.push(unit.clone());
            }
        }
        for unit in &mut units {
            // The nearest kept ancestor.
            let mut p = unit.parent;
            while let Some(q) = p {
                if keep[q] {
                    break;
                }
                p = self.units[q].parent;
            }
            unit.parent = p.map(|q| new_id[q]);
            unit.children.clear();
        }
        for s in &mut self.structures {
            s.units = s
                .units
                .iter()
                .filter(|&&u| keep[u])
                .map(|&u| new_id[u])
                .collect();
        }
        self.roots.clear();
        for id in 0..units.len() {
            match units[id].parent {
                Some(p) => units[p].children.push(id),
                None => self.roots.push(id),
            }
        }
        self.units = units;
    }

    /// Number of loops and of selections with at least one unit.
    pub fn counts(&self) -> (usize, usize) {
        let live = self.structures.iter().filter(|s| !s.units.is_empty());
        let (mut loops, mut selections) = (0, 0);
        for s in live {
            match s.kind {
                StructureKind::Loop => loops += 1,
                StructureKind::Selection { .. } => selections += 1,
            }
        }
        (loops, selections)
    }

    /// Whether `unit` or one of its ancestors is in `removed`.
    pub fn is_removed(&self, removed: &[bool], unit: UnitId) -> bool {
        let mut u = Some(unit);
        while let Some(id) = u {
            if removed[id] {
                return true;
            }
            u = self.units[id].parent;
        }
        false
    }

    /// The replay plan of the run with the `removed` units left out: one
    /// line per kept decision (`site TAB kind TAB value`, and for a hook
    /// that aligns by execution index `TAB key TAB path`), and for each line
    /// the decision it comes from. `None` if a loop would need fewer
    /// iterations than its count allows (the count is an index, so it cannot
    /// go below zero).
    ///
    /// A loop's count goes down by the iterations removed: its index, and
    /// its value key when that is a number (a count drawn by value, as
    /// `choice([2, 4, 8])`, which the hook then matches by value); either
    /// way no more iterations go than the index allows, so the count never
    /// needs a value below the lowest it could draw. The path
    /// of a decision is the ordinal of each loop iteration it lies in, outer
    /// first, counted among the iterations kept: the execution index the
    /// replay finds again.
    pub fn plan(&self, removed: &[bool]) -> Option<(String, Vec<usize>)> {
        self.plan_lowered(removed, &[])
    }

    /// The plan of [`Trace::plan`] with the decisions marked in `lowered`
    /// (per decision; shorter means the rest are not) set to their lowest
    /// value, without a value key: the first item a choice picks from, the
    /// lowest number a range gives, 0.0 for a float (a `random() < p` guard
    /// on, as the leaf of a recursion is). See [`Trace::lowerable`].
    pub fn plan_lowered(&self, removed: &[bool], lowered: &[bool]) -> Option<(String, Vec<usize>)> {
        let n = self.decisions.len();
        // Decisions inside a removed unit, by a difference array.
        let mut depth = vec![0i32; n + 1];
        for (id, unit) in self.units.iter().enumerate() {
            if removed[id] {
                depth[unit.decisions.start] += 1;
                depth[unit.decisions.end] -= 1;
            }
        }
        let mut values: Vec<Option<String>> = vec![None; n];
        let mut keys: Vec<Option<String>> = vec![None; n];
        for s in &self.structures {
            let gone = s.units.iter().filter(|&&u| removed[u]).count();
            if gone == 0 {
                continue;
            }
            match &s.kind {
                StructureKind::Loop => {
                    let (value, key) = self.loop_init(s, gone)?;
                    values[s.init] = Some(value);
                    if key.is_some() {
                        keys[s.init] = key;
                    }
                }
                StructureKind::Selection { off, .. } => {
                    values[s.init] = Some(off.clone());
                    // The guard's "off" is an index or a float, not a key.
                    keys[s.init] = Some(String::new());
                }
            }
        }
        for (i, _) in lowered.iter().enumerate().filter(|(_, l)| **l) {
            if let Some(low) = self.lowest_value(i) {
                values[i] = Some(low.to_string());
                keys[i] = Some(String::new());
            }
        }
        let paths = if self.indexed {
            self.paths(removed)
        } else {
            Vec::new()
        };
        let mut plan = String::new();
        let mut from = Vec::new();
        let mut inside = 0;
        for (i, d) in self.decisions.iter().enumerate() {
            inside += depth[i];
            if inside > 0 {
                continue;
            }
            plan.push_str(&d.site);
            plan.push('\t');
            plan.push_str(&d.kind);
            plan.push('\t');
            plan.push_str(values[i].as_deref().unwrap_or(&d.value));
            if self.indexed {
                plan.push('\t');
                plan.push_str(keys[i].as_deref().or(d.key.as_deref()).unwrap_or(""));
                plan.push('\t');
                plan.push_str(&paths[i]);
            }
            plan.push('\n');
            from.push(i);
        }
        Some((plan, from))
    }

    /// The value of the count decision of loop `s` with `gone` of its
    /// iterations removed, and its key when the hook gives the count by
    /// value; none when the replay would find no count to match.
    fn loop_init(&self, s: &Structure, gone: usize) -> Option<(String, Option<String>)> {
        let init = &self.decisions[s.init];
        let by_value = init.key.as_deref().and_then(|k| k.parse::<i64>().ok());
        let count: u64 = init.value.parse().ok()?;
        let Some(k) = by_value else {
            let left = count.checked_sub(gone as u64)?;
            return Some((left.to_string(), None));
        };
        let left = loop_count(s, k, gone)?;
        // Not below the lowest value it could draw: the replay would find
        // no count to match. The hook says which that is; without it,
        // index 0.
        let index = match init.lowest {
            Some(lowest) if left < lowest => return None,
            Some(_) => count.saturating_sub((k - left) as u64),
            None => count.checked_sub((k - left) as u64)?,
        };
        Some((index.to_string(), Some(left.to_string())))
    }

    /// Per decision, the ordinals (among the kept ones) of the loop
    /// iterations it lies in, outer first, joined by `.`.
    fn paths(&self, removed: &[bool]) -> Vec<String> {
        // Each loop unit's ordinal among its structure's kept units.
        let mut ordinal = vec![0usize; self.units.len()];
        for s in &self.structures {
            if s.kind != StructureKind::Loop {
                continue;
            }
            let mut k = 0;
            for &u in &s.units {
                ordinal[u] = k;
                if !removed[u] {
                    k += 1;
                }
            }
        }
        // Units open in decision order (a parent before its children):
        // sweep the decisions with a stack of the units holding them.
        let mut starts: Vec<UnitId> = (0..self.units.len()).collect();
        starts.sort_by_key(|&u| self.units[u].decisions.start);
        let mut next = 0;
        let mut stack: Vec<UnitId> = Vec::new();
        let mut out = Vec::with_capacity(self.decisions.len());
        for i in 0..self.decisions.len() {
            while stack
                .last()
                .is_some_and(|&u| self.units[u].decisions.end <= i)
            {
                stack.pop();
            }
            while next < starts.len() && self.units[starts[next]].decisions.start <= i {
                let u = starts[next];
                next += 1;
                if self.units[u].decisions.end > i {
                    while stack
                        .last()
                        .is_some_and(|&p| self.units[p].decisions.end < self.units[u].decisions.end)
                    {
                        stack.pop();
                    }
                    stack.push(u);
                }
            }
            let path: Vec<String> = stack
                .iter()
                .filter(|&&u| self.structures[self.units[u].structure].kind == StructureKind::Loop)
                .map(|&u| ordinal[u].to_string())
                .collect();
            out.push(path.join("."));
        }
        out
    }

    /// The innermost unit holding decision `decision` that is not removed
    /// yet (for the bypass strategy).
    pub fn innermost_unit(&self, removed: &[bool], decision: usize) -> Option<UnitId> {
        // Units are in opening order, so the innermost holder is the last one.
        self.units
            .iter()
            .enumerate()
            .rev()
            .find(|(id, u)| u.decisions.contains(&decision) && !self.is_removed(removed, *id))
            .map(|(id, _)| id)
    }

    /// The lowest value of decision `d` as a plan writes it, if it has one
    /// (an index or a float).
    fn lowest_value(&self, d: usize) -> Option<&'static str> {
        match self.decisions[d].kind.as_str() {
            "i" => Some("0"),
            "f" => Some("0.0"),
            _ => None,
        }
    }

    /// Whether decision `d` may be lowered (GReduce's replay by value taken
    /// one step further: a decision that is neither a loop's count nor a
    /// selection's guard still picks among programs the generator writes,
    /// and its lowest value is often the smallest of them, the leaf of a
    /// recursion or the first kind of statement): an index or float not at
    /// its lowest already, and not the count or guard of a structure with
    /// units (removing those units is how they go down).
    pub fn lowerable(&self, d: usize, inits: &[bool]) -> bool {
        let decision = &self.decisions[d];
        if inits.get(d).copied().unwrap_or(false) {
            return false;
        }
        match decision.kind.as_str() {
            "i" => decision.value.trim() != "0",
            "f" => decision.value.trim().parse::<f64>().is_ok_and(|v| v != 0.0),
            _ => false,
        }
    }

    /// Per decision, whether it opens a structure that has units.
    pub fn inits(&self) -> Vec<bool> {
        let mut inits = vec![false; self.decisions.len()];
        for s in self.structures.iter().filter(|s| !s.units.is_empty()) {
            inits[s.init] = true;
        }
        inits
    }

    /// The lowerable decisions that no removed unit holds, grouped by the
    /// innermost unit holding them (those in no unit form the first group);
    /// groups in decision order.
    pub fn value_groups(&self, removed: &[bool], lowered: &[bool]) -> Vec<Vec<usize>> {
        let inits = self.inits();
        let mut holder: Vec<Option<UnitId>> = vec![None; self.decisions.len()];
        // Units open in order (a parent before its children): the last to
        // claim a decision is the innermost.
        for (id, unit) in self.units.iter().enumerate() {
            for h in &mut holder[unit.decisions.clone()] {
                *h = Some(id);
            }
        }
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut index: std::collections::HashMap<Option<UnitId>, usize> = Default::default();
        for (d, &unit) in holder.iter().enumerate() {
            if lowered.get(d).copied().unwrap_or(false) || !self.lowerable(d, &inits) {
                continue;
            }
            if unit.is_some_and(|u| self.is_removed(removed, u)) {
                continue;
            }
            let g = *index.entry(unit).or_insert_with(|| {
                groups.push(Vec::new());
                groups.len() - 1
            });
            groups[g].push(d);
        }
        groups
    }

    /// Decisions in a unit and its descendants, plus one (a block without
    /// decisions still weighs something): the size of a removal.
    pub fn weight(&self, unit: UnitId) -> u64 {
        self.units[unit].decisions.len() as u64 + 1
    }
}

/// The count a loop drawn by value (`k`) needs without `gone` of its
/// iterations: `k - gone` when its units count its iterations one by one
/// (`range(k)`, or units only where decisions were made), else in
/// proportion to the iterations kept, rounded down (`range(2 * n)` keeps
/// `2 * n'` of them); `None` below zero.
fn loop_count(s: &Structure, k: i64, gone: usize) -> Option<i64> {
    let n = s.units.len() as i64;
    let gone = gone as i64;
    if s.every_iteration && n > 0 && n != k && k >= 0 {
        return Some(k * (n - gone) / n);
    }
    k.checked_sub(gone).filter(|&l| l >= 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LISTING: &str = "D\ta\ti\t20\t3\nL\nI\nD\tb\ti\t26\t0\nI\nD\tb\ti\t26\t1\nD\tc\ti\t2\t1\nS\t0\t1\nD\td\tf\t0\t0.5\nE\nI\nD\tb\ti\t26\t2\nE\nD\te\ti\t2\t0\nZ\n";

    #[test]
    fn lowered_decisions_take_their_lowest_value_without_a_key() {
        // The loop's count (a) and the selection's guard (c) open structures
        // with units: not lowerable. b's first value is 0 already.
        let t = Trace::parse(LISTING).unwrap();
        let inits = t.inits();
        let lowerable: Vec<usize> = (0..t.decisions.len())
            .filter(|&d| t.lowerable(d, &inits))
            .collect();
        assert_eq!(lowerable, vec![2, 4, 5]);
        // Grouped by the innermost unit holding them.
        let none = vec![false; t.units.len()];
        assert_eq!(t.value_groups(&none, &[]), vec![vec![2], vec![4], vec![5]]);
        let mut removed = none.clone();
        removed[1] = true;
        assert_eq!(t.value_groups(&removed, &[]), vec![vec![5]]);
        let mut lowered = vec![false; t.decisions.len()];
        lowered[4] = true;
        lowered[5] = true;
        let (plan, _) = t.plan_lowered(&none, &lowered).unwrap();
        assert_eq!(
            plan,
            "a\ti\t3\nb\ti\t0\nb\ti\t1\nc\ti\t1\nd\tf\t0.0\nb\ti\t0\ne\ti\t0\n"
        );
        assert_eq!(t.value_groups(&none, &lowered), vec![vec![2]]);
    }

    #[test]
    fn loops_and_selections_become_a_tree_of_units() {
        let t = Trace::parse(LISTING).unwrap();
        assert_eq!(t.decisions.len(), 7);
        assert_eq!(t.counts(), (1, 1));
        assert_eq!(t.units.len(), 4);
        assert_eq!(t.roots, vec![0, 1, 3]);
        assert_eq!(t.units[1].children, vec![2]);
        assert_eq!(t.units[1].decisions, 2..5);
        assert_eq!(t.units[2].decisions, 4..5);
        assert!(t.complete);
    }

    #[test]
    fn removing_units_rewrites_counts_and_guards() {
        let t = Trace::parse(LISTING).unwrap();
        let mut removed = vec![false; t.units.len()];
        removed[0] = true;
        removed[2] = true;
        let (plan, from) = t.plan(&removed).unwrap();
        assert_eq!(plan, "a\ti\t2\nb\ti\t1\nc\ti\t0\nb\ti\t2\ne\ti\t0\n");
        assert_eq!(from, vec![0, 2, 3, 5, 6]);
        removed = vec![true; t.units.len()];
        let (plan, _) = t.plan(&removed).unwrap();
        assert_eq!(plan, "a\ti\t0\ne\ti\t0\n");
    }

    #[test]
    fn a_count_cannot_go_below_zero() {
        let t = Trace::parse("D\ta\ti\t5\t1\nL\nI\nD\tb\ti\t2\t0\nI\nD\tb\ti\t2\t1\nE\n").unwrap();
        assert!(t.plan(&[true, true]).is_none());
        assert!(t.plan(&[true, false]).is_some());
    }

    #[test]
    fn uncertain_empty_blocks_are_dropped() {
        let t = Trace::parse("D\ta\tf\t0\t0.1\nS\t0.0\t0\nE\nD\tb\ti\t2\t1\nS\t0\t1\nE\n").unwrap();
        assert_eq!(t.units.len(), 1);
        assert_eq!(t.counts(), (0, 1));
    }

    /// A hook that aligns by execution index gets each decision's value key
    /// and the ordinals of the loop iterations it lies in, counted among the
    /// kept ones; a loop count drawn by value goes down in its key.
    #[test]
    fn indexed_plans_carry_keys_and_iteration_paths() {
        let text = "X\nD\ta\ti\t3\t2\nV\t8\nL\nI\nD\tb\ti\t4\t0\nV\t'g0'\nI\nD\tb\ti\t4\t1\nV\t'g1'\nL\nI\nD\tc\ti\t2\t1\nE\nI\nD\tb\ti\t4\t3\nV\t'g3'\nE\nD\te\ti\t2\t0\nZ\n";
        let t = Trace::parse(text).unwrap();
        assert!(t.indexed);
        assert_eq!(t.decisions[1].key.as_deref(), Some("'g0'"));
        let none = vec![false; t.units.len()];
        let (plan, _) = t.plan(&none).unwrap();
        assert_eq!(
            plan,
            "a\ti\t2\t8\t\nb\ti\t0\t'g0'\t0\nb\ti\t1\t'g1'\t1\nc\ti\t1\t\t1.0\nb\ti\t3\t'g3'\t2\ne\ti\t0\t\t\n"
        );
        // Without the first iteration: the count's key 8 -> 7, the index
        // 2 -> 1, and the later iterations are the first and second.
        let mut removed = none.clone();
        removed[0] = true;
        let (plan, _) = t.plan(&removed).unwrap();
        assert_eq!(
            plan,
            "a\ti\t1\t7\t\nb\ti\t1\t'g1'\t0\nc\ti\t1\t\t0.0\nb\ti\t3\t'g3'\t1\ne\ti\t0\t\t\n"
        );
        // A trace without `X` gets the three-field plan of the protocol.
        let plain = Trace::parse(&text.replacen("X\n", "", 1)).unwrap();
        assert_eq!(plain.plan(&none).unwrap().0.lines().next(), Some("a\ti\t2"));
    }

    #[test]
    fn bypass_finds_the_innermost_live_unit() {
        let t = Trace::parse(LISTING).unwrap();
        let none = vec![false; t.units.len()];
        assert_eq!(t.innermost_unit(&none, 4), Some(2));
        assert_eq!(t.innermost_unit(&none, 6), None);
        let mut removed = none.clone();
        removed[2] = true;
        assert_eq!(t.innermost_unit(&removed, 4), Some(1));
        assert_eq!(t.innermost_unit(&none, 3), Some(1));
    }
}
