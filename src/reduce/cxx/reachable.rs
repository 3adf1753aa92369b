//! The items a program's last item reaches by name, for the coarse pass on
//! preprocessed C++: of a translation unit of 600 KB, most is library code
//! the user's code never names (`<map>` brings every container's
//! iterators, `<string>` the streams' traits), and ddmin finds that out in
//! many chunks, most of them failing tests of hundreds of kilobytes each.
//! One candidate that keeps only what the user's code reaches removes most
//! of it in one test.
//!
//! Syntactic and by name, an over-approximation: the items are the
//! top-level declarations, and those inside namespaces and `extern "C" {
//! ... }` blocks (the containers, kept while anything inside them is). An
//! item declares the names in its `name` and `declarator` fields (the last
//! part of a qualified name: `S<T>::f` declares `f`), a class or enum it
//! defines and an enum's enumerators. Starting from the roots (the last
//! `k` items of the text, where a preprocessed file has its own code, and
//! the items of [`Templates::kept`]), an item is kept if a name it declares
//! occurs as a word in the text of a kept item; an item that declares no
//! name (an operator, a deduction guide, `static_assert`) is kept if it
//! names something a kept item declares; to a fixed point. Members and
//! overloads go by name too: a word `size` keeps every item that declares a
//! `size`. The test decides: the candidate of the last item alone first,
//! then of the last 2, 4 and 8 items, until one is interesting.
//!
//! Then [`DECLARATIONS`]: most of a library's words are in its function
//! bodies (`map::insert` names the tree, its nodes, their allocators),
//! and a test that compiles the user's code needs only what declares the
//! names it uses. From as many roots as the interesting candidate had
//! (then twice as many, up to 8), an item outside the roots reaches by the
//! words outside its functions' bodies, and the functions of the kept ones
//! become declarations (`int f(int p) { ... }` -> `int f(int p);`, a
//! constructor's initializers going too). A member defined outside its
//! class goes (`template <class T> void S<T>::f() { ... }` as a
//! declaration is an error; the class declares it), and a function whose
//! return type its body gives (`auto f() { ... }`) keeps its body. On the
//! preprocessed `std::map` case of 667 KB, the reachable candidate keeps
//! 457 KB and this one 239 KB, whose test takes 0.05 s of g++ against 0.13.
//! Then the coarse pass's ddmin goes on from what is left.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::lang::Templates;
use crate::reduce::byname::{child, edited_inside};
use crate::reduce::cxx::{children_in, facts, is_kind};
use crate::reduce::tree::closure::identifier_words;
use crate::reduce::{Change, RANK_ATTEMPT, Reduction, TreeSubject};
use crate::syntax::{Grammar, NodeId, Original};
use crate::task::{Job, Priority, Queued, Tests};

/// The reachable-items candidate as a table entry (its name, switch and
/// statistics key; its task is queued by the coarse pass).
pub struct ReachableReduction;

/// The table entry.
pub static REACHABLE: ReachableReduction = ReachableReduction;

impl Reduction for ReachableReduction {
    fn name(&self) -> &'static str {
        "reachable"
    }

    fn about(&self) -> &'static str {
        "Do not start the coarse pass on a large C++ program with the candidate that keeps only the items its last item reaches by name"
    }
}

/// The candidate that also keeps only the declarations of the functions
/// outside the roots, as a table entry (its task is queued by
/// [`REACHABLE`]'s).
pub struct DeclarationsReduction;

/// The table entry.
pub static DECLARATIONS: DeclarationsReduction = DeclarationsReduction;

impl Reduction for DeclarationsReduction {
    fn name(&self) -> &'static str {
        "declarations"
    }

    fn about(&self) -> &'static str {
        "Do not follow an interesting reachable-items candidate with the one that also turns the functions outside the last items into declarations"
    }
}

/// The most roots a candidate starts from: the last 1, 2, 4 and 8 items
/// are tried, at most four tests of a large program.
const MOST_ROOTS: usize = 8;

