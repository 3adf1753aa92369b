//! What the passes of one reduction remember of each other: the changes
//! whose test failed.
//!
//! Every pass re-parses the program and proposes every candidate again, so
//! a change that was not interesting in one pass is tested again in the
//! next, although only a few of the program's parts changed in between: a
//! large share of an unpruned run's tests are of a change whose text had
//! failed before, and few of those are interesting the second time
//! (doc/history/benchmarks-2026-11-25.md, "Fewer tests", has the
//! counts). A pass that prunes (see `single`) does not test such a
//! change again; a pass that prunes nothing always ends the syntax
//! fixpoint, so the result is still one on which no candidate of any
//! reduction is interesting.
//!
//! Node ids change with every re-parse, so a change is known by its text:
//! the bytes it removes and the bytes it puts in their place, with up to
//! [`CONTEXT`] bytes of the program on each side. The context stands for
//! the neighbourhood the change was tried in: a change next to something
//! that changed since is tested again: with the context, the same run
//! repeated 740 failed changes, of which 7 were interesting the second
//! time, against 54 of 1,570 without it.

use std::collections::HashMap;

use parking_lot::Mutex;
use xxhash_rust::xxh3::Xxh3;

use crate::edit::changed_span;

/// Bytes of the program on each side of a change that belong to its
/// identity.
pub const CONTEXT: usize = 60;

/// The changes whose test failed, with the pass that tested them.
#[derive(Debug, Default)]
pub struct Memory {
    failed: Mutex<HashMap<u128, usize>>,
}

impl Memory {
    /// An empty memory.
    pub fn new() -> Memory {
        Memory::default()
    }

    /// The identity of the change of reduction `kind` that turns the text
    /// `before` into `after`: the span where the two differ, what each has
    /// there, and [`CONTEXT`] bytes of `before` on each side.
    pub fn identity(kind: &str, before: &[u8], after: &[u8]) -> u128 {
        let (prefix, end_before, end_after) = changed_span(before, after);
        let mut hasher = Xxh3::new();
        // Lengths first, so that no two different splits hash alike.
        let mut part = |bytes: &[u8]| {
            hasher.update(&(bytes.len() as u64).to_le_bytes());
            hasher.update(bytes);
        };
        part(kind.as_bytes());
        part(&before[prefix.saturating_sub(CONTEXT)..prefix]);
        part(&before[prefix..end_before]);
        part(&after[prefix..end_after]);
        part(&before[end_before..(end_before + CONTEXT).min(before.len())]);
        hasher.digest128()
    }

    /// Records that the change `identity` was not interesting in pass `pass`.
    pub fn failed(&self, identity: u128, pass: usize) {
        self.failed.lock().entry(identity).or_insert(pass);
    }

    /// Whether the change `identity` was found not interesting in a pass
    /// before `pass` (a failure in `pass` itself does not count: a change
    /// proposed again within its pass, such as a commit tried again after
    /// a merge that failed, is proposed on purpose).
    pub fn failed_before(&self, identity: u128, pass: usize) -> bool {
        self.failed.lock().get(&identity).is_some_and(|&p| p < pass)
    }

    /// How many changes it holds.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.failed.lock().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_is_known_by_its_text_and_neighbourhood_not_its_place() {
        let delete = |text: &str, gone: &str| {
            let at = text.find(gone).unwrap();
            let after = format!("{}{}", &text[..at], &text[at + gone.len()..]);
            Memory::identity("delete", text.as_bytes(), after.as_bytes())
        };
        let program = format!("{}g();\n{}", "a();\n".repeat(20), "b();\n".repeat(20));
        // The same deletion in a program grown or shrunk far away.
        let far = format!("{}{program}{}", "x();\n".repeat(40), "y();\n".repeat(40));
        assert_eq!(delete(&program, "g();\n"), delete(&far, "g();\n"));
        // Another neighbour: another change.
        let near = program.replacen("b();", "k();", 1);
        assert_ne!(delete(&program, "g();\n"), delete(&near, "g();\n"));
        // Another reduction making the same text: another change.
        let (before, after) = ("f();\ng();\nh();\n", "f();\nh();\n");
        assert_ne!(
            Memory::identity("delete", before.as_bytes(), after.as_bytes()),
            Memory::identity("ddmin", before.as_bytes(), after.as_bytes())
        );
        // What is put in counts.
        assert_ne!(
            Memory::identity("replace", b"f(a + b);", b"f(0);"),
            Memory::identity("replace", b"f(a + b);", b"f(1);")
        );
    }

    #[test]
    fn only_failures_of_earlier_passes_count() {
        let memory = Memory::new();
        let id = Memory::identity("hoist", b"f(g(x));", b"f(x);");
        assert!(!memory.failed_before(id, 2));
        memory.failed(id, 2);
        assert!(!memory.failed_before(id, 2));
        assert!(memory.failed_before(id, 3));
        // A later failure does not make it younger.
        memory.failed(id, 5);
        assert!(memory.failed_before(id, 3));
        assert_eq!(memory.len(), 1);
    }
}
