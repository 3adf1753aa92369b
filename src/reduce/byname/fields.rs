//! Removing a record's field with all its uses, in one candidate: C's
//! `struct S { int a; int b; }` loses `a`, and with it every `s.a` and
//! `p->a`, every `.a = v` of an initializer and element 0 of every
//! positional initializer of an `S` (`{1, 2}` -> `{2}`); Rust's struct
//! loses `a` with every `x.a`, `S { a: v }` and `S { a, .. }`. Deleting
//! the field alone leaves uses that no longer compile, and deleting the
//! uses first is many tests, each of which must keep the program valid.
//!
//! Fields are resolved by name only: without types, `x.a` may belong to
//! any record with a field `a`, so one candidate removes the field of that
//! name from every record that has one, with all the uses (csmith's
//! records all call their fields `f0`, `f1`, ...). What becomes of a use
//! (`Places::gone`): an access that is assigned to goes with its
//! statement (`s.a = 1;`, `s.a++;`); an access read becomes the language's
//! placeholder (C's `0`, Rust's `loop {}`), with what is built on it
//! (`s.a.b`, `s.a[i]`, `s.f(x)`); a read inside an array literal goes as an
//! element. A use that fits none of these stops the candidate.
//!
//! Positional initializers are found through declarations and compound
//! literals whose type names the record (by tag, or through a typedef of
//! it), one level of braces per array dimension, and through members whose
//! type is a record in turn. Unnamed bit-fields take no position.

use std::collections::HashMap;
use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::lang::Record;
use crate::reduce::byname::{Gone, Places, child, first_name, kinds, nodes_of_kind};
use crate::reduce::{Attempt, Change, PassKind, Reduction, Tasks, TreeSubject};
use crate::syntax::{Grammar, NodeId, Original, Role, Stop, until};
use crate::task::Queued;

/// Nested records are followed this deep in positional initializers (a
/// bound against a record that contains itself through a typedef).
const MAX_NESTING: usize = 8;

/// Field removal as a table entry.
pub struct FieldsReduction;

/// The table entry.
pub static FIELDS: FieldsReduction = FieldsReduction;

impl Reduction for FieldsReduction {
    fn name(&self) -> &'static str {
        "fields"
    }

    fn about(&self) -> &'static str {
        "Do not remove a struct field together with its accesses and initializers (`s.a = 1;` goes, `s.a` becomes `0`)"
    }

    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, _kind: PassKind, out: &mut Tasks<'a>) {
        out.extend(tasks(cx));
    }
}

/// One declared field.
#[derive(Clone, Copy, Debug)]
pub struct Member {
    /// The field declaration (C's `int a, b;`, Rust's `a: u8`).
    pub member: NodeId,
    /// The declarator of this field in it (the name, behind C's `*`).
    pub declarator: NodeId,
}

/// Remove every field of one name and all its uses.
#[derive(Clone, Debug)]
pub struct RemoveField {
    /// The fields of that name.
    pub members: Arc<[Member]>,
    /// Each use, and what becomes of it.
    pub uses: Arc<[(NodeId, Gone)]>,
}

impl Change for RemoveField {
    fn kind(&self) -> &'static str {
        FIELDS.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        let mut edits: Vec<(NodeId, Edit)> = Vec::new();
        for m in self.members.iter() {
            if !current.is_live(original, m.declarator) || current.get(m.declarator).is_some() {
                continue;
            }
            edits.push((removal(original, current, m)?, Edit::Delete));
        }
        if edits.is_empty() {
            // The fields are gone already.
            return None;
        }
        crate::reduce::byname::add_uses(original, current, &self.uses, &mut edits);
        edits.sort_by_key(|e| e.0);
        edits.dedup_by_key(|e| e.0);
        Some(edits)
    }
}

/// What deleting field `m` deletes: its declarator while others of its
/// declaration live, else the declaration.
fn removal(original: &Original, current: EditView<'_>, m: &Member) -> Option<NodeId> {
    if let Role::Element { list, .. } = original.role(m.declarator) {
        let info = original.list(list);
        let others = info
            .elements
            .iter()
            .any(|&e| e != m.declarator && current.is_live(original, e));
        if info.parent == m.member && others {
            return Some(m.declarator);
        }
    }
    match original.role(m.member) {
        Role::Fixed => None,
        _ => Some(m.member),
    }
}

/// A record definition's named fields, in order: (name, member, declarator).
type Fields<'o> = Vec<(&'o [u8], NodeId, NodeId)>;