/// The first task of the coarse pass, when the language has the facts
/// and the reduction is on: the candidates of the last 1, 2, 4 and 8
/// items, alone; once one is interesting or the last one failed, the
/// coarse pass's ddmin ([`TreeSubject::coarse_ddmin`]) cuts its chunks
/// from what is left.
pub fn start<'a>(cx: &TreeSubject<'a>) -> Option<Queued<TreeSubject<'a>>> {
    if facts(cx).is_none() || !cx.config.runs(REACHABLE.name()) {
        return None;
    }
    Some(
        ReachTask {
            roots: 1,
            declarations: false,
        }
        .queued(cx.original, cx.scope),
    )
}

/// Tests the candidate of the last `roots` items; on failure queues the
/// one of twice as many, else the coarse pass's ddmin. Once the plain
/// candidate of `k` roots was interesting, the declarations' candidates
/// of `k`, `2k`, ... roots follow the same way.
struct ReachTask {
    roots: usize,
    declarations: bool,
}

impl ReachTask {
    fn queued<'a>(self, original: &Original, scope: NodeId) -> Queued<TreeSubject<'a>> {
        (
            Priority {
                tokens: original.nodes.tokens(scope) as u64 + 1,
                rank: RANK_ATTEMPT,
            },
            Box::new(self),
        )
    }
}

impl<'a> Job<TreeSubject<'a>> for ReachTask {
    fn run(
        self: Box<Self>,
        tests: &mut dyn Tests<TreeSubject<'a>>,
    ) -> Vec<Queued<TreeSubject<'a>>> {
        let best = tests.snapshot();
        let cx = tests.subject();
        let Some((change, more)) = candidate(cx, best.edits.view(), self.roots, self.declarations)
        else {
            // Nothing unreached to delete: the declarations may still go.
            if !self.declarations && cx.config.runs(DECLARATIONS.name()) {
                let task = ReachTask {
                    roots: self.roots,
                    declarations: true,
                };
                return vec![task.queued(cx.original, cx.scope)];
            }
            return cx.coarse_ddmin();
        };
        let interesting = tests.try_change(&change);
        let cx = tests.subject();
        let next = if interesting {
            // The declarations' candidate starts from as many roots.
            (!self.declarations && cx.config.runs(DECLARATIONS.name())).then_some(ReachTask {
                roots: self.roots,
                declarations: true,
            })
        } else {
            (more && self.roots < MOST_ROOTS).then_some(ReachTask {
                roots: self.roots * 2,
                declarations: self.declarations,
            })
        };
        match next {
            Some(task) => vec![task.queued(cx.original, cx.scope)],
            None => cx.coarse_ddmin(),
        }
    }
}

/// The reachable items' candidate: deletes the items nothing reaches,
/// and with [`DECLARATIONS`] turns the functions of the others but the
/// roots into declarations (bodies -> `;`, constructors' initializers
/// gone; a member defined outside its class goes, as its class declares
/// it).
#[derive(Debug)]
struct Reach {
    deleted: Vec<NodeId>,
    bodies: Vec<NodeId>,
    initializers: Vec<NodeId>,
    end: Arc<[u8]>,
    kind: &'static str,
}

impl Change for Reach {
    fn kind(&self) -> &'static str {
        self.kind
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let live = |n: &&NodeId| cx.inside(**n) && current.is_live(cx.original, **n);
        let mut edits: Vec<(NodeId, Edit)> = self
            .deleted
            .iter()
            .chain(&self.initializers)
            .filter(live)
            .map(|&n| (n, Edit::Delete))
            .collect();
        edits.extend(
            self.bodies
                .iter()
                .filter(live)
                .map(|&n| (n, Edit::Text(self.end.clone()))),
        );
        super::sorted(edits)
    }

    fn deletes(&self) -> bool {
        self.bodies.is_empty()
    }
}

