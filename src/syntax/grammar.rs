//! What the grammar allows where, derived from the grammar crate's
//! `node-types.json`: for every node kind, its fields and its unnamed-children
//! slot, each with `multiple` / `required` and the set of kinds it accepts
//! (supertypes expanded to their concrete subtypes), plus the language
//! entry's facts ([`crate::lang::Language`]) turned into kind and field ids.
//!
//! The table is coarse (separators are invisible, order is ignored, hidden
//! rules merge children), so it only proposes candidates; the re-parse check
//! decides whether a candidate is syntactically valid.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::ids::{FieldId, KindId};
use crate::lang::Language;

/// A set of node kinds, as a bitset (grammars have a few hundred kinds).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KindSet {
    bits: Vec<u64>,
}

impl KindSet {
    fn insert(&mut self, kind: KindId) {
        let (word, bit) = (kind.index() / 64, kind.0 % 64);
        if self.bits.len() <= word {
            self.bits.resize(word + 1, 0);
        }
        self.bits[word] |= 1 << bit;
    }

    /// Whether `kind` is in the set.
    pub fn contains(&self, kind: KindId) -> bool {
        let (word, bit) = (kind.index() / 64, kind.0 % 64);
        self.bits.get(word).is_some_and(|w| w & (1 << bit) != 0)
    }

    /// The kinds in the set, ascending.
    pub fn iter(&self) -> impl Iterator<Item = KindId> + '_ {
        self.bits.iter().zip(0u16..).flat_map(|(&bits, w)| {
            (0..64u16)
                .filter(move |&b| bits & (1 << b) != 0)
                .map(move |b| KindId(w * 64 + b))
        })
    }
}

/// One slot of a node kind: a field, or the unnamed children.
#[derive(Clone, Debug)]
pub struct Slot {
    /// More than one child may sit in the slot (a list: Kleene star or plus).
    pub multiple: bool,
    /// At least one child must sit in the slot (plus list, or a compulsory child).
    pub required: bool,
    /// Concrete kinds accepted in the slot, supertypes expanded.
    pub types: KindSet,
}

impl Slot {
    /// Whether a node of `kind` may sit in this slot.
    #[cfg(test)]
    pub fn allows(&self, kind: KindId) -> bool {
        self.types.contains(kind)
    }
}

#[derive(Clone, Debug, Default)]
struct KindInfo {
    fields: Vec<(FieldId, Slot)>,
    children: Option<Slot>,
}

/// The syntax facts of one language (see the module documentation).
pub struct Grammar {
    /// The language entry this grammar was built from.
    pub language: &'static Language,
    ts: tree_sitter::Language,
    kinds: Vec<KindInfo>,
    ids_by_name: HashMap<(String, bool), Vec<KindId>>,
    separator_kinds: KindSet,
    identifier_kinds: KindSet,
    definer_fields: Vec<FieldId>,
}

#[derive(Deserialize)]
struct NodeTypeEntry {
    #[serde(rename = "type")]
    kind: String,
    named: bool,
    #[serde(default)]
    fields: HashMap<String, ChildSpec>,
    children: Option<ChildSpec>,
    #[serde(default)]
    subtypes: Vec<TypeRef>,
}

#[derive(Deserialize)]
struct ChildSpec {
    multiple: bool,
    required: bool,
    types: Vec<TypeRef>,
}

#[derive(Deserialize, Clone)]
struct TypeRef {
    #[serde(rename = "type")]
    kind: String,
    named: bool,
}

type KindKey = (String, bool);

/// The grammar of each entry of [`Language::ALL`], in its order.
static GRAMMARS: [OnceLock<Grammar>; Language::ALL.len()] =
    [const { OnceLock::new() }; Language::ALL.len()];

