//! What the grammar allows where, derived from the grammar crate's
//! `node-types.json`: for every node kind, its fields and its unnamed-children
//! slot, each with `multiple` / `required` and the set of kinds it accepts
//! (supertypes expanded to their concrete subtypes).
//!
//! The table is coarse (separators are invisible, order is ignored, hidden
//! rules merge children), so it only proposes candidates; the re-parse check
//! decides whether a candidate is syntactically valid.

use std::collections::HashMap;

use serde::Deserialize;

use crate::lang::Language;

/// A set of node kind ids, as a bitset (grammars have a few hundred kinds).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KindSet {
    bits: Vec<u64>,
}

impl KindSet {
    fn insert(&mut self, kind: u16) {
        let (word, bit) = (usize::from(kind) / 64, kind % 64);
        if self.bits.len() <= word {
            self.bits.resize(word + 1, 0);
        }
        self.bits[word] |= 1 << bit;
    }

    /// Whether `kind` is in the set.
    pub fn contains(&self, kind: u16) -> bool {
        let (word, bit) = (usize::from(kind) / 64, kind % 64);
        self.bits.get(word).is_some_and(|w| w & (1 << bit) != 0)
    }

    /// Adds every kind of `other`.
    fn union_with(&mut self, other: &KindSet) {
        if self.bits.len() < other.bits.len() {
            self.bits.resize(other.bits.len(), 0);
        }
        for (a, b) in self.bits.iter_mut().zip(&other.bits) {
            *a |= b;
        }
    }

    /// The kinds in the set, ascending.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.bits.iter().enumerate().flat_map(|(w, &bits)| {
            (0..64u16)
                .filter(move |&b| bits & (1 << b) != 0)
                .map(move |b| w as u16 * 64 + b)
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
    pub fn allows(&self, kind: u16) -> bool {
        self.types.contains(kind)
    }
}

#[derive(Clone, Debug, Default)]
struct KindInfo {
    fields: Vec<(u16, Slot)>,
    children: Option<Slot>,
    extra: bool,
}

/// The syntax facts of one language (see the module documentation).
pub struct Grammar {
    /// The language entry this grammar was built from.
    pub language: &'static Language,
    ts: tree_sitter::Language,
    kinds: Vec<KindInfo>,
    ids_by_name: HashMap<(String, bool), Vec<u16>>,
    error_kind: u16,
    comma_kinds: KindSet,
    identifier_kinds: KindSet,
    definer_fields: Vec<u16>,
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
    #[serde(default)]
    extra: bool,
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

impl Grammar {
    /// Builds the table for `language`. Panics only if the grammar crate ships a
    /// malformed `node-types.json`, which the unit tests of every language rule out.
    pub fn new(language: &'static Language) -> Grammar {
        let ts = language.ts_language();
        let entries: Vec<NodeTypeEntry> =
            serde_json::from_str(language.node_types).expect("node-types.json of the grammar");

        let count = ts.node_kind_count();
        let mut ids_by_name: HashMap<(String, bool), Vec<u16>> = HashMap::new();
        for id in 0..count as u16 {
            if let Some(name) = ts.node_kind_for_id(id) {
                ids_by_name
                    .entry((name.to_string(), ts.node_kind_is_named(id)))
                    .or_default()
                    .push(id);
            }
        }

        // Supertypes may contain supertypes: expand to a fixpoint by recursion.
        let subtypes: HashMap<(String, bool), Vec<TypeRef>> = entries
            .iter()
            .filter(|e| !e.subtypes.is_empty())
            .map(|e| ((e.kind.clone(), e.named), e.subtypes.clone()))
            .collect();
        fn expand(
            t: &TypeRef,
            subtypes: &HashMap<(String, bool), Vec<TypeRef>>,
            ids: &HashMap<(String, bool), Vec<u16>>,
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
        let slot = |spec: &ChildSpec| {
            let mut types = KindSet::default();
            for t in &spec.types {
                expand(t, &subtypes, &ids_by_name, &mut types, 0);
            }
            Slot {
                multiple: spec.multiple,
                required: spec.required,
                types,
            }
        };

        let mut kinds = vec![KindInfo::default(); count];
        for entry in &entries {
            let mut info = KindInfo {
                extra: entry.extra,
                children: entry.children.as_ref().map(slot),
                ..KindInfo::default()
            };
            for (name, spec) in &entry.fields {
                if let Some(field) = ts.field_id_for_name(name) {
                    info.fields.push((field.get(), slot(spec)));
                }
            }
            for &id in ids_by_name
                .get(&(entry.kind.clone(), entry.named))
                .into_iter()
                .flatten()
            {
                kinds[usize::from(id)] = info.clone();
            }
        }

        let mut comma_kinds = KindSet::default();
        for &id in ids_by_name
            .get(&(",".to_string(), false))
            .into_iter()
            .flatten()
        {
            comma_kinds.insert(id);
        }
        // Names: every named token kind called `*identifier` (identifier,
        // field_identifier, type_identifier, property_identifier, ...).
        let mut identifier_kinds = KindSet::default();
        for ((name, named), ids) in &ids_by_name {
            if *named && name.ends_with("identifier") {
                for &id in ids {
                    identifier_kinds.insert(id);
                }
            }
        }
        // Fields that hold the name a construct defines, by tree-sitter convention:
        // `name` (JS, Rust, C tags), `declarator` (C), `pattern` (Rust `let`).
        let definer_fields = ["name", "declarator", "pattern"]
            .iter()
            .filter_map(|f| ts.field_id_for_name(f).map(|id| id.get()))
            .collect();
        let error_kind = ts.id_for_node_kind("ERROR", true);
        Grammar {
            language,
            ts,
            kinds,
            ids_by_name,
            error_kind,
            comma_kinds,
            identifier_kinds,
            definer_fields,
        }
    }

    /// The tree-sitter language, for parsers.
    pub fn ts_language(&self) -> &tree_sitter::Language {
        &self.ts
    }

    /// All kind ids with this name (aliases can give one name several ids).
    pub fn kind_ids(&self, name: &str, named: bool) -> &[u16] {
        self.ids_by_name
            .get(&(name.to_string(), named))
            .map_or(&[], Vec::as_slice)
    }

    /// The field id for a field name.
    pub fn field_id(&self, name: &str) -> Option<u16> {
        self.ts.field_id_for_name(name).map(|f| f.get())
    }

    /// The name of a node kind, for debug output and messages.
    pub fn kind_name(&self, kind: u16) -> &str {
        self.ts.node_kind_for_id(kind).unwrap_or("?")
    }

    /// The slot of `field` in nodes of `kind`.
    pub fn field_slot(&self, kind: u16, field: u16) -> Option<&Slot> {
        let info = self.kinds.get(usize::from(kind))?;
        info.fields
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, slot)| slot)
    }

