//! The users of a list's elements, for the coarse pass: a chunk of
//! top-level items deleted alone leaves the uses of the names it declares
//! in the items after it, and a compiler reports every one of them (on the
//! SQLite amalgamation thousands of errors, and a test of minutes under
//! load) for a candidate that is not interesting anyway. With this index a
//! chunk's deletion takes along every element that uses a name the chunk
//! declares, and the elements that use theirs, so the candidate is a
//! program whose remaining items still find what they use.
//!
//! Syntactic, by name, like [`super::super::retries`]: an element declares
//! the identifiers in a definer field (`name`, `declarator`, `pattern`)
//! outside its scopes, parameter lists and record bodies (a function's
//! name, a global, a typedef, a struct's tag, an enumerator, a macro), and
//! uses every other identifier, and the words of its macro bodies, except
//! the names it declares in those scopes (a parameter `n` is not a use of
//! a global `n`). A wrong guess only makes a chunk larger or smaller than
//! it need be: the test still judges every candidate.

use std::collections::{HashMap, HashSet};

use crate::edit::EditView;
use crate::reduce::byname::kinds;
use crate::syntax::{FieldId, Grammar, KindId, ListId, NameId, NodeId, Original, Stop, due};

use super::forms::Forms;

/// For one list: which names each element declares and which elements use
/// each name.
pub struct Dependents {
    list: ListId,
    /// Every node an element stands for, with the element's index, sorted.
    element_of: Vec<(NodeId, u32)>,
    /// The names element `i` declares: `declared[declared_at[i]..declared_at[i + 1]]`.
    declared_at: Vec<u32>,
    declared: Vec<NameId>,
    /// The elements that use each declared name (by name index), sorted.
    users: HashMap<NameId, Vec<u32>>,
    /// Elements that go only together: the parts of one conditional group
    /// (`#if`, `#else`, `#endif`) and the tokens of its directive lines,
    /// where the parser left them apart (the top of a file it could not
    /// parse whole is an ERROR node whose children are such pieces).
    partners: HashMap<u32, Vec<u32>>,
    /// Elements that stay whatever the chunk: those that declare a name
    /// an ERROR node outside the elements uses (the parser puts those
    /// among the comments, and the coarse pass deletes no ERROR node
    /// there), and what they use in turn.
    pinned: HashSet<u32>,
    /// For the tokens of an ERROR node in C: their forms by the lexer's
    /// view, which then stand for the elements (see [`Forms`]).
    forms: Option<Forms>,
}

/// A token of a conditional group.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Directive {
    /// `#endif`.
    Close,
    /// `#if`, `#ifdef`, `#elif`, `#else`, ...
    Other,
}