impl Grammar {
    /// The syntax facts of `language`, built on first use.
    pub fn of(language: &'static Language) -> &'static Grammar {
        GRAMMARS[language.index()].get_or_init(|| Grammar::new(language))
    }

    /// Builds the table for `language`. Panics only if the grammar crate ships a
    /// malformed `node-types.json`, which the unit tests of every language rule out.
    pub fn new(language: &'static Language) -> Grammar {
        let ts = language.ts_language();
        let entries: Vec<NodeTypeEntry> =
            serde_json::from_str(language.node_types).expect("node-types.json of the grammar");
        let ids_by_name = kind_ids_by_name(&ts);
        let kinds = slot_table(&ts, &entries, &ids_by_name);
        let set_of = |names: &[&str], named: bool| {
            let mut set = KindSet::default();
            for name in names {
                for &id in ids_by_name
                    .get(&(name.to_string(), named))
                    .into_iter()
                    .flatten()
                {
                    set.insert(id);
                }
            }
            set
        };
        let separator_kinds = set_of(language.separators, false);
        let identifier_kinds = set_of(language.identifier_kinds, true);
        let definer_fields = language
            .definer_fields
            .iter()
            .filter_map(|f| ts.field_id_for_name(f).map(FieldId))
            .collect();
        Grammar {
            language,
            ts,
            kinds,
            ids_by_name,
            separator_kinds,
            identifier_kinds,
            definer_fields,
        }
    }

    /// The tree-sitter language, for parsers.
    pub fn ts_language(&self) -> &tree_sitter::Language {
        &self.ts
    }

    /// All kind ids with this name (aliases can give one name several ids).
    pub fn kind_ids(&self, name: &str, named: bool) -> &[KindId] {
        self.ids_by_name
            .get(&(name.to_string(), named))
            .map_or(&[], Vec::as_slice)
    }

    /// The field with this name.
    pub fn field_id(&self, name: &str) -> Option<FieldId> {
        self.ts.field_id_for_name(name).map(FieldId)
    }

    /// The name of a field, for debug output.
    #[cfg(any(test, feature = "cli"))]
    pub fn field_name(&self, field: FieldId) -> &str {
        self.ts.field_name_for_id(field.raw()).unwrap_or("?")
    }

    /// The name of a node kind (reductions that look at a few kinds by
    /// name, debug output, messages).
    pub fn kind_name(&self, kind: KindId) -> &str {
        self.ts.node_kind_for_id(kind.0).unwrap_or("?")
    }

    /// The slot of `field` in nodes of `kind`.
    pub fn field_slot(&self, kind: KindId, field: FieldId) -> Option<&Slot> {
        let info = self.kinds.get(kind.index())?;
        info.fields
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, slot)| slot)
    }

    /// The unnamed-children slot of nodes of `kind`.
    pub fn children_slot(&self, kind: KindId) -> Option<&Slot> {
        self.kinds.get(kind.index())?.children.as_ref()
    }

    /// Whether `kind` is a token that separates list elements (`,`).
    pub fn is_separator(&self, kind: KindId) -> bool {
        self.separator_kinds.contains(kind)
    }

    /// Whether `kind` is a name token (an identifier of any sort).
    pub fn is_identifier(&self, kind: KindId) -> bool {
        self.identifier_kinds.contains(kind)
    }

    /// Whether a child in `field` names what its parent defines.
    pub fn is_definer_field(&self, field: Option<FieldId>) -> bool {
        field.is_some_and(|f| self.definer_fields.contains(&f))
    }

    /// Number of kinds of the grammar (the size of per-kind tables).
    pub fn kind_count(&self) -> usize {
        self.kinds.len()
    }
}

/// Every kind id of the grammar by (name, named).
fn kind_ids_by_name(ts: &tree_sitter::Language) -> HashMap<KindKey, Vec<KindId>> {
    let mut ids: HashMap<KindKey, Vec<KindId>> = HashMap::new();
    for id in 0..ts.node_kind_count() {
        // tree-sitter kind ids are u16 by definition, so the count fits.
        let id = id as u16;
        if let Some(name) = ts.node_kind_for_id(id) {
            ids.entry((name.to_string(), ts.node_kind_is_named(id)))
                .or_default()
                .push(KindId(id));
        }
    }
    ids
}

/// The slots of every kind, with supertypes expanded in the accepted kinds.
fn slot_table(
    ts: &tree_sitter::Language,
    entries: &[NodeTypeEntry],
    ids_by_name: &HashMap<KindKey, Vec<KindId>>,
) -> Vec<KindInfo> {
    let subtypes: HashMap<KindKey, Vec<TypeRef>> = entries
        .iter()
        .filter(|e| !e.subtypes.is_empty())
        .map(|e| ((e.kind.clone(), e.named), e.subtypes.clone()))
        .collect();
    let slot = |spec: &ChildSpec| {
        let mut types = KindSet::default();
        for t in &spec.types {
            expand(t, &subtypes, ids_by_name, &mut types, 0);
        }
        Slot {
            multiple: spec.multiple,
            required: spec.required,
            types,
        }
    };
    let mut kinds = vec![KindInfo::default(); ts.node_kind_count()];
    for entry in entries {
        let mut info = KindInfo {
            children: entry.children.as_ref().map(slot),
            ..KindInfo::default()
        };
        for (name, spec) in &entry.fields {
            if let Some(field) = ts.field_id_for_name(name) {
                info.fields.push((FieldId(field), slot(spec)));
            }
        }
        for &id in ids_by_name
            .get(&(entry.kind.clone(), entry.named))
            .into_iter()
            .flatten()
        {
            kinds[id.index()] = info.clone();
        }
    }
    kinds
}