    /// The unnamed-children slot of nodes of `kind`.
    pub fn children_slot(&self, kind: u16) -> Option<&Slot> {
        self.kinds.get(usize::from(kind))?.children.as_ref()
    }

    /// Whether nodes of `kind` are extras (comments): allowed anywhere, always deletable.
    pub fn is_extra_kind(&self, kind: u16) -> bool {
        self.kinds.get(usize::from(kind)).is_some_and(|k| k.extra)
    }

    /// The kind id of ERROR nodes.
    pub fn error_kind(&self) -> u16 {
        self.error_kind
    }

    /// Whether `kind` is the `,` token that separates list elements.
    pub fn is_comma(&self, kind: u16) -> bool {
        self.comma_kinds.contains(kind)
    }

    /// Whether `kind` is a name token (an identifier of any sort).
    pub fn is_identifier(&self, kind: u16) -> bool {
        self.identifier_kinds.contains(kind)
    }

    /// Whether a child in `field` names what its parent defines.
    pub fn is_definer_field(&self, field: u16) -> bool {
        field != 0 && self.definer_fields.contains(&field)
    }

    /// Every concrete kind accepted somewhere: used to test the table.
    pub fn kind_count(&self) -> usize {
        self.kinds.len()
    }

    /// Merges the kinds of several slots (for hoisting into any of them).
    pub fn union(slots: &[&Slot]) -> KindSet {
        let mut set = KindSet::default();
        for s in slots {
            set.union_with(&s.types);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kindset_insert_contains_iter() {
        let mut s = KindSet::default();
        for k in [3u16, 64, 200, 3] {
            s.insert(k);
        }
        assert!(s.contains(3) && s.contains(64) && s.contains(200));
        assert!(!s.contains(4) && !s.contains(1000));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 64, 200]);
        let mut t = KindSet::default();
        t.insert(5);
        t.union_with(&s);
        assert_eq!(t.iter().count(), 4);
    }

    #[test]
    fn every_language_table_builds() {
        for lang in crate::lang::ALL {
            let g = Grammar::new(lang);
            assert!(g.kind_count() > 100, "{}", lang.name);
            let comment = ["comment", "line_comment"]
                .iter()
                .find_map(|k| g.kind_ids(k, true).first().copied())
                .unwrap();
            assert!(g.is_extra_kind(comment), "{}", lang.name);
            assert!(g.is_comma(g.kind_ids(",", false)[0]));
            assert_eq!(g.kind_name(g.error_kind()), "ERROR");
        }
    }
}