/// The word of a directive: `#  ifdef` -> `ifdef`.
pub(super) fn directive_word(text: &[u8]) -> Option<&[u8]> {
    let rest = text.strip_prefix(b"#")?;
    let start = rest.iter().position(|c| !c.is_ascii_whitespace())?;
    let rest = &rest[start..];
    let end = rest
        .iter()
        .position(|c| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    (end > 0).then_some(&rest[..end])
}

/// What the walk over an element needs of the language.
struct Rules {
    /// Scopes and parameter lists: a name declared inside one is local.
    closed: Vec<KindId>,
    /// (record kind, its body field): the fields declared inside are not
    /// names of the file.
    record_bodies: Vec<(KindId, FieldId)>,
    /// (macro definition kind, its body field): the words of a body are uses.
    macro_bodies: Vec<(KindId, FieldId)>,
    /// Directive texts of a conditional (`#ifdef X` uses `X`).
    conditionals: Vec<&'static str>,
    /// The directive text that closes a conditional (`#endif`).
    close: Option<&'static str>,
    /// Kinds of the names of values: only those are declared locally (a
    /// `struct T` in a parameter list names the file's `T`).
    values: Vec<KindId>,
}

impl Rules {
    fn of(grammar: &Grammar) -> Rules {
        let language = grammar.language;
        let scoping = &language.scoping;
        let mut closed = kinds(grammar, scoping.scopes);
        closed.extend(kinds(grammar, scoping.parameter_lists));
        let record_bodies = language
            .records
            .iter()
            .flat_map(|r| {
                let body = grammar.field_id(r.body);
                kinds(grammar, &[r.kind])
                    .into_iter()
                    .filter_map(move |k| Some((k, body?)))
            })
            .collect();
        let close = language.preprocessor.as_ref().map(|p| p.conditional_close);
        let (macro_bodies, conditionals) = match &language.preprocessor {
            Some(p) => (
                kinds(grammar, p.definitions)
                    .into_iter()
                    .filter_map(|k| Some((k, grammar.field_id(p.value)?)))
                    .collect(),
                p.conditional_open
                    .iter()
                    .chain(p.conditional_branch)
                    .copied()
                    .collect(),
            ),
            None => (Vec::new(), Vec::new()),
        };
        Rules {
            close,
            values: kinds(grammar, scoping.value_names),
            closed,
            record_bodies,
            macro_bodies,
            conditionals,
        }
    }

    /// Whether names declared inside `n` are local to it: a scope, a
    /// parameter list, a record's body (whose names are its fields).
    fn closes(&self, original: &Original, n: NodeId) -> bool {
        let nodes = &original.nodes;
        if self.closed.contains(&nodes.kind(n)) {
            return true;
        }
        in_field(original, n, &self.record_bodies)
    }

    /// Whether `leaf` is the body of a macro definition.
    fn macro_body(&self, original: &Original, leaf: NodeId) -> bool {
        in_field(original, leaf, &self.macro_bodies)
    }

    /// What a token is in a conditional group, by its text (`#if`, `#
    /// ifdef`, `#endif`, ...).
    fn directive(&self, text: &[u8]) -> Option<Directive> {
        let close = self.close?;
        let word = directive_word(text)?;
        if word == directive_word(close.as_bytes())? {
            return Some(Directive::Close);
        }
        self.conditionals
            .iter()
            .position(|d| directive_word(d.as_bytes()) == Some(word))
            .map(|_| Directive::Other)
    }

    /// Whether `n` is a conditional directive (its name is a use).
    fn conditional(&self, original: &Original, n: NodeId) -> bool {
        let nodes = &original.nodes;
        n != NodeId::NONE
            && nodes.children(n).first().is_some_and(|&c| {
                nodes.is_leaf(c)
                    && self
                        .conditionals
                        .iter()
                        .any(|d| d.as_bytes() == original.node_text(c))
            })
    }
}

/// One name token of an element, as the walk classifies it.
enum Occurrence {
    /// Declared for the whole file.
    Declares(NameId),
    /// Declared inside a scope of the element (a local, a parameter).
    Local(NameId),
    /// Used.
    Uses(NameId),
    /// A macro body's text, whose words are uses.
    Words(NodeId),
    /// A token of a conditional group.
    Directive(NodeId, Directive),
}

/// The elements that use each name some element declares, sorted: by
/// the names' uses, and by the words of macro bodies (`words`) that are
/// the text of a declared name.
fn users_of(
    original: &Original,
    declared: &[NameId],
    uses: &[(u32, NameId)],
    words: &[(u32, NodeId)],
) -> HashMap<NameId, Vec<u32>> {
    // Only names some element declares can make a user.
    let mut is_declared = vec![false; original.name_total()];
    let mut by_text: HashMap<&[u8], NameId> = HashMap::new();
    for &name in declared {
        is_declared[name.index()] = true;
    }
    if !words.is_empty() {
        // The text of each declared name, from one of its tokens.
        for n in original.nodes.ids() {
            let name = original.name(n);
            if name != NameId::NONE && is_declared[name.index()] {
                by_text.entry(original.node_text(n)).or_insert(name);
            }
        }
    }
    let mut users: HashMap<NameId, Vec<u32>> = HashMap::new();
    for &(i, name) in uses {
        if is_declared[name.index()] {
            users.entry(name).or_default().push(i);
        }
    }
    for &(i, leaf) in words {
        for word in identifier_words(original.node_text(leaf)) {
            if let Some(&name) = by_text.get(word) {
                users.entry(name).or_default().push(i);
            }
        }
    }
    for list in users.values_mut() {
        list.sort_unstable();
        list.dedup();
    }
    users
}

impl Dependents {
    /// The index of `list`'s elements, or `None` if the run stopped (the
    /// walk asks `stop` every [`crate::syntax::CHECK_EVERY`] nodes).
    pub fn of(
        grammar: &Grammar,
        original: &Original,
        list: ListId,
        stop: Stop<'_>,
    ) -> Option<Dependents> {
        let rules = Rules::of(grammar);
        let info = original.list(list);
        let count = info.elements.len();
        let mut element_of = Vec::new();
        let mut declared_at = Vec::with_capacity(count + 1);
        let mut declared = Vec::new();
        // Per element: what it uses (names, and macro bodies' texts).
        let mut uses: Vec<(u32, NameId)> = Vec::new();
        let mut words: Vec<(u32, NodeId)> = Vec::new();
        let mut directives: Vec<(u32, NodeId, Directive)> = Vec::new();
        let mut walked = 0usize;
        for i in 0..count {
            declared_at.push(declared.len() as u32);
            let mut locals = Vec::new();
            let used_from = uses.len();
            for &e in info.nodes_of(i) {
                element_of.push((e, i as u32));
                let mut found = |o: Occurrence| match o {
                    Occurrence::Declares(name) => declared.push(name),
                    Occurrence::Local(name) => locals.push(name),
                    Occurrence::Uses(name) => uses.push((i as u32, name)),
                    Occurrence::Words(leaf) => words.push((i as u32, leaf)),
                    Occurrence::Directive(leaf, d) => directives.push((i as u32, leaf, d)),
                };
                if !walk(&rules, grammar, original, e, &mut walked, stop, &mut found) {
                    return None;
                }
            }
            // The element's own names, each once.
            let mut own = declared.split_off(declared_at[i] as usize);
            own.sort_unstable();
            own.dedup();
            declared.extend(own);
            // A use of a name the element declares locally is the local's.
            locals.sort_unstable();
            let mut j = used_from;
            while j < uses.len() {
                if locals.binary_search(&uses[j].1).is_ok() {
                    uses.swap_remove(j);
                } else {
                    j += 1;
                }
            }
        }
        declared_at.push(declared.len() as u32);
        element_of.sort_unstable();
        let users = users_of(original, &declared, &uses, &words);
        let partners = partners(original, info, &directives);
        let mut dependents = Dependents {
            list,
            element_of,
            declared_at,
            declared,
            users,
            partners,
            pinned: HashSet::new(),
            forms: None,
        };
        dependents.pin(original, &uses, stop)?;
        Some(dependents)
    }

    /// Pins the elements the ERROR nodes outside the list's elements need
    /// (see [`Dependents::pinned`]); `uses` are the elements' uses.
    fn pin(&mut self, original: &Original, uses: &[(u32, NameId)], stop: Stop<'_>) -> Option<()> {
        let nodes = &original.nodes;
        let parent = original.list(self.list).parent;
        let mut needed: Vec<NameId> = Vec::new();
        for comments in original.lists_owned_by(NodeId::NONE) {
            for &e in &original.list(comments).elements {
                // An ERROR node below the list's parent (not the parent
                // itself: a list of an ERROR node's pieces).
                if !nodes.is_error(e) || e == parent || !nodes.contains(parent, e) {
                    continue;
                }
                // Outside every element: no ancestor below the list's
                // parent is one.
                let mut a = e;
                while a != NodeId::NONE && a != parent && self.element(a).is_none() {
                    a = nodes.parent(a);
                }
                if a != parent {
                    continue;
                }
                for (i, n) in nodes.subtree(e).enumerate() {
                    if due(i) && stop() {
                        return None;
                    }
                    if original.name(n) != NameId::NONE {
                        needed.push(original.name(n));
                    }
                }
            }
        }
        if needed.is_empty() {
            return Some(());
        }
        // Who declares each name, and what each element uses.
        let mut declarers: HashMap<NameId, Vec<u32>> = HashMap::new();
        for i in 0..self.declared_at.len() - 1 {
            for &name in
                &self.declared[self.declared_at[i] as usize..self.declared_at[i + 1] as usize]
            {
                declarers.entry(name).or_default().push(i as u32);
            }
        }
        let mut used_by: HashMap<u32, Vec<NameId>> = HashMap::new();
        for &(i, name) in uses {
            used_by.entry(i).or_default().push(name);
        }
        // A pinned element keeps what it uses and the other pieces of its
        // conditional groups.
        let mut seen: HashSet<NameId> = HashSet::new();
        let mut elements: Vec<u32> = Vec::new();
        loop {
            if let Some(i) = elements.pop() {
                if self.pinned.insert(i) {
                    needed.extend(used_by.get(&i).map_or(&[][..], Vec::as_slice));
                    elements.extend(self.partners.get(&i).map_or(&[][..], Vec::as_slice));
                }
            } else if let Some(name) = needed.pop() {
                if seen.insert(name) {
                    elements.extend(declarers.get(&name).map_or(&[][..], Vec::as_slice));
                }
            } else {
                return Some(());
            }
        }
    }

    /// The index of `list`, the tokens of an ERROR node, by the forms of
    /// those tokens (see [`Forms`]); `None` if the run stopped.
    pub fn lexical(
        grammar: &Grammar,
        original: &Original,
        list: ListId,
        stop: Stop<'_>,
    ) -> Option<Dependents> {
        let forms = Forms::of(grammar, original, original.list(list).parent, stop)?;
        Some(Dependents {
            list,
            element_of: Vec::new(),
            declared_at: vec![0],
            declared: Vec::new(),
            users: HashMap::new(),
            partners: HashMap::new(),
            pinned: HashSet::new(),
            forms: Some(forms),
        })
    }

    /// The forms that stand for the list's elements, if it is indexed by
    /// them ([`Dependents::lexical`]).
    pub fn forms(&self) -> Option<&Forms> {
        self.forms.as_ref()
    }

    /// The list it indexes.
    pub fn list(&self) -> ListId {
        self.list
    }

    /// The element `n` stands for (or is one of the nodes of).
    fn element(&self, n: NodeId) -> Option<u32> {
        self.element_of
            .binary_search_by_key(&n, |&(m, _)| m)
            .ok()
            .map(|at| self.element_of[at].1)
    }

    /// `nodes` (elements of the list, sorted) and every live element that
    /// uses a name one of them declares, and so on: sorted node ids (by
    /// the forms, if the list has them; empty if the run stopped).
    pub fn closure(
        &self,
        original: &Original,
        current: EditView<'_>,
        nodes: &[NodeId],
        stop: Stop<'_>,
    ) -> Vec<NodeId> {
        if let Some(forms) = &self.forms {
            return forms.closure(original, current, nodes, stop);
        }
        let info = original.list(self.list);
        // A set, not a table of every element: a level of single
        // elements makes as many closures as the list has elements.
        let mut taken: HashSet<u32> = HashSet::new();
        let mut stack: Vec<u32> = Vec::new();
        let mut out = Vec::new();
        for &n in nodes {
            match self.element(n) {
                // A pinned element stays, and so do its users.
                Some(i) if self.pinned.contains(&i) => {}
                Some(i) => {
                    out.push(n);
                    if taken.insert(i) {
                        stack.push(i);
                    }
                }
                None => out.push(n),
            }
        }
        while let Some(i) = stack.pop() {
            for &p in self.partners.get(&i).map_or(&[][..], Vec::as_slice) {
                if taken.insert(p) {
                    out.extend_from_slice(info.nodes_of(p as usize));
                    stack.push(p);
                }
            }
            let i = i as usize;
            let names =
                &self.declared[self.declared_at[i] as usize..self.declared_at[i + 1] as usize];
            for name in names {
                for &u in self.users.get(name).map_or(&[][..], Vec::as_slice) {
                    if !taken.insert(u) {
                        continue;
                    }
                    let members = info.nodes_of(u as usize);
                    if members.iter().any(|&m| current.is_live(original, m)) {
                        out.extend_from_slice(members);
                        stack.push(u);
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Walks the subtree of `e` and reports its name tokens to `found`; false
/// if the run stopped.
///
/// A name in a definer field is declared *directly* if the nodes above it
/// sit in definer fields up to a node in no field (a declaration in a
/// list, or the element itself): a function's name, a global's, a
/// typedef's, a macro's, a parameter's, a field's. Otherwise it is the tag
/// of a type written inside something else (`typedef struct node Node;`,
/// `struct node *p`), which both uses the tag and, at file level, declares
/// it.
fn walk(
    rules: &Rules,
    grammar: &Grammar,
    original: &Original,
    e: NodeId,
    walked: &mut usize,
    stop: Stop<'_>,
    found: &mut dyn FnMut(Occurrence),
) -> bool {
    let nodes = &original.nodes;
    // The closed regions around the node: (root, end in preorder ids).
    let mut closed: Vec<(NodeId, NodeId)> = Vec::new();
    let end = nodes.subtree_end(e);
    let mut n = e;
    while n < end {
        *walked += 1;
        if due(*walked) && stop() {
            return false;
        }
        while closed.last().is_some_and(|&(_, until)| n >= until) {
            closed.pop();
        }
        if n != e && rules.closes(original, n) {
            closed.push((n, nodes.subtree_end(n)));
        }
        if nodes.is_leaf(n) {
            let name = original.name(n);
            if name != NameId::NONE {
                let definer = grammar.is_definer_field(nodes.field(n))
                    && !rules.conditional(original, nodes.parent(n));
                let top = closed.last().map_or(e, |&(root, _)| root);
                let direct = definer && {
                    let mut a = n;
                    while a != top && grammar.is_definer_field(nodes.field(a)) {
                        a = nodes.parent(a);
                    }
                    a == top || nodes.field(a).is_none()
                };
                let value = rules.values.contains(&nodes.kind(n));
                match (definer, direct, closed.is_empty()) {
                    (_, true, true) => found(Occurrence::Declares(name)),
                    (true, false, true) => {
                        found(Occurrence::Declares(name));
                        found(Occurrence::Uses(name));
                    }
                    (_, true, false) if value => found(Occurrence::Local(name)),
                    // A field's name, or a type declared inside a function.
                    (_, true, false) => {}
                    _ => found(Occurrence::Uses(name)),
                }
            } else if rules.macro_body(original, n) {
                found(Occurrence::Words(n));
            } else if let Some(d) = rules.directive(original.node_text(n)) {
                found(Occurrence::Directive(n, d));
            }
        }
        n = n.next();
    }
    true
}

/// The elements of `info` that go only together: each directive token's
/// element with the elements of the rest of its line, and the elements of
/// the tokens of one conditional group (matched by nesting, in text order).
fn partners(
    original: &Original,
    info: &crate::syntax::ListInfo,
    directives: &[(u32, NodeId, Directive)],
) -> HashMap<u32, Vec<u32>> {
    let nodes = &original.nodes;
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    // The group each open directive started: its elements so far.
    let mut open: Vec<Vec<u32>> = Vec::new();
    for &(i, leaf, d) in directives {
        // The rest of the directive's line.
        let line_end = memchr::memchr(b'\n', &original.text[nodes.end(leaf)..])
            .map_or(original.text.len(), |at| nodes.end(leaf) + at);
        let mut j = i as usize + 1;
        while j < info.elements.len() && nodes.start(info.nodes_of(j)[0]) < line_end {
            pairs.push((i, j as u32));
            j += 1;
        }
        match d {
            Directive::Close => {
                if let Some(group) = open.pop() {
                    pairs.extend(group.iter().map(|&g| (g, i)));
                }
            }
            // `#if` opens a group, `#else` joins the innermost one; by the
            // text: an open directive's word starts with `if`.
            Directive::Other => {
                let word = directive_word(original.node_text(leaf)).unwrap_or_default();
                if word.starts_with(b"if") || open.is_empty() {
                    open.push(vec![i]);
                } else if let Some(group) = open.last_mut() {
                    group.push(i);
                }
            }
        }
    }
    let mut partners: HashMap<u32, Vec<u32>> = HashMap::new();
    for (a, b) in pairs {
        if a != b {
            partners.entry(a).or_default().push(b);
            partners.entry(b).or_default().push(a);
        }
    }
    partners
}

/// The identifier-like words of a text (`[A-Za-z_][A-Za-z0-9_]*`).
pub(crate) fn identifier_words(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < text.len() {
            let c = text[at];
            if c.is_ascii_alphabetic() || c == b'_' {
                let start = at;
                while at < text.len() && (text[at].is_ascii_alphanumeric() || text[at] == b'_') {
                    at += 1;
                }
                return Some(&text[start..at]);
            }
            if c.is_ascii_digit() {
                // A number's letters (`0x1f`, `10u`) are not a name.
                while at < text.len() && (text[at].is_ascii_alphanumeric() || text[at] == b'_') {
                    at += 1;
                }
                continue;
            }
            at += 1;
        }
        None
    })
}

/// Whether `n` is the child in one of `fields` (a parent's kind, the field)
/// of its parent.
fn in_field(original: &Original, n: NodeId, fields: &[(KindId, FieldId)]) -> bool {
    let nodes = &original.nodes;
    let parent = nodes.parent(n);
    parent != NodeId::NONE
        && nodes
            .field(n)
            .is_some_and(|f| fields.contains(&(nodes.kind(parent), f)))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::edit::{Edit, EditSet, render};
    use crate::syntax::never;

    /// A C file whose items use each other every way a chunk's deletion
    /// can leave a use behind: a macro in another's body, a typedef of a
    /// struct tag, an enumerator's value, a global shadowed by parameters,
    /// a prototype before its definition, a struct in a parameter list.
    const PROGRAM: &str = "\
#define BASE 10
#define LIMIT (BASE * 2)
typedef unsigned char u8;
struct node { struct node *next; u8 tag; int n; };
typedef struct node Node;
enum color { RED, GREEN = LIMIT };
int n = 3;
static int counter;
int helper(int x);
int twice(int n) { return n * 2; }
Node *make(struct node *p, int k) { p->tag = (u8)k; p->next = 0; return p; }
int total(void) { return n + counter; }
int helper(int x) { return twice(x) + GREEN; }
#ifdef BASE
int based(void) { return BASE; }
#endif
int main(void) { Node a; make(&a, RED); return helper(a.tag) + total(); }
";

    fn c() -> &'static Grammar {
        Grammar::of(crate::lang::Language::by_name("c").unwrap())
    }

    fn top_list(o: &Original) -> ListId {
        o.lists_owned_by(o.nodes.root()).next().unwrap()
    }

    /// Whether gcc accepts `text` without an error.
    fn compiles(dir: &std::path::Path, text: &[u8]) -> Result<(), String> {
        let path = dir.join("candidate.c");
        std::fs::write(&path, text).unwrap();
        let out = std::process::Command::new("gcc")
            .args(["-fsyntax-only", "-w"])
            .arg(&path)
            .output()
            .expect("gcc runs");
        if out.status.success() {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    }

    /// The element texts of `nodes`.
    fn texts(o: &Original, nodes: &[NodeId]) -> Vec<String> {
        nodes
            .iter()
            .map(|&n| String::from_utf8_lossy(o.node_text(n)).into_owned())
            .collect()
    }

    #[test]
    fn a_chunk_goes_with_the_items_that_use_what_it_declares() {
        let o = Original::parse(c(), Arc::from(PROGRAM.as_bytes())).unwrap();
        let list = top_list(&o);
        let d = Dependents::of(c(), &o, list, &never).unwrap();
        let elements = &o.list(list).elements;
        let find = |prefix: &str| {
            *elements
                .iter()
                .find(|&&e| o.node_text(e).starts_with(prefix.as_bytes()))
                .unwrap_or_else(|| panic!("no item {prefix}"))
        };
        let edits = EditSet::new();
        let closure =
            |prefix: &str| texts(&o, &d.closure(&o, edits.view(), &[find(prefix)], &never));
        // The macro used by another macro's body goes with it, the enum
        // whose value uses that, and what uses the enumerators; `#ifdef
        // BASE` uses BASE.
        let base = closure("#define BASE");
        for user in [
            "#define LIMIT",
            "enum color",
            "int helper(int x) {",
            "int main",
            "#ifdef",
        ] {
            assert!(
                base.iter().any(|t| t.starts_with(user)),
                "{user} in {base:?}"
            );
        }
        // The global `n`: `total` uses it, `twice` only its parameter `n`.
        let global = closure("int n = 3");
        assert!(
            global.iter().any(|t| t.starts_with("int total")),
            "{global:?}"
        );
        assert!(
            !global.iter().any(|t| t.starts_with("int twice")),
            "{global:?}"
        );
        // The struct's tag: the typedef of it and the function taking one.
        let tag = closure("struct node {");
        for user in ["typedef struct node Node", "Node *make", "int main"] {
            assert!(tag.iter().any(|t| t.starts_with(user)), "{user} in {tag:?}");
        }
        // A prototype takes its callers, not the definition.
        let prototype = closure("int helper(int x);");
        assert!(
            prototype.iter().any(|t| t.starts_with("int main")),
            "{prototype:?}"
        );
        assert!(
            !prototype
                .iter()
                .any(|t| t.starts_with("int helper(int x) {")),
            "{prototype:?}"
        );
        // What nothing uses goes alone.
        assert_eq!(
            closure("int main"),
            ["int main(void) { Node a; make(&a, RED); return helper(a.tag) + total(); }"]
        );
    }

    /// Where the parser left a conditional group in pieces (an ERROR node
    /// whose children are the directives' tokens), the pieces go together:
    /// the directive with the rest of its line, `#ifdef` with its `#else`
    /// and with the element that holds its `#endif`.
    #[test]
    fn the_pieces_of_a_conditional_group_go_together() {
        let text =
            "int c;\n#ifdef X\nint f(void) {\n#else\nint f(int a) {\n#endif\nreturn 0; }\nint d;\n";
        let o = Original::parse(c(), Arc::from(text.as_bytes())).unwrap();
        let (list, info) = o
            .lists
            .iter()
            .enumerate()
            .find(|(_, l)| {
                l.elements
                    .first()
                    .is_some_and(|&e| o.node_text(e) == b"#ifdef")
            })
            .expect("the parser split the group: its tokens are elements of a list");
        let list = ListId::new(list);
        let d = Dependents::of(c(), &o, list, &never).unwrap();
        let edits = EditSet::new();
        let element = |t: &str| {
            *info
                .elements
                .iter()
                .find(|&&e| o.node_text(e).starts_with(t.as_bytes()))
                .unwrap_or_else(|| panic!("no element {t}"))
        };
        let name = texts(&o, &d.closure(&o, edits.view(), &[element("X")], &never));
        assert_eq!(
            name,
            [
                "#ifdef",
                "X",
                "#else\n",
                "int f(int a) {\n#endif\nreturn 0; }"
            ],
        );
        assert_eq!(
            d.closure(&o, edits.view(), &[element("{")], &never),
            [element("{")]
        );
        assert_eq!(
            texts(
                &o,
                &d.closure(&o, edits.view(), &[element("int d")], &never)
            ),
            ["int d;"]
        );
    }

    /// An ERROR node between the items (which the coarse pass does not
    /// delete) keeps what it uses: the declaration of `d` stays whatever
    /// the chunk, and a chunk with it deletes the rest.
    #[test]
    fn what_an_error_node_between_the_items_uses_stays() {
        let text = "int d = 1;\nint e;\n} d {\nint f(void) { return e; }\n";
        let o = Original::parse(c(), Arc::from(text.as_bytes())).unwrap();
        let list = top_list(&o);
        let d = Dependents::of(c(), &o, list, &never).unwrap();
        let edits = EditSet::new();
        let elements = &o.list(list).elements;
        assert_eq!(texts(&o, elements)[0], "int d = 1;");
        assert!(
            d.closure(&o, edits.view(), &elements[..1], &never)
                .is_empty()
        );
        assert_eq!(
            texts(&o, &d.closure(&o, edits.view(), &elements[..2], &never)),
            ["int e;", "int f(void) { return e; }"]
        );
    }

    /// The coarse pass's guarantee, checked with gcc: on a program that
    /// compiles, deleting any run of its items with their users leaves a
    /// program that compiles (no use of what was deleted), on the program
    /// as it is and after earlier deletions.
    #[test]
    fn no_chunk_leaves_a_use_of_what_it_deleted() {
        let dir = std::env::temp_dir().join(format!("treereduce-closure-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let o = Original::parse(c(), Arc::from(PROGRAM.as_bytes())).unwrap();
        compiles(&dir, PROGRAM.as_bytes()).expect("the program compiles");
        let list = top_list(&o);
        let d = Dependents::of(c(), &o, list, &never).unwrap();
        let elements = o.list(list).elements.clone();
        let m = elements.len();
        assert!(m >= 15, "{m} items");
        let mut buf = Vec::new();
        let mut checked = 0;
        for start in 0..m {
            for len in [1, 2, 4, m / 2] {
                if start + len > m {
                    continue;
                }
                let chunk = &elements[start..start + len];
                for before in [None, Some(m - 1)] {
                    // On the program, or on one whose last item is gone.
                    let mut edits = EditSet::new();
                    if let Some(k) = before {
                        let earlier = d.closure(&o, edits.view(), &elements[k..=k], &never);
                        let deletions: Vec<_> =
                            earlier.iter().map(|&n| (n, Edit::Delete)).collect();
                        edits = edits.merged(&deletions);
                    }
                    let nodes = d.closure(&o, edits.view(), chunk, &never);
                    let deletions: Vec<_> = nodes.iter().map(|&n| (n, Edit::Delete)).collect();
                    render(&o, edits.view_with(&deletions), &mut buf);
                    if let Err(error) = compiles(&dir, &buf) {
                        panic!(
                            "deleting {:?} left:\n{}\ngcc: {error}",
                            texts(&o, chunk),
                            String::from_utf8_lossy(&buf)
                        );
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 40);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