/// The program's records and the uses of their fields' names.
struct Survey<'o> {
    /// Each record definition (with a body) and its fields.
    records: HashMap<NodeId, Fields<'o>>,
    /// Record definitions by tag, and by typedef name.
    by_name: HashMap<&'o [u8], NodeId>,
    /// Every field declared, by name.
    members: HashMap<&'o [u8], Vec<Member>>,
    /// The uses of each name: accesses, named and positional initializers.
    uses: HashMap<&'o [u8], Vec<Use>>,
}

#[derive(Clone, Copy, Debug)]
enum Use {
    /// `e.f`: what becomes of it depends on where it is.
    Access(NodeId),
    /// A node that goes with the field (`.f = v`, an element of `{1, 2}`).
    Element(NodeId),
}

/// One task per field name (see the module documentation).
fn tasks<'a>(cx: &TreeSubject<'a>) -> Vec<Queued<TreeSubject<'a>>> {
    let (grammar, original) = (cx.grammar, cx.original);
    let language = original.language;
    if language.records.is_empty() {
        return Vec::new();
    }
    let survey = survey(grammar, original, cx.stop());
    let places = Places::new(grammar, original);
    let placeholder = crate::syntax::count_tokens(&crate::syntax::parse(
        grammar,
        language.placeholder.as_bytes(),
    ));
    let mut names: Vec<_> = survey.members.keys().copied().collect();
    // Deterministic order of equal priorities: by name.
    names.sort_unstable();
    let mut out = Vec::new();
    'names: for name in until(names.into_iter(), cx.stop()) {
        let members = &survey.members[name];
        if members.iter().any(|m| !cx.inside(m.member)) {
            continue;
        }
        let mut removed: isize = members
            .iter()
            .map(|m| original.nodes.tokens(m.declarator) as isize)
            .sum();
        let mut gone = Vec::new();
        for u in survey.uses.get(name).into_iter().flatten() {
            let (at, g) = match *u {
                Use::Access(a) => match places.gone(original, a) {
                    Some(g) => (a, g),
                    None => continue 'names,
                },
                Use::Element(e) if !matches!(original.role(e), Role::Fixed) => (e, Gone::Delete(e)),
                Use::Element(_) => continue 'names,
            };
            if !cx.inside(g.node()) {
                continue 'names;
            }
            gone.push((at, g));
        }
        gone.sort_by_key(|(_, g)| g.node());
        gone.dedup_by_key(|(_, g)| g.node());
        // A use inside another's edit (`s.a = s.a + 1;`) costs nothing more.
        let mut covered = NodeId::NONE;
        for (_, g) in &gone {
            let n = g.node();
            if covered != NodeId::NONE && original.nodes.contains(covered, n) {
                continue;
            }
            covered = n;
            removed += g.removed(original, placeholder);
        }
        let Some(removed) = usize::try_from(removed).ok().filter(|&r| r > 0) else {
            continue;
        };
        out.push(Attempt::removing(
            removed,
            RemoveField {
                members: members.clone().into(),
                uses: gone.into(),
            },
        ));
    }
    out
}

/// Collects the records, their fields and the uses of the fields' names.
fn survey<'o>(grammar: &Grammar, original: &'o Original, stop: Stop<'_>) -> Survey<'o> {
    let mut s = Survey {
        records: HashMap::new(),
        by_name: HashMap::new(),
        members: HashMap::new(),
        uses: HashMap::new(),
    };
    s.definitions(grammar, original, stop);
    s.typedef_names(grammar, original, stop);
    s.accesses(grammar, original, stop);
    s.named_elements(grammar, original, stop);
    for record in original.language.records {
        s.positional(grammar, original, record, stop);
    }
    s
}

impl<'o> Survey<'o> {
    /// Adds the record definitions (with a body), by tag, with their
    /// fields.
    fn definitions(&mut self, grammar: &Grammar, original: &'o Original, stop: Stop<'_>) {
        let nodes = &original.nodes;
        let text = |n: NodeId| original.node_text(n);
        for record in original.language.records {
            for n in until(
                nodes_of_kind(grammar, original, nodes.root(), record.kind),
                stop,
            ) {
                let Some(body) = child(grammar, original, n, record.body) else {
                    continue;
                };
                if let Some(tag) = child(grammar, original, n, record.name) {
                    self.by_name.entry(text(tag)).or_insert(n);
                }
                let member_kinds = kinds(grammar, &[record.member]);
                let declarator = grammar.field_id(record.member_name);
                let mut fields = Vec::new();
                for &m in nodes.children(body) {
                    if !member_kinds.contains(&nodes.kind(m)) {
                        continue;
                    }
                    for &d in nodes.children(m) {
                        if declarator.is_none() || nodes.field(d) != declarator {
                            continue;
                        }
                        // An unnamed bit-field (`int : 3;`) parses with a
                        // missing name, and takes no position.
                        let Some(name) = first_name(grammar, original, d)
                            .filter(|&name| !nodes.is_missing(name))
                        else {
                            continue;
                        };
                        fields.push((text(name), m, d));
                        self.members.entry(text(name)).or_default().push(Member {
                            member: m,
                            declarator: d,
                        });
                    }
                }
                self.records.insert(n, fields);
            }
        }
    }