/// What an item is to the walk.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Holds items ([`Templates::containers`]).
    Container,
    /// Always kept.
    Root,
    /// Kept if a kept item names what it declares.
    Declares,
    /// Declares nothing: kept if it names what a kept item declares.
    Names,
}

/// A live item of the scope.
struct Item {
    node: NodeId,
    /// The container it is in (an index into the items), if any.
    container: Option<usize>,
    role: Role,
    /// The names it declares and the words of its text, interned.
    declared: Vec<u32>,
    words: Vec<u32>,
    /// The words outside its functions' [`Parts::bodies`].
    outer: Vec<u32>,
    /// Those bodies.
    bodies: Vec<NodeId>,
    /// A function defined outside its class ([`defined_outside`]).
    outside: bool,
    /// For an item that declares nothing: the words outside its body (its
    /// signature, for a function).
    signature: Vec<u32>,
}

/// The items of the scope in text order and the interned words.
struct Items<'o> {
    items: Vec<Item>,
    names: HashMap<&'o [u8], u32>,
}

impl<'o> Items<'o> {
    fn intern(&mut self, word: &'o [u8]) -> u32 {
        let next = self.names.len() as u32;
        *self.names.entry(word).or_insert(next)
    }

    /// Adds the live items of the lists of `n`, in `container`.
    fn collect(
        &mut self,
        (grammar, original, t): (&Grammar, &'o Original, &Templates),
        current: EditView<'_>,
        n: NodeId,
        container: Option<usize>,
    ) {
        for list in original.lists_owned_by(n) {
            let info = original.list(list);
            if !info.members.is_empty() {
                continue;
            }
            for &e in &info.elements {
                if !current.is_live(original, e) {
                    continue;
                }
                let at = self.items.len();
                let body = container_body((grammar, original, t), e);
                let kept = always_kept((grammar, original, t), current, e);
                let mut item = Item {
                    node: e,
                    container,
                    role: Role::Root,
                    declared: Vec::new(),
                    words: Vec::new(),
                    outer: Vec::new(),
                    bodies: Vec::new(),
                    outside: false,
                    signature: Vec::new(),
                };
                if let Some(body) = body {
                    item.role = Role::Container;
                    self.items.push(item);
                    self.collect((grammar, original, t), current, body, Some(at));
                    continue;
                }
                if !kept {
                    let mut declared = Vec::new();
                    declared_names(grammar, original, t, e, &mut declared);
                    item.declared = declared.into_iter().map(|w| self.intern(w)).collect();
                    item.declared.sort_unstable();
                    item.declared.dedup();
                    item.role = if item.declared.is_empty() {
                        Role::Names
                    } else {
                        Role::Declares
                    };
                }
                self.add_words((grammar, original, t), e, &mut item);
                self.items.push(item);
            }
        }
    }

    /// Sets the words of `item` (of `e`): all of them, those outside a
    /// function's body, those of its signature (of an item that only
    /// names), its bodies, and whether it is defined outside its class.
    fn add_words(
        &mut self,
        (grammar, original, t): (&Grammar, &'o Original, &Templates),
        e: NodeId,
        item: &mut Item,
    ) {
        let (mut words, mut outer, mut signature) = (Vec::new(), Vec::new(), Vec::new());
        let parts = item_words(grammar, original, t, e);
        for (word, in_body, in_function) in parts.words {
            let w = self.intern(word);
            words.push(w);
            if !in_function {
                outer.push(w);
            }
            if !in_body && item.role == Role::Names {
                signature.push(w);
            }
        }
        for list in [&mut words, &mut outer, &mut signature] {
            list.sort_unstable();
            list.dedup();
        }
        item.bodies = parts.bodies;
        item.outside = defined_outside(grammar, original, t, e);
        item.outer = outer;
        if item.role == Role::Names && words.is_empty() {
            // Punctuation alone (a stray `;`): it stays.
            item.role = Role::Root;
        }
        (item.words, item.signature) = (words, signature);
    }
}

/// The body of `e` whose lists hold items, if `e` is a container (a
/// namespace, a class).
fn container_body(
    (grammar, original, t): (&Grammar, &Original, &Templates),
    e: NodeId,
) -> Option<NodeId> {
    t.containers
        .iter()
        .filter(|(kind, _)| is_kind(grammar, original, e, kind))
        .find_map(|(_, field)| child(grammar, original, e, field))
        .filter(|&b| original.lists_owned_by(b).next().is_some())
}

/// Whether item `e` stays whatever uses it: an error, edited inside, or
/// of a kind (with a token) the language always keeps.
fn always_kept(
    (grammar, original, t): (&Grammar, &Original, &Templates),
    current: EditView<'_>,
    e: NodeId,
) -> bool {
    let nodes = &original.nodes;
    nodes.is_error(e)
        || edited_inside(original, current, e)
        || t.kept.iter().any(|&(kind, token)| {
            is_kind(grammar, original, e, kind)
                && (token.is_empty()
                    || nodes
                        .children(e)
                        .iter()
                        .any(|&c| original.node_text(c) == token.as_bytes()))
        })
}

/// What [`item_words`] finds in an item.
#[derive(Default)]
struct Parts<'o> {
    /// The words that may name an item, with whether each is inside a
    /// body (a function's, a class's) and inside a function's body.
    words: Vec<(&'o [u8], bool, bool)>,
    /// The outermost function bodies whose function may become a
    /// declaration (not one whose return type is deduced from the body).
    bodies: Vec<NodeId>,
}

/// The words of item `n` that may name an item (see [`Parts`]): the words
/// of its named leaves, but for member names (`x.size()`, a method
/// declared in a class), which name no item of a namespace.
fn item_words<'o>(
    grammar: &Grammar,
    original: &'o Original,
    t: &Templates,
    n: NodeId,
) -> Parts<'o> {
    let nodes = &original.nodes;
    let members: Vec<_> = t
        .member_names
        .iter()
        .flat_map(|k| grammar.kind_ids(k, true).iter().copied())
        .collect();
    let (definition, body, _) = t.definition;
    let body = grammar.field_id(body);
    let mut parts = Parts::default();
    let mut stack = vec![(n, false, false)];
    while let Some((d, in_body, in_function)) = stack.pop() {
        if nodes.is_leaf(d) {
            if nodes.is_named(d) && !nodes.is_extra(d) && !members.contains(&nodes.kind(d)) {
                let words = identifier_words(original.node_text(d));
                parts.words.extend(words.map(|w| (w, in_body, in_function)));
            }
            continue;
        }
        // A function that may become a declaration: its body goes, and
        // its words with it. (Its constructor initializers go too, but
        // their words still reach: leaving them out made the
        // unique_ptr case end at 25 tokens instead of 12, by another
        // path through the passes.)
        let drops = !in_function
            && is_kind(grammar, original, d, definition)
            && !deduced(grammar, original, t, d);
        for &c in nodes.children(d).iter().rev() {
            let is_body = body.is_some() && nodes.field(c) == body;
            if drops && is_body {
                parts.bodies.push(c);
            }
            let dropped = drops && is_body;
            stack.push((c, in_body || is_body, in_function || dropped));
        }
    }
    parts.bodies.reverse();
    parts
}