/// Adds `t` to `out`, or its concrete subtypes if it is a supertype.
/// Supertypes may contain supertypes; the depth bound guards against a cycle.
fn expand(
    t: &TypeRef,
    subtypes: &HashMap<KindKey, Vec<TypeRef>>,
    ids: &HashMap<KindKey, Vec<KindId>>,
    out: &mut KindSet,
    depth: usize,
) {
    let key = (t.kind.clone(), t.named);
    if let Some(subs) = subtypes.get(&key).filter(|_| depth < 16) {
        for s in subs {
            expand(s, subtypes, ids, out, depth + 1);
        }
    }
    for &id in ids.get(&key).into_iter().flatten() {
        out.insert(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kindset_insert_contains_iter() {
        let mut s = KindSet::default();
        for k in [3u16, 64, 200, 3] {
            s.insert(KindId(k));
        }
        assert!(s.contains(KindId(3)) && s.contains(KindId(64)) && s.contains(KindId(200)));
        assert!(!s.contains(KindId(4)) && !s.contains(KindId(1000)));
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![KindId(3), KindId(64), KindId(200)]
        );
    }

    #[test]
    fn every_language_table_builds() {
        for lang in Language::ALL {
            let g = Grammar::of(lang);
            assert!(g.kind_count() > 100, "{}", lang.name);
            assert!(g.is_separator(g.kind_ids(",", false)[0]));
        }
    }

    /// The definer fields are exactly the language's listed ones that exist:
    /// for these grammars, `name` plus C's `declarator` or Rust's and
    /// JavaScript's `pattern` (not `declarator` elsewhere, not `pattern` in C).
    #[test]
    fn definer_fields_exist_only_where_listed() {
        for lang in Language::ALL {
            let ts = lang.ts_language();
            for field in ["name", "declarator", "pattern"] {
                // C++'s `pattern` is a pack expansion's (`args...`): it defines nothing.
                if (lang.name, field) == ("cpp", "pattern") {
                    continue;
                }
                let exists = ts.field_id_for_name(field).is_some();
                assert_eq!(
                    exists,
                    lang.definer_fields.contains(&field),
                    "{}: {field}",
                    lang.name
                );
            }
        }
    }

    #[test]
    fn c_grammar_has_statement_lists_and_optional_else() {
        let g = Grammar::of(Language::by_name("c").unwrap());
        let compound = g.kind_ids("compound_statement", true)[0];
        assert!(g.children_slot(compound).unwrap().multiple);
        let if_stmt = g.kind_ids("if_statement", true)[0];
        let alt = g
            .field_slot(if_stmt, g.field_id("alternative").unwrap())
            .unwrap();
        assert!(!alt.required && !alt.multiple);
    }

    #[test]
    fn javascript_supertypes_are_expanded() {
        let g = Grammar::of(Language::by_name("javascript").unwrap());
        let program = g.kind_ids("program", true)[0];
        let slot = g.children_slot(program).unwrap();
        // `statement` is a supertype; its subtypes must be in the slot.
        let if_stmt = g.kind_ids("if_statement", true)[0];
        assert!(slot.allows(if_stmt));
        assert!(slot.multiple && !slot.required);
    }

    #[test]
    fn rust_let_value_and_type_are_optional() {
        let g = Grammar::of(Language::by_name("rust").unwrap());
        let let_decl = g.kind_ids("let_declaration", true)[0];
        for field in ["value", "type"] {
            let slot = g.field_slot(let_decl, g.field_id(field).unwrap()).unwrap();
            assert!(!slot.required, "{field}");
        }
        let pattern = g
            .field_slot(let_decl, g.field_id("pattern").unwrap())
            .unwrap();
        assert!(pattern.required);
    }
}