    /// Adds the typedef names of records: `typedef struct { ... } T;`.
    fn typedef_names(&mut self, grammar: &Grammar, original: &'o Original, stop: Stop<'_>) {
        let root = original.nodes.root();
        for alias in original.language.type_aliases {
            for n in until(nodes_of_kind(grammar, original, root, alias.kind), stop) {
                let (Some(name), Some(aliased)) = (
                    child(grammar, original, n, alias.name),
                    child(grammar, original, n, alias.aliased),
                ) else {
                    continue;
                };
                if let Some(r) = self.record_of(grammar, original, aliased) {
                    self.by_name.entry(original.node_text(name)).or_insert(r);
                }
            }
        }
    }

    /// Adds the uses of names in field accesses (not of methods).
    fn accesses(&mut self, grammar: &Grammar, original: &'o Original, stop: Stop<'_>) {
        let (nodes, root) = (&original.nodes, original.nodes.root());
        let mut seen_accesses = Vec::new();
        for record in original.language.records {
            let methods = crate::reduce::byname::Positions::new(grammar, record.methods);
            for &(kind, field) in record.accesses {
                if seen_accesses.contains(&(kind, field)) {
                    continue;
                }
                seen_accesses.push((kind, field));
                for a in until(nodes_of_kind(grammar, original, root, kind), stop) {
                    let Some(f) = child(grammar, original, a, field) else {
                        continue;
                    };
                    if nodes.is_leaf(f) && !methods.matches(original, a) {
                        let uses = self.uses.entry(original.node_text(f)).or_default();
                        uses.push(Use::Access(a));
                    }
                }
            }
        }
    }

    /// Adds the uses of names in the elements that name a field (of the
    /// records' `named` kinds).
    fn named_elements(&mut self, grammar: &Grammar, original: &'o Original, stop: Stop<'_>) {
        let root = original.nodes.root();
        let mut seen_named = Vec::new();
        for record in original.language.records {
            for &kind in record.named {
                if seen_named.contains(&kind) {
                    continue;
                }
                seen_named.push(kind);
                for x in until(nodes_of_kind(grammar, original, root, kind), stop) {
                    if let Some(name) = first_name(grammar, original, x) {
                        let uses = self.uses.entry(original.node_text(name)).or_default();
                        uses.push(Use::Element(x));
                    }
                }
            }
        }
    }

    /// The record definition a type node names: itself if it has a body,
    /// else the definition of its tag or typedef name.
    fn record_of(&self, grammar: &Grammar, original: &Original, ty: NodeId) -> Option<NodeId> {
        if self.records.contains_key(&ty) {
            return Some(ty);
        }
        let language = original.language;
        let nodes = &original.nodes;
        let name = if nodes.is_leaf(ty) {
            ty
        } else {
            let record = language
                .records
                .iter()
                .find(|r| grammar.kind_ids(r.kind, true).contains(&nodes.kind(ty)))?;
            child(grammar, original, ty, record.name)?
        };
        self.by_name.get(original.node_text(name)).copied()
    }

    /// Records the elements of positional initializers as uses of the
    /// fields they initialize.
    fn positional(
        &mut self,
        grammar: &Grammar,
        original: &'o Original,
        record: &Record,
        stop: Stop<'_>,
    ) {
        let nodes = &original.nodes;
        for p in record.positional {
            let arrays = kinds(grammar, p.arrays);
            let list_kinds = kinds(grammar, &[p.list]);
            for n in until(nodes_of_kind(grammar, original, nodes.root(), p.kind), stop) {
                let Some(ty) = crate::reduce::byname::follow(grammar, original, n, p.type_path)
                else {
                    continue;
                };
                let Some(r) = self.record_of(grammar, original, ty) else {
                    continue;
                };
                let declarators: Vec<NodeId> = match grammar.field_id(p.declarators) {
                    None => vec![n],
                    Some(f) => nodes
                        .children(n)
                        .iter()
                        .copied()
                        .filter(|&c| nodes.field(c) == Some(f))
                        .collect(),
                };
                for d in declarators {
                    let Some(value) = child(grammar, original, d, p.value) else {
                        continue;
                    };
                    if !list_kinds.contains(&nodes.kind(value)) {
                        continue;
                    }
                    // One level of braces per array declarator.
                    let mut depth = 0;
                    let mut at = child(grammar, original, d, p.declarators);
                    while let Some(a) = at.filter(|&a| arrays.contains(&nodes.kind(a))) {
                        depth += 1;
                        at = child(grammar, original, a, p.declarators);
                    }
                    self.initializer(grammar, original, record, r, value, depth, 0);
                }
            }
        }
    }