/// Whether function definition `def` has a return type deduced from its
/// body (`auto f() { ... }`), which a declaration alone cannot give.
fn deduced(grammar: &Grammar, original: &Original, t: &Templates, def: NodeId) -> bool {
    child(grammar, original, def, "type").is_some_and(|ty| {
        identifier_words(original.node_text(ty)).any(|w| w == t.deduced.as_bytes())
    })
}

/// Whether item `n` is a function defined outside its class (`template
/// <class T> void S<T>::f() { ... }`, member templates and reference
/// returns too: `template <class T> template <class U> T &S<T>::f(U)`):
/// its declaration is its class's. Not one whose return type its body
/// gives (`auto S::f() { ... }`), which keeps its body.
fn defined_outside(grammar: &Grammar, original: &Original, t: &Templates, n: NodeId) -> bool {
    let (template, _) = t.declaration;
    let mut def = n;
    while is_kind(grammar, original, def, template) {
        let inner = children_in(grammar, original, def, "")
            .into_iter()
            .find(|&c| {
                is_kind(grammar, original, c, t.definition.0)
                    || is_kind(grammar, original, c, template)
            });
        match inner {
            Some(inner) => def = inner,
            None => return false,
        }
    }
    if !is_kind(grammar, original, def, t.definition.0) || deduced(grammar, original, t, def) {
        return false;
    }
    let mut at = child(grammar, original, def, "declarator");
    while let Some(d) = at {
        if is_kind(grammar, original, d, t.qualified.0) {
            return true;
        }
        at = inner_declarator(grammar, original, d);
    }
    false
}

/// The declarator inside declarator `d`: its `declarator` field, or the
/// one named child of a declarator that holds only it (`&f(int x)` in
/// C++'s grammar has no field).
fn inner_declarator(grammar: &Grammar, original: &Original, d: NodeId) -> Option<NodeId> {
    child(grammar, original, d, "declarator").or_else(|| {
        let named = children_in(grammar, original, d, "");
        (named.len() == 1 && original.nodes.children(d).len() == 2).then(|| named[0])
    })
}

/// The names `n` declares (see the module documentation), as texts.
fn declared_names<'o>(
    grammar: &Grammar,
    original: &'o Original,
    t: &Templates,
    n: NodeId,
    out: &mut Vec<&'o [u8]>,
) {
    let nodes = &original.nodes;
    let (template, parameters) = t.declaration;
    if is_kind(grammar, original, n, template) {
        let parameters = grammar.field_id(parameters);
        for &c in nodes.children(n) {
            if nodes.is_named(c) && !nodes.is_extra(c) && nodes.field(c) != parameters {
                declared_names(grammar, original, t, c, out);
            }
        }
        return;
    }
    if let Some(name) = child(grammar, original, n, "name") {
        name_words(grammar, original, t, name, out);
        enumerators(grammar, original, n, out);
    }
    let declarators = children_in(grammar, original, n, "declarator");
    for mut d in declarators.iter().copied() {
        // Down to the name: through the `declarator` fields, and through a
        // declarator that holds only another one (`&f(int x)` in C++'s
        // grammar has no field), else a parameter would be a name.
        while let Some(inner) = inner_declarator(grammar, original, d) {
            d = inner;
        }
        name_words(grammar, original, t, d, out);
    }
    if let Some(ty) = child(grammar, original, n, "type")
        && let Some(name) = child(grammar, original, ty, "name")
        && (declarators.is_empty() || child(grammar, original, ty, "body").is_some())
    {
        name_words(grammar, original, t, name, out);
        enumerators(grammar, original, ty, out);
    }
}

/// The names of the enumerators of `n`, if it is an enumeration with a body.
fn enumerators<'o>(grammar: &Grammar, original: &'o Original, n: NodeId, out: &mut Vec<&'o [u8]>) {
    let language = original.language;
    let Some(e) = language
        .enumerations
        .iter()
        .find(|e| is_kind(grammar, original, n, e.kind))
    else {
        return;
    };
    let Some(body) = child(grammar, original, n, e.body) else {
        return;
    };
    for member in children_in(grammar, original, body, "") {
        if is_kind(grammar, original, member, e.member)
            && let Some(name) = child(grammar, original, member, e.member_name)
        {
            out.push(original.node_text(name));
        }
    }
}