    /// Records the elements of `list`, an initializer of record `r` (of
    /// arrays of it, `depth` levels deep).
    #[allow(clippy::too_many_arguments)]
    fn initializer(
        &mut self,
        grammar: &Grammar,
        original: &'o Original,
        record: &Record,
        r: NodeId,
        list: NodeId,
        depth: usize,
        nesting: usize,
    ) {
        let nodes = &original.nodes;
        if nesting > MAX_NESTING {
            return;
        }
        let elements: Vec<NodeId> = nodes
            .children(list)
            .iter()
            .copied()
            .filter(|&e| nodes.is_named(e) && !nodes.is_extra(e))
            .collect();
        let list_kind = nodes.kind(list);
        if depth > 0 {
            for e in elements {
                if nodes.kind(e) == list_kind {
                    self.initializer(grammar, original, record, r, e, depth - 1, nesting);
                }
            }
            return;
        }
        let named = kinds(grammar, record.named);
        if elements.iter().any(|&e| named.contains(&nodes.kind(e))) {
            // Designators (`.a = 1`) are uses by name; positions after
            // them are not worth guessing.
            return;
        }
        let Some(fields) = self.records.get(&r).cloned() else {
            return;
        };
        for (e, (name, member, _)) in elements.into_iter().zip(fields) {
            self.uses.entry(name).or_default().push(Use::Element(e));
            if nodes.kind(e) != list_kind {
                continue;
            }
            let inner = child(grammar, original, member, record.member_type)
                .and_then(|ty| self.record_of(grammar, original, ty));
            if let Some(inner) = inner {
                self.initializer(grammar, original, record, inner, e, 0, nesting + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates;

    #[test]
    fn c_field_goes_with_accesses_and_initializers() {
        let got = candidates(
            &FIELDS,
            "c",
            "struct S { int a, b; struct S *n; };\ntypedef struct S T;\nstruct S g = {1, 2, 0};\nT h[2] = {{3, 4, 0}, {5, 6, 0}};\nint f(struct S *p) {\n  p->a = 1;\n  p->n->a++;\n  g = (struct S){.b = 2, .a = 3};\n  return p->a + g.b;\n}\n",
        );
        assert_eq!(
            got[0],
            "struct S { int b; struct S *n; };\ntypedef struct S T;\nstruct S g = {2, 0};\nT h[2] = {{4, 0}, {6, 0}};\nint f(struct S *p) {\n  g = (struct S){.b = 2};\n  return 0 + g.b;\n}\n"
        );
        assert_eq!(got.len(), 3, "{got:#?}");
    }

    #[test]
    fn c_nested_records() {
        let got = candidates(
            &FIELDS,
            "c",
            "struct I { int x; int y; };\nstruct O { struct I i; int z; };\nstruct O o = {{1, 2}, 3};\n",
        );
        assert!(
            got.contains(
                &"struct I { int y; };\nstruct O { struct I i; int z; };\nstruct O o = {{2}, 3};\n"
                    .to_string()
            ),
            "{got:#?}"
        );
        assert!(
            got.contains(
                &"struct I { int x; int y; };\nstruct O { struct I i; };\nstruct O o = {{1, 2}};\n"
                    .to_string()
            ),
            "{got:#?}"
        );
    }

    #[test]
    fn rust_field_goes_with_literals_patterns_and_accesses() {
        let got = candidates(
            &FIELDS,
            "rust",
            "struct S { a: u8, b: Vec<u8> }\nfn f(s: &mut S) -> u8 {\n    let t = S { a: 1, b: vec![] };\n    let S { a, .. } = t;\n    s.a += 1;\n    s.b.len();\n    g(s.a) + a\n}\n",
        );
        assert_eq!(
            got,
            [
                "struct S { b: Vec<u8> }\nfn f(s: &mut S) -> u8 {\n    let t = S { b: vec![] };\n    let S { .. } = t;\n    s.b.len();\n    g(loop {}) + a\n}\n",
                "struct S { a: u8 }\nfn f(s: &mut S) -> u8 {\n    let t = S { a: 1 };\n    let S { a, .. } = t;\n    s.a += 1;\n    loop {};\n    g(s.a) + a\n}\n",
            ]
        );
    }
}