/// The name words of a declared name: the named leaves that are words,
/// outside template arguments and but for namespace names (`hash<int>`
/// declares `hash`, `~S` declares `S`, `std::f` declares `f`); of a
/// qualified name, its last part and the class before it.
fn name_words<'o>(
    grammar: &Grammar,
    original: &'o Original,
    t: &Templates,
    n: NodeId,
    out: &mut Vec<&'o [u8]>,
) {
    let nodes = &original.nodes;
    let (qualified, scope, inner) = t.qualified;
    if is_kind(grammar, original, n, qualified) {
        let name = child(grammar, original, n, inner);
        if let Some(name) = name
            && is_kind(grammar, original, name, qualified)
        {
            return name_words(grammar, original, t, name, out);
        }
        // `S<T>::f`: the class too, so that a class's members defined
        // outside it stay with it (a call `x.f()` is no use of `f`).
        for part in [child(grammar, original, n, scope), name]
            .into_iter()
            .flatten()
        {
            name_words(grammar, original, t, part, out);
        }
        return;
    }
    let namespaces = grammar.kind_ids(t.namespace_names, true);
    let arguments: Vec<_> = t
        .uses
        .iter()
        .filter_map(|&(_, _, field)| grammar.field_id(field))
        .collect();
    let mut stack = vec![n];
    while let Some(d) = stack.pop() {
        if nodes.is_leaf(d) {
            // A name the grammar knows as a type (`size_t` is a
            // `primitive_type` to tree-sitter-c) is a name here too.
            let text = original.node_text(d);
            if !namespaces.contains(&nodes.kind(d))
                && (grammar.is_identifier(nodes.kind(d))
                    || (nodes.is_named(d) && identifier_words(text).next() == Some(text)))
            {
                out.push(text);
            }
            continue;
        }
        for &c in nodes.children(d).iter().rev() {
            if !nodes.field(c).is_some_and(|f| arguments.contains(&f)) {
                stack.push(c);
            }
        }
    }
}

/// The candidate that deletes every live item of the scope that the last
/// `roots` items do not reach, and whether there are more items to take
/// as roots; `None` if it deletes nothing.
fn candidate(
    cx: &TreeSubject<'_>,
    current: EditView<'_>,
    roots: usize,
    declarations: bool,
) -> Option<(Reach, bool)> {
    let t = facts(cx)?;
    let (grammar, original) = (cx.grammar, cx.original);
    let mut all = Items {
        items: Vec::new(),
        names: HashMap::new(),
    };
    all.collect((grammar, original, t), current, cx.scope, None);
    let items = &all.items;
    let leaves: Vec<usize> = (0..items.len())
        .filter(|&i| items[i].role != Role::Container)
        .collect();
    let mut root: Vec<bool> = items.iter().map(|item| item.role == Role::Root).collect();
    for &i in leaves.iter().rev().take(roots) {
        root[i] = true;
    }
    // Outside the roots, a function's body names nothing.
    let bodiless = |i: usize| declarations && !root[i];
    let kept = walk(cx, items, &root, declarations)?;
    // An item goes alone where its container stays, with it otherwise.
    let mut deleted: Vec<NodeId> = (0..items.len())
        .filter(|&i| !kept[i] && items[i].container.is_none_or(|c| kept[c]))
        .map(|i| items[i].node)
        .collect();
    let (mut bodies, mut initializers) = (Vec::new(), Vec::new());
    for (i, item) in items.iter().enumerate() {
        if kept[i] && bodiless(i) {
            for &body in &item.bodies {
                bodies.push(body);
                let def = original.nodes.parent(body);
                initializers.extend(
                    children_in(grammar, original, def, "")
                        .into_iter()
                        .filter(|&c| is_kind(grammar, original, c, t.initializers.0)),
                );
            }
        }
    }
    if deleted.is_empty() && bodies.is_empty() {
        return None;
    }
    deleted.sort_unstable();
    let kind = if declarations {
        DECLARATIONS.name()
    } else {
        REACHABLE.name()
    };
    let change = Reach {
        deleted,
        bodies,
        initializers,
        end: Arc::from(t.definition.2.as_bytes()),
        kind,
    };
    Some((change, roots < leaves.len()))
}

/// Which items the roots reach (see the module documentation), to a fixed
/// point; with `declarations`, items outside the roots reach by their
/// words outside function bodies, and a member defined outside its class
/// is not kept. `None` if the run stopped.
fn walk(
    cx: &TreeSubject<'_>,
    items: &[Item],
    root: &[bool],
    declarations: bool,
) -> Option<Vec<bool>> {
    let bodiless = |i: usize| declarations && !root[i];
    let mut kept = vec![false; items.len()];
    let mut queue: Vec<usize> = (0..items.len()).filter(|&i| root[i]).collect();
    let mut declaring: HashMap<u32, Vec<usize>> = HashMap::new();
    for (i, item) in items.iter().enumerate() {
        if item.role == Role::Declares {
            for &w in &item.declared {
                declaring.entry(w).or_default().push(i);
            }
        }
    }
    // An item that declares nothing waits for every name of its signature
    // that an item declares (an operator of a class stays with the class,
    // and does not bring in the other class it takes): how many of them
    // are not provided yet, and which items wait for each name.
    let mut unmet = vec![0usize; items.len()];
    let mut waiting: HashMap<u32, Vec<usize>> = HashMap::new();
    for (i, item) in items.iter().enumerate() {
        if item.role != Role::Names {
            continue;
        }
        for &w in item.signature.iter().filter(|w| declaring.contains_key(w)) {
            unmet[i] += 1;
            waiting.entry(w).or_default().push(i);
        }
        if unmet[i] == 0 {
            queue.push(i);
        }
    }
    let (mut used, mut provided) = (HashSet::new(), HashSet::new());
    while let Some(i) = queue.pop() {
        if kept[i] || (bodiless(i) && items[i].outside) {
            continue;
        }
        kept[i] = true;
        if cx.stopped() {
            return None;
        }
        let mut at = items[i].container;
        while let Some(c) = at {
            kept[c] = true;
            at = items[c].container;
        }
        let words = if bodiless(i) {
            &items[i].outer
        } else {
            &items[i].words
        };
        for &w in words {
            if used.insert(w) {
                queue.extend(declaring.get(&w).into_iter().flatten().copied());
            }
        }
        for &w in &items[i].declared {
            if provided.insert(w) {
                for &j in waiting.get(&w).into_iter().flatten() {
                    unmet[j] -= 1;
                    if unmet[j] == 0 {
                        queue.push(j);
                    }
                }
            }
        }
    }
    Some(kept)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::edit::{Edit, EditSet, render};
    use crate::reduce::{Change, Config};
    use crate::stats::Stats;

    /// The text of the candidate of the last `roots` items of `text`.
    fn reached(text: &str, roots: usize) -> Option<String> {
        candidate_text(text, roots, false)
    }

    fn candidate_text(text: &str, roots: usize, declarations: bool) -> Option<String> {
        let grammar = Grammar::of(crate::lang::Language::by_name("cpp").unwrap());
        let original = Original::parse(grammar, Arc::from(text.as_bytes())).unwrap();
        let (config, stats) = (Config::default(), Stats::new(crate::reduce::names()));
        let oracle: fn(&[u8]) -> bool = |_| true;
        let cx = TreeSubject::new(
            &original,
            original.nodes.root(),
            grammar,
            crate::lexical::Lexicon::of(grammar.language),
            &config,
            &stats,
            &oracle,
            &crate::task::Silent,
        );
        let edits = EditSet::new();
        let (change, _) = candidate(&cx, edits.view(), roots, declarations)?;
        let deletions: Vec<(NodeId, Edit)> = change.edits(&cx, edits.view())?;
        let mut out = Vec::new();
        render(&original, edits.view_with(&deletions), &mut out);
        Some(String::from_utf8(out).unwrap())
    }

    fn words(text: &str) -> String {
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// What the last item names stays, through typedefs, namespaces,
    /// qualified member definitions and operators; the rest goes.
    #[test]
    fn the_last_item_keeps_what_it_reaches_by_name() {
        let text = "\
namespace std {
  typedef long unsigned int size_t;
  typedef long int ptrdiff_t;
}
namespace std {
  template <class T> struct box { T *p; size_t n; void grow(); };
  template <class T> void box<T>::grow() { n++; }
  template <class T> bool operator==(const box<T> &a, const box<T> &b) { return a.p == b.p; }
  struct unused { ptrdiff_t d; };
  enum color { red, green };
  void paint(int);
  int &picked(int &green);
}
extern \"C\" { int puts(const char *); }
using namespace std;
int main() { box<int> b; b.grow(); return green; }
";
        let out = reached(text, 1).unwrap();
        let flat = words(&out);
        for kept in [
            "typedef long unsigned int size_t;",
            "struct box",
            "void box<T>::grow()",
            "operator==",
            "enum color",
            "using namespace std;",
            "int main()",
        ] {
            assert!(flat.contains(kept), "{kept} missing:\n{out}");
        }
        // `picked` declares no `green`: its parameter's name is its own.
        for gone in ["ptrdiff_t", "unused", "paint", "picked", "puts", "extern"] {
            assert!(!flat.contains(gone), "{gone} kept:\n{out}");
        }
    }

    /// Outside the roots, functions become declarations and their bodies
    /// reach nothing: a member defined outside its class goes, a function
    /// whose return type its body gives keeps its body, and the roots keep
    /// theirs.
    #[test]
    fn outside_the_roots_functions_become_declarations() {
        let text = "\
namespace lib {
  int low(int p) { return p; }
  int mid(int p) { return low(p) + 1; }
  int init(int p) { return p; }
  template <class T> struct box {
    T v;
    box(int x) : v(init(x)) { }
    int get() const { return mid(v); }
    int put(int);
    T &ref();
    template <class U> int cast(U);
    auto deduced();
  };
  template <class T> int box<T>::put(int q) { return v = low(q); }
  template <class T> T &box<T>::ref() { return v; }
  template <class T> template <class U> int box<T>::cast(U u) { return u; }
  template <class T> auto box<T>::deduced() { return mid(1); }
  auto twice(int p) { return mid(p) * 2; }
}
int helper(lib::box<int> &b) { return b.get() + lib::twice(1); }
int main() { lib::box<int> b(1); return helper(b) + b.missing; }
";
        let plain = words(&reached(text, 1).unwrap_or_else(|| text.to_string()));
        // Without declarations, the bodies reach everything.
        assert!(plain.contains("int low(int p) { return p; }"), "{plain}");
        assert!(plain.contains("box<T>::put"), "{plain}");
        let out = candidate_text(text, 2, true).unwrap();
        let flat = words(&out);
        for kept in [
            "int mid(int p) ;",
            "int init(int p) ;",
            "box(int x) ;",
            "int get() const ;",
            "int put(int);",
            "auto twice(int p) { return mid(p) * 2; }",
            "template <class T> auto box<T>::deduced() { return mid(1); }",
            "int helper(lib::box<int> &b) { return b.get() + lib::twice(1); }",
            "int main() { lib::box<int> b(1); return helper(b) + b.missing; }",
        ] {
            assert!(flat.contains(kept), "{kept} missing:\n{out}");
        }
        // `low` was named only by bodies that are gone; members defined
        // outside the class go, and so do the initializers.
        for gone in [
            "low",
            "v(init(x))",
            "box<T>::put",
            "box<T>::ref",
            "box<T>::cast",
        ] {
            assert!(!flat.contains(gone), "{gone} kept:\n{out}");
        }
        // With one root, `helper` is a declaration too.
        let one = words(&candidate_text(text, 1, true).unwrap());
        assert!(one.contains("int helper(lib::box<int> &b) ;"), "{one}");
        assert!(!one.contains("twice"), "{one}");
    }
}
